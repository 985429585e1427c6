from pathlib import Path

import pytest

from boardlab.engine.scenario import replay_path

ROOT = Path(__file__).resolve().parents[2] / "scenarios" / "burgle"


@pytest.mark.parametrize("report", replay_path(ROOT), ids=lambda r: Path(r.path).name)
def test_scenario(report):
    assert report.ok, [str(f) for f in report.failures]
