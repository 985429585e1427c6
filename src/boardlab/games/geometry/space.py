"""Every action geometry's rules can ever allow, in a fixed order (``Game.action_space``).

One enumeration serves every config: doors run to the config's largest (9) and a reopen
to the largest ``max_open_for_reopen`` (8), so an action keeps its index across player
counts and options (a smaller config never offers the higher doors). Order:

* ``ok`` (agree with the leader);
* ``open`` / ``add`` / ``accuse`` / ``reveal_x`` of door 1..9, type by type;
* ``reopen`` of every set of doors (ascending door numbers, as the rules list them),
  smaller sets first, then in lexicographic order.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from boardlab.engine.protocol import Action

MAX_DOORS = 9
"""``GeometryConfig.doors``' upper bound."""
MAX_REOPEN = 8
"""The largest door set a reopen can name (``max_open_for_reopen``' upper bound)."""

MEANINGS = {
    "ok": "the responder agrees with the leader's open doors",
    "open": "the leader opens door `door` (1-based)",
    "add": "the responder opens one more closed door `door`",
    "reopen": "the responder closes the open doors and opens the doors `doors` instead",
    "accuse": "the responder accuses the leader's hidden door `door`",
    "reveal_x": "the accuser reveals one of its own X cards, door `door`",
}


def action_space(config: Any = None) -> list[Action]:
    out: list[Action] = [{"type": "ok"}]
    for kind in ("open", "add", "accuse", "reveal_x"):
        out += [{"type": kind, "door": d} for d in range(1, MAX_DOORS + 1)]
    for size in range(1, MAX_REOPEN + 1):
        out += [{"type": "reopen", "doors": list(c)}
                for c in combinations(range(1, MAX_DOORS + 1), size)]
    return out


MAX_SEATS = 5
_DOORS = tuple(range(1, MAX_DOORS + 1))


def observation_spec(config: Any = None) -> dict[str, Any]:
    """The seat's view, field by field (``boardlab.rl.observation``). Scales: doors and
    counts by their largest value; the round by 50 (longer games are rare)."""
    return {
        "game": ("skip", "the game's id, a constant"),
        "seat": ("skip", "the observer itself: seat +0 in the relative seats below"),
        "phase": ("enum", ("lead", "respond", "reveal_x", "over")),
        "leader": ("seat",),
        "turn": ("seatset",),
        "oks": ("num", MAX_SEATS),
        "accuser": ("seat",),
        "open": ("bag", _DOORS, 1),
        "doors": ("num", MAX_DOORS),
        "seats": ("seats", {
            "cards": ("list", MAX_DOORS, ("enum", ("shape", "x", "X"))),
            "score": ("num", 8),
            "penalty": ("num", 5),
            "out": ("flag",),
        }),
        "round": ("num", 50),
        "winners": ("opt", ("seatset",)),
        "led_doors": ("seats", ("bag", _DOORS, 1)),
        "log": ("skip", "the log retells in words what the rest of the view holds"),
        "visible_log": ("skip", "the log retells in words what the rest of the view holds"),
    }
