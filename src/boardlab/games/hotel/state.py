"""The state of one game of hotel: plain lists/dicts so copy() stays cheap."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, fields

from boardlab.engine.protocol import Event, GameState
from boardlab.engine.rng import copy_rng
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
    foresight: dict[int, int] = field(default_factory=dict)  # pending reorders: how many
    known_top: list[int] = field(default_factory=list)  # deck cards each seat knows (top)
    peeked: list[list[int]] = field(default_factory=list)  # hands each seat has seen
    salvage_done: bool = False
    unsold: int = 0
    completed: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)

    def copy(self, rng: random.Random | None = None) -> HotelState:
        """An independent copy without ``deepcopy``: containers copied as deep as the
        rules mutate them (wall entries and per-seat lists are changed in place). ``rng``
        replaces the generator instead of copying ours."""
        new = object.__new__(HotelState)
        d = self.__dict__.copy()
        for name in _FLAT:
            d[name] = d[name].copy()
        for name in _NESTED_LISTS:
            d[name] = [x.copy() for x in d[name]]
        for name in _NESTED_DICTS:
            d[name] = {k: v.copy() for k, v in d[name].items()}
        for name in _UNLISTED:  # a field added later and not sorted in below: be safe
            d[name] = copy.deepcopy(d[name])
        d["rng"] = copy_rng(self.rng) if rng is None else rng
        new.__dict__ = d
        return new

    @property
    def n(self) -> int:
        return len(self.gold)


# Lists/dicts of immutable values, or of entries the rules replace but never change.
_FLAT = ("log", "gold", "rep", "wounds", "checkins", "roles", "intel_deck", "intel_discard",
         "com_deck", "event_deck", "event_discard", "owners", "queue", "succeeded",
         "resting", "hospital_next", "swapped", "foresight", "known_top", "completed",
         "failed")
_NESTED_LISTS = ("hands", "played", "intel", "wall", "completions", "peeked")
_NESTED_DICTS = ("bids", "revealed")
_SCALARS = ("cfg", "rng", "night", "phase", "event", "vault", "charon_used", "sofia_used",
            "salvage_done", "unsold")
_UNLISTED = tuple(f.name for f in fields(HotelState)
                  if f.name not in {*_FLAT, *_NESTED_LISTS, *_NESTED_DICTS, *_SCALARS})
