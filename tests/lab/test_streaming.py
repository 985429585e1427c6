"""Rows streamed to the store in batches: the same rows as ``run``, memory flat in games."""

from __future__ import annotations

import tracemalloc

from boardlab.lab import store
from boardlab.lab.runner import RunSpec, run, stream

GAME = "tests.lab.dicegame:GAME"


def spec(games: int) -> RunSpec:
    return RunSpec(game=GAME, games=games, seed=3, bots=["cautious", "bold"],
                   options={"players": 3}, sweep={"limit": [10, 14]})


def test_streamed_rows_are_the_rows_run_returns():
    writer = store.RunWriter(GAME, "simulate", {"spec": "x"}, "test", 3, 30)
    batches: list[int] = []

    def sink(rows):
        batches.append(len(rows))
        writer.add(rows)

    assert stream(spec(30), sink, workers=2) == 60
    run_id = writer.finish({"games": 30})
    assert len(batches) > 1, "rows arrive in several batches"
    assert list(store.iter_rows(run_id, batch=7)) == run(spec(30))
    assert store.find_run(run_id).summary == {"games": 30}
    assert store.load_rows(run_id) == run(spec(30))


def peak_bytes(work) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_parent_holds_one_batch_not_every_row():
    """``run`` keeps every row until the end; ``stream`` keeps one batch (at most 200
    games, see ``tasks``), so its peak stays flat however many games are played."""
    games = RunSpec(game=GAME, games=240, seed=3, bots=["cautious", "bold"],
                    options={"players": 3})
    warm = store.RunWriter(GAME, "simulate", {}, "test", 3, 8)
    stream(RunSpec(game=GAME, games=8, seed=3, options={"players": 3}), warm.add)
    writer = store.RunWriter(GAME, "simulate", {}, "test", 3, 240)
    streamed = peak_bytes(lambda: stream(games, writer.add))
    held = peak_bytes(lambda: run(games))
    assert streamed < held / 2
