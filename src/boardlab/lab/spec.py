"""What a game declares to the lab (``games/<id>/lab.py`` exports ``LAB = LabSpec(...)``).

The lab itself knows nothing about any game: metrics read ``Result.summary``, experiments
name configs and bots and say which published figure each of our estimates faces.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Row = dict[str, Any]
"""One simulated game as stored: index, variant, seed, players, bots, roles, scores,
winners, summary, metrics."""


@dataclass(frozen=True)
class Metric:
    """A per-game figure. ``fn`` gets the row (with ``summary``) and returns a number or
    ``None`` (not defined for this game, e.g. a mean exposure round with no exposure)."""

    name: str
    fn: Callable[[Row], float | None]
    label: str = ""
    proportion: bool = False  # 0/1 per game: reported with a Wilson interval


def summary_metric(key: str, label: str = "", proportion: bool = False) -> Metric:
    """A metric that is a number stored directly in ``Result.summary[key]``."""

    def fn(row: Row) -> float | None:
        v = row["summary"].get(key)
        if isinstance(v, bool):
            return float(v)
        return float(v) if isinstance(v, int | float) else None

    return Metric(key, fn, label or key, proportion)


@dataclass
class Experiment:
    """One balance experiment the rulebook reports.

    ``run`` gives the run settings (players, bots, options, roles, games); ``checks`` turns
    the run's rows into published-vs-ours lines (see :mod:`boardlab.lab.balance`).
    """

    name: str
    title: str
    options: dict[str, Any]
    bots: list[str]
    checks: Callable[[list[Row]], list[Any]]
    games: int = 200
    sweep: dict[str, list[Any]] = field(default_factory=dict)
    roles: list[str] | None = None
    rotate: bool = True
    note: str = ""


@dataclass
class LabSpec:
    metrics: list[Metric] = field(default_factory=list)
    default_bots: list[str] = field(default_factory=lambda: ["random"])
    experiments: list[Experiment] = field(default_factory=list)
    stand_in: str = ""
    """Which of our bots stands in for the rulebook's (unknown) simulator bots, and why."""
    source: str = ""
    role_key: str = "roles"
    """``summary[role_key][seat]`` is the seat's role, if the game has roles."""

    def role_of(self, row: Row, seat: int) -> str | None:
        roles = row.get("roles")
        if roles and roles[seat] is not None:
            return str(roles[seat])
        got = row["summary"].get(self.role_key)
        if isinstance(got, list) and seat < len(got) and got[seat] is not None:
            return str(got[seat])
        return None


def resolve_game(ref: str):
    """A game by registry id (``cat``) or by ``module:ATTR`` (test games, plugins)."""
    if ":" in ref:
        mod, _, attr = ref.partition(":")
        return getattr(importlib.import_module(mod), attr)
    from boardlab.engine.registry import get_game

    return get_game(ref)


def resolve_lab(ref: str) -> LabSpec:
    """The game's lab declaration, or an empty one (scores and wins only)."""
    if ":" in ref:
        module = importlib.import_module(ref.partition(":")[0])
        return getattr(module, "LAB", None) or LabSpec()
    try:
        module = importlib.import_module(f"boardlab.games.{ref}.lab")
    except ModuleNotFoundError as exc:
        if exc.name != f"boardlab.games.{ref}.lab":
            raise
        return LabSpec()
    return module.LAB
