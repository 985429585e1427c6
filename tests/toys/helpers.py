"""Shared helpers for the toys tests."""

from __future__ import annotations

import random

from boardlab.games.toys import GAME

NIGHT = {"task": "park_cars", "sight": "roll_over", "companions": ["bear", "pig"]}


def new(players: int = 4, roles=None, items=None, nights=None, seed: int = 0, **cfg):
    setup = {"roles": list(roles) if roles else [None] * players,
             "items": items if items is not None else [[None] * players],
             "nights": nights or [NIGHT]}
    return GAME.new_game({"players": players, **cfg}, seed, setup)


def act(state, seat, action):
    GAME.apply_in_place(state, seat, action)
    return state


def moment(state, moves: dict, noises: dict, reacts: dict | None = None):
    """Play one moment: moves (list path or 'freeze'), noise cards (int or dict), reacts."""
    for s, m in moves.items():
        act(state, s, {"type": "freeze"} if m == "freeze" else {"type": "move", "path": m})
    for s, n in noises.items():
        act(state, s, n if isinstance(n, dict) else {"type": "noise", "card": n})
    for s in GAME.to_move(state) if state.phase == "react" else []:
        act(state, s, (reacts or {}).get(s, {"type": "pass"}))
    return state


def random_game(config: dict, seed: int, on_step=None, max_steps: int = 5000):
    state = GAME.new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        movers = GAME.to_move(state)
        if not movers:
            return state
        seat = rng.choice(movers)
        action = rng.choice(GAME.legal_actions(state, seat))
        before = state.copy()
        events = GAME.apply_in_place(state, seat, action)
        if on_step:
            on_step(before, seat, action, state, events)
    raise AssertionError("no end")
