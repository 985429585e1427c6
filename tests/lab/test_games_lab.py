"""The real games' lab declarations run (on tiny runs; skipped loudly if a game is missing)."""

from __future__ import annotations

import pytest

from boardlab.engine.registry import available
from boardlab.lab.balance import CONSISTENT, NOT_COMPARABLE, run_experiment
from boardlab.lab.spec import resolve_lab


def experiment(game: str, name: str):
    if not available(game):
        pytest.skip(f"GAME {game!r} NOT AVAILABLE: its lab declaration was not tested")
    return next(e for e in resolve_lab(game).experiments if e.name == name)


def test_toys_quick_reference_holds_in_coordinated_play():
    exp = experiment("toys", "quick_reference")
    rows, checks = run_experiment("toys", exp, games=4, seed=1, workers=2)
    assert len(rows) == 4 * len(exp.sweep["players"])
    bounds = [c for c in checks if "(≥)" in c.label or "(≤)" in c.label]
    assert bounds and all(c.verdict == CONSISTENT for c in bounds), [
        (c.label, c.ours, c.verdict) for c in bounds]


@pytest.mark.parametrize("name", ["styles", "roles", "exposure", "spread"])
def test_cat_appendix_b_experiments_run(name):
    exp = experiment("cat", name)
    rows, checks = run_experiment("cat", exp, games=6, seed=1, workers=1)
    assert {r["players"] for r in rows} == {3, 4, 5}
    assert checks and all(c.verdict in (CONSISTENT, NOT_COMPARABLE, "not consistent")
                          for c in checks)
    if name == "roles":
        assert any(c.ours.n > 0 for c in checks), "roles must be read from the summary"
    assert resolve_lab("cat").stand_in
