"""Tests of a simulated figure against a published one: equivalence within a margin.

A claim says our figure θ lies in an interval ``[low, high]`` (published ± margin, or a
one-sided bound, or the book's own range). From the games we compute two p-values:

* ``p_hold`` - the intersection-union test of "θ is outside [low, high]": the larger of the
  two one-sided p-values (θ ≤ low, θ ≥ high). For ``published ± margin`` this is exactly
  TOST (Schuirmann's two one-sided tests);
* ``p_contra`` - the test of "θ is inside [low, high]": the smaller one-sided p-value of
  θ < low or θ > high, doubled (Bonferroni) when both sides are finite.

Both are Holm-adjusted over the family of claims of a game; a claim holds when its adjusted
``p_hold`` is below α, is contradicted when its adjusted ``p_contra`` is, and is
inconclusive otherwise. The one-sided p-values come from SciPy / statsmodels:

* one figure per game that is 0/1 -> exact binomial test (``scipy.stats.binomtest``),
  Clopper–Pearson interval;
* one figure per game otherwise -> one-sample t test (statsmodels ``DescrStatsW``);
* several figures per game (seats, pooled events) -> the mean as an intercept-only OLS with
  game-clustered (CR1) standard errors (statsmodels), t with G - 1 degrees of freedom.

A bounded figure (a rate, a count) gets a percentile bootstrap interval over games, which
stays inside its bounds (the resamples drawn as multiplicities of the distinct game outcomes:
:func:`_bootstrap_ci`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats as sps

from boardlab.lab.stats import Estimate, clopper_pearson, mean_t


@dataclass(frozen=True)
class Tested:
    estimate: Estimate
    p_hold: float
    p_contra: float
    method: str
    games: int


def _one_sided(est: float, se: float, df: float | None, value: float) -> tuple[float, float]:
    """(p for θ > value, p for θ < value) from an estimate and its standard error.

    Hand-written only to turn a library's estimate and (clustered) standard error into
    one-sided p-values against an arbitrary value: statsmodels' ``t_test`` is two-sided."""
    if math.isinf(value):
        return (0.0, 1.0) if value < 0 else (1.0, 0.0)
    if se == 0:
        return (0.0 if est > value else 1.0), (0.0 if est < value else 1.0)
    t = (est - value) / se
    dist = sps.t(df) if df else sps.norm
    return float(dist.sf(t)), float(dist.cdf(t))


def _combine(greater_low: float, less_high: float, less_low: float, greater_high: float,
             low: float, high: float) -> tuple[float, float]:
    p_hold = max(greater_low, less_high)
    sides = [p for p, bound in ((less_low, low), (greater_high, high)) if math.isfinite(bound)]
    p_contra = min(1.0, min(sides) * len(sides)) if sides else 1.0
    return p_hold, p_contra


# A bootstrap batch holds about this many cells at once (resampled multiplicities, or
# resampled games when few outcomes repeat; 8 bytes each, a few arrays): ~1 MB whatever
# the run's size.
BOOTSTRAP_CELLS = 32_768
BOOTSTRAP_RESAMPLES = 999


