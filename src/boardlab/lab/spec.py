"""What the lab knows about a game: its claim register (``games/<id>/claims.py``), read here.

Games never import the lab: a register is plain data (:mod:`boardlab.engine.claims`). The lab
wraps it in a :class:`LabSpec` - metrics for reports, the stand-in bots, the claims.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.claims import Claim, Metric, Register, role_of, summary_value

Row = dict[str, Any]
"""One simulated game as stored: index, variant, seed, players, options, bots, roles,
scores, winners, summary, steps, metrics."""

__all__ = ["LabSpec", "Metric", "Row", "resolve_game", "resolve_lab", "summary_metric"]


def summary_metric(key: str, label: str = "", proportion: bool = False) -> Metric:
    """A metric that is a number stored directly in ``Result.summary[key]``."""
    return Metric(key, summary_value(key), label or key, proportion)


@dataclass
class LabSpec:
    metrics: list[Metric] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    stand_in: str = ""
    source: str = ""
    role_key: str = "roles"

    @classmethod
    def of(cls, register: Register) -> LabSpec:
        return cls(list(register.metrics), list(register.claims), register.stand_in,
                   register.source, register.role_key)

    def role_of(self, row: Row, seat: int) -> str | None:
        return role_of(row, seat, self.role_key)


def resolve_game(ref: str):
    """A game by registry id (``cat``) or by ``module:ATTR`` (test games, plugins)."""
    if ":" in ref:
        mod, _, attr = ref.partition(":")
        return getattr(importlib.import_module(mod), attr)
    from boardlab.engine.registry import get_game

    return get_game(ref)


def resolve_register(ref: str) -> Register | None:
    """The game's claim register: ``REGISTER`` of ``module`` for ``module:ATTR`` games, else
    ``boardlab.games.<id>.claims.REGISTER``; ``None`` when the game has none."""
    if ":" in ref:
        module = importlib.import_module(ref.partition(":")[0])
        return getattr(module, "REGISTER", None)
    name = f"boardlab.games.{ref}.claims"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    return module.REGISTER


def resolve_lab(ref: str) -> LabSpec:
    """The game's lab view, or an empty one (scores and wins only)."""
    reg = resolve_register(ref)
    return LabSpec.of(reg) if reg else LabSpec()
