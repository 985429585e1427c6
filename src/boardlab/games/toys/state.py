"""The state of one game of toys (all fields plain data; copy is cheap)."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.protocol import Event

from .config import ToysConfig


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
    tasks_done: list[bool] = field(default_factory=list)
    last: dict[str, Any] = field(default_factory=dict)  # last moment's resolution
    over: bool = False
    ending: str = ""  # dawn | andy_woke
    dawn: bool = False
    dawn_bonus: list[int] = field(default_factory=list)
    woke_penalty: list[int] = field(default_factory=list)
    guesses_right: list[int] = field(default_factory=list)

    def copy(self) -> ToysState:
        new = copy.copy(self)
        for name, value in vars(self).items():
            if name in ("cfg", "rng", "log"):
                continue
            if isinstance(value, list | dict):
                setattr(new, name, copy.deepcopy(value))
        new.log = list(self.log)  # events are immutable
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new
