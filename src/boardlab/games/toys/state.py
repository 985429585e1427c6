"""The state of one game of toys (all fields plain data; copy is cheap)."""

from __future__ import annotations

import copy
import random
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from boardlab.engine.protocol import Event
from boardlab.engine.rng import copy_rng

from .config import Readings, ToysConfig


@dataclass
class ToysState:
    cfg: ToysConfig
    nums: dict[str, Any]
    rng: random.Random
    log: list[Event] = field(default_factory=list)
    night: int = 0
    moment: int = 0
    phase: str = "setup"  # move | noise | peek | react | react2 | over
    roles: list[str | None] = field(default_factory=list)
    pos: list[str] = field(default_factory=list)
    frozen: list[bool] = field(default_factory=list)
    andy: int | None = None  # 9.4: the seat playing Andy this night
    screws: list[int] = field(default_factory=list)
    companions: list[list[dict[str, Any]]] = field(default_factory=list)
    freezes: list[int] = field(default_factory=list)  # best-freeze bonuses received
    item: list[str | None] = field(default_factory=list)  # item held this night
    item_used: list[bool] = field(default_factory=list)
    ability_used: list[bool] = field(default_factory=list)  # role once-a-night
    clock_on: list[bool] = field(default_factory=list)
    task_deck: list[str] = field(default_factory=list)
    roll_deck: list[str] = field(default_factory=list)
    item_deck: list[str] = field(default_factory=list)
    item_discard: list[str] = field(default_factory=list)
    companion_pool: list[str] = field(default_factory=list)
    task_card: str | None = None
    roll_card: str | None = None
    task_cells: list[str] = field(default_factory=list)
    sight: list[str] = field(default_factory=list)
    markers: dict[str, str] = field(default_factory=dict)  # cell -> companion
    progress: int = 0
    need: int = 0
    exposure: int = 0
    waiting: list[int] = field(default_factory=list)  # seats of the open window
    pending: dict[int, dict[str, Any]] = field(default_factory=dict)  # buffered choices
    cards: dict[int, dict[str, Any]] = field(default_factory=dict)  # placed noise cards
    revealed: bool = False
    peeks: dict[int, int] = field(default_factory=dict)
    guess: bool | None = None
    muffs: int = 0
    moved_extra: dict[int, list[str]] = field(default_factory=dict)
    plan_nights: list[dict[str, Any]] = field(default_factory=list)
    plan_items: list[list[str | None]] = field(default_factory=list)
    night_exposure: list[int] = field(default_factory=list)
    night_screws: list[list[int]] = field(default_factory=list)
    # per moment resolved, each seat's screws from its own noise card (None: frozen, Andy)
    moment_output: list[list[int | None]] = field(default_factory=list)
    night_frozen: list[list[bool]] = field(default_factory=list)  # 🧊 at each night end
    tasks_done: list[bool] = field(default_factory=list)
    last: dict[str, Any] = field(default_factory=dict)  # last moment's resolution
    over: bool = False
    ending: str = ""  # dawn | andy_woke
    dawn: bool = False
    dawn_bonus: list[int] = field(default_factory=list)
    woke_penalty: list[int] = field(default_factory=list)
    guesses_right: list[int] = field(default_factory=list)
    # The config's two one-at-a-time readings, as plain flags (read at every decision;
    # ``setup`` sets them from ``cfg`` and they never change).
    in_turn: bool = False  # cfg.move_order == "in_turn"
    cascade: bool = False  # cfg.react_order == "cascade"
    opt: Readings | None = None  # the config's other readings (``setup`` sets it)

    def copy(self, rng: random.Random | None = None) -> ToysState:
        """An independent copy without ``deepcopy``: containers are copied as deep as the
        rules mutate them (cards' entries are changed in place; events, companions' entries
        and stored choices never are). ``rng`` replaces the generator (``determinize``
        draws a fresh one) instead of copying ours."""
        new = object.__new__(ToysState)
        d = self.__dict__.copy()
        for name in _FLAT_LISTS:
            d[name] = d[name][:]
        for name in _FLAT_DICTS:
            d[name] = d[name].copy()
        d["companions"] = [h[:] for h in self.companions]
        d["cards"] = {s: c.copy() for s, c in self.cards.items()}
        d["moved_extra"] = {s: list(v) for s, v in self.moved_extra.items()}
        d["night_screws"] = [list(x) for x in self.night_screws]
        for name in _UNLISTED:  # a field added later and not sorted in below: be safe
            d[name] = copy.deepcopy(d[name])
        d["rng"] = copy_rng(self.rng) if rng is None else rng
        new.__dict__ = d
        return new


# Fields holding lists or dicts of immutable values (a one-level copy is a full copy).
_FLAT_LISTS = (
    "log", "roles", "pos", "frozen", "screws", "freezes", "item", "item_used",
    "ability_used", "clock_on", "task_deck", "roll_deck", "item_deck", "item_discard",
    "companion_pool", "task_cells", "sight", "waiting", "plan_nights", "plan_items",
    "night_exposure", "tasks_done", "dawn_bonus", "woke_penalty", "guesses_right",
    "moment_output", "night_frozen",  # their entries are appended whole, never changed
)
_FLAT_DICTS = ("nums", "markers", "pending", "peeks", "last")
_SCALARS = ("cfg", "rng", "night", "moment", "phase", "andy", "task_card", "roll_card",
            "progress", "need", "exposure", "revealed", "guess", "muffs", "over", "ending",
            "dawn", "in_turn", "cascade", "opt")
_UNLISTED = tuple(
    f.name for f in fields(ToysState)
    if f.name not in {*_FLAT_LISTS, *_FLAT_DICTS, *_SCALARS,
                      "companions", "cards", "moved_extra", "night_screws"})


# ``new_state``'s recipe, read from the dataclass: every field in order (a plain default,
# or None where the value is given or made fresh), and those whose default is a fresh
# empty list or dict.
_TEMPLATE = {f.name: (f.default if f.default is not MISSING else None) for f in fields(ToysState)}
_LISTS = tuple(f.name for f in fields(ToysState) if f.default_factory is list)
_DICTS = tuple(f.name for f in fields(ToysState) if f.default_factory is dict)
_RECIPE_COVERS_ALL = all(
    f.default is not MISSING or f.default_factory in (list, dict)
    or f.name in ("cfg", "nums", "rng") for f in fields(ToysState))


def new_state(cfg: ToysConfig, nums: dict[str, Any], rng: random.Random,
              in_turn: bool, cascade: bool, opt: Readings) -> ToysState:
    """``ToysState(cfg=..., nums=..., rng=..., in_turn=..., cascade=..., opt=...)`` without the
    dataclass's ``__init__`` (once per game; ~60 keyword defaults cost more than one dict
    copy). Equal field by field, in the same order (``tests/toys/test_fastpaths.py``); a
    field with any other kind of default makes it the plain constructor."""
    if not _RECIPE_COVERS_ALL:
        return ToysState(cfg=cfg, nums=nums, rng=rng, in_turn=in_turn, cascade=cascade,
                         opt=opt)
    d = _TEMPLATE.copy()
    for name in _LISTS:
        d[name] = []
    for name in _DICTS:
        d[name] = {}
    d["cfg"], d["nums"], d["rng"], d["in_turn"], d["cascade"] = cfg, nums, rng, in_turn, cascade
    d["opt"] = opt
    st = object.__new__(ToysState)
    st.__dict__ = d
    return st
