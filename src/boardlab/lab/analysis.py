"""From rows to the figures of a run: win rates and scores per seat, bot, role and player
count; every declared metric; and, for sweeps, paired differences against the first variant.

Shared wins: a k-way shared win counts 1/k of a win (``win``), so win rates over all seats of
a game sum to 1; ``any_win`` counts any share of the win as a win.
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numpy as np

from boardlab.lab.spec import LabSpec, Row
from boardlab.lab.stats import Estimate, holm, mean_t, paired_difference, wilson


def seat_records(rows: Iterable[Row], lab: LabSpec) -> Iterator[dict[str, Any]]:
    """One record per (game, seat): who sat there and how it came out."""
    for r in rows:
        k = len(r["winners"])
        for s in range(r["players"]):
            won = s in r["winners"]
            yield {"variant": r["variant"], "index": r["index"], "players": r["players"],
                   "seat": s, "bot": r["bots"][s], "role": lab.role_of(r, s),
                   "score": r["scores"][s], "win": (1.0 / k) if won else 0.0,
                   "any_win": 1.0 if won else 0.0}


def group_stats(recs: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """Win rate and mean score per value of ``key`` (bot, role, seat, players).

    Counted in games: a bot that holds several seats of one game gives one cluster, so its
    interval uses game-clustered errors (or a bootstrap over games), never seats as
    independent draws. ``n`` is the number of seats, ``games`` the number of games."""
    from boardlab.lab.inference import interval_test

    groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for rec in recs:
        if rec[key] is not None:
            groups[rec[key]].append(rec)
    out = []
    for value in sorted(groups, key=str):
        g = groups[value]
        by_game: dict[tuple, list[dict[str, Any]]] = defaultdict(list)
        for x in g:
            by_game[(x["variant"], x["index"])].append(x)

        def est(field: str, bounds=None, by_game=by_game, seats=len(g)) -> Estimate:
            t = interval_test([[x[field] for x in xs] for xs in by_game.values()],
                              -math.inf, math.inf, bounds)
            e = t.estimate
            return Estimate(e.value, e.lo, e.hi, seats, e.se)

        out.append({key: value, "n": len(g), "games": len(by_game),
                    "win": est("win", (0.0, 1.0)), "any_win": est("any_win", (0.0, 1.0)),
                    "score": est("score")})
    return out


def metric_stats(rows: list[Row], lab: LabSpec) -> list[dict[str, Any]]:
    out = []
    for m in lab.metrics:
        vals = [r["metrics"].get(m.name) for r in rows]
        vals = [v for v in vals if v is not None]
        est = wilson(sum(vals), len(vals)) if m.proportion else mean_t(vals)
        out.append({"metric": m.name, "label": m.label or m.name, "estimate": est,
                    "values": vals})
    return out


def game_figures(lab: LabSpec) -> list[tuple[str, Callable[[Row], float | None]]]:
    """Per-game figures compared across variants: every metric plus the mean score."""
    figs: list[tuple[str, Callable[[Row], float | None]]] = [
        ("mean_score", lambda r: float(np.mean(r["scores"])))]
    for m in lab.metrics:
        figs.append((m.name, lambda r, name=m.name: r["metrics"].get(name)))
    return figs


def paired_comparisons(rows: list[Row], lab: LabSpec, variants: list[dict[str, Any]],
                       alpha: float = 0.05) -> list[dict[str, Any]]:
    """Each variant against variant 0 on the same seeds, for every per-game figure, with
    Holm–Bonferroni over the whole family before anything is called significant."""
    by_v: dict[int, dict[int, Row]] = defaultdict(dict)
    for r in rows:
        by_v[r["variant"]][r["index"]] = r
    out = []
    for v in range(1, len(variants)):
        common = sorted(set(by_v[0]) & set(by_v[v]))
        for name, fn in game_figures(lab):
            pairs = [(fn(by_v[0][i]), fn(by_v[v][i])) for i in common]
            pairs = [(a, b) for a, b in pairs if a is not None and b is not None]
            if len(pairs) < 2:
                continue
            res = paired_difference([a for a, _ in pairs], [b for _, b in pairs])
            out.append({"variant": v, "figure": name, "paired": res,
                        "changes": {k: variants[v][k] for k in variants[v]
                                    if variants[0].get(k) != variants[v][k]}})
    flags = holm([c["paired"].p_value for c in out], alpha)
    for c, f in zip(out, flags, strict=True):
        c["significant"] = f
    return out


def sweep_curves(rows: list[Row], lab: LabSpec, variants: list[dict[str, Any]]
                 ) -> dict[str, list[Estimate]]:
    """Each per-game figure's estimate at every variant, for tables and plots."""
    curves: dict[str, list[Estimate]] = {}
    for name, fn in game_figures(lab):
        ests = []
        proportion = any(m.proportion for m in lab.metrics if m.name == name)
        for v in range(len(variants)):
            vals = [fn(r) for r in rows if r["variant"] == v]
            vals = [x for x in vals if x is not None]
            ests.append(wilson(sum(vals), len(vals)) if proportion else mean_t(vals))
        curves[name] = ests
    return curves


