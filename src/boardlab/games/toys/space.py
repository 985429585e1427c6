"""Every action toys' rules can ever allow, in a fixed order (``Game.action_space``).

A seat's legal actions depend only on its situation key (``ToysGame.legal_actions``: the
window, its cell, unused role boost and item, the noise cards in play, ...) and are built
from that key alone by ``rules._build_legal``. So the whole space is the union of
``_build_legal`` over every key the rules can form - every window, every cell, every item
or none, every boost, both ``loud`` and ``boosts_stack`` settings, every peek target of
six seats - which serves every config and player count: an action keeps its index across
them. Indices are grouped by type in the order below, each type's actions in the order
the enumeration first meets them (cells in ``data.CELLS`` order, items in
``data.ITEM_IDS`` order, none first).
"""

from __future__ import annotations

from typing import Any

from boardlab.engine.protocol import Action, canonical

from .data import CELLS, COMPANIONS, ITEM_IDS, NOISE_ITEMS, ROLE_IDS, ROLLOVERS, TASKS
from .rules import _CARDS, _build_legal

MAX_SEATS = 6
TYPE_ORDER = ("move", "freeze", "pass", "guess", "noise", "peek", "replay", "earmuffs",
              "clock")

MEANINGS = {
    "move": "move along `path` (cells, in order; [] stays), spending the boosts `boosts`",
    "freeze": "freeze (stop moving / playing this window)",
    "pass": "do nothing in this window",
    "guess": "Andy guesses whether the toys crossed (`cross`)",
    "noise": "play noise card `card`, with item `item` / the ranger's rocket if present",
    "peek": "look at seat `target`'s played card (mirror)",
    "replay": "the potato replays noise card `card`",
    "earmuffs": "use the earmuffs (`freeze`: and freeze)",
    "clock": "use the alarm clock",
}


def _keys() -> list[tuple[Any, ...]]:
    items: tuple[str | None, ...] = (None, *ITEM_IDS)
    keys: list[tuple[Any, ...]] = [("guess",)]
    for pos in CELLS:
        for rb in (None, "cowboy", "springdog"):
            for it in items:
                for stack in (False, True):
                    keys.append(("move", pos, rb, it, stack))
    for loud in (False, True):
        for it in items:
            for ranger in (False, True):
                keys.append(("noise", loud, it, ranger))
    for it in items:
        keys.append(("peek", tuple(range(MAX_SEATS)), it))
        keys.append(("after_peek", it))
        keys.append(("other", it))
        for loud in (False, True):
            for own in _CARDS[loud]:
                keys.append(("potato", loud, own, it))
        for ph in ("react", "react2"):
            for active in (False, True):
                keys.append((ph, active, None, None, it))
                for loud in (False, True):
                    for replay in _CARDS[loud]:
                        keys.append((ph, active, replay, loud, it))
    return keys


def action_space(config: Any = None) -> list[Action]:
    seen: dict[str, Action] = {}
    for key in _keys():
        for action in _build_legal(key):
            seen.setdefault(canonical(action), action)
    rank = {t: i for i, t in enumerate(TYPE_ORDER)}
    ordered = sorted(seen.values(), key=lambda a: rank[a["type"]])  # stable within a type
    return [dict(a, **{k: list(v) for k, v in a.items() if isinstance(v, list)})
            for a in ordered]


_LOG = ("skip", "the log retells in words what the rest of the view holds")
_CELLS = tuple(CELLS)
_CARD = {"card": ("num", 3), "item": ("enum", NOISE_ITEMS), "rocket": ("flag",)}
_NIGHTS = 8  # ToysConfig.nights' upper bound


def observation_spec(config: Any = None) -> dict[str, Any]:
    """The seat's view, field by field (``boardlab.rl.observation``). Scales: noise cards
    by 3, the threshold / need / cap by their config bounds (30 / 60 / 60), screws and
    exposure by 60, nights and moments by their counts; seats relative to the observer."""
    return {
        "night": ("num", _NIGHTS), "moment": ("num", 3),
        "phase": ("enum", ("move", "noise", "peek", "after_peek", "potato", "react", "react2",
                           "over")),
        "nights": ("num", _NIGHTS), "threshold": ("num", 30), "need": ("num", 60),
        "cap": ("num", 60), "exposure": ("num", 60), "progress": ("num", 60),
        "positions": ("seats", ("enum", _CELLS)),
        "frozen": ("seats", ("flag",)),
        "andy": ("seat",),
        "roles": ("seats", ("enum", ROLE_IDS)),
        "screws": ("seats", ("num", 60)),
        "companions": ("seats", ("list", _NIGHTS, {
            "cell": ("enum", _CELLS), "name": ("enum", tuple(COMPANIONS)),
            "night": ("num", _NIGHTS), "value": ("num", 5)})),
        "markers": ("keyed", _CELLS, ("enum", tuple(COMPANIONS))),
        "sight": ("bag", _CELLS, 1),
        "task_card": ("enum", tuple(TASKS)),
        "roll_card": ("enum", tuple(ROLLOVERS)),
        "task_cells": ("bag", _CELLS, 1),
        "ability_used": ("seats", ("flag",)),
        "clock_on": ("seats", ("flag",)),
        "items_used": ("seats", ("flag",)),
        "waiting": ("seatset",),
        "submitted": ("seatset",),
        "to_move": ("seatset",),
        "noise_cards": ("bag", (0, 1, 2, 3), 1),
        "over": ("flag",),
        "last": {"S": ("num", 60), "crossed": ("flag",), "exposure_added": ("num", 60),
                 "moment": ("num", 3), "night": ("num", _NIGHTS)},
        "night_exposure": ("list", _NIGHTS, ("num", 60)),
        "night_screws": ("list", _NIGHTS, ("seats", ("num", 60))),
        "freezes": ("seats", ("num", 12)),
        "items_declared": ("seats", ("enum", ITEM_IDS)),
        "items_held": ("seats", ("flag",)),
        "seat": ("skip", "the observer itself: seat +0 in the relative seats"),
        "my_item": ("enum", ITEM_IDS),
        "my_card": _CARD,
        "cards": ("seatkeyed", _CARD),
        "peeked": {"seat": ("seat",), "card": ("num", 3)},
        "my_choice": {
            "type": ("enum", TYPE_ORDER),
            "path": ("list", 3, ("enum", _CELLS)),
            "boosts": ("bag", ("cowboy", "springdog", "magnet"), 1),
            "card": ("num", 3), "item": ("enum", NOISE_ITEMS), "rocket": ("flag",),
            "cross": ("flag",), "target": ("seat",), "freeze": ("flag",)},
        "prompt": ("skip", "the prompt's words (zh/en) say what the phase says"),
        "log": _LOG, "visible_log": _LOG,
    }
