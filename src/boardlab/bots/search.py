"""A game-independent search bot: determinized flat Monte Carlo.

For each legal action it samples worlds consistent with its own view (the game's
``determinize`` re-deals everything the seat cannot see), plays the action there, finishes
the game with random play for every seat, and keeps the action with the best mean value.
The value of a finished game is the seat's share of the win plus a small score term, so it
prefers winning and breaks ties by score. It never looks at the real state.

Rollouts run in the engine's quiet mode (``apply_in_place(..., log=False)``): an imagined
future needs no history, and the world's log does not grow with every playout.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from boardlab.bots.base import DecisionContext
from boardlab.engine.protocol import Action, Game

ROLLOUT_LIMIT = 5_000


def outcome_value(game, state, seat: int) -> float:
    """The seat's share of the win plus 0.1 x its normalised score (0 if unfinished)."""
    if not game.is_over(state):
        return 0.0
    result = game.result(state)
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    scores = result.scores
    spread = (max(scores) - min(scores)) or 1.0
    return share + 0.1 * (scores[seat] - min(scores)) / spread


def quiet_step(game) -> Callable[..., list]:
    """``step(state, seat, action) -> events``: a listed action applied in quiet mode
    (unchecked, not logged) - the game's own transition itself unless the game changes
    ``apply_in_place``."""
    if type(game).apply_in_place is Game.apply_in_place:
        return game._apply

    def step(state, seat: int, action: Action) -> list:
        return game.apply_in_place(state, seat, action, check=False, log=False)
    return step


def rollout_value(game, state, seat: int, rng: random.Random) -> float:
    """Finish the game with uniformly random choices (quiet) and value it for ``seat``."""
    to_move, legal_actions, step = game.to_move, game.legal_actions, quiet_step(game)
    randbelow = rng._randbelow
    for _ in range(ROLLOUT_LIMIT):
        movers = to_move(state)
        if not movers:
            break
        mover = movers[0]
        legal = legal_actions(state, mover)
        step(state, mover, legal[randbelow(len(legal))])
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
        game, seat = ctx.game, ctx.seat
        for i in range(n):
            total = 0.0
            for _ in range(self.playouts):
                world = ctx.sample_world()
                game.apply_in_place(world, seat, ctx.legal[i], check=False, log=False)
                total += rollout_value(game, world, seat, ctx.rng)
            self.last_playouts += self.playouts
            value = total / self.playouts
            if value > best_value:
                best, best_value = i, value
        return best

    def choose(self, ctx: DecisionContext) -> Action:
        return ctx.legal[self.choose_index(ctx)]
