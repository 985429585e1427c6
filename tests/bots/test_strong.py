"""The ``strong`` bot: legal and deterministic in every competitive game, blind to what its
seat cannot see (the leak test's re-deal), and within its budget."""

from __future__ import annotations

import random

import pytest

from boardlab.bots.base import DecisionContext, RandomBot
from boardlab.bots.registry import bot_factories
from boardlab.bots.strong import StrongBot, rollout_policy, style_policy
from boardlab.engine.match import decision_context, play_match
from boardlab.engine.protocol import canonical
from boardlab.engine.registry import get_game
from boardlab.engine.rng import make_rng

COMPETITIVE = [("toys", 4), ("cat", 4), ("hotel", 4), ("geometry", 3)]


@pytest.mark.parametrize(("game_id", "players"), COMPETITIVE)
def test_plays_to_the_end_legally_and_deterministically(game_id, players):
    game = get_game(game_id)
    assert "strong" in bot_factories(game)
    assert style_policy(game) is not None, "the game names its rollout style"
    if game_id == "hotel":  # a lighter rival model in playouts, the full style as prior
        from boardlab.games.hotel.bots import QuickTaker

        assert rollout_policy(game) is QuickTaker
    elif game_id == "cat":  # lookahead's own choices, without a view (tests/cat/test_bots.py)
        from boardlab.games.cat.bots import QuickLookahead

        assert rollout_policy(game) is QuickLookahead
    else:
        assert rollout_policy(game) is style_policy(game)

    def bots():
        return [StrongBot(iterations=3, seconds=None)] + [RandomBot()] * (players - 1)

    a = play_match(game, {"players": players}, 5, bots(), check=True)
    assert game.is_over(a.state)
    b = play_match(game, {"players": players}, 5, bots(), check=True)
    assert a.record == b.record


def decision_points(game, players: int, seed: int, count: int):
    """States of a random game where the mover has a real choice, spread over the game."""
    state = game.new_game({"players": players}, seed)
    rng = random.Random(seed)
    out = []
    step = 0
    while game.to_move(state) and len(out) < count:
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1 and step % 7 == 3:
            out.append((state.copy(), seat))
        game.apply_in_place(state, seat, rng.choice(legal))
        step += 1
    return out


def context(game, state, seat, seed, sampler):
    """The seat's decision as the engine gives it, but with a world sampler fixed from
    outside: the same function for the real state and for a re-deal of it."""
    return DecisionContext(game, seat, game.view(state, seat), game.legal_actions(state, seat),
                           make_rng(seed), sampler, state=state)


class Peeking(StrongBot):
    """A planted leak: plays its playouts in the true state instead of sampled worlds."""

    def _playout(self, ctx, world, action, factory, rng, hooks=None):
        return super()._playout(ctx, ctx._state.copy(), action, factory, rng, hooks)


def choices(bot_factory, game, state, seat, seeds, sampler):
    return [canonical(bot_factory().choose(context(game, state, seat, k, sampler)))
            for k in seeds]


@pytest.mark.parametrize(("game_id", "players"), COMPETITIVE)
def test_choices_do_not_change_when_the_unseen_is_redealt(game_id, players):
    """For a fixed seed of its own and the same sampled worlds, the bot's choice is the
    same in the real state and in a re-deal of everything its seat cannot see - so its
    choice distribution over seeds cannot depend on hidden facts. A bot that peeks at the
    true state is caught by the same comparison (the planted leak below)."""
    game = get_game(game_id)
    seeds = range(4)
    caught = 0
    points = decision_points(game, players, 11, 3 if game_id == "hotel" else 4)
    assert points
    for n, (state, seat) in enumerate(points):
        world = game.determinize(state, seat, random.Random(100 + n))

        def sampler(rng, state=state, seat=seat):
            return game.determinize(state, seat, rng)

        def bot():
            return StrongBot(iterations=6, seconds=None)

        assert (choices(bot, game, state, seat, seeds, sampler)
                == choices(bot, game, world, seat, seeds, sampler))

        def peeking():
            return Peeking(iterations=12, seconds=None, epsilon=0.0, widening=3.0)

        caught += (choices(peeking, game, state, seat, seeds, sampler)
                   != choices(peeking, game, world, seat, seeds, sampler))
    if game_id == "cat":  # hidden hands change the best move here: the leak must show
        assert caught, "the comparison must be able to see a leak"


def test_iteration_budget_is_exact():
    game = get_game("cat")
    state = game.new_game({"players": 4}, 3)
    seat = game.to_move(state)[0]
    bot = StrongBot(iterations=7, seconds=None)
    ctx = decision_context(game, state, seat, make_rng(0))
    assert bot.choose(ctx) in ctx.legal
    assert bot.last_iterations == (7 if len(ctx.legal) > 1 else 0)


