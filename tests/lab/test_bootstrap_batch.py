"""The lab's bootstrap draws each resample as the multiplicities of the games' distinct
(sum, count) outcomes (``inference._bootstrap_ratios``). It must be the bootstrap of the
games: the exact law of a small run (every one of the g^g resamples enumerated), and the
plain bootstrap that resamples the rows (``reference_analysis.resample_rows``) within Monte
Carlo error on a lab-sized run, on both of its paths (multinomial, and uniform games when
outcomes hardly repeat). It is deterministic from its seed and runs in batches to bound
memory on long runs, which do not change the draws. The per-game sums it starts from are
NumPy's own sums, to the last bit."""

import itertools

import numpy as np
import pytest
import scipy.stats as sps

from boardlab.lab import inference
from boardlab.lab.inference import _bootstrap_ci, _bootstrap_ratios, game_sums

from . import reference_analysis

# Six games, as the lab's "bot" group sees them (each game's win shares of the seats the
# bot held): two outcomes repeat, so the distinct outcomes (5) are fewer than the games.
SMALL = [[1.0, 0.0], [0.5], [0.0, 0.0, 1.0], [1.0], [0.5], [0.0, 1.0]]


def sums_counts(groups):
    return (np.array([float(np.sum(x)) for x in groups]),
            np.array([float(len(x)) for x in groups]))


def exact_law(groups) -> dict[float, float]:
    """P(θ* = t) over every one of the g^g equally likely resamples of the games."""
    g = len(groups)
    sums, counts = sums_counts(groups)
    idx = np.array(list(itertools.product(range(g), repeat=g)))
    theta = np.round(sums[idx].sum(axis=1) / counts[idx].sum(axis=1), 9)
    values, n = np.unique(theta, return_counts=True)
    return dict(zip(values.tolist(), (n / idx.shape[0]).tolist(), strict=True))


def gof_p(theta: np.ndarray, law: dict[float, float]) -> float:
    """Chi-square goodness of fit of draws to a law (outcomes expected < 5 times pooled)."""
    got = dict(zip(*np.unique(np.round(theta, 9), return_counts=True), strict=True))
    assert set(got) <= set(law), "a value the bootstrap of these games cannot give"
    n = theta.size
    obs, exp, rest_obs, rest_exp = [], [], 0, 0.0
    for t, p in law.items():
        if p * n >= 5:
            obs.append(got.get(t, 0))
            exp.append(p * n)
        else:
            rest_obs += got.get(t, 0)
            rest_exp += p * n
    obs.append(rest_obs)
    exp.append(rest_exp)
    return float(sps.chisquare(obs, exp).pvalue)


@pytest.mark.parametrize("by_games", [False, True], ids=["multinomial", "uniform-games"])
def test_the_resamples_have_the_exact_law_of_resampled_games(by_games):
    law = exact_law(SMALL)
    sums, counts = sums_counts(SMALL)
    theta = _bootstrap_ratios(sums, counts, 40_000, seed=5, by_games=by_games)
    assert gof_p(theta, law) > 1e-3


def test_the_exact_law_check_can_fail():
    """The same check rejects plausible wrong laws: every distinct outcome equally likely
    (its frequency forgotten), and the row bootstrap of the seats (games ignored)."""
    law = exact_law(SMALL)
    sums, counts = sums_counts(SMALL)
    outcomes, freq = np.unique(np.column_stack((sums, counts)), axis=0, return_counts=True)
    assert len(freq) < len(SMALL)
    m = np.random.default_rng(5).multinomial(len(SMALL), np.full(len(freq), 1 / len(freq)),
                                             size=40_000)
    wrong = (m * outcomes[:, 0]).sum(axis=1) / (m * outcomes[:, 1]).sum(axis=1)
    assert gof_p(wrong, law) < 1e-6
    seats = np.concatenate([np.asarray(x) for x in SMALL])
    rng = np.random.default_rng(5)
    by_seat = np.array([seats[rng.integers(0, seats.size, size=seats.size)].mean()
                        for _ in range(40_000)])
    with pytest.raises(AssertionError):  # the seat bootstrap gives values games cannot
        gof_p(by_seat, law)


