"""geometry's fast paths give exactly what the obvious code gives.

``legal_actions`` tests the phase directly and takes a response's door lists from a cache;
here it is compared, on every state of many random games (and on states with seats out and
other configs), with the straightforward enumeration the rules had before.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.engine.protocol import canonical
from boardlab.engine.registry import get_game

GAME = get_game("geometry")


def obvious_legal(state, seat: int) -> list[dict]:
    """The legal list as the rules define it, written the plain way."""
    if seat not in GAME.to_move(state):
        return []
    k = state.cfg.doors
    closed = [d for d in range(k) if d not in state.open]
    if state.phase == "lead":
        return [{"type": "open", "door": d + 1} for d in range(k)]
    if state.phase == "reveal_x":
        return [{"type": "reveal_x", "door": d + 1} for d in range(k)
                if not state.revealed[seat][d] and d != state.shape[seat]]
    acts: list[dict] = [{"type": "ok"}]
    acts += [{"type": "add", "door": d + 1} for d in closed]
    want = len(state.open) + 1
    if len(state.open) < state.cfg.max_open_for_reopen and want <= len(closed):
        acts += [{"type": "reopen", "doors": [d + 1 for d in c]}
                 for c in combinations(closed, want)]
    acts += [{"type": "accuse", "door": d + 1} for d in range(k)
             if not state.revealed[state.leader][d]]
    return acts


@pytest.mark.parametrize("config", [
    {}, {"players": 2}, {"players": 5, "doors": 7, "max_open_for_reopen": 5},
    {"players": 3, "doors": 3, "penalties_out": 1}, {"doors": 9, "max_open_for_reopen": 1},
])
def test_legal_actions_equal_the_obvious_enumeration(config):
    compared = 0

    def on_step(state, seat, action):
        nonlocal compared
        for s in range(state.n):
            fast = GAME.legal_actions(state, s)
            assert canonical(fast) == canonical(obvious_legal(state, s))
            compared += len(fast)

    for seed in range(25):
        play_match(GAME, config, seed, [RandomBot() for _ in range(GAME.make_config(
            config).players)], on_step=on_step)
    assert compared > 500


def test_legal_actions_are_fresh_objects():
    """The cached door lists never leak: every call gives new dictionaries and lists, so a
    caller that keeps or changes an action cannot change a later legal list."""
    state = GAME.new_game({}, 3)
    GAME.apply_in_place(state, 0, {"type": "open", "door": 2})
    first = GAME.legal_actions(state, state.turn)
    for a in first:
        a["type"] = "changed"
        if "doors" in a:
            a["doors"].append(99)
    again = GAME.legal_actions(state, state.turn)
    assert canonical(again) == canonical(obvious_legal(state, state.turn))
