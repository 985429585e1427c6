"""Options of hotel: player count, ambiguity switches and sweepable rule numbers."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardlab.engine.protocol import GameConfig


class HotelConfig(GameConfig):
    players: int = Field(4, description="3-6 players (4-5 best)")
    nights: int = Field(5, ge=1, le=7, description="nights in a game")
    start_gold: int = Field(8, ge=0, le=50)
    hand_size: int = Field(5, ge=1, le=9, description="technique cards dealt, never refilled")
    max_bid: int = Field(3, ge=0, le=10, description="bids are 0..max_bid")
    max_boost: int = Field(5, ge=0, le=10, description="gold spent for fire, 1 each")
    vault_cap: int = Field(15, ge=0, le=100, description="most check-ins takes min(vault, cap)")
    rep_points: int = Field(3, ge=0, le=10, description="points per reputation")
    wound_points: int = Field(2, ge=0, le=10, description="points lost per wound")
    hospital_at: int = Field(4, ge=2, le=10, description="this many wounds -> hospital")
    risk_failure: Literal["replace", "add"] = Field(
        "replace", description="ruling H6: a risk mark's failure penalty replaces or adds to "
        "the base 1 wound")
    cassian_discount: Literal["payment", "compare"] = Field(
        "payment", description="ruling H7: Cassian's -1 on risk bids changes what he pays, or "
        "also the bid compared")
    vault_tie: Literal["split", "none"] = Field(
        "split", description="ruling H8: tied most check-ins split the dividend, or nobody")
    bid_over_gold: Literal["forbid", "debt"] = Field(
        "forbid", description="ruling H28: a bid is at most the gold one holds, or any bid "
        "(paid into debt)")
    empty_hand: Literal["checkin_only", "may_bid"] = Field(
        "checkin_only", description="ruling H13: a seat with no technique card cannot bid "
        "(Sofia with her one-shot can), or may bid and then fails")
    last_intel: Literal["cash", "lost"] = Field(
        "cash", description="ruling H12: keys and medicine still held at the end are used at "
        "settlement, or are lost")
    salvage_from: Literal["tied", "unsold"] = Field(
        "tied", description="ruling H17: the Beggar salvages only a contract a tie left unsold "
        "(流拍 as the FAQ and the setup table use it), or any contract nobody won")
