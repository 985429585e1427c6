"""The state of one game of cat. Everything is plain lists/dicts so ``copy`` is cheap."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.protocol import Event, GameState
from boardlab.engine.rng import copy_rng
from boardlab.games.cat.config import CatConfig


@dataclass
class CatState(GameState):
    cfg: CatConfig
    rng: random.Random
    phase: str = "draw"  # "draw" (fill hands) | "play" (secret plays) | "over"
    station: int = 1  # the round being played = the car's station
    hands: list[list[str]] = field(default_factory=list)
    piles: dict[str, list[str]] = field(default_factory=dict)  # top card is the LAST item
    discard: list[str] = field(default_factory=list)  # played cards, face up
    lanes: dict[str, list[int]] = field(default_factory=dict)  # room -> mess per seat
    fish: dict[str, int] = field(default_factory=dict)  # room -> ownerless mess
    fun: list[int] = field(default_factory=list)  # the score track (exposures included)
    roles: list[str | None] = field(default_factory=list)
    role_uses: list[int] = field(default_factory=list)  # uses left
    cats_played: list[int] = field(default_factory=list)
    pending: dict[int, dict[str, Any]] = field(default_factory=dict)  # hidden until reveal
    exposures: list[dict[str, Any]] = field(default_factory=list)
    house_bill: int = 0  # variant D: what the house has paid together
    final: dict[str, Any] | None = None  # the settlement, once over
    log: list[Event] = field(default_factory=list)

    def copy(self, rng: random.Random | None = None) -> CatState:
        """An independent copy; ``rng`` replaces the generator instead of copying ours
        (``determinize`` draws a fresh one)."""
        return CatState(
            cfg=self.cfg, rng=copy_rng(self.rng) if rng is None else rng, phase=self.phase,
            station=self.station,
            hands=[list(h) for h in self.hands],
            piles={k: list(v) for k, v in self.piles.items()},
            discard=list(self.discard),
            lanes={k: list(v) for k, v in self.lanes.items()},
            fish=dict(self.fish), fun=list(self.fun), roles=list(self.roles),
            role_uses=list(self.role_uses), cats_played=list(self.cats_played),
            pending={k: dict(v) for k, v in self.pending.items()},
            exposures=list(self.exposures),  # entries are never mutated after creation
            house_bill=self.house_bill, final=self.final, log=list(self.log),
        )

    @property
    def n(self) -> int:
        return len(self.hands)

    def room_total(self, room: str) -> int:
        return sum(self.lanes[room]) + self.fish[room]

    def mess_held(self, seat: int) -> int:
        return sum(self.lanes[r][seat] for r in self.lanes)
