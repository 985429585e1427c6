"""Who each window asks (public facts only), the 🪞 pre-reveal freeze, 🎧 with a freeze, and
the two readings of post-reveal freezes (R5a, R5, R6, R9a in docs/rulings/toys.md)."""

from __future__ import annotations

import random

import pytest

from boardlab.engine.protocol import canonical
from boardlab.games.toys import GAME

from .helpers import act, new

STAY = {"type": "move", "path": []}
PASS = {"type": "pass"}


def to_noise(st, cards: dict[int, int]):
    for s in GAME.to_move(st):
        act(st, s, STAY)
    for s, c in cards.items():
        act(st, s, {"type": "noise", "card": c})
    return st


def test_every_item_holder_is_asked_in_the_peek_window_whatever_it_holds():
    st = to_noise(new(items=[["mirror", "socks", None, None]]), {0: 2, 1: 2, 2: 2, 3: 2})
    assert st.phase == "peek" and GAME.to_move(st) == [0, 1]
    assert GAME.legal_actions(st, 1) == [PASS]  # socks: nothing to peek with
    assert {"type": "peek", "target": 1} in GAME.legal_actions(st, 0)
    view = GAME.view(st, 2)
    assert view["items_held"] == [True, True, False, False] and view["waiting"] == [0, 1]


def test_no_item_cards_no_peek_window():
    st = to_noise(new(), {0: 1, 1: 1, 2: 1, 3: 1})
    assert st.phase == "react" and GAME.to_move(st) == [0, 1, 2, 3]


def test_a_frozen_seat_with_any_unused_item_is_asked_after_the_reveal():
    st = new(items=[["box", None, "socks", None]])
    act(st, 0, {"type": "freeze"})
    act(st, 1, {"type": "freeze"})
    to_noise(st, {2: 1, 3: 1})
    act(st, 2, PASS)  # peek window: 2 holds an item card (seat 0 too)
    act(st, 0, PASS)
    assert st.phase == "react" and GAME.to_move(st) == [0, 2, 3]
    assert GAME.legal_actions(st, 0) == [PASS]


def test_a_peeker_may_freeze_between_the_peek_and_the_reveal():
    st = to_noise(new(items=[["mirror", None, None, None]]), {0: 2, 1: 2, 2: 2, 3: 2})
    act(st, 0, {"type": "peek", "target": 1})
    assert st.phase == "after_peek" and GAME.to_move(st) == [0]
    assert GAME.view(st, 0)["peeked"] == {"seat": 1, "card": 2}
    act(st, 0, {"type": "freeze"})
    assert st.phase == "react" and st.frozen[0]
    reveal = [e for e in st.log if e.kind == "reveal"][-1]
    assert "0" not in reveal.data["cards"]  # its card left the table before the reveal
    assert GAME.to_move(st) == [1, 2, 3]


def test_a_frozen_peeker_is_not_asked_again_before_the_reveal():
    st = new(items=[["mirror", None, None, None]])
    act(st, 0, {"type": "freeze"})
    to_noise(st, {1: 2, 2: 2, 3: 2})
    act(st, 0, {"type": "peek", "target": 1})
    assert st.phase == "react"


def test_earmuffs_and_a_freeze_in_one_choice():
    st = to_noise(new(items=[["earmuffs", None, None, None]]), {0: 2, 1: 2, 2: 2, 3: 2})
    act(st, 0, PASS)  # the peek window (0 holds an item card)
    assert {"type": "earmuffs", "freeze": True} in GAME.legal_actions(st, 0)
    act(st, 0, {"type": "earmuffs", "freeze": True})
    for s in (1, 2, 3):
        act(st, s, PASS)
    f = GAME.facts(st)
    assert f["frozen"][0] and f["items_used"][0]
    assert f["last"]["S"] == 5 and f["exposure"] == 0 and f["progress"] == 6


def cascade(items=None):
    return new(items=items, react_order="cascade")


