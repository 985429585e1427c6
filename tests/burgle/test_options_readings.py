"""The other readings of three rulings, as options (docs/rulings/burgle.md): Brown Out on
every floor (R28, ``brown_out``), the Tiara seen as its holder moves (R20, ``tiara_sight``),
and a sighting at 0 stealth that does not catch (R21, ``caught_by_sight``)."""

from __future__ import annotations

import random

import pytest

from boardlab.games.burgle import GAME

from .make_scenarios import board

OPEN = [[], [], []]


def game(config: dict, players: int = 1, **ov):
    setup = {"characters": [["hawk", "basic"]] * players, "tiles": board(), "walls": OPEN,
             "entrance": "1A1", "patrol": [["D4", "D3", "D4", "D3"]], **ov}
    return GAME.setup(GAME.make_config({"players": players, **config}), 1, setup)


def play(s, seat, action):
    GAME.apply_in_place(s, seat, action)
    return GAME.facts(s)


@pytest.mark.parametrize("key, bad", [("brown_out", "floor"), ("tiara_sight", "never"),
                                      ("caught_by_sight", "sometimes")])
def test_a_bad_value_is_refused_with_the_option_named(key, bad):
    with pytest.raises(ValueError, match=key):
        GAME.make_config({key: bad})


def test_the_defaults_and_their_words():
    cfg = GAME.make_config({})
    assert (cfg.brown_out, cfg.tiara_sight, cfg.caught_by_sight) == \
        ("drawer_floor", "guard_moves", True)
    labels = GAME.labels()
    for key in ("brown_out", "tiara_sight", "caught_by_sight"):
        assert key in labels["options"]
    for value in ("drawer_floor", "all_floors", "guard_moves", "holder_moves", "both"):
        assert value in labels["values"]


# ---- R28: Brown Out

def brown_out(reading: str):
    """Seat 0 (floor 1) draws Brown Out with an alarm on 1B1; floor 2 holds two alarms
    its guard is heading to, and seat 1 stands there."""
    s = game({"brown_out": reading}, players=2, events=["brown_out"],
             positions=[None, "2A4"], alarms=["1B1", "2C3", "2D1"],
             patrol=[["D4", "D3", "D4", "D3"], ["A1", "B1", "C1", "D1", "A2"]],
             guards=[{"at": "1D4", "dest": "1B1"}, {"at": "2D3", "dest": "2C3"}],
             guard_die=[0, 2, 2])
    return s, play(s, 0, {"type": "end"})


def test_brown_out_by_default_clears_only_the_drawers_floor():
    s, facts = brown_out("drawer_floor")
    assert sorted(facts["alarms"]) == ["2C3", "2D1"]
    assert facts["dests"][1] == "2C3"
    assert facts["patrol"][1]["discard"] == []


def test_brown_out_on_every_floor_sends_each_guard_a_card_per_alarm_and_a_new_patrol():
    s, facts = brown_out("all_floors")
    assert facts["alarms"] == []
    # floor 2: two alarms gone, two cards discarded, then his new destination (R40)
    assert facts["patrol"][1]["discard"] == ["A1", "B1", "C1"]
    assert facts["dests"][1] == "2C1"
    assert facts["guards"][1] == "2D3"  # the floor-2 guard did not move (not his turn)


# ---- R20: the Tiara

def tiara_moving(reading: str, stealth: int = 3):
    """The holder steps from 1A2 to 1B2, next to the guard standing on 1C2."""
    s = game({"tiara_sight": reading}, positions=["1A2"], hands=[{"loot": ["tiara"]}],
             guards=[{"at": "1C2", "dest": "1D4"}], stealth=[stealth])
    return s, play(s, 0, {"type": "move", "to": "1B2"})


@pytest.mark.parametrize("reading, left", [("guard_moves", 3), ("holder_moves", 2),
                                           ("both", 2)])
def test_the_holder_stepping_next_to_the_guard(reading, left):
    s, facts = tiara_moving(reading)
    assert facts["positions"] == ["1B2"] and facts["stealth"] == [left]


def test_the_holder_stepping_next_to_a_guard_through_a_wall_is_not_seen():
    s = game({"tiara_sight": "holder_moves"}, positions=["1A2"],
             hands=[{"loot": ["tiara"]}], guards=[{"at": "1C2", "dest": "1D4"}],
             walls=[[["B2", "C2"]], [], []])
    assert play(s, 0, {"type": "move", "to": "1B2"})["stealth"] == [3]


