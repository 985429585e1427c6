"""The state of one game of hotel: plain lists/dicts so copy() stays cheap."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, fields
from typing import Any

from boardlab.engine.protocol import Event, GameState
from boardlab.games.hotel.config import HotelConfig


@dataclass
class HotelState(GameState):
    cfg: HotelConfig
    rng: random.Random
    night: int = 1
    phase: str = "bid"  # bid | execute | salvage | over
    gold: list[int] = field(default_factory=list)
    rep: list[int] = field(default_factory=list)
    wounds: list[int] = field(default_factory=list)
    checkins: list[int] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    played: list[list[str]] = field(default_factory=list)  # public
    intel: list[list[str]] = field(default_factory=list)  # private
    intel_deck: list[str] = field(default_factory=list)  # top = last
    intel_discard: list[str] = field(default_factory=list)
    com_deck: list[dict] = field(default_factory=list)  # top = last
    wall: list[dict] = field(default_factory=list)
    event: str | None = None
    event_deck: list[str] = field(default_factory=list)  # top = last
    event_discard: list[str] = field(default_factory=list)
    vault: int = 0
    bids: dict[int, dict] = field(default_factory=dict)  # hidden until all are in
    revealed: dict[int, dict] = field(default_factory=dict)  # tonight's public choices
    owners: dict[int, int] = field(default_factory=dict)  # wall index -> winner
    queue: list[int] = field(default_factory=list)  # wall indices still to execute
    succeeded: list[int] = field(default_factory=list)  # seats that completed tonight
    completions: list[list[int]] = field(default_factory=list)  # [seat, d]
    resting: list[int] = field(default_factory=list)  # hospital: skip this night
    hospital_next: list[int] = field(default_factory=list)
    charon_used: bool = False
    sofia_used: bool = False
    swapped: list[int] = field(default_factory=list)  # broker night swaps done
    foresight: dict[int, list[dict]] = field(default_factory=dict)  # pending reorders
    known_top: list[int] = field(default_factory=list)  # deck cards each seat knows (top)
    peeked: list[list[int]] = field(default_factory=list)  # hands each seat has seen
    salvage_done: bool = False
    unsold: int = 0
    completed: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)

    def copy(self) -> HotelState:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        kw: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in ("rng", "cfg", "log"):
                continue
            kw[f.name] = copy.deepcopy(v) if isinstance(v, list | dict) else v
        return HotelState(cfg=self.cfg, rng=rng, log=list(self.log), **kw)

    @property
    def n(self) -> int:
        return len(self.gold)
