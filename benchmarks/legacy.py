"""The engine's decision path as it was before issue 9, kept only to be measured against.

Same games, same bots; what differs is the engine: legality checked by the canonical JSON
of every candidate, the view (with the whole log converted again) built eagerly at every
decision, ``to_move`` and ``legal_actions`` asked again inside the check. The benchmark
runs it in the same process, interleaved with the current path, so the ratio between the
two is today's gain on this machine whatever else it is doing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from boardlab.bots.base import DecisionContext
from boardlab.engine.errors import IllegalAction
from boardlab.engine.protocol import Game, canonical
from boardlab.engine.rng import make_rng


def legacy_check_action(self: Game, state: Any, seat: int, action: Any) -> Any:
    """``Game.check_action`` before issue 9 (verbatim but for the error messages)."""
    if self.is_over(state):
        raise IllegalAction("the game is over; no more choices are accepted")
    if not isinstance(seat, int) or not 0 <= seat < self.players(state):
        raise IllegalAction(f"there is no seat {seat!r} in this game")
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a JSON object")
    if seat not in self.to_move(state):
        raise IllegalAction(f"seat {seat} has nothing to decide now")
    legal = self.legal_actions(state, seat)
    key = canonical(action)
    for candidate in legal:
        if canonical(candidate) == key:
            return candidate
    raise IllegalAction(f"{key} is not legal now")


@contextmanager
def legacy_checks() -> Iterator[None]:
    """Games' ``check_action`` overrides call ``super()``: they get the old one too."""
    current = Game.check_action
    Game.check_action = legacy_check_action  # type: ignore[method-assign]
    try:
        yield
    finally:
        Game.check_action = current  # type: ignore[method-assign]


def legacy_play(game: Game, config: Any, seed: int, bots: Sequence[Any]) -> int:
    """``play_match`` before issue 9 (without the record); returns the decisions made."""
    cfg = game.make_config(config)
    state = game.setup(cfg, seed, None)
    rngs = [make_rng(seed, "bot", i) for i in range(cfg.players)]
    steps = 0
    with legacy_checks():
        while True:
            seats = game.to_move(state)
            if not seats:
                return steps
            seat = seats[0]
            ctx = DecisionContext(game, seat, game.view(state, seat),
                                  game.legal_actions(state, seat), rngs[seat],
                                  lambda r, s=seat: game.determinize(state, s, r))
            action = bots[seat].choose(ctx)
            game.apply_in_place(state, seat, action, check=True)
            steps += 1
