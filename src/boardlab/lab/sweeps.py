"""Sweeps in reports: figures against a swept option on a numeric axis, win rate per bot and
per role against the swept value, a heatmap for two swept options, and a compact
value x outcome table."""

from __future__ import annotations

import math
from typing import Any

from boardlab.lab.plots import plt, png, use_cjk, wrap
from boardlab.lab.spec import LabSpec, Row
from boardlab.lab.stats import Estimate, mean_t, wilson


def _numeric(values: list[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def _x(values: list[Any]) -> tuple[list[float], list[str] | None]:
    """Numeric sweeps get a numeric axis; words are placed evenly and labelled."""
    if _numeric(values):
        return [float(v) for v in values], None
    return list(range(len(values))), [str(v) for v in values]


def _errbar(ax, x, ests: list[Estimate], label: str | None = None):
    lo = [max(0.0, e.value - e.lo) if math.isfinite(e.lo) else 0.0 for e in ests]
    hi = [max(0.0, e.hi - e.value) if math.isfinite(e.hi) else 0.0 for e in ests]
    ax.errorbar(x, [e.value for e in ests], yerr=[lo, hi], marker="o", capsize=3, label=label)


def _figures(lab: LabSpec) -> list[tuple[str, str, Any, bool]]:
    """(key, words, per-game function, is a rate) for every per-game figure."""
    out = [("mean_score", "mean score per seat", lambda r: sum(r["scores"]) / len(r["scores"]),
            False)]
    for m in lab.metrics:
        out.append((m.name, m.label or m.name, lambda r, k=m.name: r["metrics"].get(k),
                    m.proportion))
    return out


def _estimate(vals: list[float], rate: bool) -> Estimate:
    vals = [v for v in vals if v is not None]
    return wilson(sum(vals), len(vals)) if rate else mean_t(vals)


def one_key(rows: list[Row], lab: LabSpec, variants: list[dict], key: str,
            game_title: str) -> list[tuple[str, bytes]]:
    """Every figure, and win rate per bot / per role, against one swept option."""
    from boardlab.lab.tidy import frame

    use_cjk()
    values = [v.get(key) for v in variants]
    x, ticks = _x(values)
    figs = []
    for _name, words, fn, rate in _figures(lab):
        ests = [_estimate([fn(r) for r in rows if r["variant"] == i], rate)
                for i in range(len(variants))]
        fig, ax = plt.subplots(figsize=(6, 3.4))
        _errbar(ax, x, ests)
        _axes(ax, key, ticks, x, words)
        ax.set_title(wrap(f"{game_title}: {words} as {key} changes (95% interval)"), fontsize=9)
        figs.append((f"Sweep of {key}: {words}", png(fig)))
    df = frame(rows, lab)
    for col, what in (("bot", "bot"), ("role", "role")):
        if df.empty or df[col].isna().all() or df[col].nunique() < 1:
            continue
        fig, ax = plt.subplots(figsize=(6, 3.4))
        for group in sorted(df[col].dropna().unique(), key=str):
            ests = []
            for i in range(len(variants)):
                sel = df[(df["variant"] == i) & (df[col] == group)]
                ests.append(wilson(float(sel["win"].sum()), len(sel)))
            _errbar(ax, x, ests, label=str(group))
        _axes(ax, key, ticks, x, "win rate (a k-way shared win counts 1/k)")
        ax.set_ylim(0, 1)
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5))
        ax.set_title(wrap(f"{game_title}: win rate per {what} as {key} changes"), fontsize=9)
        figs.append((f"Sweep of {key}: win rate per {what}", png(fig)))
    return figs


def _axes(ax, key, ticks, x, ylabel):
    ax.set_xlabel(key)
    ax.set_ylabel(wrap(ylabel, 30), fontsize=8)
    if ticks:
        ax.set_xticks(x, ticks, rotation=30, ha="right")


def heatmaps(rows: list[Row], lab: LabSpec, variants: list[dict], keys: list[str],
             game_title: str) -> list[tuple[str, bytes]]:
    """One heatmap per figure over the grid of the first two swept options."""
    import numpy as np

    use_cjk()
    a, b = keys[:2]
    av = sorted({v[a] for v in variants}, key=lambda v: (str(type(v)), v))
    bv = sorted({v[b] for v in variants}, key=lambda v: (str(type(v)), v))
    figs = []
    for _name, words, fn, rate in _figures(lab):
        grid = np.full((len(av), len(bv)), np.nan)
        for i, opts in enumerate(variants):
            vals = [fn(r) for r in rows if r["variant"] == i]
            est = _estimate(vals, rate)
            if est.n:
                grid[av.index(opts[a]), bv.index(opts[b])] = est.value
        fig, ax = plt.subplots(figsize=(1.1 * len(bv) + 2.5, 0.8 * len(av) + 1.8))
        im = ax.imshow(grid, cmap="viridis", aspect="auto")
        ax.set_xticks(range(len(bv)), [str(v) for v in bv])
        ax.set_yticks(range(len(av)), [str(v) for v in av])
        ax.set_xlabel(b)
        ax.set_ylabel(a)
        for i in range(len(av)):
            for j in range(len(bv)):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, f"{grid[i, j]:.3g}", ha="center", va="center",
                            color="white", fontsize=8)
        fig.colorbar(im, ax=ax, shrink=0.8)
        ax.set_title(wrap(f"{game_title}: {words} over {a} and {b}", 45), fontsize=9)
        figs.append((f"Heatmap: {words} over {a} x {b}", png(fig)))
    return figs


def table(rows: list[Row], lab: LabSpec, variants: list[dict], keys: list[str]) -> str:
    """A compact value x outcome table (markdown): one line per grid point."""
    figs = _figures(lab)
    head = [*keys, "games", *[w for _, w, _, _ in figs]]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for i, opts in enumerate(variants):
        vrows = [r for r in rows if r["variant"] == i]
        cells = [str(opts.get(k)) for k in keys] + [str(len(vrows))]
        for _, _, fn, rate in figs:
            cells.append(_estimate([fn(r) for r in vrows], rate).fmt(rate))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
