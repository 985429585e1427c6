"""Hypothesis invariants over random games for every player count and variant."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.engine.protocol import canonical
from boardlab.games.toys import GAME
from boardlab.games.toys.data import CELLS

from .helpers import random_game

VARIANTS = [{}, {"deep_sleep": True}, {"long_night": True}, {"silent_night": True},
            {"andy_stand_in": True}, {"drifting_sight": True}, {"coop": True},
            {"move_order": "in_turn"}, {"roles": False, "items": False},
            {"socks_pickup": False, "oil_on_quiet": False, "boosts_stack": False,
             "clock_stacks_with_dino": False, "tie_break": True,
             "potato_timing": "after_freezes"}]


def configs():
    return st.tuples(st.integers(3, 6), st.sampled_from(VARIANTS)).filter(
        lambda pv: not (pv[1].get("andy_stand_in") and pv[0] < 5)).map(
        lambda pv: {"players": pv[0], **pv[1]})


def explained(before, events, n):
    """Screw changes that the step's events account for."""
    delta = [0] * n
    for e in events:
        d = e.data
        if e.kind == "noise":
            for s, v in d["values"].items():
                delta[int(s)] += v
        elif e.kind == "task_done":
            delta = [x + 3 for x in delta]
        elif e.kind == "task_failed":
            delta = [x - 2 for x in delta]
        elif e.kind == "best_freeze":
            delta[d["seat"]] += d["bonus"]
        elif e.kind == "andy_wakes":
            for s in d["seats"]:
                delta[s] -= 6
        elif e.kind == "dawn":
            delta = [x + 5 for x in delta]
        elif e.kind == "andy_guess":
            delta[d["seat"]] += 3 if d["right"] else -1
    return delta


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=configs(), seed=st.integers(0, 2**31 - 1))
def test_invariants(cfg, seed):
    n = cfg["players"]

    def check(before, seat, action, after, events):
        assert after.exposure >= before.exposure
        if not cfg.get("coop"):
            delta = explained(before, events, n)
            assert [a - b for a, b in zip(after.screws, before.screws, strict=True)] == delta
        else:
            assert after.screws == [0] * n
        assert all(p in CELLS for p in after.pos)
        assert all(c in after.task_cells for c in after.markers)
        assert after.progress >= 0
        if after.phase in ("move", "noise"):
            assert not any(after.frozen[s] for s in after.waiting)
        seen = [c["name"] for h in after.companions for c in h]
        assert len(seen) == len(set(seen))
        for s in range(n):
            if s != seat and s in GAME.to_move(after):
                view = GAME.view(after, s)
                assert json.loads(json.dumps(view, ensure_ascii=False)) == view

    end = random_game(cfg, seed, check)
    res = GAME.result(end)
    json.dumps(res.model_dump(), ensure_ascii=False)
    again = random_game(cfg, seed)
    assert canonical(GAME.facts(again)) == canonical(GAME.facts(end))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=configs(), seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 300))
def test_views_hide_what_a_seat_cannot_see(cfg, seed, cut):
    state = GAME.new_game(cfg, seed)
    rng = random.Random(seed)
    for _ in range(cut):
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    for seat in range(cfg["players"]):
        world = GAME.determinize(state, seat, random.Random(seed + seat))
        assert canonical(GAME.view(world, seat)) == canonical(GAME.view(state, seat))
        mine = GAME.view(state, seat)
        mine_public = {k: v for k, v in mine.items() if k not in ("my_choice", "my_card")}
        for other in range(cfg["players"]):
            if other != seat and state.item[other] and not state.item_used[other]:
                # another seat's unused item appears nowhere in my view's fields
                assert mine["items_declared"][other] is None
            if other != seat and other in state.pending and mine.get("peeked") is None:
                assert canonical(state.pending[other]) not in canonical(mine_public)
