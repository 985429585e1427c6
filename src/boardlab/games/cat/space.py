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


MAX_SEATS = 5
_LOG = ("skip", "the log retells in words what the rest of the view holds")


def _cards() -> tuple[str, ...]:
    return (*_chaos_cards(), *data.SPECIALS)


def _room_spec() -> dict[str, Any]:
    return {"fish": ("num", 8), "lanes": ("seats", ("num", 20)), "total": ("num", 40)}


def observation_spec(config: Any = None) -> dict[str, Any]:
    """The seat's view, field by field (``boardlab.rl.observation``). Scales: points on a
    room's lanes by 20 and its total by 40, bills, fun and scores by 50, cards held by the
    hand limit's bound (10), piles by their full sizes; seats relative to the observer."""
    rooms = {r: _room_spec() for r in data.ROOMS}
    scored_room = {**_room_spec(), "bills": ("seats", ("num", 50)),
                   "bonus": ("seats", ("num", 20)), "dirtiest": ("seatset",),
                   "second": ("seatset",)}
    pile_sizes = {p: len(data.full_pile(p)) for p in data.PILES}
    return {
        "game": ("skip", "the game's id, a constant"),
        "players": ("num", MAX_SEATS),
        "seat": ("skip", "the observer itself: seat +0 in the relative seats"),
        "phase": ("enum", ("play", "draw", "over")),
        "station": ("num", 29), "stations": ("num", 29), "seal_station": ("num", 30),
        "exposure_line": ("num", 200), "exposures_open": ("flag",), "hand_size": ("num", 10),
        "rooms": rooms,
        "fun": ("seats", ("num", 50)),
        "roles": ("seats", ("enum", data.ROLES)),
        "role_uses": ("seats", ("num", 3)),
        "cats_played": ("seats", ("num", 5)),
        "hand_sizes": ("seats", ("num", 10)),
        "piles": {p: ("num", n) for p, n in pile_sizes.items()},
        "discard": ("bag", _cards(), 4),
        "submitted": ("seatset",),
        "hand": ("bag", _cards(), 4),
        "my_play": {"type": ("enum", ("play", "draw", "discard", "pass")),
                    "card": ("enum", _cards()), "room": ("enum", data.ROOMS),
                    "to": ("enum", data.ROOMS), "amount": ("num", 3), "role": ("flag",),
                    "pile": ("enum", data.PILES)},
        # one exposure per room and station at most: the config's stations bound the list
        "exposures": ("list", len(data.ROOMS) * getattr(config, "stations", 29), {
            "room": ("enum", data.ROOMS), "station": ("num", 29), "fish": ("num", 8),
            "lanes": ("seats", ("num", 20)), "total": ("num", 40),
            "dirtiest": ("seatset",), "second": ("seatset",),
            "deltas": ("seats", ("num", 20)), "fish_role": ("seatset",),
            "bill": ("num", 50)}),
        "house_bill": ("num", 50),
        "cooperative": ("flag",),
        "chat": ("flag",),
        "final": ("opt", {
            "bills": ("seats", ("num", 50)), "bonuses": ("seats", ("num", 20)),
            "coop_success": ("flag",), "house_bill": ("num", 50),
            "mess_held": ("seats", ("num", 20)), "rooms": {r: scored_room for r in data.ROOMS},
            "scores": ("seats", ("num", 50)), "winners": ("seatset",)}),
        "log": _LOG, "visible_log": _LOG,
    }
