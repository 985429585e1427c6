"""Every action cat's rules can ever allow, in a fixed order (``Game.action_space``).

The rules list shared action objects built once from the card sheet (``rules.py``'s
tables: every chaos card to its room, with and without the role ability; clean, fish
and cat to any room; Konrad's role clean; every shift; every draw and discard); the
space is those, in this order, for every config and player count:

* ``play`` of each chaos card (room by room, value by value) to its room, then the same
  with ``role``;
* ``play`` of clean, fish and cat to each room (``data.ROOMS`` order), then clean with
  ``role`` to each room;
* ``play`` of shift from room to room with 1..3 points;
* ``draw`` from each pile (``data.PILES``), ``discard`` of each card, ``pass``.
"""

from __future__ import annotations

from typing import Any

from boardlab.engine.protocol import Action

from . import data

MEANINGS = {
    "play": "play `card` on room `room` (shift: move `amount` points from `room` to `to`;"
            " `role`: with the role's ability)",
    "draw": "draw from pile `pile`",
    "discard": "discard `card` (over the hand limit)",
    "pass": "play nothing / draw nothing",
}


def _chaos_cards() -> list[str]:
    return [data.chaos_code(r, v) for r in data.ROOMS for v in data.CHAOS_COUNTS]


def action_space(config: Any = None) -> list[Action]:
    chaos = _chaos_cards()
    out: list[Action] = [{"type": "play", "card": c, "room": data.chaos_room(c)} for c in chaos]
    out += [{"type": "play", "card": c, "room": data.chaos_room(c), "role": True}
            for c in chaos]
    out += [{"type": "play", "card": card, "room": r} for card in ("clean", "fish", "cat")
            for r in data.ROOMS]
    out += [{"type": "play", "card": "clean", "room": r, "role": True} for r in data.ROOMS]
    out += [{"type": "play", "card": "shift", "room": src, "to": dst, "amount": k}
            for src in data.ROOMS for dst in data.ROOMS if dst != src for k in (1, 2, 3)]
    out += [{"type": "draw", "pile": p} for p in data.PILES]
    out += [{"type": "discard", "card": c} for c in (*chaos, *data.SPECIALS)]
    out.append({"type": "pass"})
    return out
