"""The search bots' fast paths choose exactly what the plain versions choose.

``montecarlo`` looks its functions up once per decision and plays through
``finish_randomly``; ``ismcts`` leaves its tree walk for the same random finish and values
endings with ``Game.outcome``. The plain versions below are the bots as they were written
before (every playout through ``rollout_value`` and ``Result``, one loop per iteration): on
mid-game decisions of every game both give the same choice and, for ismcts, the same root
statistics.
"""

from __future__ import annotations

import math

import pytest

from boardlab.bots.base import RandomBot
from boardlab.bots.ismcts import ISMCTSBot, Node
from boardlab.bots.registry import determinizable
from boardlab.bots.search import MonteCarloBot
from boardlab.engine.match import decision_context, play_match
from boardlab.engine.registry import all_game_ids, get_game
from boardlab.engine.rng import derive_seed, make_rng
from boardlab.engine.rollout import ROLLOUT_LIMIT, random_picker

GAMES = all_game_ids()


def plain_value(game, state, seat):
    if not game.is_over(state):
        return 0.0
    result = game.result(state)
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    scores = result.scores
    spread = (max(scores) - min(scores)) or 1.0
    return share + 0.1 * (scores[seat] - min(scores)) / spread


def plain_rollout(game, state, seat, rng):
    for _ in range(ROLLOUT_LIMIT):
        movers = game.to_move(state)
        if not movers:
            break
        legal = game.legal_actions(state, movers[0])
        game.apply_in_place(state, movers[0], legal[rng._randbelow(len(legal))],
                            check=False, log=False)
    return plain_value(game, state, seat)


def plain_montecarlo(ctx, playouts):
    n = len(ctx.legal)
    if n == 1:
        return 0
    best, best_value = 0, float("-inf")
    for i in range(n):
        total = 0.0
        for _ in range(playouts):
            world = ctx.sample_world()
            ctx.game.apply_in_place(world, ctx.seat, ctx.legal[i], check=False, log=False)
            total += plain_rollout(ctx.game, world, ctx.seat, ctx.rng)
        if total / playouts > best_value:
            best, best_value = i, total / playouts
    return best


def plain_ismcts_iteration(ctx, root, c):
    game, seat, rng = ctx.game, ctx.seat, ctx.rng
    world = ctx.sample_world()
    path, node, pending, seen = [], root, None, []
    for _ in range(ROLLOUT_LIMIT):
        movers = game.to_move(world)
        if not movers:
            break
        mover = movers[0]
        legal = game.legal_actions(world, mover)
        if node is not None and mover == seat:
            if pending is not None:
                parent, edge = pending
                key = (edge, tuple((e.kind, repr(e.data)) for e in seen if e.visible(seat)))
                child = parent.children.get(key)
                if child is None:
                    parent.children[key] = Node(len(legal))
                    node = None
                else:
                    node = child
                seen, pending = [], None
            if node is not None:
                i = node.select(len(legal), c)
                path.append((node, i))
                pending = (node, i)
                seen = list(game.apply_in_place(world, seat, legal[i], check=False, log=False))
                continue
        events = game.apply_in_place(world, mover, legal[rng._randbelow(len(legal))],
                                     check=False, log=False)
        if pending is not None:
            seen += events
    value = plain_value(game, world, seat)
    for n, i in path:
        n.visits[i] += 1
        n.wins[i] += value


def decisions(game, count):
    """Mid-game decisions with a choice: (state, seat)."""
    players = game.make_config({}).players
    out = []
    for i in range(count):
        rec = play_match(game, {}, derive_seed(31, i), [RandomBot()] * players).record
        for frac in (0.3, 0.6):
            state = game.replay(rec, int(len(rec.actions) * frac))
            seat = game.to_move(state)[0]
            if len(game.legal_actions(state, seat)) > 1:
                out.append((state, seat))
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_outcome_equals_the_results_scores_and_winners(gid):
    game = get_game(gid)
    for players in {game.min_players, game.max_players}:
        for seed in range(4):
            state = play_match(game, {"players": players}, seed,
                               [RandomBot() for _ in range(players)]).state
            result = game.result(state)
            scores, winners = game.outcome(state)
            assert (scores, winners) == (result.scores, result.winners)
            assert [type(s) for s in scores] == [type(s) for s in result.scores]


@pytest.mark.parametrize("gid", GAMES)
def test_montecarlo_and_ismcts_choose_as_the_plain_versions(gid):
    game = get_game(gid)
    if not determinizable(game):
        pytest.skip(f"{gid} has no determinize")
    compared = 0
    for k, (state, seat) in enumerate(decisions(game, 3)):
        fast = MonteCarloBot(playouts=1).choose_index(
            decision_context(game, state, seat, make_rng(k)))
        assert fast == plain_montecarlo(decision_context(game, state, seat, make_rng(k)), 1)
        bot = ISMCTSBot(iterations=25)
        fast = bot.choose_index(decision_context(game, state, seat, make_rng(k, "is")))
        ctx = decision_context(game, state, seat, make_rng(k, "is"))
        root = Node(len(ctx.legal))
        for _ in range(25):
            plain_ismcts_iteration(ctx, root, bot.exploration)
        plain = max(range(len(ctx.legal)), key=lambda i: (root.visits[i], root.wins[i]))
        assert fast == plain
        compared += 1
    assert compared >= 3


def test_ismcts_root_statistics_equal_the_plain_loop():
    game = get_game("geometry")
    for k, (state, seat) in enumerate(decisions(game, 2)):
        bot = ISMCTSBot(iterations=30)
        ctx = decision_context(game, state, seat, make_rng(k))
        fast_root = Node(len(ctx.legal))
        fns = (game.to_move, game.legal_actions, game._apply, ctx.rng._randbelow,
               random_picker(game))
        for _ in range(30):
            bot._iterate(ctx, fast_root, fns)
        ctx = decision_context(game, state, seat, make_rng(k))
        root = Node(len(ctx.legal))
        for _ in range(30):
            plain_ismcts_iteration(ctx, root, bot.exploration)
        assert fast_root.visits == root.visits and fast_root.avail == root.avail
        assert all(math.isclose(a, b) for a, b in zip(fast_root.wins, root.wins, strict=True))
        assert fast_root.children.keys() == root.children.keys()
