"""A game-independent search bot: determinized flat Monte Carlo.

For each legal action it samples worlds consistent with its own view (the game's
``determinize`` re-deals everything the seat cannot see), plays the action there, finishes
the game with random play for every seat, and keeps the action with the best mean value.
The value of a finished game is the seat's share of the win plus a small score term, so it
prefers winning and breaks ties by score. It never looks at the real state.
"""

from __future__ import annotations

import random

from boardlab.bots.base import DecisionContext
from boardlab.engine.protocol import Action

ROLLOUT_LIMIT = 5_000


def rollout_value(game, state, seat: int, rng: random.Random) -> float:
    for _ in range(ROLLOUT_LIMIT):
        movers = game.to_move(state)
        if not movers:
            break
        mover = movers[0]
        game.apply_in_place(state, mover, rng.choice(game.legal_actions(state, mover)),
                            check=False)
    if not game.is_over(state):
        return 0.0
    result = game.result(state)
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    scores = result.scores
    spread = (max(scores) - min(scores)) or 1.0
    return share + 0.1 * (scores[seat] - min(scores)) / spread


class MonteCarloBot:
    """Flat Monte Carlo over determinized worlds; ``playouts`` per legal action."""

    def __init__(self, playouts: int = 8) -> None:
        self.playouts = playouts
        self.name = "montecarlo"

    def choose(self, ctx: DecisionContext) -> Action:
        if len(ctx.legal) == 1:
            return ctx.legal[0]
        best, best_value = ctx.legal[0], float("-inf")
        for action in ctx.legal:
            total = 0.0
            for _ in range(self.playouts):
                world = ctx.sample_world()
                ctx.game.apply_in_place(world, ctx.seat, action, check=False)
                total += rollout_value(ctx.game, world, ctx.seat, ctx.rng)
            value = total / self.playouts
            if value > best_value:
                best, best_value = action, value
        return best
