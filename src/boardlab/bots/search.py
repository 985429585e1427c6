"""A game-independent search bot: determinized flat Monte Carlo.

For each legal action it samples worlds consistent with its own view (the game's
``determinize`` re-deals everything the seat cannot see), plays the action there, finishes
the game with random play for every seat, and keeps the action with the best mean value.
The value of a finished game is the seat's share of the win plus a small score term, so it
prefers winning and breaks ties by score. It never looks at the real state.

Rollouts are the game's ``finish_randomly`` (the engine's generic loop, or a game's own
faster one making the same draws), in quiet mode: an imagined future needs no history, and
the world's log does not grow with every playout.
"""

from __future__ import annotations

import random

from boardlab.bots.base import DecisionContext
from boardlab.engine.protocol import Action
from boardlab.engine.rollout import ROLLOUT_LIMIT, quiet_step


def outcome_value(game, state, seat: int) -> float:
    """The seat's share of the win plus 0.1 x its normalised score (0 if unfinished)."""
    if not game.is_over(state):
        return 0.0
    # Game.outcome: the result's scores and winners without validating a Result model
    # (a playout's ending is valued once and thrown away).
    scores, winners = game.outcome(state)
    share = 1.0 / len(winners) if seat in winners else 0.0
    low = min(scores)
    spread = (max(scores) - low) or 1.0
    return share + 0.1 * (scores[seat] - low) / spread


def rollout_value(game, state, seat: int, rng: random.Random) -> float:
    """Finish the game with uniformly random choices (quiet) and value it for ``seat``."""
    game.finish_randomly(state, rng._randbelow, ROLLOUT_LIMIT)
    return outcome_value(game, state, seat)


class MonteCarloBot:
    """Flat Monte Carlo over determinized worlds; ``playouts`` per legal action."""

    def __init__(self, playouts: int = 8) -> None:
        self.playouts = playouts
        self.name = "montecarlo"
        self.last_playouts = 0

    def choose_index(self, ctx: DecisionContext) -> int:
        n = len(ctx.legal)
        self.last_playouts = 0
        if n == 1:
            return 0
        best, best_value = 0, float("-inf")
        game, seat, legal = ctx.game, ctx.seat, ctx.legal
        # Looked up once per decision; each playout is then exactly rollout_value's:
        # the action applied in quiet mode, the game's own random finish, the value.
        step, finish = quiet_step(game), game.finish_randomly
        randbelow, sample_world = ctx.rng._randbelow, ctx.sample_world
        for i in range(n):
            total = 0.0
            action = legal[i]
            for _ in range(self.playouts):
                world = sample_world()
                step(world, seat, action)
                finish(world, randbelow, ROLLOUT_LIMIT)
                total += outcome_value(game, world, seat)
            self.last_playouts += self.playouts
            value = total / self.playouts
            if value > best_value:
                best, best_value = i, value
        return best

    def choose(self, ctx: DecisionContext) -> Action:
        return ctx.legal[self.choose_index(ctx)]
