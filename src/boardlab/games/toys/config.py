"""Options of toys: player count, rule parameters, open readings, variants §9.1-9.6."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from boardlab.engine.protocol import GameConfig

from .data import TABLE


class ToysConfig(GameConfig):
    players: int = 4
    # Sweepable numbers; None = the §5 table (and the variants' adjustments). The bounds keep
    # a game finite and within its decks (a long game runs the companion pool dry); the
    # rulebook's own numbers (T 5-8, M 13-22, cap 15-23 or 29 for 9.2, 4-5 nights) lie inside.
    threshold: int | None = Field(None, ge=1, le=30, description="T: noise threshold (1-30)")
    task_need: int | None = Field(None, ge=1, le=60, description="M: task need (1-60)")
    cap: int | None = Field(None, ge=1, le=60, description="exposure cap (1-60)")
    nights: int | None = Field(None, ge=1, le=8, description="nights in a game (1-8)")
    loud_card: bool | None = None  # 🔊(3); None = only with 3 players (§3.3)
    roles: bool = True
    items: bool = True
    # Readings the rulebook leaves open (docs/rulings/toys.md).
    move_order: Literal["simultaneous", "in_turn"] = "simultaneous"
    socks_pickup: bool = True  # 🧦 user may still take a companion (by card value)
    oil_on_quiet: bool = True  # 🧴 on 🤫 makes it a 1
    clock_stacks_with_dino: bool = True
    boosts_stack: bool = True  # 🐩/🤠 and 🧲 add up in one moment
    # 🥔 replays together with the others' post-reveal freezes (then one more freeze round),
    # or only after every freeze is final (nobody can react to the new card).
    potato_timing: Literal["with_freezes", "after_freezes"] = "with_freezes"
    # Post-reveal freezes (FAQ 10.4): all at once in secret, or one seat at a time in the
    # open, each freeze / 🎧 / 🥔 giving the others another turn ("后面的人都会跟着翻").
    react_order: Literal["simultaneous", "cascade"] = "simultaneous"
    tie_break: bool = False  # §6.4 chain: companions, then best freezes
    # Variants §9.
    deep_sleep: bool = False  # 9.1
    long_night: bool = False  # 9.2
    silent_night: bool = False  # 9.3 (no effect on rules; no chat)
    andy_stand_in: bool = False  # 9.4 (5-6 players)
    drifting_sight: bool = False  # 9.5
    coop: bool = False  # 9.6


def numbers(cfg: ToysConfig) -> dict[str, int | bool]:
    """T, M, cap, nights, the loud card, after variants and overrides."""
    row = TABLE[cfg.players]
    nights = cfg.nights if cfg.nights is not None else (5 if cfg.long_night else 4)
    cap = row.cap
    if cfg.long_night:
        cap = 5 * row.night_min + 3
    if cfg.deep_sleep:
        cap += 3
    if cfg.cap is not None:
        cap = cfg.cap
    return {
        "threshold": cfg.threshold if cfg.threshold is not None else row.threshold,
        "need": cfg.task_need if cfg.task_need is not None else row.need,
        "cap": cap,
        "nights": nights,
        "loud": cfg.loud_card if cfg.loud_card is not None else cfg.players == 3,
    }


@dataclass(frozen=True, slots=True)
class Readings:
    """The options the rules read during play, as plain slots: reading a pydantic config's
    attribute costs ~10x a slot's (its class defines ``__getattr__``, so Python cannot
    specialise the read), and a random game reads them ~200 times. One per config
    (``readings``); frozen, so every game of that config shares it."""

    players: int
    items: bool
    coop: bool
    boosts_stack: bool
    oil_on_quiet: bool
    socks_take: bool  # socks_pickup is not False
    clock_stacks_with_dino: bool
    potato_timing: str
    tie_break: bool
    deep_sleep: bool
    long_night: bool
    andy_stand_in: bool
    drifting_sight: bool


def readings(cfg: ToysConfig) -> Readings:
    return Readings(
        players=cfg.players, items=cfg.items, coop=cfg.coop, boosts_stack=cfg.boosts_stack,
        oil_on_quiet=cfg.oil_on_quiet, socks_take=cfg.socks_pickup is not False,
        clock_stacks_with_dino=cfg.clock_stacks_with_dino, potato_timing=cfg.potato_timing,
        tie_break=cfg.tie_break, deep_sleep=cfg.deep_sleep, long_night=cfg.long_night,
        andy_stand_in=cfg.andy_stand_in, drifting_sight=cfg.drifting_sight)
