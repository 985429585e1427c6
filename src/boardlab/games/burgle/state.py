"""The state of one game of burgle: plain lists, dicts and sets so copy() stays cheap.

Positions are integers ``floor * 16 + cell`` (cell = row * 4 + column, floor 0 = ground);
a player not yet in the building has ``pos == -1``, one on the roof ``pos == -2``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.protocol import Event, GameState
from boardlab.engine.rng import copy_rng
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
        instead of a copy of ours (as :meth:`GameState.copy`; ``determinize`` passes one).

        Every container is copied as deep as the rules change it: the guards' and
        players' dicts and the lists in them, the [lower, upper] links and offers, the
        lists of items per tile, and every other list or dict one level (they hold
        numbers, strings, frozensets, or values the rules replace rather than change).
        ``cfg`` is shared (immutable). ``tests/burgle/test_speed_caches.py`` checks that it
        equals a deep copy and shares no list or dict with the original."""
        new = _new_state(BurgleState)
        d = self.__dict__.copy()  # every field; the mutable ones are replaced below
        d["rng"] = copy_rng(self.rng) if rng is None else rng
        d["guards"] = [{k: x[:] if x.__class__ is list else x for k, x in g.items()}
                       for g in self.guards]
        d["players"] = [{k: x[:] if x.__class__ is list else x for k, x in pl.items()}
                        for pl in self.players]
        d["links"] = [x[:] for x in self.links]
        d["offers"] = [x[:] for x in self.offers]
        d["items"] = {k: x[:] for k, x in self.items.items()}
        for name in _FLAT_LISTS:
            d[name] = d[name][:]
        for name in _FLAT_DICTS:
            d[name] = d[name].copy()
        pending = self.pending
        if pending is not None:
            d["pending"] = pending.copy()
        new.__dict__ = d
        return new

    @property
    def n(self) -> int:
        return len(self.players)


_new_state = object.__new__
# The one-level containers of BurgleState (copied by copy(); the nested ones have their
# own lines there). A new list or dict field must be named here or in copy().
_FLAT_LISTS = ("tiles", "revealed", "walls", "alarms", "safe_dice", "safe_open", "cracked",
               "keypads_open", "labs_taken", "disabled", "entered", "once", "left",
               "event_deck", "event_discard", "tool_deck", "loot_deck", "log")
_FLAT_DICTS = ("hacks", "lavatory", "smoke", "keypad_tries", "effects", "stats", "reason")


def fresh_state(cfg: BurgleConfig, rng: random.Random) -> BurgleState:
    """``BurgleState(cfg=cfg, rng=rng)``, every other field at its default, made by
    plain attribute stores in field order: the dataclass's ``__init__`` calls a default
    factory per container and binds fifty keyword defaults, twice the cost, once per game.
    ``tests/burgle/test_fast_turns.py`` checks it equals the constructor's state (fields,
    order, fresh containers) and that every field of the dataclass is set here."""
    s = _new_state(BurgleState)
    s.cfg = cfg
    s.rng = rng
    s.floors = 3
    s.phase = "character"
    s.tiles = []
    s.revealed = []
    s.walls = []
    s.alarms = []
    s.guards = []
    s.players = []
    s.offers = []
    s.entrance = -1
    s.seat = 0
    s.turn = 0
    s.used = 0
    s.max_actions = 4
    s.paced = 0
    s.came_from = -1
    s.pending = None
    s.safe_dice = []
    s.safe_open = []
    s.cracked = []
    s.hacks = {}
    s.lavatory = {}
    s.smoke = {}
    s.keypads_open = []
    s.keypad_tries = {}
    s.labs_taken = []
    s.disabled = []
    s.links = []
    s.items = {}
    s.crow = -1
    s.effects = {}
    s.entered = []
    s.once = []
    s.left = []
    s.guard_mod = 0
    s.last_roll = -1
    s.event_deck = []
    s.event_discard = []
    s.event_known = 0
    s.tool_deck = []
    s.loot_deck = []
    s.stats = {}
    s.won = None
    s.reason = {}
    s.log = []
    return s
