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


# ---- R40: an alarm removed by any means: the guard re-targets at once

def test_an_alarm_picked_up_sends_the_guard_to_the_nearest_one_left():
    s = game(characters=[["juicer", "advanced"]], patrol=[["A4", "D4", "D3"]],
             alarms=["1A1", "1D1"])
    assert GAME.facts(s)["dests"][0] == "1A1"
    facts = play(s, 0, {"type": "ability", "name": "pickup_alarm"})
    assert facts["dests"][0] == "1D1" and facts["alarms"] == ["1D1"]
    # the last one picked up: a new patrol card (A4 and D4 were drawn at his appearance)
    s = game(characters=[["juicer", "advanced"]], patrol=[["A4", "D4", "D3"]],
             alarms=["1A1"])
    facts = play(s, 0, {"type": "ability", "name": "pickup_alarm"})
    assert facts["alarms"] == [] and facts["dests"][0] == "1D3"


def test_an_alarm_tie_left_by_a_pickup_is_asked():
    s = game(characters=[["juicer", "advanced"]], patrol=[["B2", "D4", "D3"]],
             alarms=["1A1", "1C1", "1A3"])
    # B2: A1, C1 and A3 all 2 away; A1 (reading order) first until asked
    facts = play(s, 0, {"type": "ability", "name": "pickup_alarm"})
    assert facts["pending"] == "alarm_tie" and facts["alarms"] == ["1C1", "1A3"]
    assert {o["at"] for o in s.pending["options"]} == {"1C1", "1A3"}


def test_squeak_clearing_the_last_alarm_draws_a_patrol_card():
    s = game(patrol=[["B2", "C2"]], guards=[{"at": "1A4", "dest": "1D4"}], alarms=["1A3"])
    assert GAME.facts(s)["dests"][0] == "1D4"  # (heading elsewhere, as after Crash!)
    GAME._resolve_event(s, "squeak")  # one step toward the player on A1: onto A3
    facts = GAME.facts(s)
    assert facts["guards"][0] == "1A3" and facts["alarms"] == []
    assert facts["dests"][0] == "1B2" and facts["patrol"][0]["discard"][-1] == "B2"


# ---- R41: the next / previous player is the next one still playing

@pytest.mark.parametrize("roof, seat, after, before", [
    ([], 0, 1, 3), ([1], 0, 2, 3), ([1, 2], 0, 3, 3), ([3], 0, 1, 2), ([0, 1, 3], 2, 2, 2),
])
def test_the_next_and_previous_players_are_those_still_playing(roof, seat, after, before):
    s = game(players=4, positions=["roof" if i in roof else None for i in range(4)])
    assert GAME._playing_after(s, seat, 1) == after
    assert GAME._playing_after(s, seat, -1) == before


@pytest.mark.parametrize("card", ["jump_the_gun", "heads_up"])
def test_no_effect_is_left_on_an_escaped_seat(card):
    s = game(players=3, positions=[None, "roof", None], events=[card])
    GAME.apply_in_place(s, 0, {"type": "end"})
    assert "jump_the_gun" not in s.effects and "heads_up" not in s.effects
    assert s.seat == (0 if card == "jump_the_gun" else 2)


# ---- R42: the advanced Acrobat's climb enters the tile normally and pays its extra cost

@pytest.mark.parametrize("tile, skates, where, used, alarms", [
    ("deadbolt:1", False, "1A1", 4, []),     # 3 + 2 > 4: she stays below
    ("deadbolt:1", True, "2A1", 6, []),      # 3 + 2 of 6
    ("laser:1", False, "2A1", 4, ["2A1"]),   # after a peek: nothing left for its 2nd: alarm
    ("fingerprint:4", False, "2A1", 4, ["2A1"]),
])
def test_the_climb_pays_the_tiles_entry_cost(tile, skates, where, used, alarms):
    s = game(characters=[["acrobat", "advanced"]], tiles=board(f2A1=tile), revealed=["2A1"],
             hands=[{"tools": ["rollerskates"]}], patrol=[["D4", "D3"], ["D4", "D3"]])
    if skates:
        play(s, 0, {"type": "tool", "tool": "rollerskates"})
    if tile == "laser:1":  # one action gone first: 3 left, the Laser's 2nd cannot be paid
        play(s, 0, {"type": "peek", "at": "1B1"})
    facts = play(s, 0, {"type": "ability", "name": "climb", "to": "2A1"})
    assert facts["positions"] == [where] and facts["used"] == used
    assert facts["alarms"] == alarms


