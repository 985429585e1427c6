"""Statistics a designer can trust: Wilson intervals, t intervals, paired differences, Holm.

Every function returns an :class:`Estimate` (value, interval, n) so tables and plots treat
proportions and means alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
from scipy import stats as sps

Z95 = 1.959963984540054


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

    def fmt(self, pct: bool = False) -> str:
        if self.n == 0 or math.isnan(self.value):
            return "—"
        if math.isnan(self.lo):  # an extreme or a bound: a value without an interval
            return f"{100 * self.value:.1f}%" if pct else f"{self.value:.3g}"
        if pct:
            return f"{100 * self.value:.1f}% [{100 * self.lo:.1f}, {100 * self.hi:.1f}]"
        return f"{self.value:.3g} [{self.lo:.3g}, {self.hi:.3g}]"


NAN = Estimate(float("nan"), float("nan"), float("nan"), 0)


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval for a proportion. ``successes`` may be fractional (shared wins
    counted 1/k); the interval then treats it as that many whole successes, which is
    conservative enough for designer use and exact for integer counts."""
    if n <= 0:
        return NAN
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # Floating point can put a bound a hair on the wrong side of p at p = 0 or 1.
    lo = min(p, max(0.0, centre - half))
    hi = max(p, min(1.0, centre + half))
    return Estimate(p, lo, hi, n, math.sqrt(p * (1 - p) / n))


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
    se = float(x.std(ddof=1) / math.sqrt(n))
    if se == 0:
        return Estimate(m, m, m, n, 0.0)
    q = float(sps.t.ppf(0.5 + level / 2, n - 1))
    return Estimate(m, m - q * se, m + q * se, n, se)


@dataclass(frozen=True)
class Paired:
    """Difference b - a over the same seeds, its interval and two-sided p-value."""

    diff: Estimate
    p_value: float

    def to_json(self) -> dict:
        return {"diff": self.diff.to_json(), "p_value": self.p_value}


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Paired:
    """Paired (common random numbers) comparison: game i of ``a`` and of ``b`` share a seed,
    so the per-seed differences cancel the luck of the deal."""
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape:
        raise ValueError("paired samples must have the same length (same seeds)")
    d = y - x
    est = mean_t(d)
    if est.n < 2:
        return Paired(est, float("nan"))
    if est.se == 0:
        return Paired(est, 1.0 if est.value == 0 else 0.0)
    t = est.value / est.se
    return Paired(est, float(2 * sps.t.sf(abs(t), est.n - 1)))


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm–Bonferroni: which hypotheses are rejected at family-wise level ``alpha``.
    NaN p-values are never significant and do not count towards the family size."""
    idx = [i for i, p in enumerate(p_values) if not math.isnan(p)]
    order = sorted(idx, key=lambda i: p_values[i])
    m = len(order)
    out = [False] * len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] <= alpha / (m - rank):
            out[i] = True
        else:
            break
    return out


def consistent(ours: Estimate, published: float, published_n: int | None = None,
               proportion: bool = False) -> bool:
    """Whether a published figure agrees with ours at the 5% level.

    With the published sample size known, the published figure has its own sampling error;
    we then test the difference with both standard errors combined (z test). Without it, the
    published figure must fall inside our 95% interval."""
    if published_n and not math.isnan(ours.se):
        if proportion:
            se_pub = math.sqrt(max(published * (1 - published), 1e-12) / published_n)
        else:
            se_pub = ours.se * math.sqrt(ours.n / published_n)  # assume the same spread
        se = math.hypot(ours.se, se_pub)
        if se == 0:
            return ours.value == published
        return abs(ours.value - published) / se <= Z95
    return ours.lo <= published <= ours.hi
