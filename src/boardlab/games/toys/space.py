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

from .data import CELLS, ITEM_IDS
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
