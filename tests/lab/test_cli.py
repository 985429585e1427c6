"""End to end through the CLI: simulate (with a sweep), runs, show, export, report."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
import pytest
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
                 "--label", "limit sweep", "--json")
    out = json.loads(res.output)
    run_id = out["run"]
    assert len(out["analysis"]["variants"]) == 2
    assert out["analysis"]["comparisons"], "a sweep compares variants on the same seeds"
    runs = store.list_runs()
    assert [r.id for r in runs] == [run_id]
    assert str(data_dir) in store.engine().url.database
    listing = invoke("runs").output
    assert run_id in listing and "limit sweep" in listing and "cautious,bold" in listing
    assert "bot bold" in invoke("show", run_id[:10]).output

    rep = data_dir / "rep"
    invoke("report", run_id, "--out", str(rep))
    html = (rep / "report.html").read_text()
    assert html.count("data:image/png;base64,") >= 4
    assert "Sweep" in html and "Holm" in html
    assert "Seats: limit=10" in html and "C(seat)" in html and "chi-square" in html
    assert (rep / "report.md").exists()

    csv_path = data_dir / "games.csv"
    invoke("export", run_id, "--format", "csv", "--out", str(csv_path))
    assert len(csv_path.read_text().splitlines()) == 1 + 60 * 3  # one line per seat
    pq_path = data_dir / "games.parquet"
    invoke("export", "last", "--format", "parquet", "--out", str(pq_path))
    table = pq.read_table(pq_path)
    assert table.num_rows == 180
    assert {"run", "game", "seed", "seat", "bot", "role", "opt.limit", "score", "win",
            "s.rolls", "m.rolls"} <= set(table.column_names)


def test_no_store_and_errors():
    invoke("simulate", GAME, "--games", "5", "--no-store", "--workers", "1")
    assert store.list_runs() == []
    bad = runner.invoke(app, ["simulate", GAME, "--bots", "nobody", "--games", "2",
                              "--workers", "1"])
    assert bad.exit_code == 2 and "no bot" in bad.output
    assert runner.invoke(app, ["show", "nope"]).exit_code == 2


def test_load_gives_one_row_per_seat(data_dir):
    from boardlab.lab import load

    run_id = json.loads(invoke("simulate", GAME, "--games", "8", "--workers", "1",
                               "--set", "limit=10,12", "--json").output)["run"]
    df = load(run_id)
    assert len(df) == 2 * 8 * 3
    assert set(df["opt.limit"]) == {10, 12}
    assert df.groupby(["variant", "game"])["win"].sum().round(9).eq(1).all()
    assert (df["run"] == run_id).all()


def test_fixed_seating_warns():
    res = invoke("simulate", GAME, "--bots", "cautious,bold", "--players", "2",
                 "--design", "fixed", "--games", "6", "--workers", "1", "--no-store")
    assert "confounds seat with bot" in res.output


def test_report_of_a_one_game_sweep(data_dir):
    """n = 1 gives infinite t intervals: stored as null, drawn without bars."""
    res = invoke("simulate", GAME, "--set", "limit=10,12", "--games", "1", "--workers", "1",
                 "--json")
    run_id = json.loads(res.output)["run"]
    invoke("report", run_id, "--out", str(data_dir / "one"))
    assert "data:image/png;base64," in (data_dir / "one" / "report.html").read_text()


def test_two_key_sweep_report_has_heatmaps_and_table(data_dir):
    res = invoke("simulate", GAME, "--set", "limit=10,14", "--set", "dice=1,2",
                 "--games", "6", "--workers", "1", "--json")
    run_id = json.loads(res.output)["run"]
    invoke("report", run_id, "--out", str(data_dir / "grid"))
    md = (data_dir / "grid" / "report.md").read_text()
    assert "Heatmap: mean score per seat over limit x dice" in md
    assert "## Sweep: value x outcome" in md and "| limit | dice | games |" in md


def test_one_key_sweep_has_numeric_axis_and_per_bot_curves(data_dir):
    res = invoke("simulate", GAME, "--set", "limit=8,12,20", "--games", "6", "--workers",
                 "1", "--json")
    run_id = json.loads(res.output)["run"]
    invoke("report", run_id, "--out", str(data_dir / "one_key"))
    md = (data_dir / "one_key" / "report.md").read_text()
    assert "Sweep of limit: win rate per bot" in md
    assert "Sweep of limit: mean score per seat" in md


def test_chinese_labels_find_a_font():
    import os

    from boardlab.lab.plots import cjk_font

    name = cjk_font()
    if name is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("CI installs fonts-noto-cjk: a CJK font must be found")
        pytest.skip("NO CJK FONT INSTALLED: Chinese plot labels were not tested")
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    path = font_manager.findfont(name, fallback_to_default=False)
    assert ord("夜") in FT2Font(path).get_charmap()
