"""Every cat scenario (the rulebook's example game and one per rule) replays cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardlab.engine.scenario import replay_path

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "cat"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_there_are_scenarios():
    names = {f.stem for f in FILES}
    assert "golden_seed42" in names
    for kind in ("chaos", "clean", "shift", "cat", "fish"):
        assert f"card_{kind}" in names
    for v in "abcef":
        assert f"variant_{v}" in names


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario_replays(path):
    (report,) = replay_path(path)
    assert report.ok, "\n".join(str(f) for f in report.failures)
    assert report.checks > 0


def test_golden_final_table():
    (report,) = replay_path(FOLDER / "golden_seed42.yaml")
    assert report.result["scores"] == [18, -12, 22, 15]
    assert report.result["winners"] == [2]
