"""The state of one game of burgle: plain lists, dicts and sets so copy() stays cheap.

Positions are integers ``floor * 16 + cell`` (cell = row * 4 + column, floor 0 = ground);
a player not yet in the building has ``pos == -1``, one on the roof ``pos == -2``.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, fields
from typing import Any

from boardlab.engine.protocol import Event, GameState
from boardlab.games.burgle.config import BurgleConfig

OUTSIDE = -1
ROOF = -2


@dataclass
class BurgleState(GameState):
    cfg: BurgleConfig
    rng: random.Random
    floors: int = 3
    phase: str = "character"  # character | entrance | actions | choice | over
    tiles: list[str] = field(default_factory=list)  # "kind:number" per position
    revealed: list[bool] = field(default_factory=list)
    walls: list[frozenset] = field(default_factory=list)  # per floor: {(a, b)} cells a < b
    alarms: list[int] = field(default_factory=list)  # positions, sorted
    guards: list[dict[str, Any]] = field(default_factory=list)
    players: list[dict[str, Any]] = field(default_factory=list)
    offers: list[list[str]] = field(default_factory=list)
    entrance: int = -1
    seat: int = 0  # whose turn (or choice)
    turn: int = 0
    used: int = 0  # actions used this turn
    max_actions: int = 4
    paced: int = 0  # actions spent pacing straight back (they do not count against events)
    came_from: int = -1  # the tile the last move of this turn left
    pending: dict[str, Any] | None = None
    safe_dice: list[int] = field(default_factory=list)
    safe_open: list[bool] = field(default_factory=list)
    cracked: list[int] = field(default_factory=list)  # positions with a cracked token
    hacks: dict[str, int] = field(default_factory=dict)
    lavatory: dict[int, int] = field(default_factory=dict)  # pos -> stealth tokens
    smoke: dict[int, int] = field(default_factory=dict)
    keypads_open: list[int] = field(default_factory=list)
    keypad_tries: dict[int, int] = field(default_factory=dict)  # this turn
    labs_taken: list[int] = field(default_factory=list)
    disabled: list[int] = field(default_factory=list)  # crowbarred tiles
    links: list[list[int]] = field(default_factory=list)  # [lower, upper] stair connections
    items: dict[int, list[str]] = field(default_factory=dict)  # tools/loot left on tiles
    crow: int = -1
    effects: dict[str, int] = field(default_factory=dict)  # effect -> seat it lasts for
    entered: list[int] = field(default_factory=list)  # tiles the mover entered this turn
    once: list[str] = field(default_factory=list)  # once-a-turn abilities used
    left: list[str] = field(default_factory=list)  # "item@holder" an item left this turn (R36)
    guard_mod: int = 0  # espresso / daydreaming this turn
    last_roll: int = -1  # floor of the safe just rolled (stethoscope)
    event_deck: list[str] = field(default_factory=list)  # top = last
    event_discard: list[str] = field(default_factory=list)
    event_known: int = 0  # how many top events the team has seen
    tool_deck: list[str] = field(default_factory=list)
    loot_deck: list[str] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    won: bool | None = None
    reason: dict[str, str] = field(default_factory=dict)
    log: list[Event] = field(default_factory=list)

    def copy(self, rng: random.Random | None = None) -> BurgleState:
        """A copy sharing nothing mutable (shallow copies of the plain containers: the
        hot path of simulations and search). ``rng``, if given, becomes the copy's generator
        instead of a copy of ours (as :meth:`GameState.copy`; ``determinize`` passes one)."""
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        kw: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("rng", "cfg", "log"):
                continue
            v = getattr(self, f.name)
            if f.name in ("guards", "players"):
                v = [{k: list(x) if isinstance(x, list) else x for k, x in d.items()} for d in v]
            elif f.name in ("links", "offers"):
                v = [list(x) for x in v]
            elif f.name == "items":
                v = {k: list(x) for k, x in v.items()}
            elif isinstance(v, list | dict):
                v = copy.copy(v)  # lists/dicts of numbers, strings and frozensets
            kw[f.name] = v
        return BurgleState(cfg=self.cfg, rng=rng, log=list(self.log), **kw)

    @property
    def n(self) -> int:
        return len(self.players)
