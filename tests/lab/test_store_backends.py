"""The lab's store on both databases it supports: SQLite by default and PostgreSQL by URL.

Each test runs twice, on a SQLite file and on a fresh PostgreSQL schema (``support.pg``):
a run simulated through the CLI is stored, listed, found by prefix, streamed back in
batches, loaded as the tidy one-row-per-seat table and exported, with the same figures on
both databases.
"""

from __future__ import annotations

import csv
import json

from typer.testing import CliRunner

from boardlab.cli import app
from boardlab.lab import load, store
from boardlab.lab.runner import RunSpec, run, stream

GAME = "tests.lab.dicegame:GAME"
runner = CliRunner()


def invoke(*args: str):
    res = runner.invoke(app, list(args))
    assert res.exit_code == 0, res.output + repr(res.exception)
    return res


def test_a_simulated_run_is_stored_listed_loaded_and_exported(lab_db, tmp_path):
    out = json.loads(invoke(
        "simulate", GAME, "--players", "3", "--bots", "cautious,bold", "--games", "24",
        "--seed", "5", "--label", "backend check", "--json").output)
    run_id = out["run"]
    assert store.engine().url.render_as_string(hide_password=False) == lab_db
    assert [r.id for r in store.list_runs()] == [run_id]
    assert store.find_run(run_id[:10]).id == run_id
    listing = invoke("runs").output
    assert run_id in listing and "backend check" in listing

    table = load(run_id)
    assert len(table) == 24 * 3, "one row per seat of every game"
    assert set(table["bot"]) == {"cautious", "bold"}
    assert table.groupby("game")["win"].sum().ge(0).all()

    target = tmp_path / "rows.csv"
    invoke("export", run_id, "--format", "csv", "--out", str(target))
    with target.open(encoding="utf-8") as fh:
        assert sum(1 for _ in csv.DictReader(fh)) == 24 * 3


def test_streamed_batches_round_trip_exactly(lab_db):
    spec = RunSpec(game=GAME, games=30, seed=3, bots=["cautious", "bold"],
                   options={"players": 3}, sweep={"limit": [10, 14]})
    writer = store.RunWriter(GAME, "simulate", {"spec": "x"}, "test", 3, 30)
    assert stream(spec, writer.add) == 60
    run_id = writer.finish({"games": 30})
    expected = run(spec)
    assert list(store.iter_rows(run_id, batch=7)) == expected
    assert store.load_rows(run_id) == expected
    assert store.find_run(run_id).summary == {"games": 30}
