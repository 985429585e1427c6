"""The lab's bootstrap runs in batches to bound memory on long runs; its interval must be the
one the unbatched SciPy call gives (the same resamples in the same order), whatever the
batch. The per-game sums it starts from are NumPy's own sums, to the last bit."""

import numpy as np
import pytest
import scipy.stats as sps

from boardlab.lab import inference
from boardlab.lab.inference import _bootstrap_ci, game_sums


def test_batched_bootstrap_equals_the_unbatched_interval():
    rng = np.random.default_rng(7)
    groups = [rng.integers(0, 3, size=int(rng.integers(1, 4))).astype(float) for _ in range(500)]
    sums = np.array([x.sum() for x in groups])
    counts = np.array([x.size for x in groups], dtype=float)

    def ratio(idx, axis=-1):
        idx = idx.astype(int)
        return sums[idx].sum(axis=axis) / counts[idx].sum(axis=axis)

    ref = sps.bootstrap((np.arange(len(groups)),), ratio, vectorized=True, n_resamples=999,
                        method="percentile", random_state=0).confidence_interval
    assert _bootstrap_ci(sums, counts, None, seed=0) == (float(ref.low), float(ref.high))


@pytest.mark.parametrize("games", [31, 700])
def test_the_bootstrap_batch_does_not_change_the_interval(games, monkeypatch):
    rng = np.random.default_rng(games)
    counts = rng.integers(1, 4, size=games)
    values = rng.integers(0, 3, size=int(counts.sum())).astype(float)
    want = inference.interval_test_flat(values, counts, 0.2, 0.9, (0.0, 2.0))
    monkeypatch.setattr(inference, "BOOTSTRAP_CELLS", 64)  # batches of 1-2 resamples
    assert inference.interval_test_flat(values, counts, 0.2, 0.9, (0.0, 2.0)) == want


def test_game_sums_are_numpys_sums_to_the_last_bit():
    rng = np.random.default_rng(3)
    counts = rng.integers(1, 13, size=400)  # NumPy's pairwise summation starts at 8
    values = rng.normal(size=int(counts.sum())) * 10.0 ** rng.integers(-3, 6, size=int(
        counts.sum()))
    starts = np.cumsum(counts) - counts
    want = np.array([values[s:s + c].sum() for s, c in zip(starts, counts, strict=True)])
    assert np.array_equal(game_sums(values, counts), want)


def test_flat_interval_test_equals_the_grouped_one():
    from . import reference_analysis

    rng = np.random.default_rng(11)
    for sizes, bounds in (((1, 2), None), ((1, 4), (0.0, 1.0)), ((1, 2), (0.0, 1.0)),
                          ((2, 9), (0.0, 5.0))):
        counts = rng.integers(*sizes, size=60)
        values = rng.integers(0, 2 if bounds == (0.0, 1.0) else 5,
                              size=int(counts.sum())).astype(float)
        starts = np.cumsum(counts) - counts
        groups = [values[s:s + c].tolist() for s, c in zip(starts, counts, strict=True)]
        want = reference_analysis.interval_test(groups, 0.3, 0.8, bounds)
        assert inference.interval_test_flat(values, counts, 0.3, 0.8, bounds) == want
        assert inference.interval_test(groups, 0.3, 0.8, bounds) == want