def game_sums(values: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Per-game sums of ``values`` (each game's values together, ``counts`` of them), equal
    to the last bit to ``values[start:start + count].sum()`` for every game.

    NumPy sums fewer than 8 numbers left to right starting from the first (pairwise
    summation only begins at 8), so those games are summed column by column in that order;
    a game with 8 or more values (pooled events) is summed by NumPy itself."""
    starts = np.cumsum(counts) - counts
    out = values[starts].astype(float, copy=False)  # a copy already (fancy index)
    if counts.size and counts.max() > 1:
        small = counts < 8
        for j in range(1, min(int(counts.max()), 8)):
            m = np.flatnonzero(small & (counts > j))
            out[m] = out[m] + values[starts[m] + j]
        for i in np.flatnonzero(~small):
            out[i] = values[starts[i]:starts[i] + counts[i]].sum()
    return out


def _bootstrap_ratios(sums: np.ndarray, counts: np.ndarray, resamples: int, seed: int,
                      by_games: bool | None = None) -> np.ndarray:
    """The pooled mean ``Σ sums / Σ counts`` of ``resamples`` bootstrap resamples of the
    games (g games drawn with replacement), deterministic from ``seed``.

    A resample's statistic is ``Σ m_k s_k / Σ m_k c_k`` over the K distinct (sum, count)
    outcomes, m_k being how many of its g games had outcome k, so only the multiplicities
    are drawn: ``m ~ Multinomial(g, f / g)`` (f: how many games had each outcome), the law
    of counting g games drawn with replacement. A resample costs O(K), not O(g) (K is a
    handful in the lab: win shares by seat count). When outcomes hardly repeat (``by_games``;
    by default K > g / 8, a continuous figure, where K binomial draws would cost more than
    g uniform ones) the g games are drawn as indices and counted instead: the same
    multiplicities in law, the path chosen by the data, never by chance. Batches of at most
    ``BOOTSTRAP_CELLS`` cells bound the memory and do not change the draws."""
    g = len(sums)
    outcomes, code, freq = np.unique(
        np.column_stack((np.asarray(sums, dtype=float), np.asarray(counts, dtype=float))),
        axis=0, return_inverse=True, return_counts=True)
    code = code.reshape(-1)
    s, c = outcomes[:, 0], outcomes[:, 1]
    k = len(freq)
    if by_games is None:
        by_games = k * 8 > g
    rng = np.random.default_rng(seed)
    per = max(1, BOOTSTRAP_CELLS // (g if by_games else k))
    theta = np.empty(resamples)
    for start in range(0, resamples, per):
        b = min(per, resamples - start)
        if by_games:
            # one call per resample: a call's bounded draws keep a half-used 64-bit word
            # to themselves, so one call for several resamples would tie the stream to
            # the batch
            drawn = code[np.stack([rng.integers(0, g, size=g) for _ in range(b)])]
            drawn += np.arange(b)[:, None] * k
            m = np.bincount(drawn.ravel(), minlength=b * k).reshape(b, k)
        else:
            m = rng.multinomial(g, freq / g, size=b)
        # row by row sums (no BLAS kernel chosen by the batch's shape): a resample's
        # statistic is the same float in any batch
        theta[start:start + b] = (m * s).sum(axis=1) / (m * c).sum(axis=1)
    return theta


def _bootstrap_ci(sums: np.ndarray, counts: np.ndarray, bounds: tuple[float, float] | None,
                  seed: int = 0) -> tuple[float, float] | None:
    """Percentile bootstrap (95%, linear quantiles as SciPy's ``bootstrap``) over games of
    the pooled mean, from :func:`_bootstrap_ratios`, clipped to the bounds. ``sums`` and
    ``counts``: each game's sum of values and number of values."""
    g = len(sums)
    if g < 5:
        return None
    sums = np.asarray(sums, dtype=float)
    counts = np.asarray(counts, dtype=float)
    if np.ptp(sums / np.maximum(counts, 1)) == 0 and np.all(counts == counts[0]):
        v = float(sums.sum() / counts.sum())
        return v, v
    theta = _bootstrap_ratios(sums, counts, BOOTSTRAP_RESAMPLES, seed)
    lo, hi = (float(q) for q in np.quantile(theta, [0.025, 0.975]))
    if bounds:
        lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    return lo, hi


def interval_test(groups: Sequence[Sequence[float]], low: float, high: float,
                  bounds: tuple[float, float] | None = None) -> Tested:
    """θ (the mean of every value, values grouped by game) against ``[low, high]``."""
    arrs = [np.asarray(g, dtype=float) for g in groups if len(g)]
    if not arrs:
        return interval_test_flat(np.zeros(0), np.zeros(0, dtype=np.int64), low, high, bounds)
    return interval_test_flat(np.concatenate(arrs), np.array([a.size for a in arrs]),
                              low, high, bounds)


def interval_test_flat(values: np.ndarray, counts: np.ndarray, low: float, high: float,
                       bounds: tuple[float, float] | None = None) -> Tested:
    """:func:`interval_test` on the values of every game one after another (``counts[i]``
    values of game ``i``, each at least 1): the analysis keeps its figures as flat arrays,
    so nothing per game is built as Python objects."""
    games = len(counts)
    if games == 0:
        return Tested(Estimate(float("nan"), float("nan"), float("nan"), 0), math.nan,
                      math.nan, "no data", 0)
    one_each = bool(np.all(counts == 1))
    if one_each:
        x = np.asarray(values, dtype=float)
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
            ci = _bootstrap_ci(x, np.ones(games), bounds)
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

    y = np.asarray(values, dtype=float)
    mean = float(y.mean())
    if games < 2:
        return Tested(Estimate(mean, float("nan"), float("nan"), games), math.nan, math.nan,
                      "one game", games)
    groups_id = np.repeat(np.arange(games), counts)
    fit = OLS(y, np.ones_like(y)).fit(cov_type="cluster", cov_kwds={"groups": groups_id})
    del groups_id
    se = float(fit.bse[0])
    del fit
    df = games - 1
    ci = _bootstrap_ci(game_sums(y, counts), counts, bounds) if bounds else None
    if ci is None:
        q = float(sps.t.ppf(0.975, df))
        ci = (mean - q * se, mean + q * se)
    est = Estimate(mean, ci[0], ci[1], games, se)
    gl, ll = _one_sided(mean, se, df, low)
    gh, lh = _one_sided(mean, se, df, high)
    ph, pc = _combine(gl, lh, ll, gh, low, high)
    return Tested(est, ph, pc, "game-clustered mean", games)


def games_to_settle(est: Estimate, games: int, low: float, high: float, m: int,
                    alpha: float = 0.05) -> int | None:
    """About how many games would settle an inconclusive claim if our estimate and its
    spread per game stayed as they are (Holm's strictest step, α/m, one-sided z).

    Hand-written: no library projects the sample size of an interval-hypothesis test from
    a clustered standard error."""
    if not (games and math.isfinite(est.se) and est.se > 0):
        return None
    v = est.value
    gap = min(v - low, high - v) if low <= v <= high else max(low - v, v - high)
    if gap <= 0:
        return None
    z = float(sps.norm.ppf(1 - alpha / max(1, m)))
    # The projection uses z; at few games the t (and Holm's later steps) still leave it
    # open, so it never says fewer games than we already have.
    return max(games + 1, int(math.ceil(games * (z * est.se / gap) ** 2)))


# ---- the audit's tests: one interval at a stated level, decided by where it lies ----------


@dataclass(frozen=True)
class Look:
    """One look at a simulated figure: ours with the interval that is tested (at ``level``),
    the spread of one game's contribution (for planning), and whether every game gave the
    same value (zero variance: the bots play one way)."""

    estimate: Estimate  # value, the tested interval, games, standard error
    level: float
    spread: float  # standard deviation of one game's figure (se × √games)
    method: str
    games: int
    constant: bool
    p_hold: float = math.nan  # TOST against [low, high] (informative; the interval decides)
    p_contra: float = math.nan


def _p_sides(est: float, se: float, df: float | None, low: float, high: float
             ) -> tuple[float, float]:
    gl, ll = _one_sided(est, se, df, low)
    gh, lh = _one_sided(est, se, df, high)
    return max(gl, lh), min(ll, gh)


def design_se(sums: np.ndarray, counts: np.ndarray, cells: np.ndarray,
              empty_cells: np.ndarray | None = None) -> tuple[float, int] | None:
    """The standard error of the pooled mean ``Σ sums / Σ counts`` when each game's seating
    cell (``cells[i]``, an integer code: who sits where, fixed by the game's index in a
    balanced design, lab/design.py) is set by the design, not drawn: the games of a cell are
    independent draws of that cell's play, so the sampling variance of the total is
    Σ_h n_h σ²_h, the within-cell variance only (Cochran, *Sampling Techniques*, 5.3; the
    ratio linearised as d_i = sum_i − θ̂ count_i, 6.11). The plain and the clustered
    errors add the spread *between* cells, which the design does not sample: valid but
    wider. ``empty_cells``: cells of the games that gave no value (d = 0 there, they still
    count in their cell). Returns ``(se, cells)``, or ``None`` when there is one cell or a
    cell has fewer than 2 games (no within-cell variance to estimate).

    Hand-written: a design-based stratified variance with the strata fixed by the seating
    design; statsmodels' survey-free estimators assume random sampling."""
    cells = np.asarray(cells)
    allc = cells if empty_cells is None or not len(empty_cells) else np.concatenate(
        (cells, np.asarray(empty_cells)))
    uniq, code = np.unique(allc, return_inverse=True)
    if len(uniq) < 2:
        return None
    n_h = np.bincount(code, minlength=len(uniq)).astype(float)
    if n_h.min() < 2:
        return None
    total = float(np.sum(counts))
    theta = float(np.sum(sums)) / total
    d = np.zeros(len(allc))
    d[:len(cells)] = np.asarray(sums, dtype=float) - theta * np.asarray(counts, dtype=float)
    s1 = np.bincount(code, weights=d, minlength=len(uniq))
    s2 = np.bincount(code, weights=d * d, minlength=len(uniq))
    within = np.maximum(s2 - s1 * s1 / n_h, 0.0) / (n_h - 1)  # s²_h of d in each cell
    return float(math.sqrt(float(np.sum(n_h * within))) / total), len(uniq)


def _effective_cp(k: int, n: int, se: float, df: int, alpha: float
                  ) -> tuple[float, float, float, float] | None:
    """Korn & Graubard's (1998) Clopper–Pearson interval for a rate estimated under a
    design: the exact interval of an effective sample n* = p̂(1 − p̂)/se² (scaled by
    (t_{n−1}/t_df)² for the degrees of freedom the variance was estimated with) and
    k* = p̂ n* successes. Returns ``(lo, hi, k*, n*)``, or ``None`` when p̂ is 0 or 1 or the
    design variance is 0 (then nothing is gained and plain Clopper–Pearson is used: zero
    spread within cells is no licence for a point interval)."""
    p = k / n
    if not (0 < p < 1 and se > 0):
        return None
    q = 1 - alpha / 2
    n_eff = p * (1 - p) / se ** 2 * (float(sps.t.ppf(q, n - 1)) / float(sps.t.ppf(q, df))) ** 2
    k_eff = p * n_eff
    lo = float(sps.beta.ppf(alpha / 2, k_eff, n_eff - k_eff + 1))
    hi = float(sps.beta.ppf(q, k_eff + 1, n_eff - k_eff))
    return lo, hi, k_eff, n_eff


def interval_at(values: np.ndarray, counts: np.ndarray, level: float, low: float,
                high: float, binary: bool = False, book: tuple[float, int] | None = None,
                design: tuple[np.ndarray, np.ndarray] | None = None) -> Look:
    """Ours (the mean of every value; ``counts[i]`` values of game ``i``) with its
    two-sided ``level`` interval, the interval the audit tests against ``[low, high]``.

    * ``binary`` and one 0/1 value per game: Clopper–Pearson (exact, statsmodels);
    * one value per game: Student t (statsmodels ``DescrStatsW``);
    * several per game: intercept-only OLS with game-clustered (CR1) errors, t with G - 1 df.

    ``book = (value, games)``: the book's figure came from ``games`` games of its own
    simulator, so the comparison is two-sample: the interval is for ours - the book's
    (Newcombe's hybrid score interval for two rates, statsmodels; for means the book's
    spread is taken to be ours, which we cannot see), shifted by the book's value so it
    reads on ours' scale and is tested against the same band.

    ``design = (cells, empty_cells)``: each game's seating cell, fixed by the balanced
    design (and the cells of games that gave no value). The estimate is the same pooled
    mean; its standard error is the within-cell one (:func:`design_se`), t with G − H df,
    and a rate's interval is Korn–Graubard's effective-sample Clopper–Pearson
    (:func:`_effective_cp`). Coverage checked by simulation, tests/lab/test_audit_design.py.
    """
    from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

    values = np.asarray(values, dtype=float)
    counts = np.asarray(counts)
    games = int(len(counts))
    alpha = 1.0 - level
    if games == 0:
        return Look(Estimate(math.nan, math.nan, math.nan, 0), level, math.nan, "no data",
                    0, False)
    sums = game_sums(values, counts) if not np.all(counts == 1) else values
    per_game = sums / counts
    constant = bool(np.ptp(values) == 0)
    mean = float(values.mean())
    one_each = bool(np.all(counts == 1))
    strat = design_se(sums, counts, design[0], design[1]) if design is not None else None
    if one_each and binary and np.all((values == 0) | (values == 1)):
        k = int(values.sum())
        se = math.sqrt(mean * (1 - mean) / games)
        eff = (_effective_cp(k, games, strat[0], games - strat[1], alpha)
               if strat is not None else None)
        by = f", stratified by seating ({strat[1]} cells, Korn–Graubard)" if eff else ""
        if eff:
            se = strat[0]
        spread = se * math.sqrt(games)
        if book:
            b, nb = book
            kb = round(b * nb)
            kk, nn = (eff[2], eff[3]) if eff else (k, games)
            lo, hi = confint_proportions_2indep(kk, nn, kb, nb, method="newcomb",
                                                compare="diff", alpha=alpha)
            lo, hi = b + float(lo), b + float(hi)
            method = f"two-sample rates (Newcombe), the book's {nb} games" + by
            se = math.sqrt(se ** 2 + b * (1 - b) / nb)
            ph, pc = _p_sides(mean, se, None, low, high)
        elif eff:
            lo, hi, kk, nn = eff
            method = "exact binomial (Clopper–Pearson)" + by
            ph, pc = _beta_sides(kk, nn, low, high)
        else:
            lo, hi = (float(x) for x in proportion_confint(k, games, alpha=alpha,
                                                            method="beta"))
            method = "exact binomial (Clopper–Pearson)"
            ph, pc = _binomial_sides(k, games, low, high)
        return Look(Estimate(mean, lo, hi, games, se), level, spread, method, games,
                    constant, ph, pc)
    if games < 2:
        return Look(Estimate(mean, -math.inf, math.inf, games), level, math.nan, "one game",
                    games, constant)
    if one_each:
        se = float(np.std(values, ddof=1) / math.sqrt(games))
        method = "one-sample t"
    else:
        from statsmodels.regression.linear_model import OLS

        ids = np.repeat(np.arange(games), counts)
        fit = OLS(values, np.ones_like(values)).fit(cov_type="cluster",
                                                    cov_kwds={"groups": ids})
        se = float(fit.bse[0])
        method = "game-clustered mean"
    raw_spread = se * math.sqrt(games)  # the book's spread per game is taken to be this
    df = games - 1
    if strat is not None and strat[0] > 0:
        se, df = strat[0], games - strat[1]
        method += f", stratified by seating ({strat[1]} cells)"
    spread = se * math.sqrt(games)
    if book:
        b, nb = book
        se = math.sqrt(se ** 2 + raw_spread ** 2 / nb)
        method += f", two-sample with the book's {nb} games"
    q = float(sps.t.ppf(1 - alpha / 2, df)) if se > 0 else 0.0
    ph, pc = _p_sides(mean, se, df, low, high)
    del per_game
    return Look(Estimate(mean, mean - q * se, mean + q * se, games, se), level, spread,
                method, games, constant, ph, pc)


def _beta_sides(k: float, n: float, low: float, high: float) -> tuple[float, float]:
    """:func:`_binomial_sides` for an effective (non-integer) count, by the beta tails that
    are the binomial's at integer counts (the duality behind Clopper–Pearson):
    P(X ≥ k | θ) = I_θ(k, n − k + 1), P(X ≤ k | θ) = 1 − I_θ(k + 1, n − k)."""

    def ge(value: float) -> float:  # p of "θ > value" (X ≥ k is surprising if θ ≤ value)
        if not math.isfinite(value):
            return 0.0 if value < 0 else 1.0
        return float(np.clip(sps.beta.cdf(value, k, n - k + 1), 0.0, 1.0)) if 0 < value < 1 \
            else (0.0 if value <= 0 else 1.0)

    def le(value: float) -> float:  # p of "θ < value"
        if not math.isfinite(value):
            return 0.0 if value > 0 else 1.0
        return float(np.clip(sps.beta.sf(value, k + 1, n - k), 0.0, 1.0)) if 0 < value < 1 \
            else (1.0 if value <= 0 else 0.0)

    return max(ge(low), le(high)), min(le(low), ge(high))


def _binomial_sides(k: int, n: int, low: float, high: float) -> tuple[float, float]:
    """(TOST p, p of the nearer "outside") by exact one-sided binomial tests (SciPy)."""

    def p(value: float, alt: str) -> float:
        if not math.isfinite(value):
            return 0.0 if (value < 0) == (alt == "greater") else 1.0
        if value <= 0:
            return 0.0 if alt == "greater" else 1.0
        if value >= 1:
            return 1.0 if alt == "greater" else 0.0
        return float(sps.binomtest(k, n, value, alternative=alt).pvalue)

    return max(p(low, "greater"), p(high, "less")), min(p(low, "less"), p(high, "greater"))


def games_for(spread: float, gap: float, alpha: float, power: float = 0.8,
              book_games: int | None = None) -> float:
    """Games for a ``1 - alpha`` two-sided interval to clear a distance ``gap`` with
    probability ``power`` if our figure sits where it is: the usual normal-approximation
    sample size n = ((z₁₋α/₂ + z_power) · σ / gap)², with the book's own sampling error
    (σ² / book_games) taken off the room first. Infinite when no number of games can.

    Hand-written: no library plans an interval-hypothesis test from a clustered spread."""
    if not (math.isfinite(spread) and gap > 0):
        return math.inf
    z = float(sps.norm.ppf(1 - alpha / 2) + sps.norm.ppf(power))
    room = (gap / z) ** 2 - (spread ** 2 / book_games if book_games else 0.0)
    if room <= 0:
        return math.inf
    return spread ** 2 / room
