"""The lab parent's memory is flat in the number of games: the analysis keeps a few numbers
per game in flat columns (``analysis.Accumulator``) and bounds its own working memory (the
bootstrap runs in batches of a fixed number of resampled indices), so the peak grows by a
few hundred bytes per game, not by the rows (~1.7 KB per game of the dice game) or the
records the analysis once kept (~4.5 KB per game at the peak)."""

from __future__ import annotations

import tracemalloc

from boardlab.lab import inference
from boardlab.lab.analysis import Accumulator
from boardlab.lab.runner import RunSpec, run
from boardlab.lab.spec import resolve_lab

GAME = "tests.lab.dicegame:GAME"
# Measured: ~110 bytes per game kept (3 seats, 4 metrics) and ~320 at the analysis's peak
# (the game-clustered fit over every seat); rows or per-game Python records are far above.
BYTES_PER_GAME = 800


def peak_per_game(base: list[dict], games: int) -> float:
    """Parent peak (tracemalloc) of streaming ``games`` games into the analysis, in batches
    as the runner delivers them, and analysing them."""
    lab = resolve_lab(GAME)
    tracemalloc.start()
    try:
        acc = Accumulator(lab)
        for k in range(games // len(base)):
            acc.add([{**r, "index": r["index"] + k * len(base)} for r in base])
        acc.analyse([{"players": 3}])
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_parent_peak_grows_by_a_few_hundred_bytes_per_game(monkeypatch):
    # a small bootstrap batch so its fixed working set is reached at these small sizes
    monkeypatch.setattr(inference, "BOOTSTRAP_CELLS", 2048)
    base = run(RunSpec(game=GAME, games=100, seed=4, bots=["cautious", "bold"],
                       options={"players": 3}, roles=["lucky", "plain", "plain"]))
    peak_per_game(base, 100)  # imports and caches first
    small, large = peak_per_game(base, 300), peak_per_game(base, 1200)
    assert (large - small) / 900 < BYTES_PER_GAME, (small, large)
