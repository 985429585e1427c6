"""``Game.finish_randomly`` - the search bots' rollout - plays exactly as the plain loop.

The plain loop is the rollout as the search bots first wrote it: ``to_move``, the legal
list, ``legal[randbelow(len(legal))]`` for the first seat, ``apply_in_place`` unchecked and
unlogged, until the game ends or ``limit`` steps were taken. A game's own
``finish_randomly`` (cat's loop over its state) and the engine's default must call
``randbelow`` with the same counts in the same order and leave an equal game: from random
mid-game states of every player count, with the full limit and with limits that stop the
rollout part way.
"""

from __future__ import annotations

import random

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.engine.protocol import canonical
from boardlab.engine.registry import all_game_ids, get_game
from boardlab.engine.rng import derive_seed
from boardlab.engine.rollout import ROLLOUT_LIMIT, play_randomly
from boardlab.games.cat.state import _FIELDS as CAT_FIELDS

GAMES = all_game_ids()
LIMITS = (ROLLOUT_LIMIT, 1, 7, 30)


def plain_finish(game, state, randbelow, limit: int) -> None:
    for _ in range(limit):
        movers = game.to_move(state)
        if not movers:
            return
        legal = game.legal_actions(state, movers[0])
        game.apply_in_place(state, movers[0], legal[randbelow(len(legal))], check=False,
                            log=False)


def recorded(rng: random.Random, calls: list[int]):
    """``rng._randbelow`` that notes every count it is asked for."""
    def randbelow(n: int) -> int:
        calls.append(n)
        return rng._randbelow(n)
    return randbelow


class RecordingRandom(random.Random):
    """A generator that notes the width of every ``getrandbits`` call: its ``_randbelow``
    is still ``random.Random``'s (which draws through ``self.getrandbits``), so a game's
    loop that does that ``_randbelow`` inline (cat's) takes its fast path with it."""

    def __init__(self, seed: int, calls: list[int]) -> None:
        super().__init__(seed)
        self.calls = calls

    def getrandbits(self, k: int) -> int:
        self.calls.append(k)
        return super().getrandbits(k)


def mid_game_states(game, config: dict, count: int, seed: int) -> list:
    """States of random games cut at random points (start and end included)."""
    players = config["players"]
    out = []
    for i in range(count):
        rec = play_match(game, config, derive_seed(seed, i), [RandomBot()] * players).record
        cut = random.Random(derive_seed(seed, i, "cut")).randint(0, len(rec.actions))
        out.append(game.replay(rec, cut))
    return out


def the_game(game, state) -> str:
    """What an ending is compared by: the facts, who moves and, when over, the outcome."""
    over = game.is_over(state)
    return canonical([game.facts(state), game.to_move(state), over,
                      game.outcome(state) if over else None])


def check_same_rollouts(game, states, seed: int, plain=plain_finish) -> int:
    compared = 0
    for k, state in enumerate(states):
        for limit in LIMITS:
            ours, theirs = state.copy(), state.copy()
            our_calls: list[int] = []
            their_calls: list[int] = []
            our_rng, their_rng = random.Random(seed + k), random.Random(seed + k)
            game.finish_randomly(ours, recorded(our_rng, our_calls), limit)
            plain(game, theirs, recorded(their_rng, their_calls), limit)
            assert our_calls == their_calls, (k, limit)
            assert our_rng.getstate() == their_rng.getstate()
            assert the_game(game, ours) == the_game(game, theirs), (k, limit)
            assert len(ours.log) == len(state.log)  # quiet: nothing logged
            compared += 1
    return compared


@pytest.mark.parametrize("gid", GAMES)
def test_finish_randomly_plays_as_the_plain_loop(gid):
    game = get_game(gid)
    for players in range(game.min_players, game.max_players + 1):
        states = mid_game_states(game, {"players": players}, 4, players)
        assert check_same_rollouts(game, states, players) == 4 * len(LIMITS)


def test_the_default_is_the_engine_loop():
    game = get_game("toys")
    states = mid_game_states(game, {"players": 4}, 3, 1)
    check_same_rollouts(game, states, 1,
                        plain=lambda g, s, randbelow, limit: play_randomly(g, s, randbelow,
                                                                           limit))


