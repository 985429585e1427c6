"""Invariants over random games: guards walk shortest paths, stealth never negative,
same seed same game, and the views hide every face-down tile and deck order."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.engine.protocol import canonical
from boardlab.games.burgle import GAME
from boardlab.games.burgle.path import cell_index, distance


def play(seed: int, players: int, config: dict | None = None, limit: int = 3000):
    state = GAME.new_game({"players": players, **(config or {})}, seed)
    rng = random.Random(seed)
    trail = []
    for _ in range(limit):
        if GAME.is_over(state):
            break
        seat = GAME.to_move(state)[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        events = GAME.apply_in_place(state, seat, action)
        trail.append((state, seat, action, events))
        state = state.copy()
    return state, trail


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4),
       walls=st.sampled_from(["default", "random"]))
def test_guards_walk_shortest_paths_and_stealth_stays_non_negative(seed, players, walls):
    _state, trail = play(seed, players, {"walls": walls})
    for state, _seat, _action, events in trail:
        assert all(p["stealth"] >= 0 for p in state.players)
        for e in events:
            if e.kind != "guard_move":
                continue
            walls_f = state.walls[e.data["floor"] - 1]
            for a, b, dest in e.data["walk"]:
                ca, cb, cd = cell_index(a[1:]), cell_index(b[1:]), cell_index(dest[1:])
                assert distance(walls_f, cb, cd) == distance(walls_f, ca, cd) - 1


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4))
def test_same_seed_same_game(seed, players):
    a, _ = play(seed, players)
    b, _ = play(seed, players)
    assert canonical(GAME.facts(a)) == canonical(GAME.facts(b))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4), cut=st.integers(0, 200))
def test_views_hide_face_down_tiles_and_deck_orders(seed, players, cut):
    _final, trail = play(seed, players, limit=cut + 1)
    state = trail[-1][0] if trail else GAME.new_game({"players": players}, seed)
    for seat in [None, *range(players)]:
        view = GAME.view(state, seat)
        text = json.dumps({k: v for k, v in view.items() if k != "log"}, ensure_ascii=False)
        for f, floor in enumerate(view["floors"]):
            for c, cell in enumerate(floor["cells"]):
                p = f * 16 + c
                assert ("tile" in cell) == state.revealed[p]
        assert '"deck"' not in text and '"tool_deck"' not in text  # counts only
        assert '"removed": [' not in text
