"""Statistics a designer can trust, through statsmodels and SciPy.

Every estimator returns an :class:`Estimate` (value, interval, n, standard error) so tables
and plots treat proportions and means alike. Hand-written code is kept only where no library
does the job, and says why.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

Z95 = float(sps.norm.ppf(0.975))


@dataclass(frozen=True)
class Estimate:
    value: float
    lo: float
    hi: float
    n: int
    se: float = float("nan")

    def to_json(self) -> dict:
        # JSON (and PostgreSQL) has no NaN or infinity: an undefined bound is null.
        return {k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, d: dict) -> Estimate:
        return cls(**{k: (float("nan") if v is None else v) for k, v in d.items()})

    def fmt(self, pct: bool = False) -> str:
        if self.n == 0 or math.isnan(self.value):
            return "—"
        if math.isnan(self.lo):  # fixed by construction, an extreme or a bound: no interval
            return f"{100 * self.value:.1f}%" if pct else f"{self.value:.4g}"
        if pct:
            return f"{100 * self.value:.1f}% [{100 * self.lo:.1f}, {100 * self.hi:.1f}]"
        return f"{self.value:.4g} [{self.lo:.4g}, {self.hi:.4g}]"


NAN = Estimate(float("nan"), float("nan"), float("nan"), 0)


def exact(value: float) -> Estimate:
    """A value fixed by construction: no interval."""
    return Estimate(float(value), float("nan"), float("nan"), 1, 0.0)


def wilson(successes: float, n: int, alpha: float = 0.05) -> Estimate:
    """Wilson score interval (statsmodels). ``successes`` may be fractional (a k-way shared
    win counts 1/k); the interval then treats it as that many successes."""
    if n <= 0:
        return NAN
    p = successes / n
    lo, hi = proportion_confint(successes, n, alpha=alpha, method="wilson")
    # Floating point can put a bound a hair on the wrong side of p at p = 0 or 1.
    return Estimate(p, min(p, float(lo)), max(p, float(hi)), n, math.sqrt(p * (1 - p) / n))


def clopper_pearson(successes: int, n: int, alpha: float = 0.05) -> Estimate:
    """Exact (beta) interval for a whole-number proportion."""
    if n <= 0:
        return NAN
    lo, hi = proportion_confint(successes, n, alpha=alpha, method="beta")
    p = successes / n
    return Estimate(p, float(lo), float(hi), n, math.sqrt(p * (1 - p) / n))


def mean_t(values: Sequence[float], level: float = 0.95) -> Estimate:
    """Mean with a Student t interval (a single value has an infinite interval)."""
    x = np.asarray(values, dtype=float)
    x = x[~np.isnan(x)]
    n = int(x.size)
    if n == 0:
        return NAN
    m = float(x.mean())
    if n == 1:
        return Estimate(m, -math.inf, math.inf, 1)
    se = float(sps.sem(x))
    if se == 0:
        return Estimate(m, m, m, n, 0.0)
    lo, hi = sps.t.interval(level, n - 1, loc=m, scale=se)
    return Estimate(m, float(lo), float(hi), n, se)


@dataclass(frozen=True)
class Paired:
    """Difference b - a over the same seeds, its interval and two-sided p-value."""

    diff: Estimate
    p_value: float
    test: str = "paired t"

    def to_json(self) -> dict:
        return {"diff": self.diff.to_json(), "p_value": self.p_value, "test": self.test}


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Paired:
    """Paired (common random numbers) comparison by paired t test (SciPy): game i of ``a``
    and of ``b`` share a seed, so the per-seed differences cancel the luck of the deal."""
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape:
        raise ValueError("paired samples must have the same length (same seeds)")
    est = mean_t(y - x)
    if est.n < 2:
        return Paired(est, float("nan"))
    if est.se == 0:
        return Paired(est, 1.0 if est.value == 0 else 0.0)
    return Paired(est, float(sps.ttest_rel(y, x).pvalue))


def mcnemar_test(a: Sequence[bool], b: Sequence[bool]) -> tuple[float, float]:
    """Paired yes/no on the same seeds: (b rate - a rate, exact McNemar two-sided p)."""
    from statsmodels.stats.contingency_tables import mcnemar

    x = np.asarray(a, dtype=bool)
    y = np.asarray(b, dtype=bool)
    table = [[int(np.sum(x & y)), int(np.sum(x & ~y))],
             [int(np.sum(~x & y)), int(np.sum(~x & ~y))]]
    res = mcnemar(table, exact=True)
    return float(y.mean() - x.mean()), float(res.pvalue)


def wilcoxon_test(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Paired scores: (mean of b - a, Wilcoxon signed-rank two-sided p; 1 if all equal)."""
    d = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    if not np.any(d):
        return 0.0, 1.0
    return float(d.mean()), float(sps.wilcoxon(d).pvalue)


def holm_adjust(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (statsmodels); NaN stays NaN and is not in the family."""
    idx = [i for i, p in enumerate(p_values) if not math.isnan(p)]
    out = [float("nan")] * len(p_values)
    if idx:
        adj = multipletests([p_values[i] for i in idx], method="holm")[1]
        for i, q in zip(idx, adj, strict=True):
            out[i] = float(q)
    return out


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm–Bonferroni: which hypotheses are rejected at family-wise level ``alpha``."""
    return [not math.isnan(q) and q <= alpha for q in holm_adjust(p_values)]
