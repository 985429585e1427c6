"""``benchmarks/run.py`` prints one status line per issue-9 target, right either way."""

from __future__ import annotations

import importlib.util
from pathlib import Path

RUN = Path(__file__).resolve().parents[2] / "benchmarks" / "run.py"


def _run_module():
    spec = importlib.util.spec_from_file_location("bench_run", RUN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_target_lines_say_reached_or_not_with_figure_and_ratios():
    targets = _run_module().Targets()
    targets.at_most("geometry: per seat decision", 8.5, 10, " µs", reference_us=2.5)
    targets.at_most("toys: per seat decision", 14.0, 10, " µs", reference_us=2.0)
    targets.at_least("cat: montecarlo playouts/s", 2500, 10_000, "")
    targets.holds("toys: cheap state copy", False, "GameState.copy (deepcopy)")
    first, second, third, fourth = targets.lines
    assert first.split()[0] == "reached" and "8.50 µs" in first
    assert "0.85× the target" in first and "3.4× the reference" in first
    assert second.startswith("NOT reached") and "1.40× the target" in second
    assert "7.0× the reference" in second
    assert third.startswith("NOT reached") and "2,500" in third and "0.25×" in third
    assert fourth.startswith("NOT reached") and "deepcopy" in fourth


def test_the_plain_loop_plays_the_engines_games():
    """Table 1's engine share subtracts a plain loop over the rules: it must play exactly
    the games ``play_match`` plays with random bots."""
    from boardlab.bots.base import RandomBot
    from boardlab.engine.match import play_match
    from boardlab.engine.registry import get_game
    from boardlab.engine.rng import derive_seed

    run = _run_module()
    game = get_game("geometry")
    cfg = game.make_config({})
    for i in range(5):
        out = play_match(game, cfg, derive_seed(2, i), [RandomBot() for _ in range(4)])
        assert run.bare(game, cfg)(i) == len(out.record.actions)


def test_the_check_row_counts_the_games_the_audit_plays():
    """Table 8 counts the audit's games where the runner plays them, and leaves the
    runner as it was."""
    import io

    from rich.console import Console

    from boardlab.engine.registry import get_game
    from boardlab.lab import audit, runner

    run = _run_module()
    before = runner.play_one
    played = []
    original_run_group = audit.run_group

    def seen(*args, **kwargs):
        rows = original_run_group(*args, **kwargs)
        played.append(len(rows))
        return rows

    audit.run_group = seen
    try:
        out = io.StringIO()
        run.check_table([get_game("geometry")], 1, Console(file=out, width=200), 4, 1)
    finally:
        audit.run_group = original_run_group
    assert runner.play_one is before
    row = next(line for line in out.getvalue().splitlines() if "geometry" in line)
    cells = [c.strip() for c in row.split("│") if c.strip()]
    assert sum(played) > 0 and cells[5] == f"{sum(played):,}", (cells, played)
