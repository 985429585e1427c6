"""Options of burgle: the Bank job, with the editions' differences as switches."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardlab.engine.protocol import GameConfig


class BurgleConfig(GameConfig):
    players: int = Field(2, description="1-4 players")
    walls: Literal["default", "random"] = Field(
        "default", description="the supplement's Bank job walls, or the advanced random ones")
    loot: Literal["full", "simple"] = Field(
        "full", description="full: a tool and a loot per safe; simple: only a tool (R5)")
    sides: Literal["choose", "basic", "advanced"] = Field(
        "choose", description="which character sides seats may pick")
    events: Literal["first", "later"] = Field(
        "first", description="later printings: Change of Plans, Crash! and Throw Voice only "
        "on floors with no alarm (R8)")
    alarm_ties: Literal["choose", "reading"] = Field(
        "choose", description="two alarms (or, for Squeak!, players) equally near the guard: "
        "the team chooses which he goes to first (rulebook), or the first in reading order "
        "(R9, R44)")
    walkway_down_enters: bool = Field(
        False, description="whether going down a revealed walkway counts as entering (R4)")
    patrol_removed: Literal["by_players", "none"] = Field(
        "by_players", description="patrol cards removed face down: 9/6/3/0 by players (R6)")
    trades: Literal["no_return", "free"] = Field(
        "no_return", description="within a turn an item never goes back to a holder it left "
        "(R36: ends give-and-take loops), or trades are wholly free")
    brown_out: Literal["drawer_floor", "all_floors"] = Field(
        "drawer_floor", description="Brown Out removes the alarms of the drawer's floor (each "
        "guard patrols his own floor), or of every floor, each guard discarding a patrol card "
        "per alarm gone from his floor (R28)")
    tiara_sight: Literal["guard_moves", "holder_moves", "both"] = Field(
        "guard_moves", description="when a guard next door sees the Tiara's holder: on every "
        "step of the guard's walk, when the holder enters (or is placed on) a tile next to "
        "the guard, or both (R20)")
    caught_by_sight: bool = Field(
        True, description="a Foyer, Atrium or Tiara sighting at 0 stealth catches you "
        "(supplement), or only meeting the guard on a tile does (zh book) (R21)")
    turn_limit: int = Field(
        400, ge=10, le=5000, description="turns before the night ends in a loss (R12)")
