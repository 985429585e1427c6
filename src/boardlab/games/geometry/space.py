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