def lab_run(games: int, seed: int) -> list[np.ndarray]:
    """Win shares of a bot holding 1-3 of 4 seats: one winner a game, or two sharing it
    (1/2 each), so a game's seats are not independent (at most one or two of them win)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(games):
        held = rng.permutation(4)[:int(rng.integers(1, 4))]
        winners = rng.permutation(4)[:1 if rng.random() < 0.8 else 2]
        out.append(np.array([1.0 / len(winners) if s in winners else 0.0 for s in held]))
    return out


@pytest.mark.parametrize("by_games", [False, True], ids=["multinomial", "uniform-games"])
def test_the_bootstrap_agrees_with_resampling_the_rows(by_games):
    groups = lab_run(300, 1)
    sums, counts = sums_counts(groups)
    ours = _bootstrap_ratios(sums, counts, 20_000, seed=2, by_games=by_games)
    rows = reference_analysis.resample_rows(groups, 20_000, np.random.default_rng(3))
    assert sps.ks_2samp(ours, rows).pvalue > 1e-3
    # and the intervals, seed by seed, agree within their Monte Carlo spread
    mine = np.array([_bootstrap_ci(sums, counts, None, seed=s) for s in range(30)])
    plain = np.array([reference_analysis.resample_rows_ci(groups, seed=100 + s)
                      for s in range(30)])
    se = np.sqrt(mine.var(axis=0, ddof=1) / 30 + plain.var(axis=0, ddof=1) / 30)
    assert np.all(np.abs(mine.mean(axis=0) - plain.mean(axis=0)) < 4 * se + 1e-12), (
        mine.mean(axis=0), plain.mean(axis=0), se)


def test_the_row_comparison_can_fail():
    """A bootstrap over seats (games ignored) has the wrong spread for wins that exclude
    each other within a game: the same comparison with the rows rejects it."""
    groups = lab_run(300, 1)
    seats = np.concatenate(groups)
    rng = np.random.default_rng(2)
    by_seat = np.array([seats[rng.integers(0, seats.size, size=seats.size)].mean()
                        for _ in range(5_000)])
    rows = reference_analysis.resample_rows(groups, 5_000, np.random.default_rng(3))
    assert sps.ks_2samp(by_seat, rows).pvalue < 1e-3


def test_the_path_follows_the_data():
    """Multinomial where outcomes repeat (a resample costs O(K)), uniform games where they
    hardly do; the default of each run is the path named for it."""
    few = sums_counts(lab_run(400, 4))
    many = (np.arange(40.0), np.ones(40))
    for (sums, counts), by_games in ((few, False), (many, True)):
        assert np.array_equal(_bootstrap_ratios(sums, counts, 50, 9),
                              _bootstrap_ratios(sums, counts, 50, 9, by_games=by_games))
        assert not np.array_equal(_bootstrap_ratios(sums, counts, 50, 9),
                                  _bootstrap_ratios(sums, counts, 50, 9,
                                                    by_games=not by_games))


@pytest.mark.parametrize("by_games", [False, True], ids=["multinomial", "uniform-games"])
def test_deterministic_from_the_seed_whatever_the_batch(by_games, monkeypatch):
    sums, counts = sums_counts(lab_run(200, 6))
    want = _bootstrap_ratios(sums, counts, 999, 4, by_games=by_games)
    assert np.array_equal(_bootstrap_ratios(sums, counts, 999, 4, by_games=by_games), want)
    assert not np.array_equal(_bootstrap_ratios(sums, counts, 999, 5, by_games=by_games),
                              want)
    monkeypatch.setattr(inference, "BOOTSTRAP_CELLS", 7)  # batches of 1-2 resamples
    assert np.array_equal(_bootstrap_ratios(sums, counts, 999, 4, by_games=by_games), want)


@pytest.mark.parametrize("games", [31, 700])  # uniform games at 31, multinomial at 700
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
    rng = np.random.default_rng(11)
    for sizes, bounds in (((1, 2), None), ((1, 4), (0.0, 1.0)), ((1, 2), (0.0, 1.0)),
                          ((2, 9), (0.0, 5.0)), ((1, 4), (0.0, 4.0))):
        counts = rng.integers(*sizes, size=60 if sizes != (1, 4) else 400)
        values = rng.integers(0, 2 if bounds == (0.0, 1.0) else 5,
                              size=int(counts.sum())).astype(float)
        starts = np.cumsum(counts) - counts
        groups = [values[s:s + c].tolist() for s, c in zip(starts, counts, strict=True)]
        want = reference_analysis.interval_test(groups, 0.3, 0.8, bounds)
        assert inference.interval_test_flat(values, counts, 0.3, 0.8, bounds) == want
        assert inference.interval_test(groups, 0.3, 0.8, bounds) == want
