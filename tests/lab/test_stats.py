"""Interval maths against known values."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardlab.lab.stats import holm, mean_t, paired_difference, wilson


def test_wilson_known_values():
    # 10 of 100: Wilson 95% interval [0.0552, 0.1744] (Newcombe 1998 / statsmodels).
    e = wilson(10, 100)
    assert e.value == pytest.approx(0.1)
    assert e.lo == pytest.approx(0.05523, abs=1e-4)
    assert e.hi == pytest.approx(0.17437, abs=1e-4)
    # 0 of 10: lower bound 0, upper 0.2775.
    z = wilson(0, 10)
    assert z.lo == 0.0 and z.hi == pytest.approx(0.27753, abs=1e-4)


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_contains_p(k, n):
    k = min(k, n)
    e = wilson(k, n)
    assert 0 <= e.lo <= e.value <= e.hi <= 1


def test_t_interval_known_values():
    # mean 3, sd 1.5811, n 5: t(0.975, 4) = 2.7764 -> half width 1.9632.
    e = mean_t([1, 2, 3, 4, 5])
    assert e.value == 3
    assert e.hi - e.value == pytest.approx(2.7764 * math.sqrt(2.5) / math.sqrt(5), rel=1e-4)
    assert mean_t([7]).lo == -math.inf


def test_paired_difference_cancels_shared_noise():
    a = [10, 20, 30, 40, 50, 60]
    b = [x + 1 + (0.1 if i % 2 else -0.1) for i, x in enumerate(a)]
    res = paired_difference(a, b)
    assert res.diff.value == pytest.approx(1.0)
    assert res.diff.lo > 0.8 and res.diff.hi < 1.2  # unpaired, the spread would swamp it
    assert res.p_value < 1e-4
    with pytest.raises(ValueError):
        paired_difference([1, 2], [1])


def test_holm():
    # p sorted 0.01, 0.02, 0.03, 0.5 with m=4: 0.01<=0.0125 yes, 0.02<=0.0167 no -> stop.
    assert holm([0.02, 0.01, 0.5, 0.03]) == [False, True, False, False]
    assert holm([0.001, 0.01, float("nan")]) == [True, True, False]
