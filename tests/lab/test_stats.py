"""Known-answer tests of every statistical routine: published values, and the libraries
computed another way."""

from __future__ import annotations

import math

import numpy as np
import pytest
import statsmodels.api as sm
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps
from statsmodels.stats.proportion import binom_tost
from statsmodels.stats.weightstats import DescrStatsW

from boardlab.lab.inference import games_to_settle, interval_test
from boardlab.lab.stats import (
    clopper_pearson,
    holm,
    holm_adjust,
    mcnemar_test,
    mean_t,
    paired_difference,
    wilcoxon_test,
    wilson,
)


def test_wilson_known_values():
    # 10 of 100: Wilson 95% interval [0.0552, 0.1744] (Newcombe 1998).
    e = wilson(10, 100)
    assert e.value == pytest.approx(0.1)
    assert e.lo == pytest.approx(0.05523, abs=1e-4)
    assert e.hi == pytest.approx(0.17437, abs=1e-4)
    z = wilson(0, 10)
    assert z.lo == 0.0 and z.hi == pytest.approx(0.27753, abs=1e-4)


def test_clopper_pearson_known_values():
    # 0 of 10: exact upper bound 1 - 0.025^(1/10) = 0.3085; 10 of 100: [0.0490, 0.1762].
    assert clopper_pearson(0, 10).hi == pytest.approx(1 - 0.025 ** 0.1, abs=1e-6)
    e = clopper_pearson(10, 100)
    assert (e.lo, e.hi) == (pytest.approx(0.04900, abs=1e-4), pytest.approx(0.17622, abs=1e-4))


@settings(max_examples=50)
@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_contains_p(k, n):
    k = min(k, n)
    e = wilson(k, n)
    assert 0 <= e.lo <= e.value <= e.hi <= 1


def test_t_interval_known_values():
    e = mean_t([1, 2, 3, 4, 5])
    assert e.value == 3
    assert e.hi - e.value == pytest.approx(2.7764 * math.sqrt(2.5) / math.sqrt(5), rel=1e-4)
    assert mean_t([7]).lo == -math.inf


def test_paired_difference_is_the_paired_t_test():
    a = [10, 20, 30, 40, 50, 60]
    b = [x + 1 + (0.1 if i % 2 else -0.1) for i, x in enumerate(a)]
    res = paired_difference(a, b)
    assert res.diff.value == pytest.approx(1.0)
    assert res.diff.lo > 0.8 and res.diff.hi < 1.2
    # the same as a one-sample t test of the differences
    assert res.p_value == pytest.approx(sps.ttest_1samp(np.subtract(b, a), 0).pvalue)
    with pytest.raises(ValueError):
        paired_difference([1, 2], [1])


def test_mcnemar_known_value():
    # 10 discordant pairs one way, 2 the other: exact two-sided p = 2 * P(X <= 2 | 12, 0.5).
    a = [True] * 10 + [False] * 2 + [True] * 5 + [False] * 5
    b = [False] * 10 + [True] * 2 + [True] * 5 + [False] * 5
    diff, p = mcnemar_test(a, b)
    assert diff == pytest.approx((7 - 15) / 22)
    assert p == pytest.approx(2 * sps.binom.cdf(2, 12, 0.5))


def test_wilcoxon_matches_scipy_and_handles_ties():
    a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
    b = [1.5, 2.9, 3.1, 5.0, 6.2, 6.9, 8.4]
    _, p = wilcoxon_test(a, b)
    assert p == pytest.approx(sps.wilcoxon(np.subtract(b, a)).pvalue)
    assert wilcoxon_test(a, a) == (0.0, 1.0)


def test_holm_known_values():
    # p sorted 0.01, 0.02, 0.03, 0.5 with m=4: adjusted 0.04, 0.06, 0.06, 0.5.
    assert holm_adjust([0.02, 0.01, 0.5, 0.03]) == [
        pytest.approx(0.06), pytest.approx(0.04), pytest.approx(0.5), pytest.approx(0.06)]
    assert holm([0.02, 0.01, 0.5, 0.03]) == [False, True, False, False]
    assert holm([0.001, 0.01, float("nan")]) == [True, True, False]


def test_binary_equivalence_is_binomial_tost():
    # One 0/1 figure per game: our p for "holds" is statsmodels' exact binomial TOST.
    x = [1.0] * 48 + [0.0] * 152
    t = interval_test([[v] for v in x], 0.19, 0.29, bounds=(0.0, 1.0))
    assert t.method == "exact binomial"
    assert t.p_hold == pytest.approx(binom_tost(48, 200, 0.19, 0.29)[0], rel=1e-9)
    assert 0 < t.estimate.lo < 0.24 < t.estimate.hi < 1


def test_mean_equivalence_is_t_tost():
    rng = np.random.default_rng(1)
    x = rng.normal(10.2, 2.0, 150)
    t = interval_test([[v] for v in x], 9.0, 11.0)
    assert t.p_hold == pytest.approx(DescrStatsW(x).ttost_mean(9.0, 11.0)[0], rel=1e-9)
    # contradicted side: doubled smaller one-sided p, here against [12, 14]
    far = interval_test([[v] for v in x], 12.0, 14.0)
    one_sided = DescrStatsW(x).ttest_mean(12.0, alternative="smaller")[1]
    assert far.p_contra == pytest.approx(min(1.0, 2 * one_sided), rel=1e-9)
    assert far.p_hold > 0.5


def test_clustered_mean_uses_cluster_robust_errors():
    # Several seats per game: the standard error is statsmodels' CR1 cluster error.
    rng = np.random.default_rng(2)
    games = [list(rng.normal(g_eff, 1.0, 3)) for g_eff in rng.normal(0, 2, 60)]
    t = interval_test(games, -1.0, 1.0)
    y = np.concatenate(games)
    g = np.repeat(np.arange(60), 3)
    fit = sm.OLS(y, np.ones_like(y)).fit(cov_type="cluster", cov_kwds={"groups": g})
    assert t.estimate.se == pytest.approx(float(fit.bse[0]))
    assert t.method == "game-clustered mean"
    naive = float(np.std(y, ddof=1) / math.sqrt(y.size))
    assert t.estimate.se > naive  # seats of one game are not independent


def test_bounded_interval_stays_in_bounds():
    games = [[1.0, 0.0, 0.0]] * 3 + [[1.0, 1.0, 1.0]] * 2 + [[0.0, 0.0, 0.0]] * 5
    t = interval_test(games, 0.2, 0.4, bounds=(0.0, 1.0))
    assert 0.0 <= t.estimate.lo <= t.estimate.value <= t.estimate.hi <= 1.0


def test_games_to_settle():
    # estimate 0.30, se 0.05 at 100 games, margin edge 0.25: need z*se(n) <= 0.05.
    from boardlab.lab.stats import Estimate

    need = games_to_settle(Estimate(0.30, 0.2, 0.4, 100, 0.05), 100, 0.15, 0.25, m=1)
    z = sps.norm.ppf(0.95)
    assert need == math.ceil(100 * (z * 0.05 / 0.05) ** 2)
    # never fewer games than we already have
    assert games_to_settle(Estimate(0.30, 0.29, 0.31, 100, 0.001), 100, 0.15, 0.25, 1) == 101