def test_without_the_tiara_the_reading_changes_nothing():
    s = game({"tiara_sight": "both"}, positions=["1A2"],
             guards=[{"at": "1C2", "dest": "1D4"}])
    assert play(s, 0, {"type": "move", "to": "1B2"})["stealth"] == [3]


def tiara_guard_walks(reading: str, stealth: int = 3):
    """The holder on 1B2 peeks three times; the guard walks 1D1 C1 B1 A1, passing 1B1."""
    s = game({"tiara_sight": reading}, positions=["1B2"], hands=[{"loot": ["tiara"]}],
             guards=[{"at": "1D1", "dest": "1A1"}], guard_die=[3, 2, 2], stealth=[stealth])
    for at in ("1A2", "1C2", "1B3"):
        play(s, 0, {"type": "peek", "at": at})
    return s, play(s, 0, {"type": "end"})


@pytest.mark.parametrize("reading, left", [("guard_moves", 2), ("holder_moves", 3),
                                           ("both", 2)])
def test_the_guard_walking_past_the_holder(reading, left):
    s, facts = tiara_guard_walks(reading)
    assert facts["guards"][0] == "1A1" and facts["stealth"] == [left]


# ---- R21: seen at 0 stealth

@pytest.mark.parametrize("caught", [True, False])
def test_a_tiara_sighting_at_no_stealth(caught):
    s = game({"caught_by_sight": caught}, positions=["1B2"], hands=[{"loot": ["tiara"]}],
             guards=[{"at": "1D1", "dest": "1A1"}], guard_die=[3, 2, 2], stealth=[0])
    for at in ("1A2", "1C2", "1B3"):
        play(s, 0, {"type": "peek", "at": at})
    facts = play(s, 0, {"type": "end"})
    assert GAME.is_over(s) is caught
    assert facts["stealth"] == [0]
    if caught:
        assert GAME.result(s).summary["loss"]["by"] == "tiara"
    else:
        assert facts["guards"][0] == "1A1" and facts["phase"] == "actions"


@pytest.mark.parametrize("caught", [True, False])
def test_a_foyer_sighting_at_no_stealth(caught):
    tiles = board(f1B2="foyer:1")
    s = game({"caught_by_sight": caught}, tiles=tiles, positions=["1A2"],
             guards=[{"at": "1C2", "dest": "1D4"}], stealth=[0])
    play(s, 0, {"type": "move", "to": "1B2"})
    assert GAME.is_over(s) is caught


def test_meeting_the_guard_at_no_stealth_still_catches_under_the_zh_reading():
    s = game({"caught_by_sight": False}, positions=["1A2"],
             guards=[{"at": "1B2", "dest": "1D4"}], stealth=[0])
    play(s, 0, {"type": "move", "to": "1B2"})
    assert GAME.is_over(s)
    assert GAME.result(s).summary["loss"]["by"] == "guard"


def test_cover_is_still_spent_first_under_the_zh_reading():
    tiles = board(f1B2="foyer:1")
    s = game({"caught_by_sight": False}, tiles=tiles, positions=["1A2"],
             guards=[{"at": "1C2", "dest": "1D4"}], stealth=[0], smoke={"1B2": 1})
    facts = play(s, 0, {"type": "move", "to": "1B2"})
    assert facts["smoke"] == {"1B2": 0} and facts["stealth"] == [0]
    assert not GAME.is_over(s)


# ---- every reading plays whole random games

@pytest.mark.parametrize("config", [
    {"brown_out": "all_floors", "tiara_sight": "both", "caught_by_sight": False},
    {"tiara_sight": "holder_moves", "players": 3},
])
def test_random_games_under_the_other_readings_end_and_keep_stealth_in_range(config):
    for seed in range(4):
        s = GAME.new_game({"players": 2, "turn_limit": 60, **config}, seed)
        rng = random.Random(seed)
        steps = 0
        while not GAME.is_over(s):
            seat = GAME.to_move(s)[0]
            GAME.apply_in_place(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            assert all(pl["stealth"] >= 0 for pl in s.players)
            steps += 1
            assert steps < 20000
        assert GAME.result(s).summary["turns"] >= 1