def test_time_budget_stops_at_the_deadline():
    """On a clock that advances 0.25 s per reading, a 1 s budget from the start reading
    (0.25) ends at the reading of 1.25: iterations 0 and 1 read no clock (``min_iterations``
    = 2), 2-4 read 0.5, 0.75 and 1.0, the fifth reading stops it."""
    import time

    game = get_game("toys")
    state = game.new_game({"players": 4}, 1)
    while len(game.legal_actions(state, game.to_move(state)[0])) < 2:
        game.apply_in_place(state, game.to_move(state)[0],
                            game.legal_actions(state, game.to_move(state)[0])[0])
    seat = game.to_move(state)[0]
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 0.25
        return ticks[0]

    bot = StrongBot(iterations=None, seconds=1.0, clock=clock, min_iterations=2)
    bot.choose(decision_context(game, state, seat, make_rng(0)))
    assert bot.last_iterations == 5
    slow = StrongBot(iterations=None, seconds=0.0, clock=clock, min_iterations=3)
    slow.choose(decision_context(game, state, seat, make_rng(0)))
    assert slow.last_iterations == 3
    capped = StrongBot(iterations=2, seconds=100.0, clock=clock)
    capped.choose(decision_context(game, state, seat, make_rng(0)))
    assert capped.last_iterations == 2  # whichever budget ends first
    with pytest.raises(ValueError, match="budget"):
        StrongBot(iterations=None, seconds=None)
    # the default budget is CPU time of this process (other jobs do not shorten it)
    assert StrongBot().clock is time.process_time


def hotel_bid_decision(seed: int, seat: int = 2):
    """A real hotel bid night (seat ``seat`` to seal, seats before it sealed) after taker
    play, with the engine's context for it."""
    from boardlab.games.hotel.bots import ContractBot

    game = get_game("hotel")
    state = game.new_game({"players": 4}, seed)
    rng = random.Random(seed)
    while True:
        mover = game.to_move(state)[0]
        legal = game.legal_actions(state, mover)
        if state.phase == "bid" and mover == seat and len(legal) > 1 and state.night >= 2:
            return game, state, decision_context(game, state, seat, make_rng(seed))
        ctx = decision_context(game, state, mover, random.Random(rng.random()))
        game.apply_in_place(state, mover, ContractBot().choose(ctx) if len(legal) > 1
                            else legal[0])


def test_hotel_budget_is_a_playout_count_and_the_choice_is_reproducible():
    """hotel's default budget is its hooks' playout count (the CPU-time figure only guards
    a slow host): a bid decision plays exactly that many, and the same seed gives the same
    choice and the same number again."""
    from boardlab.games.hotel.bots import STRONG_SEARCH

    game, _, ctx = hotel_bid_decision(3)
    assert StrongBot().iterations is None  # set from the game at the first decision
    bot = StrongBot()
    first = bot.choose(ctx)
    assert first in ctx.legal
    assert (bot.iterations, bot.seconds) == STRONG_SEARCH.budget
    assert bot.last_iterations == STRONG_SEARCH.budget[0]
    _, _, again = hotel_bid_decision(3)
    assert StrongBot().choose(again) == first
    assert StrongBot(iterations=5).choose(hotel_bid_decision(3)[2]) in ctx.legal


def test_hotel_prepare_seals_the_other_seats_and_leaves_the_seat_alone():
    """Once per sampled world every other seat not in hospital seals tonight's choice (the
    guesses ``determinize`` put in place of the sealed ones are redrawn by the opponent
    model); the deciding seat has not sealed and keeps its legal choices."""
    from boardlab.bots.strong import style_policy
    from boardlab.games.hotel.bots import STRONG_SEARCH

    game, state, ctx = hotel_bid_decision(5)
    seat = ctx.seat
    for k in range(3):
        world = ctx.sample_world()
        STRONG_SEARCH.prepare(ctx, world, random.Random(k), style_policy(game))
        others = {p for p in range(4) if p != seat and p not in world.resting}
        assert set(world.bids) == others
        assert world.phase == "bid" and game.to_move(world) == [seat]
        assert game.legal_actions(world, seat) == ctx.legal
        for p in others:  # each a choice the rules accept from that seat
            assert world.bids[p]["type"] in ("bid", "checkin", "pass")
        # the seat's own choice then resolves the night
        game.apply_in_place(world, seat, ctx.legal[0])
        assert world.phase != "bid" or world.night > state.night


