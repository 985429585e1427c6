"""Unit tests, one rule each (rulebook § in the docstrings)."""

from __future__ import annotations

import pytest

from boardlab.engine.errors import ConfigError, IllegalAction
from boardlab.engine.protocol import canonical
from boardlab.games.toys import GAME
from boardlab.games.toys.data import ADJ, CELLS, ITEM_IDS, ROLLOVER_CARDS, TASK_CARDS
from boardlab.games.toys.published import CAP_MARGIN, QUICK_REFERENCE

from .helpers import act, moment, new


@pytest.mark.parametrize("players,t,m,cap", [(3, 5, 13, 15), (4, 6, 16, 19),
                                             (5, 7, 19, 23), (6, 8, 22, 23)])
def test_per_count_table(players, t, m, cap):
    st = GAME.new_game({"players": players}, 1)
    f = GAME.facts(st)
    assert (f["threshold"], f["need"], f["cap"]) == (t, m, cap)
    assert QUICK_REFERENCE[players]["T"] == t and QUICK_REFERENCE[players]["M"] == m
    assert m == 3 * (t - 1) + 1 == 3 * players + 4
    assert (3 in GAME.view(st, 0)["noise_cards"]) == (players == 3)


def test_decks_and_map():
    assert len(TASK_CARDS) == 10 and len(ROLLOVER_CARDS) == 10 and len(CELLS) == 9
    st = GAME.new_game({"players": 4}, 3)
    assert len(st.item_deck) + sum(i is not None for i in st.item) == 24
    assert sorted(set(st.item_deck) | {i for i in st.item if i}) <= sorted(ITEM_IDS)
    assert sorted(ADJ["rug"]) == ["bed", "blocks", "lane", "toybox"]
    assert sorted(ADJ["toybox"]) == ["kennel", "rug", "shelf"]
    assert len(set(st.roles)) == 4 and all(st.pos[s] == "toybox" for s in range(4))
    assert CAP_MARGIN == {3: 2, 4: 2, 5: 2, 6: 2}


def test_exposure_formula_with_breakdown():
    st = new()
    moment(st, {0: ["rug"], 1: [], 2: [], 3: []}, {0: 2, 1: 2, 2: 2, 3: 2})
    # (8 − 6 + 1) + 4 active + 2 × 1 on a sight cell
    assert st.exposure == 9
    crossing = [e for e in st.log if e.kind == "crossing"][-1]
    assert "(8−6+1)=3" in crossing.text["en"] and "2×1" in crossing.text["zh"]


def test_no_crossing_no_exposure_even_on_sight_cells():
    st = new()
    moment(st, {0: ["rug"], 1: ["rug"], 2: [], 3: []}, {0: 2, 1: 1, 2: 1, 3: 1})
    assert st.exposure == 0 and st.progress == 5


def test_orthogonal_one_cell_moves_and_messages():
    st = new()
    with pytest.raises(IllegalAction, match="not adjacent"):
        GAME.apply(st, 0, {"type": "move", "path": ["bed"]})
    with pytest.raises(IllegalAction, match="needs 1 boost"):
        GAME.apply(st, 0, {"type": "move", "path": ["rug", "blocks"]})
    with pytest.raises(IllegalAction, match="not a cell"):
        GAME.apply(st, 0, {"type": "move", "path": ["moon"]})
    legal = {tuple(a["path"]) for a in GAME.legal_actions(st, 0) if a["type"] == "move"}
    assert legal == {(), ("rug",), ("shelf",), ("kennel",)}


def test_refused_action_leaves_state_unchanged():
    st = new()
    before = canonical(GAME.facts(st))
    for bad in [{"type": "noise", "card": 2}, {"type": "move", "path": ["door"]}, None,
                {"type": "move"}, {"type": "peek", "target": 1}]:
        with pytest.raises(IllegalAction):
            GAME.apply(st, 0, bad)
    assert canonical(GAME.facts(st)) == before


def test_item_null_and_rocket_false_are_accepted_as_defaults():
    st = new()
    moment(st, {0: [], 1: [], 2: [], 3: []}, {})
    act(st, 0, {"type": "noise", "card": 1, "item": None, "rocket": False})
    assert 0 in st.pending


def test_simultaneous_moves_are_hidden_until_all_chose():
    st = new()
    act(st, 0, {"type": "move", "path": ["rug"]})
    assert st.pos[0] == "toybox"
    assert "rug" not in canonical(GAME.view(st, 1)["positions"])
    assert GAME.view(st, 0)["my_choice"] == {"type": "move", "path": ["rug"]}
    assert GAME.view(st, 1)["my_choice"] is None


def test_companion_unique_highest_and_frozen_do_not_compete():
    st = new()
    moment(st, {0: [], 1: [], 2: ["kennel"], 3: ["kennel"]}, {0: 2, 1: 1, 2: 0, 3: 0})
    assert [c["name"] for c in st.companions[0]] == ["pig"]
    st = new()
    moment(st, {1: "freeze", 0: [], 2: ["kennel"], 3: ["kennel"]}, {0: 1, 2: 0, 3: 0})
    assert st.companions[0] and not st.companions[1]


def test_night_end_order_task_freeze_and_clean_up():
    st = new()
    moment(st, {3: "freeze", 0: [], 1: [], 2: []}, {0: 0, 1: 0, 2: 0})
    moment(st, {0: [], 1: [], 2: []}, {0: 0, 1: 0, 2: 0})
    moment(st, {0: [], 1: [], 2: []}, {0: 0, 1: 0, 2: 0})
    assert st.tasks_done == [False] and st.exposure == 3
    assert st.night_screws[0] == [-2, -2, -2, 3]
    assert st.night == 2 and st.frozen == [False] * 4 and st.pos == ["toybox"] * 4


