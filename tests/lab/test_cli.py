"""End to end through the CLI: simulate (with a sweep), runs, show, export, report, balance."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
from typer.testing import CliRunner

from boardlab.cli import app
from boardlab.lab import store

GAME = "tests.lab.dicegame:GAME"
runner = CliRunner()


def invoke(*args):
    res = runner.invoke(app, list(args))
    assert res.exit_code == 0, res.output + repr(res.exception)
    return res


def test_simulate_sweep_store_report_export(data_dir):
    res = invoke("simulate", GAME, "--players", "3", "--bots", "cautious,bold",
                 "--set", "limit=10,14", "--games", "30", "--seed", "3", "--workers", "2",
                 "--json")
    out = json.loads(res.output)
    run_id = out["run"]
    assert len(out["analysis"]["variants"]) == 2
    assert out["analysis"]["comparisons"], "a sweep compares variants on the same seeds"
    runs = store.list_runs()
    assert [r.id for r in runs] == [run_id]
    assert str(data_dir) in store.engine().url.database
    assert run_id in invoke("runs").output
    assert "bot bold" in invoke("show", run_id[:10]).output

    rep = data_dir / "rep"
    invoke("report", run_id, "--out", str(rep))
    html = (rep / "report.html").read_text()
    assert html.count("data:image/png;base64,") >= 4
    assert "Sweep" in html and "Holm" in html
    assert (rep / "report.md").exists()

    csv_path = data_dir / "games.csv"
    invoke("export", run_id, "--format", "csv", "--out", str(csv_path))
    assert len(csv_path.read_text().splitlines()) == 61
    pq_path = data_dir / "games.parquet"
    invoke("export", "last", "--format", "parquet", "--out", str(pq_path))
    assert pq.read_table(pq_path).num_rows == 60


def test_no_store_and_errors():
    invoke("simulate", GAME, "--games", "5", "--no-store", "--workers", "1")
    assert store.list_runs() == []
    bad = runner.invoke(app, ["simulate", GAME, "--bots", "nobody", "--games", "2",
                              "--workers", "1"])
    assert bad.exit_code == 2 and "no bot" in bad.output
    assert runner.invoke(app, ["show", "nope"]).exit_code == 2


def test_balance_command(data_dir):
    res = invoke("balance", GAME, "--games", "40", "--workers", "1", "--out",
                 str(data_dir / "bal"))
    assert "bold wins, 3p" in res.output
    assert "not comparable" in res.output
    assert "stand-in" in res.output
    run = store.list_runs()[0]
    assert run.kind == "balance" and run.summary["checks"]
    html = next((data_dir / "bal").glob("*/report.html")).read_text()
    assert "published vs ours" in html


def test_report_of_a_one_game_sweep(data_dir):
    """n = 1 gives infinite t intervals: stored as null, drawn without bars."""
    res = invoke("simulate", GAME, "--set", "limit=10,12", "--games", "1", "--workers", "1",
                 "--json")
    run_id = json.loads(res.output)["run"]
    invoke("report", run_id, "--out", str(data_dir / "one"))
    assert "data:image/png;base64," in (data_dir / "one" / "report.html").read_text()
