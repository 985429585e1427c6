"""Known answers for the design-stratified intervals (inference.design_se): the seating
cell of each game is fixed by the balanced design, so the pooled mean's sampling variance is
the within-cell one. Checked by simulating games whose true value is known: the intervals
cover it at their level (rates by Korn–Graubard's effective-sample Clopper–Pearson, means
and per-seat figures by t), they are narrower than the unstratified ones where the cells
differ, and the audit's sequential test keeps its error rate at the band's edge."""

from __future__ import annotations

import math

import numpy as np
import pytest

from boardlab.engine.claims import Claim, Simulate
from boardlab.lab import audit_plan as plan
from boardlab.lab.audit import HOLDS, Budget, _key, _run_sequential, _Stream, _Tracker
from boardlab.lab.inference import design_se, interval_at

# six seating cells whose true win rates differ as much as cat's 3-player styles do
P_CELL = np.array([0.0, 0.05, 0.15, 0.3, 0.45, 0.6])


def _rates(rng, per_cell: int) -> tuple[np.ndarray, np.ndarray]:
    cells = np.repeat(np.arange(len(P_CELL)), per_cell)
    return (rng.random(cells.size) < P_CELL[cells]).astype(float), cells


def test_design_se_is_the_within_cell_spread():
    rng = np.random.default_rng(0)
    x, cells = _rates(rng, 40)
    se, h = design_se(x, np.ones(x.size), cells)
    n = x.size
    want = math.sqrt(sum(40 * x[cells == c].var(ddof=1) for c in range(6))) / n
    assert h == 6 and se == pytest.approx(want)
    assert se < x.std(ddof=1) / math.sqrt(n)  # the between-cell spread is not sampled
    assert design_se(x, np.ones(n), np.zeros(n, dtype=int)) is None  # one cell
    assert design_se(x[:7], np.ones(7), np.arange(7)) is None  # a cell of one game


@pytest.mark.parametrize("level", [0.99, 0.999])
def test_stratified_rate_intervals_cover_the_truth(level):
    rng = np.random.default_rng(int(level * 1000))
    truth = float(P_CELL.mean())
    reps = 3000
    miss_lo = miss_hi = 0
    width, width_plain = [], []
    for _ in range(reps):
        x, cells = _rates(rng, 50)
        ones = np.ones(x.size, dtype=np.int64)
        lk = interval_at(x, ones, level, 0.2, 0.3, binary=True,
                         design=(cells, np.zeros(0, dtype=np.int64)))
        plain = interval_at(x, ones, level, 0.2, 0.3, binary=True)
        miss_lo += lk.estimate.lo > truth
        miss_hi += lk.estimate.hi < truth
        width.append(lk.estimate.hi - lk.estimate.lo)
        width_plain.append(plain.estimate.hi - plain.estimate.lo)
    a = 1 - level
    # each tail at most a/2, with room for the simulation's own error (3 sd)
    allowed = reps * a / 2 + 3 * math.sqrt(reps * a / 2) + 1
    assert miss_lo <= allowed and miss_hi <= allowed, (miss_lo, miss_hi, allowed)
    assert "Korn–Graubard" in lk.method
    assert np.mean(width) < 0.92 * np.mean(width_plain)  # the gain is real


def test_stratified_per_seat_ratio_covers_the_truth():
    """Several values per game (a role's seats), a random number of them (none in some
    games, which still count in their cell): the linearised within-cell t interval."""
    rng = np.random.default_rng(7)
    truth = float(P_CELL.mean())  # every cell gives the same expected count
    reps, level = 2000, 0.99
    misses = 0
    for _ in range(reps):
        cells_all = np.repeat(np.arange(6), 60)
        k = rng.integers(0, 4, size=cells_all.size)
        vals = [(rng.random(m) < P_CELL[c]).astype(float) for c, m in
                zip(cells_all, k, strict=True)]
        kept = k > 0
        lk = interval_at(np.concatenate([v for v in vals if v.size]), k[kept], level,
                         0.2, 0.3, design=(cells_all[kept], cells_all[~kept]))
        misses += not (lk.estimate.lo <= truth <= lk.estimate.hi)
    a = 1 - level
    assert misses <= reps * a + 3 * math.sqrt(reps * a) + 1, misses
    assert "stratified by seating (6 cells)" in lk.method


def test_sequential_at_the_edge_keeps_its_error_rate():
    """The audit's own loop on stratified games whose true rate sits on the band's low
    edge: a false "holds" in at most α/2 of runs (α = 0.05 for one claim)."""
    c = Claim("c", "§", "q", "e", "published_table", 0.25,
              Simulate({}, per_game=lambda r: r["x"], bounds=(0.0, 1.0)))
    band = plan.band(c)
    p_cell = P_CELL * band.low / P_CELL.mean()  # cells as unlike, their mean on the edge
    rng = np.random.default_rng(11)
    looks = [240, 480, 960, 1920, 3840]
    holds = 0
    reps = 200
    for _ in range(reps):
        cells = np.arange(looks[-1]) % 6
        x = rng.random(cells.size) < p_cell[cells]
        rows = [{"x": float(v), "bots": [f"b{h}"], "index": i}
                for i, (v, h) in enumerate(zip(x, cells, strict=True))]
        key = _key({}, None)
        t = _Tracker(c, [key], looks, plan.spending(looks, 0.05))
        _run_sequential("unused", [t], {key: _Stream({}, None, rows)}, Budget(games=None),
                        None, 0.0, math.inf)
        holds += t.verdict.verdict == HOLDS
    assert "stratified" in t.verdict.method
    assert holds / reps <= 0.05, holds