def slim(row: Row, lab: LabSpec) -> Row:
    """What the analysis reads of a row: a few numbers per game, not the summary, options
    or anything else a stored row carries (roles resolved here, as ``lab.role_of`` would)."""
    players = row["players"]
    roles = tuple(lab.role_of(row, s) for s in range(players))
    # tuples and interned names: a few hundred bytes per game, nothing shared with the row
    return {"variant": row["variant"], "index": row["index"], "players": players,
            "bots": tuple(sys.intern(b) for b in row["bots"]),
            "roles": roles if any(r is not None for r in roles) else None,
            "scores": tuple(row["scores"]), "winners": tuple(row["winners"]),
            "metrics": {m.name: row["metrics"].get(m.name) for m in lab.metrics}}


class Accumulator:
    """Rows as they stream in (any batch order): keeps only :func:`slim` records, so a
    run's rows can go to the store batch by batch and still be analysed at the end."""

    def __init__(self, lab: LabSpec) -> None:
        self.lab = lab
        self._rows: list[Row] = []

    def add(self, rows: Iterable[Row]) -> None:
        self._rows.extend(slim(r, self.lab) for r in rows)

    def __len__(self) -> int:
        return len(self._rows)

    def rows(self) -> list[Row]:
        """The slim records in (variant, index) order, the order ``runner.run`` returns."""
        self._rows.sort(key=lambda r: (r["variant"], r["index"]))
        return self._rows

    def bots(self, variant: int) -> list[list[str]]:
        return [list(r["bots"]) for r in self.rows() if r["variant"] == variant]

    def analyse(self, variants: list[dict[str, Any]]) -> dict[str, Any]:
        return analyse(self.rows(), self.lab, variants)


def analyse(rows: Iterable[Row], lab: LabSpec, variants: list[dict[str, Any]]
            ) -> dict[str, Any]:
    """Everything the terminal, the store and the report show about a run.

    ``rows`` may be any iterable (e.g. ``store.iter_rows``, read in batches): each row is
    reduced to its :func:`slim` record as it is read, so whole rows are never all held."""
    acc = Accumulator(lab)
    acc.add(rows)
    rows = acc.rows()
    per_variant = []
    for v, opts in enumerate(variants):
        vrows = [r for r in rows if r["variant"] == v]
        recs = list(seat_records(vrows, lab))
        per_variant.append({
            "variant": v, "options": opts, "games": len(vrows),
            "seat": group_stats(recs, "seat"), "bot": group_stats(recs, "bot"),
            "role": group_stats(recs, "role"), "players": group_stats(recs, "players"),
            "metrics": metric_stats(vrows, lab),
        })
    return {"variants": per_variant,
            "comparisons": paired_comparisons(rows, lab, variants),
            "curves": sweep_curves(rows, lab, variants) if len(variants) > 1 else {}}


def to_json(value: Any) -> Any:
    """Analysis as JSON (estimates become dicts; raw metric values are dropped)."""
    if isinstance(value, Estimate):
        return value.to_json()
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items() if k != "values"}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value
