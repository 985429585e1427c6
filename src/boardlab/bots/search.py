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
    # Game.outcome: the result's scores and winners without validating a Result model
    # (a playout's ending is valued once and thrown away).
    scores, winners = game.outcome(state)
    share = 1.0 / len(winners) if seat in winners else 0.0
    low = min(scores)
    spread = (max(scores) - low) or 1.0
    return share + 0.1 * (scores[seat] - low) / spread


def quiet_step(game) -> Callable[..., list]:
    """``step(state, seat, action) -> events``: a listed action applied in quiet mode
    (unchecked, not logged) - the game's own transition itself unless the game changes
    ``apply_in_place``."""
    if type(game).apply_in_place is Game.apply_in_place:
        return game._apply

    def step(state, seat: int, action: Action) -> list:
        return game.apply_in_place(state, seat, action, check=False, log=False)
    return step


def random_picker(game) -> Callable[..., Action] | None:
    """The game's own ``random_action`` if it overrides the protocol's (it then builds only
    the chosen action), else ``None``: the rollout draws from the legal list itself, which
    is what the default does, without a call more per step."""
    if type(game).random_action is Game.random_action:
        return None
    return game.random_action


def finish_randomly(to_move, legal_actions, step, state, randbelow,
                    limit: int = ROLLOUT_LIMIT, pick: Callable[..., Action] | None = None
                    ) -> None:
    """Play ``state`` on with uniformly random choices (``legal[randbelow(len(legal))]``,
    the first seat to move each time) until it ends or ``limit`` steps were taken. The
    functions are passed in, looked up once per search rather than once per playout;
    ``pick`` is :func:`random_picker`'s answer (the same draws and actions)."""
    if pick is None:
        for _ in range(limit):
            movers = to_move(state)
            if not movers:
                return
            mover = movers[0]
            legal = legal_actions(state, mover)
            step(state, mover, legal[randbelow(len(legal))])
    else:
        for _ in range(limit):
            movers = to_move(state)
            if not movers:
                return
            mover = movers[0]
            step(state, mover, pick(state, mover, randbelow))


def rollout_value(game, state, seat: int, rng: random.Random) -> float:
    """Finish the game with uniformly random choices (quiet) and value it for ``seat``."""
    finish_randomly(game.to_move, game.legal_actions, quiet_step(game), state, rng._randbelow,
                    pick=random_picker(game))
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
        # the action applied in quiet mode, random play to the end, the value.
        to_move, legal_actions, step = game.to_move, game.legal_actions, quiet_step(game)
        randbelow, sample_world, pick = ctx.rng._randbelow, ctx.sample_world, random_picker(game)
        for i in range(n):
            total = 0.0
            action = legal[i]
            for _ in range(self.playouts):
                world = sample_world()
                step(world, seat, action)
                finish_randomly(to_move, legal_actions, step, world, randbelow, pick=pick)
                total += outcome_value(game, world, seat)
            self.last_playouts += self.playouts
            value = total / self.playouts
            if value > best_value:
                best, best_value = i, value
        return best

    def choose(self, ctx: DecisionContext) -> Action:
        return ctx.legal[self.choose_index(ctx)]
