"""The lab's analysis as it was written row by row (before the flat columns of
``analysis.Accumulator``): every figure from per-game Python lists, the interval tests from
per-game arrays, the bootstrap's outcomes counted game by game and drawn unbatched. Tests
compare the streaming analysis with this obvious path to the last bit (``to_json``
equality); the bootstrap itself is checked against the plain resampling of the rows
(:func:`resample_rows`) and the exact law of a small run in ``test_bootstrap_batch.py``."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import numpy as np
from scipy import stats as sps

from boardlab.lab.inference import Tested, _combine, _one_sided
from boardlab.lab.spec import LabSpec, Row
from boardlab.lab.stats import (
    Estimate,
    clopper_pearson,
    holm,
    mean_t,
    paired_difference,
    wilson,
)


def _bootstrap_ci(groups: list[np.ndarray], bounds: tuple[float, float] | None,
                  seed: int = 0) -> tuple[float, float] | None:
    """The lab's percentile bootstrap over games of the pooled mean, clipped to the bounds,
    written out game by game: the games' distinct (sum, count) outcomes counted in a dict,
    the same draws as ``inference._bootstrap_ratios`` (multiplicities from one multinomial
    call, or one call of g uniform games per resample when outcomes hardly repeat), so the
    streamed analysis can be compared with this one to the last bit. That these draws are
    a bootstrap of the games at all is tested against :func:`resample_rows` (the plain
    bootstrap of the rows) in ``test_bootstrap_batch.py``."""
    g = len(groups)
    if g < 5:
        return None
    sums = [float(x.sum()) for x in groups]
    counts = [float(x.size) for x in groups]
    if len({s / max(c, 1) for s, c in zip(sums, counts, strict=True)}) == 1 and \
            len(set(counts)) == 1:
        v = float(np.sum(sums) / np.sum(counts))
        return v, v
    freq: dict[tuple[float, float], int] = defaultdict(int)
    for key in zip(sums, counts, strict=True):
        freq[key] += 1
    outcomes = sorted(freq)
    k = len(outcomes)
    rng = np.random.default_rng(seed)
    if k * 8 > g:
        where = {o: i for i, o in enumerate(outcomes)}
        code = np.array([where[key] for key in zip(sums, counts, strict=True)])
        m = np.array([np.bincount(code[rng.integers(0, g, size=g)], minlength=k)
                      for _ in range(999)])
    else:
        m = rng.multinomial(g, np.array([freq[o] for o in outcomes]) / g, size=999)
    s = np.array([o[0] for o in outcomes])
    c = np.array([o[1] for o in outcomes])
    theta = (m * s).sum(axis=1) / (m * c).sum(axis=1)
    lo, hi = (float(q) for q in np.quantile(theta, [0.025, 0.975]))
    if bounds:
        lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    return lo, hi


def resample_rows(groups: list[np.ndarray], resamples: int, rng: np.random.Generator
                  ) -> np.ndarray:
    """The plain bootstrap of the games, as a textbook writes it: draw g games with
    replacement, pool every value of the drawn games, take the mean; ``resamples`` times.
    Nothing is shared with the lab's code (no sums, no outcomes, no multiplicities): the
    games' values sit in a padded table (a mask says which cells are values), and the drawn
    games' rows of it are pooled."""
    g = len(groups)
    width = max(x.size for x in groups)
    table = np.zeros((g, width))
    mask = np.zeros((g, width), dtype=bool)
    for i, x in enumerate(groups):
        table[i, :x.size] = x
        mask[i, :x.size] = True
    out = np.empty(resamples)
    for start in range(0, resamples, 256):
        idx = rng.integers(0, g, size=(min(256, resamples - start), g))
        out[start:start + idx.shape[0]] = (table[idx].sum(axis=(1, 2))
                                           / mask[idx].sum(axis=(1, 2)))
    return out


def resample_rows_ci(groups: list[np.ndarray], seed: int, resamples: int = 999
                     ) -> tuple[float, float]:
    """The 95% percentile interval of :func:`resample_rows`."""
    theta = resample_rows(groups, resamples, np.random.default_rng(seed))
    lo, hi = np.quantile(theta, [0.025, 0.975])
    return float(lo), float(hi)


def interval_test(groups: Sequence[Sequence[float]], low: float, high: float,
                  bounds: tuple[float, float] | None = None) -> Tested:
    """θ (the mean of every value, values grouped by game) against ``[low, high]``."""
    arrs = [np.asarray(g, dtype=float) for g in groups if len(g)]
    games = len(arrs)
    if games == 0:
        return Tested(Estimate(float("nan"), float("nan"), float("nan"), 0), math.nan,
                      math.nan, "no data", 0)
    one_each = all(a.size == 1 for a in arrs)
    if one_each:
        x = np.concatenate(arrs)
        # Exact binomial only for a yes/no figure (a rate, bounds 0..1), not a count that
        # happened to be 0 or 1 in every game.
        if bounds == (0.0, 1.0) and np.all((x == 0) | (x == 1)):
            k, n = int(x.sum()), x.size
            est = clopper_pearson(k, n)

            def p(value: float, alt: str) -> float:
                if value <= 0:
                    return 0.0 if alt == "greater" else 1.0
                if value >= 1:
                    return 1.0 if alt == "greater" else 0.0
                return float(sps.binomtest(k, n, value, alternative=alt).pvalue)

            ph, pc = _combine(p(low, "greater"), p(high, "less"), p(low, "less"),
                              p(high, "greater"), low, high)
            return Tested(est, ph, pc, "exact binomial", games)
        from statsmodels.stats.weightstats import DescrStatsW

        d = DescrStatsW(x)
        est = mean_t(x)
        if bounds:
            ci = _bootstrap_ci(arrs, bounds)
            if ci:
                est = Estimate(est.value, ci[0], ci[1], est.n, est.se)
        if x.size < 2:
            return Tested(est, math.nan, math.nan, "one game", games)
        gl, ll = _one_sided(d.mean, d.std_mean, d.nobs - 1, low)
        gh, lh = _one_sided(d.mean, d.std_mean, d.nobs - 1, high)
        ph, pc = _combine(gl, lh, ll, gh, low, high)
        return Tested(est, ph, pc, "one-sample t", games)
    # Several values per game: seats of one game, or pooled events, are not independent.
    from statsmodels.regression.linear_model import OLS

    y = np.concatenate(arrs)
    groups_id = np.concatenate([np.full(a.size, i) for i, a in enumerate(arrs)])
    mean = float(y.mean())
    if games < 2:
        return Tested(Estimate(mean, float("nan"), float("nan"), games), math.nan, math.nan,
                      "one game", games)
    fit = OLS(y, np.ones_like(y)).fit(cov_type="cluster", cov_kwds={"groups": groups_id})
    se = float(fit.bse[0])
    df = games - 1
    ci = _bootstrap_ci(arrs, bounds) if bounds else None
    if ci is None:
        q = float(sps.t.ppf(0.975, df))
        ci = (mean - q * se, mean + q * se)
    est = Estimate(mean, ci[0], ci[1], games, se)
    gl, ll = _one_sided(mean, se, df, low)
    gh, lh = _one_sided(mean, se, df, high)
    ph, pc = _combine(gl, lh, ll, gh, low, high)
    return Tested(est, ph, pc, "game-clustered mean", games)


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


def analyse(rows: list[Row], lab: LabSpec, variants: list[dict[str, Any]]) -> dict[str, Any]:
    rows = sorted(rows, key=lambda r: (r["variant"], r["index"]))
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