def test_andy_wakes_mid_moment():
    st = new()
    st.exposure = 18
    moment(st, {0: [], 1: [], 2: [], 3: "freeze"}, {0: 2, 1: 2, 2: 2})
    assert GAME.is_over(st) and st.ending == "andy_woke"
    assert st.screws == [-4, -4, -4, 0]
    assert GAME.result(st).summary["dawn"] is False


def test_config_errors():
    with pytest.raises(ConfigError, match="5-6 players"):
        GAME.make_config({"players": 4, "andy_stand_in": True})
    with pytest.raises(ConfigError, match="3-6"):
        GAME.make_config({"players": 7})
    with pytest.raises(ConfigError):
        GAME.make_config({"players": 4, "colour": "red"})
    with pytest.raises(ConfigError, match="unknown role"):
        GAME.new_game({"players": 4}, 0, {"roles": ["batman", None, None, None]})
    with pytest.raises(ConfigError, match="unknown cell"):
        GAME.new_game({"players": 4}, 0, {"nights": [{"task_cells": ["moon", "rug"]}]})


def test_variant_caps():
    assert GAME.facts(GAME.new_game({"players": 4, "deep_sleep": True}, 0))["cap"] == 22
    f = GAME.facts(GAME.new_game({"players": 4, "long_night": True}, 0))
    assert f["cap"] == 23
    assert GAME.facts(GAME.new_game({"players": 4, "cap": 30}, 0))["cap"] == 30


def _finish_all_frozen(st):
    while not GAME.is_over(st):
        for s in GAME.to_move(st):
            act(st, s, {"type": "freeze"})


def test_tie_break_chain_option():
    for tb, winners in ((False, [0, 1, 2, 3]), (True, [0])):
        st = new(tie_break=tb, items=[[None] * 4] * 4)
        _finish_all_frozen(st)
        # Equal scores; give seat 0 a companion and take 4 screws to keep the tie.
        st.companions[0].append({"name": "fox", "night": 1, "cell": "rug", "value": 4})
        st.screws[0] -= 4
        assert GAME.result(st).winners == winners


def test_mirror_card_shown_only_to_the_peeker():
    st = new(items=[["mirror", None, None, None]])
    moment(st, {0: [], 1: [], 2: [], 3: []}, {0: 0, 1: 2, 2: 1, 3: 0})
    act(st, 0, {"type": "peek", "target": 1})
    assert GAME.view(st, 0)["peeked"] == {"seat": 1, "card": 2}
    for s in (None, 1, 2, 3):
        view = GAME.view(st, s)
        assert "peeked" not in view
        assert not [e for e in view["log"] if e["kind"] == "peek"]


def test_other_seats_items_and_cards_never_in_view():
    st = new(items=[["socks", "oil", "box", "clock"]])
    moment(st, {0: [], 1: [], 2: [], 3: []}, {})
    act(st, 0, {"type": "noise", "card": 2, "item": "socks"})
    for s in (1, 2, 3):
        v = GAME.view(st, s)
        assert "socks" not in canonical(v)
        assert v["my_item"] == ["socks", "oil", "box", "clock"][s]
    assert "oil" not in canonical(GAME.view(st, None))


def test_dawn_bonus_and_companion_scoring():
    st = new(roles=[None, None, None, "dragon"], items=[[None] * 4] * 4)
    moment(st, {0: [], 1: [], 2: [], 3: []}, {0: 0, 1: 0, 2: 0, 3: 1})
    _finish_all_frozen(st)
    res = GAME.result(st)
    assert st.dawn and st.dawn_bonus == [5] * 4
    assert res.scores[3] - res.scores[0] == 1 + 5


def test_labels_in_both_languages():
    st = new(roles=["cowboy", None, None, None], items=[["magnet", None, None, None]])
    for a in GAME.legal_actions(st, 0):
        zh, en = GAME.describe_action(st, 0, a, "zh"), GAME.describe_action(st, 0, a, "en")
        assert zh and en and zh != canonical(a)
    assert GAME.describe_action(st, 0, {"type": "move", "path": []}, "zh") == "原地不动"
    label = GAME.describe_action(st, 0, {"type": "noise", "card": 2, "item": "socks"}, "en")
    assert "💥" in label and "🧦" in label
    assert GAME.view(st, 0)["prompt"]["en"].startswith("Move")


def test_a_task_cell_stays_bare_when_every_companion_is_held():
    """Ruling R22: with all 12 markers held by the seats, a new night's task cells get no
    companion (the rules used to fail with 'pop from empty list')."""
    from boardlab.games.toys.data import COMPANIONS

    st = new(players=3, nights=[])
    names = list(COMPANIONS)
    st.companions = [[{"name": n, "night": 1} for n in names[i::3]] for i in range(3)]
    st.companion_pool = []
    GAME._start_night(st)
    assert st.markers == {}
    held = sorted(x["name"] for h in st.companions for x in h)
    assert held == sorted(names)  # nobody's companion was taken back
    # one marker free again: exactly one task cell gets it, the other stays bare
    freed = st.companions[0].pop()["name"]
    st.companion_pool = []
    GAME._start_night(st)
    assert list(st.markers.values()) == [freed]
    assert set(st.markers) <= set(st.task_cells)
