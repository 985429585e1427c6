"""Three clauses found open after issue 22 (docs/rulings/burgle.md R51-R53): the Persian
Kitty's tie between equally near alarms is the team's choice, the Foyer's sight (one step, no
wall, every step of the guard's walk, never at the entrance), and the guard's speed and
route preview with this turn's Espresso or Daydreaming."""

from __future__ import annotations

import pytest

from boardlab.games.burgle import GAME
from boardlab.games.burgle.render import render_terminal

from .make_scenarios import board

OPEN = [[], [], []]


def play(s, seat, action):
    GAME.apply_in_place(s, seat, action)
    return GAME.facts(s)


# ---- R51: the Persian Kitty between equally near alarms

def kitty_game(seed: int, ties: str = "choose", alarms=("2B1", "2A2")):
    """Seat 1 holds the Kitty on 2B2, next to the alarms on 2B1 and 2A2 (one step each, in
    different directions); seat 0 plays a turn on floor 1, so the floor-2 guard stays."""
    setup = {"characters": [["hawk", "basic"]] * 2, "tiles": board(), "walls": OPEN,
             "entrance": "1A1", "patrol": [["D4", "D3", "D4", "D3"]],
             "positions": [None, "2B2"], "hands": [{}, {"loot": ["persian_kitty"]}],
             "guards": [{"at": "1D4", "dest": "1D3"}, {"at": "2D4", "dest": "2D3"}],
             "alarms": list(alarms)}
    s = GAME.setup(GAME.make_config({"players": 2, "alarm_ties": ties}), seed, setup)
    for to in ("1B1", "1C1", "1D1"):
        play(s, 0, {"type": "move", "to": to})
    return s, play(s, 0, {"type": "end"})


def test_the_kitty_tie_is_asked_of_its_holder_and_runs_where_chosen():
    s, facts = kitty_game(0)  # seed 0: the holder's roll is a 1
    assert facts["last_roll"] == [1] and facts["seat"] == 1
    assert facts["pending"] == "kitty" and GAME.to_move(s) == [1]
    assert GAME.legal_actions(s, 0) == []
    assert GAME.legal_actions(s, 1) == [{"type": "choose", "at": "2B1"},
                                        {"type": "choose", "at": "2A2"}]
    assert GAME.view(s, 0)["pending"]["kind"] == "kitty"
    facts = play(s, 1, {"type": "choose", "at": "2A2"})  # not the first in reading order
    assert facts["items"] == {"2A2": ["persian_kitty"]} and facts["loot"] == [[], []]
    assert facts["phase"] == "actions" and facts["seat"] == 1


def test_the_reading_option_takes_the_first_in_reading_order_unasked():
    s, facts = kitty_game(0, ties="reading")
    assert facts["pending"] is None and facts["phase"] == "actions"
    assert facts["items"] == {"2B1": ["persian_kitty"]}


def test_no_choice_when_the_nearest_alarms_share_the_kittys_step():
    # one nearest alarm (2B1 one step away, 2C1 two): it runs there unasked
    s, facts = kitty_game(0, alarms=("2B1", "2C1"))
    assert facts["pending"] is None and facts["items"] == {"2B1": ["persian_kitty"]}
    # 2B4 and 2A3 both two away, and its first step toward either is 2B3: nothing to choose
    s, facts = kitty_game(0, alarms=("2B4", "2A3"))
    assert facts["pending"] is None and facts["items"] == {"2B3": ["persian_kitty"]}
    # 2A1 and 2C1 both two away, first steps 2A2 and 2B1: the holder chooses
    s, facts = kitty_game(0, alarms=("2A1", "2C1"))
    assert facts["pending"] == "kitty"
    assert [o["at"] for o in s.pending["options"]] == ["2A1", "2C1"]
    facts = play(s, 1, {"type": "choose", "at": "2A1"})
    assert facts["items"] == {"2A2": ["persian_kitty"]}


def test_a_kitty_roll_above_two_asks_nothing():
    s, facts = kitty_game(3)  # seed 3: a 6
    assert facts["last_roll"] == [6] and facts["pending"] is None
    assert facts["loot"][1] == ["persian_kitty"] and facts["items"] == {}


# ---- R52: the Foyer's sight

def foyer_game(walls=OPEN, entrance="1A1", players=1, **ov):
    setup = {"characters": [["hawk", "basic"]] * players, "tiles": board(f1B2="foyer:1"),
             "walls": walls, "entrance": entrance, "patrol": [["D4", "D3", "D4", "D3"]],
             "revealed": ["1B2"], "events": ["keycode_change"], **ov}
    return GAME.setup(GAME.make_config({"players": players}), 1, setup)


@pytest.mark.parametrize("guard, walls, seen", [
    ("1C2", OPEN, True),                    # next to it, no wall: seen
    ("1D2", OPEN, False),                   # two steps away
    ("1C3", OPEN, False),                   # diagonal
    ("1C2", [[["B2", "C2"]], [], []], False),  # next to it, through a wall
])
def test_entering_a_foyer_is_seen_only_from_an_open_neighbour(guard, walls, seen):
    s = foyer_game(walls, positions=["1A2"], guards=[{"at": guard, "dest": "1D4"}])
    facts = play(s, 0, {"type": "move", "to": "1B2"})
    assert facts["stealth"] == [2 if seen else 3]


