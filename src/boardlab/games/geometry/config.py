"""Options of geometry: player count and the sweepable rule numbers (rulebook defaults)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardlab.engine.protocol import GameConfig


class GeometryConfig(GameConfig):
    players: int = Field(4, description="2-5 players")
    doors: int = Field(5, ge=3, le=9, description="doors = cards per player (1 shape + X)")
    score_reveals: int = Field(3, ge=1, le=8, description="revealed cards that score a point")
    win_points: int = Field(2, ge=1, le=5, description="flipped score markers that end the game")
    penalties_out: int = Field(3, ge=1, le=5, description="flipped penalty markers: out")
    max_open_for_reopen: int = Field(
        3, ge=1, le=8, description="action 3 is refused with this many doors open")
    first_leader: Literal["seat0", "random"] = Field(
        "seat0", description="the start player 'chosen as all agree': seat 0 or at random (R1)")
