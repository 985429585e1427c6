"""Options of cat: player count, roles, variants A-F and the sweepable rule numbers.

The rulebook's numbers are the defaults; ``effective_*`` apply the variants on top.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardlab.engine.protocol import GameConfig


class CatConfig(GameConfig):
    players: int = Field(4, description="3-5 players (4 is best)")
    roles: bool = Field(False, description="deal one role card per seat (§5.5)")
    variant_a: bool = Field(False, description="A: 3-player balance - no Conrad role")
    variant_b: bool = Field(False, description="B: 5-player speed-up - one station fewer")
    variant_c: bool = Field(False, description="C: hard mode - lower exposure line, earlier seal")
    variant_d: bool = Field(False, description="D: fully cooperative - the house pays together")
    variant_e: bool = Field(False, description="E: silent game - no table talk (chat off)")
    variant_f: bool = Field(False, description="F: the cat's machine clears every room once")
    exposure_line: int = Field(12, ge=1, le=200, description="a room exposes at this total")
    seal_station: int = Field(6, ge=1, le=30, description="no exposures from this station on")
    stations: int = Field(7, ge=1, le=29, description="stations (rounds) of mom's drive")
    hand_size: int = Field(5, ge=1, le=10, description="hand limit, refilled every round")
    machine_round: int = Field(4, ge=1, le=29, description="variant F: after this round")
    exposure_tie: Literal["all_pay", "split"] = Field(
        "all_pay", description="tied dirtiest at an exposure: each pays, or share the bill")
    fish_only_room: Literal["exposes", "no_exposure"] = Field(
        "exposes", description="a room at the line with no lane mess (all fish)")
    things_fish: Literal["floor", "ceil"] = Field(
        "floor", description="Things role: the fish pile gets floor or ceil of half")
    draw_mode: Literal["choose", "random"] = Field(
        "choose", description="draws: each seat picks the pile, or random piles (no decision)")
    sally_min_value: int = Field(1, ge=1, le=5, description="Sally: smallest card she may use")

    # ---- the rule numbers after variants ----------------------------------------------

    @property
    def effective_stations(self) -> int:
        return self.stations - (1 if self.variant_b else 0)

    @property
    def effective_seal(self) -> int:
        return self.seal_station - (1 if self.variant_b else 0) - (1 if self.variant_c else 0)

    @property
    def effective_line(self) -> int:
        return self.exposure_line - (2 if self.variant_c else 0)