@pytest.mark.parametrize("start, dest, walls, lost", [
    ("1C1", "1C3", OPEN, 1),                   # past C2 (next to it): seen once
    ("1C1", "1C3", [[["B2", "C2"]], [], []], 0),  # past C2 behind a wall: not seen
    ("1D1", "1D4", OPEN, 0),                   # down column D, two away all along
    ("1D2", "1A2", OPEN, 3),                   # C2 (next), B2 (his tile), A2 (next again)
])
def test_the_guard_sees_a_foyer_from_each_open_neighbour_he_steps_on(start, dest, walls, lost):
    s = foyer_game(walls, positions=["1B2"], guards=[{"at": start, "dest": dest}],
                   guard_die=[3, 3, 4])
    facts = play(s, 0, {"type": "end"})
    assert facts["stealth"] == [3 - lost]


def test_a_guard_already_next_to_the_foyer_does_not_see_again_when_he_moves_away():
    s = foyer_game(positions=["1B2"], guards=[{"at": "1C2", "dest": "1D4"}])
    facts = play(s, 0, {"type": "end"})  # C2 -> D2 -> D3: no step onto a neighbour of B2
    assert facts["stealth"] == [3] and facts["guards"][0] == "1D3"


def test_a_foyer_entrance_runs_no_sight_at_the_start():
    # the book: the entrance triggers none of its card's effects; the guard on 1C2 is next
    # to the Foyer entrance 1B2
    s = foyer_game(entrance="1B2", players=2, patrol=[["C2", "D4", "D3", "D4"]])
    facts = GAME.facts(s)
    assert facts["guards"][0] == "1C2" and facts["positions"][0] == "1B2"
    assert facts["stealth"] == [3, 3]
    facts = play(s, 0, {"type": "move", "to": "1B1"})
    facts = play(s, 0, {"type": "move", "to": "1A1"})
    facts = play(s, 0, {"type": "move", "to": "1A2"})
    facts = play(s, 0, {"type": "end"})  # the guard walks C2 -> D2 ... away
    assert facts["seat"] == 1 and facts["positions"][1] == "1B2"
    # the second burglar's first turn on the entrance: no Foyer sight either way
    assert facts["stealth"][1] == 3


def test_a_guard_on_the_entrance_still_sees_whoever_starts_there():
    s = foyer_game(entrance="1B2", players=2, patrol=[["C2", "B2", "D3", "D4"]],
                   guard_die=[1, 3, 4])
    facts = GAME.facts(s)
    assert facts["stealth"] == [3, 3]
    for to in ("1A2", "1A3", "1A4"):
        facts = play(s, 0, {"type": "move", "to": to})
    facts = play(s, 0, {"type": "end"})  # his one step: C2 -> B2, the entrance
    assert facts["guards"][0] == "1B2" and facts["seat"] == 1
    assert facts["stealth"][1] == 2  # the guard himself, not the Foyer's card


# ---- R53: the guard's speed and route with this turn's Espresso or Daydreaming

def walk_interrupted(event: str):
    """Seat 0 ends at once (0 actions: an event); the guard (die 2 + 3 alarms, on 1B1, 1A4
    and 1C4, and the card's change) steps onto 1B1 and must choose between 1A4 and 1C4, 4
    away each: the walk stops with its steps left, the choice pending."""
    setup = {"characters": [["hawk", "basic"]], "tiles": board(), "walls": OPEN,
             "entrance": "1D1", "patrol": [["D4", "D3", "D4", "D3"]], "events": [event],
             "guards": [{"at": "1A1", "dest": "1B1"}], "alarms": ["1B1", "1A4", "1C4"]}
    s = GAME.setup(GAME.make_config({"players": 1}), 1, setup)
    GAME.apply_in_place(s, 0, {"type": "end"})
    return s


@pytest.mark.parametrize("event, left", [("espresso", 5), ("lampshade", 4), ("daydreaming", 3)])
def test_the_view_shows_the_steps_the_guard_has_left_with_the_events_change(event, left):
    s = walk_interrupted(event)
    assert s.pending["kind"] == "alarm_tie" and s.pending["moves"] == left
    g = GAME.view(s, 0)["floors"][0]["guard"]
    mod = {"espresso": 1, "lampshade": 0, "daydreaming": -1}[event]
    assert g["speed"] == 2 + 2 + mod  # die + the two alarms left + this turn's card
    assert g["moves"] == left
    assert len(g["route"]) == 4  # 1B1 to 1A4
    text = render_terminal(GAME.view(s, 0), "en")
    line = next(x for x in text.splitlines() if x.startswith("guard on 1B1"))
    assert f"speed {2 + 2 + mod}" in line
    assert ("Espresso" in line) == (event == "espresso")
    assert ("Daydreaming" in line) == (event == "daydreaming")
    # the route's steps beyond what he has left are marked apart (in brackets)
    later = text.count("(>") - 1  # (the legend names the mark once)
    assert later == max(0, 4 - left)
    # the choice made, he walks exactly those steps
    events = GAME.apply_in_place(s, 0, {"type": "choose", "at": "1A4"})
    walk = [e.data["walk"] for e in events if e.data and "walk" in e.data][0]
    assert len(walk) == left


def test_donuts_show_no_steps_this_move():
    setup = {"characters": [["hawk", "basic"]], "tiles": board(), "walls": OPEN,
             "entrance": "1D1", "patrol": [["D4", "D3", "D4", "D3"]],
             "guards": [{"at": "1A1", "dest": "1A4"}], "donuts": [True, False, False]}
    s = GAME.setup(GAME.make_config({"players": 1}), 1, setup)
    g = GAME.view(s, 0)["floors"][0]["guard"]
    assert g["speed"] == 2 and g["moves"] == 0 and len(g["route"]) == 3
