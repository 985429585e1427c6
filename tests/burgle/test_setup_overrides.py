"""Every set-up override of burgle (docs/scenarios.md): it sets what it names, shows in the
facts and the views, and a malformed one is refused with the reason."""

from __future__ import annotations

import pytest

from boardlab.engine.errors import ConfigError
from boardlab.games.burgle import GAME

BASE = {"characters": [["juicer", "advanced"], ["hacker", "advanced"]], "entrance": "1A1",
        "patrol": [["D4", "D3"]]}


def make(**ov):
    return GAME.setup(GAME.make_config({"players": 2}), 1, {**BASE, **ov})


def test_board_pieces_are_placed():
    s = make(revealed=["1B1", "1C1", "1D2"], cracked=["1B1"], safe_dice=[2, 0, 1],
             alarms=["1C3"], items={"1B1": ["crowbar", "tiara"]}, keypads_open=["2A1"],
             labs_taken=["3B2"], disabled=["1C1"], links=[["2B2", "1B2"]],
             lavatory={"1D2": 1}, smoke={"1A1": 2}, crow="1A2",
             effects={"time_lock": 1}, hack_tokens=[0, 1], held_alarms=[True, False])
    facts = GAME.facts(s)
    assert facts["cracked"] == ["1B1"] and facts["safe_dice"] == [2, 0, 1]
    assert facts["alarms"] == ["1C3"] and facts["dests"][0] == "1C3"  # he heads for it
    assert facts["items"] == {"1B1": ["crowbar", "tiara"]}
    assert "crowbar" not in s.tool_deck and "tiara" not in s.loot_deck
    assert facts["keypads_open"] == ["2A1"] and facts["labs_taken"] == ["3B2"]
    assert facts["disabled"] == ["1C1"] and ["1B2", "2B2"] in facts["links"]
    assert facts["lavatory"] == {"1D2": 1} and facts["smoke"] == {"1A1": 2}
    assert facts["crow"] == "1A2" and facts["effects"] == {"time_lock": 1}
    assert facts["hack_token"] == [0, 1] and facts["held_alarm"] == [True, False]
    cell = GAME.view(s, 1)["floors"][0]["cells"][1]
    assert cell["cracked"] and cell["items"] == ["crowbar", "tiara"]


def test_patrol_discards_size_and_placed_guards():
    s = make(patrol=[["D4", "D3"]], patrol_discard=[["A1", "B1"]], patrol_size=[5, 16, 2],
             guards=[None, {"at": "2C3", "dest": "2A1"}])
    facts = GAME.facts(s)
    # floor 1: the guard appeared on D4 and heads for D3 (two cards from the 5 kept)
    assert facts["patrol"][0]["discard"] == ["A1", "B1", "D4", "D3"]
    assert facts["patrol"][0]["left"] == 3
    assert facts["patrol"][0]["removed"] == 16 - 2 - 5
    assert facts["patrol"][1] == {**facts["patrol"][1], "left": 16, "removed": 0}
    assert facts["patrol"][2]["left"] == 2 and facts["patrol"][2]["removed"] == 14
    assert facts["guards"][:2] == ["1D4", "2C3"] and facts["dests"][:2] == ["1D3", "2A1"]
    view = GAME.view(s, 0)["floors"][0]["patrol"]
    assert view["left"] == 3 and view["discard"] == ["A1", "B1", "D4", "D3"]
    assert "deck" not in view  # the order of the deck is the facts' alone


def test_donuts_event_discards_and_the_turn_counter():
    s = make(donuts=[True, False, False], event_discard=["crash", "espresso"], turn=7)
    facts = GAME.facts(s)
    assert s.guards[0]["donut"] and GAME.view(s, 0)["floors"][0]["guard"]["donut"]
    assert facts["event_discard"] == ["crash", "espresso"] and facts["events_left"] == 24
    assert "crash" not in s.event_deck and facts["turn"] == 7
    assert GAME.view(s, 1)["events"]["discard"] == ["crash", "espresso"]


def test_a_player_starting_on_the_roof_reveals_and_draws_nothing():
    plain = make()
    s = make(positions=["roof", None])
    # seat 1 plays first (seat 0 has escaped) and comes in at the entrance
    assert GAME.facts(s)["positions"] == ["roof", "1A1"] and s.seat == 1
    assert s.revealed == plain.revealed
    assert [g["pos"] for g in s.guards] == [g["pos"] for g in plain.guards]
    assert [g["deck"] for g in s.guards] == [g["deck"] for g in plain.guards]


@pytest.mark.parametrize("ov, message", [
    ({"cracked": ["1B1"]}, "face down"),
    ({"alarms": ["4A1"]}, "no floor 4"),
    ({"items": {"1A1": ["crowbar", "crowbar"]}}, "not left in its deck"),
    ({"links": [["1A1", "1B1"]]}, "not one above"),
    ({"effects": {"sunshine": 0}}, "one of"),
    ({"guards": [{"at": "1A1"}]}, "{at: cell, dest: cell}"),
    ({"patrol_size": [20]}, "cards out of the discard"),
    ({"patrol_discard": [["Z9"]]}, "not a cell"),
    ({"safe_dice": [7, 0, 0]}, "0-6"),
    ({"hack_tokens": [1, 1, 1]}, "one per seat"),
    ({"shiny": 1}, "unknown burgle setup keys: shiny"),
    ({"donuts": [False, True]}, "floor 2 has no guard"),
    ({"event_discard": ["crash", "crash"]}, "not in the event deck"),
    ({"turn": 400}, "turn limit"),
    ({"alarms": ["2B2"]}, "floor 2 has no guard"),
])
def test_malformed_overrides_are_refused(ov, message):
    with pytest.raises(ConfigError, match=message):
        make(**ov)