def test_hotel_playouts_stop_at_the_night_and_are_valued_from_the_seat():
    """Below a root choice the playout ends when the night does (``horizon``) with the
    hooks' value of that world from the seat's side; without hooks it plays to the end."""
    from boardlab.games.hotel.bots import STRONG_SEARCH

    game, state, ctx = hotel_bid_decision(7)
    bot = StrongBot(iterations=8)
    bot.choose(ctx)  # sets the game's policies
    _, factory, hooks = bot._policies(game)
    assert hooks is STRONG_SEARCH
    values = set()
    for k in range(4):
        world = ctx.sample_world()
        v = bot._playout(ctx, world, ctx.legal[k], factory, random.Random(k), hooks)
        assert world.night == state.night + 1 and not game.is_over(world)
        assert v == hooks.value(world, ctx.seat) and 0.0 < v < 1.0
        values.add(v)
        full = ctx.sample_world()
        bot._playout(ctx, full, ctx.legal[k], factory, random.Random(k), None)
        assert game.is_over(full)
    assert len(values) > 1


@pytest.mark.parametrize(("game_id", "players"), [("toys", 4), ("cat", 4), ("geometry", 3)])
def test_game_budget_is_a_playout_count_reproducible_per_seed(game_id, players):
    """toys, cat and geometry name a playout count (``STRONG_SEARCH.budget``; the CPU
    seconds only guard a slow host): every real decision plays exactly that many, and a
    seed gives the same choice whether the clock stands still or runs (below the guard) -
    the time a move takes does not change it."""
    import importlib

    game = get_game(game_id)
    budget = importlib.import_module(f"boardlab.games.{game_id}.bots").STRONG_SEARCH.budget
    playouts, guard = budget
    assert playouts >= 16 and 0 < guard <= 0.3

    def frozen() -> float:
        return 0.0

    ticks = [0.0]

    def running() -> float:  # 1 ms a reading: the whole budget stays under the guard
        ticks[0] += 0.001
        return ticks[0]

    points = [(s, p) for s, p in decision_points(game, players, 21, 6)
              if len(game.legal_actions(s, p)) > 2][:2]
    assert points
    for state, seat in points:
        for seed in (1, 2):
            bot = StrongBot(clock=frozen)
            first = bot.choose(decision_context(game, state, seat, make_rng(seed)))
            assert (bot.iterations, bot.seconds) == budget
            assert bot.last_iterations == playouts
            again = StrongBot(clock=running)
            assert again.choose(decision_context(game, state, seat, make_rng(seed))) == first
            assert again.last_iterations == playouts
    # the guard still stops a move on a host too slow for the count (0.25 s a reading)
    slow = [0.0]

    def crawling() -> float:
        slow[0] += 0.25
        return slow[0]

    state, seat = points[0]
    guarded = StrongBot(clock=crawling)
    guarded.choose(decision_context(game, state, seat, make_rng(1)))
    assert guarded.min_iterations <= guarded.last_iterations < playouts


def test_cat_ranks_a_play_by_lookahead_and_leaves_other_decisions_alone():
    """cat's ``rank``: for a play, lookahead's own choice first, then every other play by
    lookahead's score of it (best first); for a draw it gives no order (strong's default)."""
    from boardlab.games.cat.bots import STRONG_SEARCH, LookaheadBot

    game = get_game("cat")
    seen = {"play": 0, "draw": 0}
    for state, seat in decision_points(game, 4, 8, 12):
        legal = game.legal_actions(state, seat)
        ctx = decision_context(game, state, seat, make_rng(4))
        order = STRONG_SEARCH.rank(ctx, LookaheadBot)
        if legal[0]["type"] != "play":
            assert order is None
            seen["draw"] += 1
            continue
        seen["play"] += 1
        assert sorted(order) == list(range(len(legal)))
        first = LookaheadBot().choose(decision_context(game, state, seat, make_rng(4)))
        assert legal[order[0]] == first
        bot = LookaheadBot()
        scores = [bot.score(ctx, legal[k]) for k in order[1:]]
        assert scores == sorted(scores, reverse=True)
    assert seen["play"] >= 3 and seen["draw"] >= 1


class _LogReader:
    """A playout policy that notes the length of its view's log, then plays the first
    choice; ``reads_log`` as declared."""

    name = "log-reader"
    seen: list[int]

    def __init__(self, declared: bool) -> None:
        self.reads_log = declared

    def choose(self, ctx):
        _LogReader.seen.append(len(ctx.view["log"]))
        return ctx.legal[0]


