"""Issue 22's clauses (docs/rulings/burgle.md R39-R45), checked beyond their scenarios:
every kind of tile, ability and event each clause reaches."""

from __future__ import annotations

import pytest

from boardlab.games.burgle import GAME

from .make_scenarios import board

OPEN = [[], [], []]


def game(players: int = 1, characters=None, **ov):
    setup = {"characters": characters or [["hawk", "basic"]] * players, "tiles": board(),
             "walls": OPEN, "entrance": "1A1", "patrol": [["D4", "D3", "D4", "D3"]], **ov}
    return GAME.setup(GAME.make_config({"players": players}), 1, setup)


def play(s, seat, action):
    GAME.apply_in_place(s, seat, action)
    return GAME.facts(s)


# ---- R39: a guard on the entered tile stops its alarm and nothing else

@pytest.mark.parametrize("tile, hand", [
    ("laser:1", {}), ("fingerprint:4", {}), ("detector:4", {"tools": ["crowbar"]}),
    ("thermo:1", {"loot": ["isotope"]}), ("camera:1", {}), ("lab:3", {}),
])
def test_a_guard_on_the_tile_stops_only_its_alarm(tile, hand):
    kwargs = {"tiles": board(f1B1=tile), "revealed": ["1B1"], "hands": [hand]}
    if tile.startswith("camera"):  # a guard on another camera would see the entrant
        kwargs.update(tiles=board(f1B1=tile, f1C3="camera:2"), revealed=["1B1", "1C3"])
    alone = game(**kwargs, guards=[{"at": "1C3", "dest": "1D3"}])
    watched = game(**kwargs, guards=[{"at": "1B1", "dest": "1D4"}])
    before = len(watched.tool_deck)
    free = play(alone, 0, {"type": "move", "to": "1B1"})
    seen = play(watched, 0, {"type": "move", "to": "1B1"})
    assert seen["alarms"] == [] and seen["stealth"] == [2]
    assert (free["alarms"] == ["1B1"]) == (tile != "laser:1" and not tile.startswith("lab"))
    if tile.startswith("lab"):  # the lab's tool is drawn with or without him
        assert seen["labs_taken"] == free["labs_taken"] == ["1B1"]
        assert len(watched.tool_deck) == before - 1 and len(seen["tools"][0]) == 1
    if tile.startswith("laser"):  # its second action only keeps the alarm quiet (R16)
        assert free["used"] == 2 and seen["used"] == 1
