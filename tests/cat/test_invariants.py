"""Hypothesis invariants over random cat games."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.engine.protocol import canonical
from boardlab.games.cat import GAME, data

CONFIGS = st.fixed_dictionaries({
    "players": st.integers(3, 5),
    "roles": st.booleans(),
    "variant_f": st.booleans(),
    "variant_c": st.booleans(),
    "exposure_tie": st.sampled_from(["all_pay", "split"]),
    "draw_mode": st.sampled_from(["choose", "random"]),
})


def walk(config, seed):
    state = GAME.new_game(config, seed)
    rng = random.Random(seed)
    states = [state]
    while GAME.to_move(state):
        seat = rng.choice(GAME.to_move(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        state, events = GAME.apply(state, seat, action)
        states.append(state)
    return states


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=CONFIGS, seed=st.integers(0, 2**31 - 1))
def test_random_games_keep_the_invariants(config, seed):
    states = walk(config, seed)
    final = states[-1]
    assert GAME.is_over(final)
    n = final.n
    total_cards = sum(len(p) for p in final.piles.values()) + len(final.discard) + sum(
        len(h) for h in final.hands)
    assert total_cards == 101  # no card appears or vanishes
    for state in states:
        view = GAME.view(state, None)
        for room in data.ROOMS:
            r = view["rooms"][room]
            assert r["total"] == sum(r["lanes"]) + r["fish"]  # mess = lanes + fish pile
            assert min(r["lanes"]) >= 0 and r["fish"] >= 0
        for seat in range(n):
            v = GAME.view(state, seat)
            assert json.loads(json.dumps(v, ensure_ascii=False)) == v
            # a seat sees its own hand and face-down play, never another seat's
            assert v["hand"] == sorted(state.hands[seat])
            assert v["my_play"] == state.pending.get(seat)
            assert "hands" not in v and "pending" not in v
            # private events of other seats never reach a seat's log
            for e in v["log"]:
                assert "visible_to" not in e or seat in e["visible_to"]
    # fun only ever comes from logged events: replay the fun changes from the log
    fun = [0] * n
    for e in final.log:
        if e.kind == "effect":
            fun[e.data["seat"]] = e.data["fun"]
        elif e.kind == "exposure":
            fun = [f + d for f, d in zip(fun, e.data["deltas"], strict=True)]
    assert fun == final.fun
    res = GAME.result(final)
    assert res.summary["exposures"] == len(final.exposures)
    json.dumps(res.model_dump(), ensure_ascii=False)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=CONFIGS, seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 80))
def test_determinize_keeps_the_view_and_hides_nothing(config, seed, cut):
    states = walk(config, seed)
    state = states[min(cut, len(states) - 1)]
    for seat in range(state.n):
        world = GAME.determinize(state, seat, random.Random(seed))
        assert canonical(GAME.view(world, seat)) == canonical(GAME.view(state, seat))
        assert world.hands[seat] == state.hands[seat]
        for other in range(state.n):
            assert sorted(data.pile_of(c) for c in world.hands[other]) == sorted(
                data.pile_of(c) for c in state.hands[other])


@settings(max_examples=10, deadline=None)
@given(config=CONFIGS, seed=st.integers(0, 2**31 - 1))
def test_same_seed_same_game(config, seed):
    a, b = walk(config, seed)[-1], walk(config, seed)[-1]
    assert canonical(GAME.facts(a)) == canonical(GAME.facts(b))


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(
        ["play", "draw", "discard", "pass", "living", "kitchen", "bath", "special", "L5", "K3",
         "clean", "shift", "cat", "fish", "X9"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "card", "room", "to", "amount", "role", "pile"]), inner,
        max_size=5),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(action=JUNK, seat=st.integers(-1, 5), phase=st.sampled_from(["draw", "play"]))
def test_malformed_actions_are_refused_cleanly(action, seat, phase):
    from boardlab.engine.errors import IllegalAction

    hands = None if phase == "draw" else [["L5", "K3", "clean", "fish", "shift"],
                                          ["K3", "L1", "B2", "clean", "fish"],
                                          ["B1", "B2", "clean", "fish", "cat"]]
    state = GAME.setup(GAME.make_config({"players": 3}), 0,
                       {"hands": hands, "rooms": {"living": {"lanes": [2, 0, 0]}}}
                       if hands else None)
    before = canonical(GAME.facts(state))
    options = {canonical(a) for a in GAME.legal_actions(state, seat)} if 0 <= seat < 3 else set()
    legal = canonical(action) in options
    if isinstance(action, dict) and action.get("role") is False:
        trimmed = {k: v for k, v in action.items() if k != "role"}
        legal = legal or canonical(trimmed) in options
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as exc:
        assert str(exc) and not legal
    else:
        assert legal
    assert canonical(GAME.facts(state)) == before
