"""Known answers for the audit's statistics: each margin rule, the family's α and its
spending over looks, the tested intervals against the libraries, the power plan, and the
sequential test's error rates, checked by simulating figures whose true value is known."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from statsmodels.stats.proportion import proportion_confint
from statsmodels.stats.weightstats import DescrStatsW

from boardlab.engine.claims import Claim, Paired, Simulate
from boardlab.lab import audit_plan as plan
from boardlab.lab.audit import (
    CONTRADICTED,
    HOLDS,
    INCONCLUSIVE,
    Budget,
    _key,
    _run_sequential,
    _Stream,
    _Tracker,
)
from boardlab.lab.inference import games_for, interval_at


def claim(published, compare="eq", bounds=None, kind="published_table", **kw) -> Claim:
    return Claim("c", "§", "q", "e", kind, published,
                 Simulate({}, per_game=lambda r: r["x"], compare=compare, bounds=bounds, **kw))


@pytest.mark.parametrize(("value", "rate", "unit"), [
    (0.35, True, 0.01), (0.091, True, 0.001), (0.1234, True, 0.0001), (35.3, False, 0.1),
    (18, False, 1.0), (1.75, False, 0.01), (0.5, True, 0.01), (1200, False, 1.0)])
def test_printed_unit(value, rate, unit):
    assert plan.printed_unit(value, rate) == pytest.approx(unit)


def test_margin_rules():
    rate = plan.band(claim(0.35, bounds=(0.0, 1.0)))  # 10% of 35% + half of 1%
    assert (rate.low, rate.high) == pytest.approx((0.35 - 0.04, 0.35 + 0.04))
    high = plan.band(claim(0.9, bounds=(0.0, 1.0)))  # the rarer side: 10% of 10%
    assert (high.low, high.high) == pytest.approx((0.885, 0.915))
    small = plan.band(claim(0.09, bounds=(0.0, 1.0)))  # no 5-point floor swallowing it
    assert small.high - small.low == pytest.approx(2 * (0.009 + 0.005))
    mean = plan.band(claim(35.3))
    assert (mean.low, mean.high) == pytest.approx((35.3 - 3.58, 35.3 + 3.58))
    about = plan.band(claim(18))  # printed as a whole number: half a unit more
    assert (about.low, about.high) == pytest.approx((15.7, 20.3))
    tiny = plan.band(claim(1.42))  # no ±0.5 floor
    assert tiny.high - 1.42 == pytest.approx(0.142 + 0.005)
    own = plan.band(claim(4.0, margin=0.25))
    assert (own.low, own.high) == (3.75, 4.25)
    given = plan.band(claim(4.0, precision=0.5))
    assert given.high == pytest.approx(4.0 + 0.4 + 0.25)


def test_bounds_and_ranges_are_never_widened():
    assert (lambda b: (b.low, b.high))(plan.band(claim(0.5, "ge", (0.0, 1.0)))) == (0.5, math.inf)
    assert (lambda b: (b.low, b.high))(plan.band(claim(3.0, "le"))) == (-math.inf, 3.0)
    rng = plan.band(claim((35, 45), "between", margin=1.0))
    assert (rng.low, rng.high) == (35.0, 45.0) and "not applied" in rng.why


def test_family_is_the_whole_register_and_spending_adds_up():
    sims = [claim(1.0) for _ in range(3)]
    other = Claim("p", "§", "q", "e", "strategy", True,
                  Paired({}, {}, value=lambda r: 1.0))
    assert plan.family_size([*sims, other]) == 4
    looks = plan.schedule(300, None)
    assert looks == [240, 480, 960, 1920, 3840, 7680, 15360, 30720]
    spent = plan.spending(looks[:6], plan.claim_alpha(4))
    assert sum(spent) == pytest.approx(0.05 / 4) and spent[-1] > spent[0]
    # in proportion to the games: each doubling gets twice the look before
    ratios = [b / a for a, b in zip(spent, spent[1:], strict=False)]
    assert ratios == pytest.approx([2.0] * 5)
    # --games auto: the x64 and x128 looks share 30% (2/3 and 1/3), the first six the rest
    # as before; the whole still adds up to the claim's α (the union bound)
    tailed = plan.spending(looks, plan.claim_alpha(4), tail=2)
    assert sum(tailed) == pytest.approx(0.05 / 4)
    assert tailed[:6] == pytest.approx([0.7 * a for a in spent])
    assert tailed[6:] == pytest.approx([0.2 * 0.05 / 4, 0.1 * 0.05 / 4])
    assert plan.schedule(0, 200) == [60, 120, 200] and plan.schedule(0, 2) == [2]
    # chunks start on the shared grid, so a stream's games never depend on its claims
    assert plan.chunks(480, None) == [(0, 60), (60, 120), (120, 240), (240, 480)]
    assert plan.chunks(200, 200)[-1] == (120, 200)


def test_tested_intervals_are_the_libraries():
    x = np.array([1.0] * 37 + [0.0] * 163)
    lk = interval_at(x, np.ones(200, dtype=np.int64), 0.99, 0.1, 0.3, binary=True)
    assert (lk.estimate.lo, lk.estimate.hi) == pytest.approx(
        proportion_confint(37, 200, alpha=0.01, method="beta"))
    y = np.random.default_rng(1).normal(10, 2, 150)
    lk = interval_at(y, np.ones(150, dtype=np.int64), 0.995, 9, 11)
    assert (lk.estimate.lo, lk.estimate.hi) == pytest.approx(
        DescrStatsW(y).tconfint_mean(alpha=0.005))
    assert lk.spread == pytest.approx(np.std(y, ddof=1))
    # two-sample: the book's own sampling error widens the interval
    two = interval_at(y, np.ones(150, dtype=np.int64), 0.995, 9, 11, book=(10.0, 150))
    assert two.estimate.hi - two.estimate.lo == pytest.approx(
        math.sqrt(2) * (lk.estimate.hi - lk.estimate.lo))


def test_power_plan():
    z = 1.959963984540054 + 0.8416212335729143
    assert games_for(1.0, 0.1, 0.05, 0.8) == pytest.approx((z / 0.1) ** 2)
    assert games_for(1.0, 0.0, 0.05) == math.inf  # on the edge: no number of games
    # the book's own games leave room only while their error is below the gap's share
    assert games_for(1.0, 0.1, 0.05, 0.8, book_games=2000) == pytest.approx(
        1 / ((0.1 / z) ** 2 - 1 / 2000))
    assert games_for(1.0, 0.1, 0.05, 0.8, book_games=400) == math.inf


def _sequential(p_true: float, reps: int, published: float = 0.5, seed: int = 0):
    """Run the audit's sequential test on Bernoulli(p_true) games ``reps`` times; the
    family is one claim at α = 0.05."""
    rnd = random.Random(seed)
    c = claim(published, bounds=(0.0, 1.0))
    looks = [240, 480, 960, 1920, 3840]
    counts = {HOLDS: 0, CONTRADICTED: 0, INCONCLUSIVE: 0}
    for _ in range(reps):
        key = _key({}, None)
        s = _Stream({}, None, [{"x": float(rnd.random() < p_true), "index": i}
                               for i in range(looks[-1])])
        t = _Tracker(c, [key], looks, plan.spending(looks, 0.05))
        _run_sequential("unused", [t], {key: s}, Budget(games=None), None, 0.0, math.inf)
        counts[t.verdict.verdict] += 1
    return {k: n / reps for k, n in counts.items()}


def test_sequential_with_the_tail_keeps_its_error_rate():
    """The auto schedule with its tail (x64, x128 after x32) on Bernoulli games whose true
    rate sits on the band's low edge: a false "holds" in at most α/2 of runs, however far
    the run goes; inside the band most runs hold, some only in the tail."""
    rng = np.random.default_rng(5)
    c = claim(0.5, bounds=(0.0, 1.0))
    band = plan.band(c)
    looks = [30 * 2 ** k for k in range(8)]  # 30 .. 3840, the auto shape at a small scale
    alphas = plan.spending(looks, 0.05, tail=2)
    key = _key({}, None)
    verdicts = {"edge": [], "inside": []}
    for name, p_true, reps in (("edge", band.low, 400), ("inside", 0.5, 100)):
        for _ in range(reps):
            x = rng.random(looks[-1]) < p_true
            s = _Stream({}, None, [{"x": float(v), "index": i} for i, v in enumerate(x)])
            t = _Tracker(c, [key], looks, alphas)
            _run_sequential("unused", [t], {key: s}, Budget(games=None), None, 0.0, math.inf)
            verdicts[name].append((t.verdict.verdict, t.verdict.look))
    edge_holds = sum(v == HOLDS for v, _ in verdicts["edge"]) / 400
    assert edge_holds <= 0.025 + 3 * math.sqrt(0.025 * 0.975 / 400), edge_holds
    inside = verdicts["inside"]
    assert sum(v == CONTRADICTED for v, _ in inside) <= 2
    assert sum(v == HOLDS for v, _ in inside) >= 80
    assert any(v == HOLDS and look > 6 for v, look in inside)  # the tail decides some


def test_sequential_error_rates_by_simulation():
    """At the band's edge a false "holds" is at most α/2 (the tested interval's one
    tail); inside, a false "contradicted" is at most α; each verdict settles most runs."""
    band = plan.band(claim(0.5, bounds=(0.0, 1.0)))
    edge = _sequential(band.low, 200, seed=1)
    assert edge[HOLDS] <= 0.05, edge
    inside = _sequential(0.5, 100, seed=2)
    assert inside[CONTRADICTED] <= 0.03 and inside[HOLDS] >= 0.7, inside
    subtle = _sequential(0.5 * 0.8, 60, seed=3)  # the book 25% above the truth
    assert subtle[HOLDS] == 0 and subtle[CONTRADICTED] >= 0.9, subtle


def test_coop_games_report_the_team_not_seats():
    """Every seat wins or loses together: no per-seat test (it would be degenerate), the
    team's outcome with an exact interval instead."""
    from boardlab.lab.audit import seating_report
    from boardlab.lab.spec import LabSpec

    rows = [{"bots": ["team"] * 3, "players": 3, "options": {}, "scores": [0.0] * 3,
             "winners": [0, 1, 2] if i % 4 == 0 else [], "index": i} for i in range(80)]
    out, warnings = seating_report(None, "unused", LabSpec(), [rows], Budget(games=2))
    assert out["coop"] and out["team"]["wins"] == 20 and out["fairness"] == []
    assert (out["team"]["lo"], out["team"]["hi"]) == pytest.approx(
        proportion_confint(20, 80, alpha=0.05, method="beta"))
    assert "co-op" in out["regression"]["error"]