CAT_CONFIGS = [
    {}, {"roles": True}, {"roles": True, "variant_d": True}, {"variant_f": True},
    {"roles": True, "draw_mode": "random"}, {"variant_c": True, "exposure_tie": "split"},
    {"roles": True, "things_fish": "ceil", "sally_min_value": 3, "hand_size": 2},
    {"stations": 3, "fish_only_room": "no_exposure", "exposure_line": 4},
]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cats_own_loop_leaves_the_same_state_field_by_field(players):
    """Every field of cat's state (the generator's state too), over its options; more
    states and seeds than the test above, since cat is the game with its own loop. The
    loop is given a generator's own ``_randbelow`` (as the search bots give it), which it
    does inline with ``getrandbits``: the same ``getrandbits`` widths in the same order and
    the same generator state after as the plain loop's ``_randbelow`` calls."""
    game = get_game("cat")
    compared = 0
    for c, extra in enumerate(CAT_CONFIGS):
        config = {"players": players, **extra}
        for k, state in enumerate(mid_game_states(game, config, 12, 100 * players + c)):
            for limit in LIMITS:
                ours, theirs = state.copy(), state.copy()
                our_calls: list[int] = []
                their_calls: list[int] = []
                game.finish_randomly(ours, RecordingRandom(k, our_calls)._randbelow, limit)
                plain_finish(game, theirs, RecordingRandom(k, their_calls)._randbelow,
                             limit)
                assert our_calls == their_calls, (config, k, limit)
                assert our_calls or limit == 0 or not game.to_move(state)
                for name in CAT_FIELDS:
                    if name != "rng":
                        assert getattr(ours, name) == getattr(theirs, name), (name, k, limit)
                assert ours.rng.getstate() == theirs.rng.getstate()
                compared += 1
    assert compared == len(CAT_CONFIGS) * 12 * len(LIMITS)


def test_cats_loop_ends_where_to_move_is_empty():
    """A draw with every pile empty, and a finished game: nothing to do, nothing drawn."""
    game = get_game("cat")
    state = game.new_game({"players": 3}, 4)
    for pile in state.piles.values():
        pile.clear()
    state.hands[0].clear()
    state.phase = "draw"
    calls: list[int] = []
    before = state.copy()
    game.finish_randomly(state, recorded(random.Random(0), calls), ROLLOUT_LIMIT)
    assert calls == [] and game.to_move(state) == [] and state.hands == before.hands
    over = play_match(game, {"players": 3}, 4, [RandomBot()] * 3).state
    game.finish_randomly(over, recorded(random.Random(0), calls), ROLLOUT_LIMIT)
    assert calls == []
    for finished in (state, over):  # and with the inline draws of a generator
        game.finish_randomly(finished, RecordingRandom(0, calls)._randbelow, ROLLOUT_LIMIT)
        assert calls == []


def test_cats_inline_draws_with_a_plain_generator():
    """What the search bots pass: ``random.Random(seed)._randbelow`` itself. The same
    generator state and game as the plain loop's, from states of every player count."""
    game = get_game("cat")
    for players in (3, 4, 5):
        for k, state in enumerate(mid_game_states(game, {"players": players, "roles": True},
                                                  6, 7 * players)):
            ours, theirs = state.copy(), state.copy()
            our_rng, their_rng = random.Random(k), random.Random(k)
            game.finish_randomly(ours, our_rng._randbelow, ROLLOUT_LIMIT)
            plain_finish(game, theirs, their_rng._randbelow, ROLLOUT_LIMIT)
            assert our_rng.getstate() == their_rng.getstate()
            assert the_game(game, ours) == the_game(game, theirs)


def test_cat_leaves_any_other_draw_function_to_the_engine_loop(monkeypatch):
    """A function that is not a generator's ``_randbelow`` (a recorder, another source)
    cannot be done inline: the engine's loop plays it, with its calls as they are."""
    from boardlab.games.cat import rules

    game = get_game("cat")
    state = mid_game_states(game, {"players": 4}, 1, 3)[0]
    seen = []
    monkeypatch.setattr(rules, "play_randomly",
                        lambda g, s, randbelow, limit: seen.append((g, s, limit)))
    game.finish_randomly(state, recorded(random.Random(0), []), 9)
    assert seen == [(game, state, 9)]
    game.finish_randomly(state, random.Random(0)._randbelow, 9)
    assert len(seen) == 1