def test_cascade_one_seat_at_a_time_a_freeze_reopens_the_round():
    st = to_noise(cascade(), {0: 2, 1: 2, 2: 2, 3: 2})
    assert st.phase == "react" and GAME.to_move(st) == [0]  # night 1 moment 1: seat 0 first
    act(st, 0, PASS)
    assert GAME.to_move(st) == [1]
    act(st, 1, PASS)
    act(st, 2, {"type": "freeze"})  # seen at once: 3, then 0 and 1 again
    assert st.frozen[2] and GAME.view(st, 0)["submitted"] == []
    order = []
    for _ in range(3):
        (s,) = GAME.to_move(st)
        order.append(s)
        act(st, s, {"type": "freeze"} if s == 0 else PASS)
    assert order == [3, 0, 1] and st.frozen[0]
    assert GAME.to_move(st) == [3]  # 1 passed after 0's freeze; 3 closes the round
    act(st, 3, PASS)
    f = GAME.facts(st)
    assert f["last"]["S"] == 4 and f["exposure"] == 0 and st.moment == 2


def test_cascade_start_seat_rotates_each_moment():
    st = to_noise(cascade(), {0: 1, 1: 1, 2: 1, 3: 1})
    for s in (0, 1, 2, 3):
        act(st, s, PASS)
    to_noise(st, {0: 1, 1: 1, 2: 1, 3: 1})
    assert GAME.to_move(st) == [1]


def test_simultaneous_react_keeps_freezes_secret_until_all_chose():
    st = to_noise(new(), {0: 2, 1: 2, 2: 2, 3: 2})
    act(st, 2, {"type": "freeze"})
    assert not st.frozen[2] and GAME.to_move(st) == [0, 1, 3]
    assert GAME.view(st, 0)["my_choice"] is None and "freeze" not in canonical(
        GAME.view(st, 0)["log"][-1])


@pytest.mark.parametrize("cfg", [{"react_order": "cascade"},
                                 {"react_order": "cascade", "potato_timing": "after_freezes"},
                                 {"potato_timing": "after_freezes", "players": 5,
                                  "andy_stand_in": True}])
def test_who_must_decide_ignores_hidden_items_in_every_reading(cfg):
    """The generic conformance check, on the non-default readings."""
    players = cfg.get("players", 4)
    for seed in range(2):
        st = GAME.new_game({"players": players, **cfg}, seed)
        rng = random.Random(seed)
        walk = []
        while GAME.to_move(st) and len(walk) < 120:
            seat = rng.choice(GAME.to_move(st))
            action = rng.choice(GAME.legal_actions(st, seat))
            walk.append((st.copy(), seat, action))
            GAME.apply_in_place(st, seat, action)
        for cut in range(0, len(walk), 13):
            for observer in range(players):
                world = GAME.determinize(walk[cut][0], observer, random.Random(cut))
                real = walk[cut][0].copy()
                for _, seat, action in walk[cut:cut + 20]:
                    keys = ("to_move", "waiting", "submitted", "phase")
                    wv, rv = GAME.view(world, observer), GAME.view(real, observer)
                    if canonical({k: v for k, v in wv.items() if k not in keys}) != canonical(
                            {k: v for k, v in rv.items() if k not in keys}):
                        break
                    assert [wv[k] for k in keys] == [rv[k] for k in keys]
                    assert GAME.legal_actions(world, observer) == GAME.legal_actions(
                        real, observer)
                    if action not in GAME.legal_actions(world, seat):
                        break
                    GAME.apply_in_place(world, seat, action)
                    GAME.apply_in_place(real, seat, action)


def test_coordinated_bots_use_the_mirror_and_freeze_before_the_reveal():
    """§8 ⑤ in play: with a greedy seat at the table, coordinated 🪞 holders peek and some
    freeze between the peek and the reveal."""
    from boardlab.engine.match import play_match

    seen = {"peek": 0, "after_peek_freeze": 0}
    for seed in range(12):
        bots = [GAME.bots()[n]() for n in ("coordinated", "greedy", "coordinated", "coordinated")]
        out = play_match(GAME, {"players": 4}, seed, bots)
        st = GAME.new_game({"players": 4}, seed)
        for seat, action in out.record.actions:
            if action["type"] == "peek":
                seen["peek"] += 1
            if st.phase == "after_peek" and action["type"] == "freeze":
                seen["after_peek_freeze"] += 1
            GAME.apply_in_place(st, seat, action)
    assert seen["peek"] > 0 and seen["after_peek_freeze"] > 0, seen
