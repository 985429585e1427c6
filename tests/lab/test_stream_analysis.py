"""The simulate command streams: rows go to the store batch by batch and the analysis keeps
only a few numbers per game (flat columns, ``analysis.Accumulator``), never every row; its
figures are the ones the whole list of rows gives, to the last bit of the row-by-row
analysis it replaced (``reference_analysis``)."""

from __future__ import annotations

import random
import weakref

import pytest
from typer.testing import CliRunner

from boardlab.cli import app
from boardlab.lab import store
from boardlab.lab.analysis import Accumulator, analyse, to_json
from boardlab.lab.cli import simulate_streamed
from boardlab.lab.design import confounding_warning
from boardlab.lab.runner import RunSpec, run
from boardlab.lab.spec import resolve_lab

from . import reference_analysis

GAME = "tests.lab.dicegame:GAME"


def spec(games: int = 24) -> RunSpec:
    return RunSpec(game=GAME, games=games, seed=5, bots=["cautious", "bold"],
                   options={"players": 3}, sweep={"limit": [10, 14]})


class Row(dict):
    """A row that can be watched with a weak reference."""


def test_analysis_reads_an_iterator_and_lets_each_row_go():
    s = spec()
    lab = resolve_lab(GAME)
    rows = run(s)
    alive_at_end: list[int] = []

    def feed():
        refs = []
        for r in rows:
            row = Row(r)
            refs.append(weakref.ref(row))
            yield row
            del row
        alive_at_end.append(sum(ref() is not None for ref in refs))

    streamed = analyse(feed(), lab, s.variants())
    assert alive_at_end[0] <= 1, "rows were kept while reading"
    assert to_json(streamed) == to_json(analyse(rows, lab, s.variants()))


def test_batches_in_any_order_give_the_figures_of_the_ordered_rows():
    s = spec()
    lab = resolve_lab(GAME)
    rows = run(s)
    batches = [rows[i:i + 5] for i in range(0, len(rows), 5)]
    random.Random(1).shuffle(batches)
    acc = Accumulator(lab)
    for b in batches:
        acc.add(b)
    assert len(acc) == len(rows)
    assert to_json(acc.analyse(s.variants())) == to_json(analyse(rows, lab, s.variants()))
    assert acc.bots(0) == [r["bots"] for r in rows if r["variant"] == 0]


@pytest.mark.parametrize("run_spec", [
    spec(40),  # a sweep: paired comparisons and curves
    RunSpec(game=GAME, games=30, seed=2, bots=["cautious", "bold"], roles=["lucky", "plain"],
            sweep={"players": [2, 4], "limit": [9, 15]}),  # bots with several seats a game
    RunSpec(game=GAME, games=25, seed=8, options={"players": 5, "limit": 6}),  # shared wins
], ids=["sweep", "players-and-roles", "default-mix"])
def test_the_streamed_analysis_is_the_row_by_row_one(run_spec):
    lab = resolve_lab(GAME)
    rows = run(run_spec)
    random.Random(3).shuffle(rows)
    got = analyse(rows, lab, run_spec.variants())
    want = reference_analysis.analyse(rows, lab, run_spec.variants())
    assert to_json(got) == to_json(want)
    for g, w in zip(got["variants"], want["variants"], strict=True):
        for gm, wm in zip(g["metrics"], w["metrics"], strict=True):
            assert gm["values"].tolist() == [float(v) for v in wm["values"]]


def test_the_seating_check_reads_the_same_bots():
    s = RunSpec(game=GAME, games=20, seed=1, bots=["cautious", "bold", "cautious"],
                options={"players": 3}, design="fixed", rotate=False)
    rows = run(s)
    acc = Accumulator(resolve_lab(GAME))
    acc.add(reversed(rows))
    assert acc.bots(0) == [r["bots"] for r in rows]
    assert confounding_warning(acc.seatings(0)) == confounding_warning(
        [r["bots"] for r in rows]) is not None


def test_simulate_stores_every_row_and_its_summary_while_streaming():
    s = spec(30)
    lab = resolve_lab(GAME)
    run_id, an, _warn = simulate_streamed(s, lab, 2, "process", None, True, keep=True)
    rows = run(s)
    assert store.load_rows(run_id) == rows
    assert store.find_run(run_id).summary == to_json(analyse(rows, lab, s.variants()))
    assert to_json(an) == store.find_run(run_id).summary
    # the stored run is read back in batches for `show`: the same figures
    assert to_json(analyse(store.iter_rows(run_id, batch=7), lab, s.variants())) == \
        to_json(an)


def test_a_simulation_that_fails_leaves_no_half_run():
    before = len(store.list_runs(1000))
    res = CliRunner().invoke(app, ["simulate", GAME, "--bots", "nobody", "--games", "3",
                                   "--workers", "1", "--json"])
    assert res.exit_code == 2
    assert "nobody" in res.output
    assert len(store.list_runs(1000)) == before