@pytest.mark.parametrize("declared", [True, False])
def test_playout_policies_that_do_not_read_the_log_get_views_without_it(declared):
    """Strong's playouts give a policy that declares ``reads_log = False`` views with an
    empty log (as the engine does), and one that reads it the sampled world's log."""
    game = get_game("cat")
    state, seat = decision_points(game, 4, 3, 3)[-1]
    assert state.log, "a decision with a log to leave out"
    _LogReader.seen = []
    bot = StrongBot(iterations=4, seconds=None, policy=lambda: _LogReader(declared),
                    search=None)
    assert bot.choose(decision_context(game, state, seat, make_rng(0))) in game.legal_actions(
        state, seat)
    assert len(_LogReader.seen) > 4  # the prior's view, then the playouts'
    playouts = _LogReader.seen[1:]
    assert (max(playouts) > 0) if declared else (max(playouts) == 0)


def cat_play_decision(seed: int, seat: int = 3):
    """A cat play round in which the seats before ``seat`` have played face down (lookahead
    play before it), with the engine's context for ``seat``."""
    from boardlab.games.cat.bots import LookaheadBot

    game = get_game("cat")
    state = game.new_game({"players": 4}, seed)
    rng = random.Random(seed)
    while True:
        mover = game.to_move(state)[0]
        legal = game.legal_actions(state, mover)
        if (state.phase == "play" and mover == seat and state.station >= 2
                and len(legal) > 1):
            return game, state, decision_context(game, state, seat, make_rng(seed))
        ctx = decision_context(game, state, mover, random.Random(rng.random()))
        game.apply_in_place(state, mover, LookaheadBot().choose(ctx))


def test_cat_prepare_redraws_the_face_down_plays_by_the_opponent_model():
    """Once per sampled world the seats that played face down before this one play again
    by lookahead from their own view of that world (``determinize`` left a uniformly
    random play of the re-dealt hand); the deciding seat keeps its legal choices."""
    from boardlab.engine.context import NoLog, StateContext
    from boardlab.games.cat.bots import STRONG_SEARCH, LookaheadBot

    redrawn = 0
    for seed in (1, 2, 3):
        game, state, ctx = cat_play_decision(seed)
        seat = ctx.seat
        assert sorted(state.pending) == [0, 1, 2]
        for k in range(4):
            world = ctx.sample_world()
            guessed = {s: dict(a) for s, a in world.pending.items()}
            STRONG_SEARCH.prepare(ctx, world, random.Random(k), style_policy(game))
            assert sorted(world.pending) == [0, 1, 2]
            assert game.legal_actions(world, seat) == ctx.legal
            draws = random.Random(k)  # the generator prepare was given, seat by seat
            for s in range(3):  # lookahead's choice for s, as if it were still to choose
                alone = world.copy()
                del alone.pending[s]
                legal = game.legal_actions(alone, s)
                assert world.pending[s] in legal
                if len(legal) > 1:
                    assert world.pending[s] == LookaheadBot().choose(
                        StateContext(game, s, legal, draws, alone, NoLog(s)))
            redrawn += sum(canonical(guessed[s]) != canonical(world.pending[s])
                           for s in range(3))
    assert redrawn > 0  # the random guesses were replaced, not merely kept


def test_cat_plays_are_blind_to_a_redeal_of_the_face_down_plays_before_them():
    """The re-deal test above meets cat at draws only (its decision points); here it is a
    play round in which the seats before this one have played face down, where cat's
    ``prepare`` redraws their plays: the choices for fixed seeds are the same in the real
    state and in a re-deal of everything the seat cannot see (other hands, piles, those
    face-down plays). A planted leak in ``prepare`` - a seat's true face-down play kept
    where the sampled hand holds its card - is caught by the same comparison."""
    from boardlab.games.cat.bots import CatSearch

    class LeakyPrepare(CatSearch):
        def prepare(self, ctx, world, rng, factory):
            for s, a in ctx._state.pending.items():
                if s != ctx.seat and a.get("card") in world.hands[s]:
                    world.pending[s] = dict(a)

    caught = 0
    for seed in (1, 2, 3):
        game, state, ctx = cat_play_decision(seed)
        seat = ctx.seat
        assert sorted(state.pending) == [0, 1, 2] and len(ctx.legal) > 1
        world = game.determinize(state, seat, random.Random(100 + seed))
        assert world.pending != state.pending or world.hands != state.hands

        def sampler(rng, game=game, state=state, seat=seat):
            return game.determinize(state, seat, rng)

        def honest():
            return StrongBot(iterations=12, seconds=None)

        assert (choices(honest, game, state, seat, range(4), sampler)
                == choices(honest, game, world, seat, range(4), sampler))

        def leaky():
            return StrongBot(iterations=12, seconds=None, search=LeakyPrepare())

        caught += (choices(leaky, game, state, seat, range(4), sampler)
                   != choices(leaky, game, world, seat, range(4), sampler))
    assert caught, "the comparison must be able to see a leak in prepare"
