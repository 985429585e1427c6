"""The lab's bootstrap runs in batches to bound memory on long runs; its interval must be the
one the unbatched SciPy call gives (the same resamples in the same order)."""

import numpy as np
import scipy.stats as sps

from boardlab.lab.inference import _bootstrap_ci


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
    assert _bootstrap_ci(groups, None, seed=0) == (float(ref.low), float(ref.high))
