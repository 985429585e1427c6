"""Random play to the end of a game: the rollout of search bots, game-independent.

A rollout plays a state on with uniformly random choices - at each step the first seat of
``to_move`` takes ``legal[randbelow(len(legal))]`` of its legal list, applied in quiet mode
(unchecked, not logged) - until the game ends or ``limit`` steps were taken.

:meth:`Game.finish_randomly <boardlab.engine.protocol.Game.finish_randomly>` is the hook
search bots call; its default is :func:`play_randomly` below. A game may override it with a
loop over its own state as long as it makes the same ``randbelow`` calls and reaches an
equal state. The search bots (``boardlab.bots``) import these from here: the engine must
not import the bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardlab.engine.protocol import Action, Game, GameState

ROLLOUT_LIMIT = 5_000
"""The most random steps a search bot's rollout takes (a safety net: games end sooner)."""


def quiet_step(game: Game) -> Callable[..., list]:
    """``step(state, seat, action) -> events``: a listed action applied in quiet mode
    (unchecked, not logged) - the game's own transition itself unless the game changes
    ``apply_in_place``."""
    if type(game).apply_in_place is Game.apply_in_place:
        return game._apply

    def step(state: Any, seat: int, action: Action) -> list:
        return game.apply_in_place(state, seat, action, check=False, log=False)
    return step


def random_picker(game: Game) -> Callable[..., Action] | None:
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


def play_randomly(game: Game, state: GameState, randbelow: Callable[[int], int],
                  limit: int = ROLLOUT_LIMIT) -> None:
    """The generic rollout of ``game`` from ``state`` (what ``Game.finish_randomly`` does
    unless the game overrides it): :func:`finish_randomly` over the game's ``to_move``,
    ``legal_actions``, quiet step and ``random_action``."""
    finish_randomly(game.to_move, game.legal_actions, quiet_step(game), state, randbelow,
                    limit, random_picker(game))
