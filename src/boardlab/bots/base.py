"""What a bot is: something that picks one legal action from a seat's view.

A bot never receives the game state. It gets its seat's view, the seat's legal actions, its
own seeded generator and - for search bots - ``sample_world``, which returns a
*determinized* state (everything the seat cannot see re-dealt at random by the game).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from boardlab.engine.protocol import Action


@dataclass
class DecisionContext:
    game: Any  # Game
    seat: int
    view: dict[str, Any]
    legal: list[Action]
    rng: random.Random
    _sample_world: Callable[[random.Random], Any] | None = None

    def sample_world(self) -> Any:
        """A state consistent with this seat's view (hidden information re-dealt)."""
        if self._sample_world is None:
            raise RuntimeError("this decision offers no world sampling")
        return self._sample_world(self.rng)


class Bot(Protocol):
    name: str

    def choose(self, ctx: DecisionContext) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, ctx: DecisionContext) -> Action:
        return ctx.rng.choice(ctx.legal)
