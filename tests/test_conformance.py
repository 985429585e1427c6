"""Every game boardlab has obeys the protocol: the same checks, run on each registered game.

These are game-independent properties; each game's own folder tests its rules.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.bots.base import RandomBot
from boardlab.engine.errors import IllegalAction
from boardlab.engine.match import play_match
from boardlab.engine.protocol import Game, GameRecord, canonical
from boardlab.engine.registry import all_game_ids, get_game

GAMES = all_game_ids()
if not GAMES:  # pragma: no cover - only before the first game lands
    pytest.skip("no game is registered yet", allow_module_level=True)


def player_counts(game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def random_walk(game, players: int, seed: int, max_steps: int = 20_000):
    """Yield every state of a random game, with the seat and action that led from it."""
    state = game.new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        movers = game.to_move(state)
        if not movers:
            return
        seat = rng.choice(movers)
        action = rng.choice(game.legal_actions(state, seat))
        yield state, seat, action
        game.apply_in_place(state, seat, action)
    raise AssertionError(f"{game.id}: no end after {max_steps} steps")


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_end_with_a_result_for_every_player_count(game_id):
    game = get_game(game_id)
    for players in player_counts(game):
        for seed in range(3):
            out = play_match(game, {"players": players}, seed, [RandomBot()] * players)
            assert game.is_over(out.state) and game.to_move(out.state) == []
            result = out.result
            assert len(result.scores) == players
            # a cooperative game may end with nobody winning (the whole team loses)
            assert result.winners or getattr(game, "cooperative", False)
            assert all(0 <= w < players for w in result.winners)
            json.dumps(result.model_dump(), ensure_ascii=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game_and_replay_rebuilds_it(game_id):
    game = get_game(game_id)
    players = game.min_players
    a = play_match(game, {"players": players}, 5, [RandomBot()] * players)
    b = play_match(game, {"players": players}, 5, [RandomBot()] * players)
    assert a.record == b.record
    record = GameRecord.model_validate_json(a.record.model_dump_json())
    rebuilt = game.replay(record)
    assert canonical(game.facts(rebuilt)) == canonical(game.facts(a.state))
    for seat in [None, *range(players)]:
        assert canonical(game.view(rebuilt, seat)) == canonical(game.view(a.state, seat))


@pytest.mark.parametrize("game_id", GAMES)
def test_views_are_json_and_legal_actions_are_accepted(game_id):
    game = get_game(game_id)
    for players in player_counts(game):
        for i, (state, seat, action) in enumerate(random_walk(game, players, 17)):
            if i % 7:
                continue
            for s in [None, *range(players)]:
                view = game.view(state, s)
                assert json.loads(json.dumps(view, ensure_ascii=False)) == view
            for s in game.to_move(state):
                for legal in game.legal_actions(state, s):
                    json.dumps(legal)
                    assert game.check_action(state, s, json.loads(json.dumps(legal))) == legal
                    game.describe_action(state, s, legal, "zh")
                    game.describe_action(state, s, legal, "en")
            assert action in game.legal_actions(state, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_refused_actions_change_nothing(game_id):
    game = get_game(game_id)
    players = game.max_players
    junk = [None, 3, "play", {}, {"type": "no-such-action"}, {"type": None, "x": [1]}]
    for i, (state, _seat, _action) in enumerate(random_walk(game, players, 23)):
        if i % 5:
            continue
        before = canonical(game.facts(state)), canonical(game.view(state, None))
        movers = set(game.to_move(state))
        idle = [s for s in range(players) if s not in movers]
        for seat in list(movers)[:1] + idle[:1] + [players, -1]:
            for bad in junk if seat in movers else [*junk, *game.legal_actions(state, 0)[:1]]:
                with pytest.raises(IllegalAction) as info:
                    game.apply(state, seat, bad)
                assert str(info.value)
        assert (canonical(game.facts(state)), canonical(game.view(state, None))) == before


def determinizable(game) -> bool:
    state = game.new_game({"players": game.min_players}, 0)
    try:
        game.determinize(state, 0, random.Random(0))
    except NotImplementedError:
        return False
    return True


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 400), data=st.data())
def test_a_seat_view_does_not_depend_on_what_it_cannot_see(game_id, seed, cut, data):
    """Re-dealing everything a seat cannot see must leave that seat's view unchanged.

    This is the strongest generic leak test: if any hidden card reached the view, some
    re-deal would change it."""
    game = get_game(game_id)
    if not determinizable(game):
        pytest.skip(f"{game_id} has no determinize")
    players = data.draw(st.integers(game.min_players, game.max_players))
    state = None
    for i, (s, _seat, _action) in enumerate(random_walk(game, players, seed)):
        state = s
        if i >= cut:
            break
    assert state is not None
    for seat in range(players):
        world = game.determinize(state, seat, random.Random(seed + seat))
        assert canonical(game.view(world, seat)) == canonical(game.view(state, seat))
        assert game.to_move(world) == game.to_move(state)


# Keys of a view that say who must decide now (each game exposes some of them).
DECISION_KEYS = ("to_move", "waiting", "submitted", "turn", "phase", "prompt")


def decisions(game, state, seat: int, players: int) -> dict:
    """Everything about who must decide that ``seat`` can observe: the open window, who is
    asked and who has answered, whether each seat has anything to decide, and ``seat``'s
    own choices (another seat's options are its own secret)."""
    view = game.view(state, seat)
    return {
        "to_move": game.to_move(state),
        "view": {k: view[k] for k in DECISION_KEYS if k in view},
        "asked": [bool(game.legal_actions(state, s)) for s in range(players)],
        "mine": [canonical(a) for a in game.legal_actions(state, seat)],
    }


def what_it_knows(game, state, seat: int) -> str:
    view = game.view(state, seat)
    return canonical({k: v for k, v in view.items() if k not in DECISION_KEYS})


@pytest.mark.parametrize("game_id", GAMES)
def test_who_must_decide_does_not_depend_on_what_a_seat_cannot_see(game_id):
    """Re-deal what one seat cannot see at a point of a random game, then play on with the
    same choices: as long as that seat has seen the same things in both worlds, the same
    window must be open, the same seats asked, and the seat's own options unchanged.
    Catches windows that open for a seat because of what it secretly holds (a 🪞 owner
    asked to peek even when it passes, a frozen seat asked because it holds a ⏰)."""
    game = get_game(game_id)
    if not determinizable(game):
        pytest.skip(f"{game_id} has no determinize")
    horizon = 30
    for players in player_counts(game):
        for seed in (1, 2):
            walk = [(s.copy(), seat, action)
                    for s, seat, action in random_walk(game, players, seed)][:240]
            for cut in range(0, len(walk), 13):
                real = walk[cut][0]
                for observer in range(players):
                    world = game.determinize(real, observer, random.Random(seed * 97 + cut))
                    state = real.copy()
                    for step in range(cut, min(cut + horizon, len(walk))):
                        if what_it_knows(game, world, observer) != what_it_knows(
                                game, state, observer):
                            break  # fresh hidden draws legitimately diverge from here
                        assert decisions(game, world, observer, players) == decisions(
                            game, state, observer, players), (
                            f"{game_id} p={players} seed={seed} cut={cut} step={step}: who "
                            f"must decide depends on what seat {observer} cannot see")
                        _, seat, action = walk[step]
                        if canonical(action) not in {
                                canonical(a) for a in game.legal_actions(world, seat)}:
                            break  # the choice used what the re-deal changed
                        game.apply_in_place(world, seat, action)
                        game.apply_in_place(state, seat, action)


def _vandalise(value, path=()):
    """Change every list and dict inside ``value`` in place (what a careless reader of a
    view might do). The log's entries are left alone: they are documented as shared
    read-only dicts (``SeatLog``, ``Event.shared_json``), built once per event, so a
    view's log is read, never changed, by everything that reads one."""
    if isinstance(value, dict):
        for key, inner in list(value.items()):
            if path == () and key in ("log", "visible_log"):
                continue
            _vandalise(inner, (*path, key))
        value["__vandal__"] = True
    elif isinstance(value, list):
        for inner in value:
            _vandalise(inner, (*path, "[]"))
        value.append("__vandal__")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_is_the_readers_own(game_id):
    """Changing a view (as a bot or a client library might) changes nothing the game
    keeps: later views, the facts and the legal choices stay what they were."""
    game = get_game(game_id)

    def seen(state, seats):
        return ([canonical(game.view(state, s)) for s in seats], canonical(game.facts(state)),
                [canonical(game.legal_actions(state, s)) for s in game.to_move(state)])

    for players in player_counts(game):
        seats = [None, *range(players)]
        state = None
        for i, (state, _seat, _action) in enumerate(random_walk(game, players, 31)):
            if i % 5:
                continue
            before = seen(state, seats)
            for s in seats:
                _vandalise(game.view(state, s))
            assert seen(state, seats) == before, (
                f"{game_id}: a changed view changed the game at step {i}")
        # the walk changes one state in place: it is now the game's end, whose views carry
        # what only the end shows (the final tally, the reason, every hand)
        assert state is not None and game.is_over(state)
        before = seen(state, seats)
        for s in seats:
            _vandalise(game.view(state, s))
        assert seen(state, seats) == before, f"{game_id}: a changed view changed the ended game"


def _held(game, state, seat, action):
    """The state after ``action`` if the web server would hold it for an undo (the game
    says it reveals nothing, ``seat`` alone moves before and after it), else None."""
    if game.to_move(state) != [seat]:
        return None
    after = state.copy()
    game.apply_in_place(after, seat, action)
    if game.is_over(after) or game.to_move(after) != [seat]:
        return None
    return after if game.undoable(state, seat, action, after) else None


@pytest.mark.parametrize("game_id", GAMES)
def test_an_undoable_choice_reveals_nothing_to_its_seat(game_id):
    """Wherever a game declares a choice undoable, it taught its seat nothing: from every
    state the seat cannot tell from the real one (``determinize``: whatever it cannot see
    dealt again), the same choice shows the seat exactly the same view. (That the server's
    undo, and the choices made again, are the game never undone, and that nobody else can
    tell: tests/server/test_undo.py.) Nor does it tell any other seat anything hidden,
    though the server shows it to nobody else until the turn is stored. A game that declares
    nothing holds nothing."""
    game = get_game(game_id)
    declares = type(game).undoable is not Game.undoable
    held = 0
    # four games per player count; a game that declares something plays on (up to 40) until
    # ten of its undoable choices were checked (hotel's salvage comes about once in ten)
    for seed in range(40):
        if seed >= 4 and (not declares or held >= 10):
            break
        for players in player_counts(game)[:2]:
            rng = random.Random(seed)
            for state, seat, action in random_walk(game, players, seed):
                after = _held(game, state, seat, action)
                if after is None:
                    continue
                assert declares, (game_id, action)
                held += 1
                if held > 60:
                    continue
                seen = game.view(after, seat)
                for _ in range(3):
                    other = game.determinize(state, seat, rng)
                    game.apply_in_place(other, seat, action)
                    assert game.view(other, seat) == seen, (game_id, seed, action)
                # nor anyone else: in every state another seat cannot tell from the real
                # one the same choice is legal and shows that seat the same view (a toys
                # move boosted by its 🧲 declares the item: it fails here)
                for o in range(players):
                    if o == seat:
                        continue
                    theirs = game.view(after, o)
                    for _ in range(2):
                        other = game.determinize(state, o, rng)
                        assert canonical(action) in map(canonical, game.legal_actions(
                            other, seat)), (game_id, seed, o, action)
                        game.apply_in_place(other, seat, action)
                        assert game.view(other, o) == theirs, (game_id, seed, o, action)
    if declares:
        assert held >= 10, (game_id, held)