def test_the_climb_onto_a_laser_with_an_action_to_spare_pays_it():
    s = game(characters=[["acrobat", "advanced"]], tiles=board(f2A1="laser:1"),
             revealed=["2A1"], hands=[{"tools": ["rollerskates"]}],
             patrol=[["D4", "D3"], ["D4", "D3"]])
    play(s, 0, {"type": "tool", "tool": "rollerskates"})  # 6: 3 to climb, 1 for the laser
    play(s, 0, {"type": "peek", "at": "1B1"})
    before = s.used
    GAME._use_ability(s, 0, {"type": "ability", "name": "climb", "to": "2A1"})
    assert s.used == s.max_actions and before == 1 and s.alarms == []


# ---- R43: a Laser costs the same whoever enters it with the Hacker's help

@pytest.mark.parametrize("hacker_on, mover, used", [
    ("1A1", 1, 1),      # the Hacker himself: 1 action
    ("1B1", 0, 1),      # a partner onto the Laser he stands on: 1 action too
    ("1A2", 0, 2),      # the Hacker elsewhere: the Laser's 2 actions
])
def test_a_laser_costs_the_same_with_the_hackers_help(hacker_on, mover, used):
    s = game(players=2, characters=[["hawk", "basic"], ["hacker", "basic"]],
             tiles=board(f1B1="laser:1"), revealed=["1B1"], positions=[None, hacker_on],
             events=["lampshade"])
    if mover == 1:
        play(s, 0, {"type": "end"})
    assert s.seat == mover
    facts = play(s, mover, {"type": "move", "to": "1B1"})
    assert facts["used"] == used and facts["alarms"] == []


# ---- R44: Squeak! toward players equally near is the team's choice

@pytest.mark.parametrize("others, asked", [
    (["1C2"], ["1A2", "1C2"]),          # A2 and C2: his steps differ
    (["1A2"], None),                    # the same tile: nothing to choose
    (["1B3"], ["1A2", "1B3"]),
    (["1D2"], None),                    # D2 is 2 away: A2 is nearer
    (["1A1"], None),                    # A1 is 2 away too
])
def test_squeak_asks_only_between_different_steps(others, asked):
    s = game(players=2, characters=[["hawk", "basic"], ["rook", "basic"]], entrance="1A2",
             positions=[None, *others], guards=[{"at": "1B2", "dest": "1D4"}])
    GAME._resolve_event(s, "squeak")
    if asked is None:
        assert s.pending is None and s.guards[0]["pos"] == 4  # one step: onto A2
    else:
        assert s.pending["kind"] == "squeak"
        assert [o["at"] for o in s.pending["options"]] == asked



# ---- R47: Motion counts the current player's own entry and exit within his turn

def test_a_partner_pushed_off_a_motion_tile_the_rook_entered_sets_nothing_off():
    s = game(players=2, characters=[["rook", "basic"], ["hawk", "basic"]],
             tiles=board(f1B1="motion:1"), revealed=["1B1", "1C1"], positions=[None, "1B1"])
    play(s, 0, {"type": "move", "to": "1B1"})  # the Rook enters it this turn
    facts = play(s, 0, {"type": "ability", "name": "nudge", "seat": 1, "to": "1C1"})
    assert facts["positions"] == ["1B1", "1C1"] and facts["alarms"] == []
    facts = play(s, 0, {"type": "move", "to": "1A1"})  # and leaves it: his own alarm
    assert facts["alarms"] == ["1B1"]


# ---- R48: the Invisible Suit hides its wearer from cameras while it lasts

@pytest.mark.parametrize("suit", [True, False])
def test_a_guard_put_on_a_camera_by_an_event_sees_nobody_in_the_suit(suit):
    s = game(tiles=board(f1B1="camera:1", f1D3="camera:2"), revealed=["1B1", "1D3"],
             positions=["1B1"], hands=[{"tools": ["invisible_suit"]}],
             patrol=[["C3", "C2"]], guards=[{"at": "1A4", "dest": "1D3"}])
    if suit:
        play(s, 0, {"type": "tool", "tool": "invisible_suit"})
    GAME._resolve_event(s, "where_is_he")
    assert GAME.facts(s)["alarms"] == ([] if suit else ["1B1"])
