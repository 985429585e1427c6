"""Bots for geometry, using only the view, the legal actions and their own generator.

* ``bold``: accuses the leader when few of the leader's cards are left face down, adds
  doors that are safe for itself, otherwise says OK unless an open door hides its shape.
* ``cautious``: never lets a search reach its own shape: it says OK only when its shape
  is behind a closed door, else takes the lead with a door choice that keeps it hidden.
"""

from __future__ import annotations

from typing import Any

from boardlab.bots.base import DecisionContext
from boardlab.engine.protocol import Action


def _my_shape(view: dict[str, Any]) -> int | None:
    me = view["seats"][view["seat"]]["cards"]
    return me.index("shape") + 1 if "shape" in me else None


class _Base:
    name = "base"
    accuse_at = 2  # accuse when the leader has at most this many face-down cards

    def choose(self, ctx: DecisionContext) -> Action:
        v, legal = ctx.view, ctx.legal
        mine = _my_shape(v)
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a["type"], []).append(a)
        if "open" in kinds or "reveal_x" in kinds:
            pool = [a for a in legal if a.get("door") != mine] or legal
            return ctx.rng.choice(pool)
        safe_ok = mine not in v["open"]
        accuse = kinds.get("accuse", [])
        if accuse and len(accuse) <= self.accuse_at:
            return ctx.rng.choice(accuse)
        if safe_ok:
            return {"type": "ok"}
        reopen = [a for a in kinds.get("reopen", []) if mine not in a["doors"]]
        if reopen:
            return ctx.rng.choice(reopen)
        if accuse:
            return ctx.rng.choice(accuse)
        return legal[0]


class BoldBot(_Base):
    name = "bold"
    accuse_at = 3


class CautiousBot(_Base):
    name = "cautious"
    accuse_at = 1


BOTS = {"bold": BoldBot, "cautious": CautiousBot}
