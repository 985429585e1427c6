"""Golden scenarios replayed; bots deterministic and legal."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.engine.scenario import replay_path
from boardlab.games.toys import GAME

ROOT = Path(__file__).resolve().parents[2] / "scenarios" / "toys"
FILES = sorted(ROOT.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    (report,) = replay_path(path)
    assert report.ok, "\n".join(str(f) for f in report.failures)
    assert report.checks > 0


def test_golden_examples_are_present():
    names = {p.stem for p in FILES}
    assert {"example1_disastrous_night", "example2_full_game"} <= names


@pytest.mark.parametrize("name", ["greedy", "coordinated"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_deterministic(name, players):
    bots = [GAME.bots()[name]() for _ in range(players)]
    a = play_match(GAME, {"players": players}, 11, bots)
    b = play_match(GAME, {"players": players}, 11, [GAME.bots()[name]() for _ in range(players)])
    assert a.record == b.record and GAME.is_over(a.state)


def test_coordinated_beats_greedy_on_survival():
    dawn = {"greedy": 0, "coordinated": 0}
    for name in dawn:
        for seed in range(10):
            out = play_match(GAME, {"players": 4}, seed, [GAME.bots()[name]()] * 4)
            dawn[name] += out.result.summary["dawn"]
    assert dawn["coordinated"] > dawn["greedy"]


@pytest.mark.parametrize("cfg", [{"players": 5, "andy_stand_in": True},
                                 {"players": 4, "drifting_sight": True},
                                 {"players": 3, "long_night": True},
                                 {"players": 6, "coop": True}])
def test_mixed_tables_in_variants(cfg):
    n = cfg["players"]
    bots = [GAME.bots()["greedy"](), GAME.bots()["coordinated"](), RandomBot()] * 2
    out = play_match(GAME, cfg, 3, bots[:n])
    assert GAME.is_over(out.state)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_coordinated_play_reaches_the_published_night_minimum(players):
    """§5 table / quick reference: perfect play burns exactly the per-night minimum."""
    from boardlab.games.toys.published import QUICK_REFERENCE

    low = QUICK_REFERENCE[players]["night_min_exposure"]
    out = play_match(GAME, {"players": players, "roles": False, "items": False}, 2,
                     [GAME.bots()["coordinated"]() for _ in range(players)])
    s = out.result.summary
    assert s["dawn"] and all(s["tasks_done"])
    assert s["night_exposure"] == [low * k for k in range(1, 5)]
    assert s["exposure"] == QUICK_REFERENCE[players]["cap"] - 1 - 2
