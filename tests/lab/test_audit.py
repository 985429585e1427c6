"""The audit on a test game with planted claims: false ones come out contradicted, true
ones hold, p-values are adjusted to the family, and the CLI prints, exports and exits as
promised (book errors first, basis in every format, notes and stories in the HTML)."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from boardlab.cli import app
from boardlab.lab.audit import CONTRADICTED, HOLDS, NOT_CHECKABLE, Budget, audit

GAME = "tests.lab.dicegame:GAME"
runner = CliRunner()


@pytest.fixture(scope="module")
def result():
    return audit(GAME, Budget(games=300, walks=40, seed=0, workers=1))


def test_planted_claims(result):
    got = {v.claim.id: v for v in result.verdicts}
    assert got["limit"].verdict == HOLDS
    assert got["limit.false"].verdict == CONTRADICTED
    assert math.isnan(got["limit"].ours.lo), "a value fixed by construction has no interval"
    assert got["first.mean"].verdict == HOLDS
    assert got["first.mean.false"].verdict == CONTRADICTED
    assert got["first.six.false"].verdict == CONTRADICTED
    assert got["first.six.false"].method.startswith("exact binomial")
    assert got["never.above"].verdict == HOLDS
    short = got["short.false"]
    assert short.verdict == CONTRADICTED and short.counterexample["measure"] > 8
    assert got["two.dice.fewer"].verdict == HOLDS
    assert got["designer"].verdict == NOT_CHECKABLE and "not published" in got["designer"].detail


def test_adjusted_p_not_below_raw(result):
    for v in result.verdicts:
        if not math.isnan(v.p_adjusted):
            raw = v.p_hold if v.verdict == HOLDS else v.p_contra
            assert v.p_adjusted >= raw - 1e-15


def test_counterexample_replays(result):
    """The search's counterexample is a real game: replaying its actions gives the measure."""
    from tests.lab.dicegame import GAME as game

    ce = next(v for v in result.verdicts if v.claim.id == "short.false").counterexample
    state = game.setup(game.make_config(ce["options"]), ce["seed"])
    for step in ce["actions"]:
        game.apply_in_place(state, step["seat"], step["action"])
    assert game.facts(state)["rolls"] == ce["measure"]


def test_seating_report(result):
    s = result.seating
    assert s["fairness"] and s["fairness"][0]["df"] == 2
    assert "C(seat)" in s["regression"]["formula"] and "C(bot)" in s["regression"]["formula"]
    assert not result.warnings


def test_inconclusive_says_how_many_games(data_dir):
    au = audit(GAME, Budget(games=12, walks=5, workers=1), only=["first.mean"])
    v = next(v for v in au.verdicts if v.claim.id == "first.mean")
    assert v.verdict == "inconclusive" and "plan: about" in v.detail
    assert v.plan["games"] > 12 and v.plan["power"] == 0.8


def test_check_cli(data_dir):
    args = ["check", GAME, "--games", "60", "--walks", "20", "--workers", "1"]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    assert "[contradicted]" in res.output and "limit.false" in res.output
    assert "adjusted p" in res.output and "chi-square" in res.output
    assert res.output.index("Book errors") < res.output.index("Stand-in gaps")
    assert "story:" in res.output
    strict = runner.invoke(app, [*args, "--strict"])
    assert strict.exit_code == 1
    html = data_dir / "audit.html"
    js = runner.invoke(app, ["balance", GAME, "--games", "60", "--walks", "20",
                             "--workers", "1", "--json", "--html", str(html)])
    assert js.exit_code == 0, js.output
    out = json.loads(js.output)
    assert {c["verdict"] for c in out["claims"]} >= {"holds", "contradicted", "not checkable"}
    assert all({"id", "section", "quote", "english", "kind", "published", "ours", "verdict",
                "p_adjusted", "basis", "level", "plan"} <= set(c) for c in out["claims"])
    assert out["claims"][0]["basis"] == "book" and out["claims"][0]["verdict"] == "contradicted"
    assert set(out["sections"]) >= {"book_errors", "stand_in_gaps"}
    assert out["sections"]["book_errors"] == ["limit.false", "short.false"]
    page = html.read_text()
    assert "limit.false" in page and "data:image/png;base64," in page
    assert page.index("Book errors") < page.index("Stand-in gaps")
    assert "story:" in page and "<details>" in page  # the counterexample, then its record
    bad = runner.invoke(app, ["check", "nosuchgame"])
    assert bad.exit_code == 2 and "error" in bad.output


def test_bots_and_options_cli():
    res = runner.invoke(app, ["bots", GAME])
    assert res.exit_code == 0 and "cautious" in res.output and "default mix, 3 players" \
        in res.output
    res = runner.invoke(app, ["options", GAME])
    assert res.exit_code == 0 and "limit" in res.output and "12" in res.output


def test_games_option(data_dir):
    bad = runner.invoke(app, ["check", GAME, "--games", "lots"])
    assert bad.exit_code == 2 and "auto or a whole number" in bad.output
    res = runner.invoke(app, ["check", GAME, "--games", "auto", "--seconds", "30",
                              "--walks", "5", "--workers", "1", "--only", "limit,first.six",
                              "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["budget"].startswith("auto") and out["family"] == 4
    six = next(c for c in out["claims"] if c["id"] == "first.six.false")
    assert six["verdict"] == "contradicted" and six["looks"][0] == 240


def test_ray_backend_gives_the_same_verdicts():
    import importlib.util

    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install 'boardlab[ray]')")
    budget = dict(games=120, walks=2, seed=0, workers=2)
    a = audit(GAME, Budget(**budget), only=["first.mean"])
    b = audit(GAME, Budget(**budget, backend="ray"), only=["first.mean"])
    assert [(v.verdict, v.ours, v.games) for v in a.verdicts] == \
        [(v.verdict, v.ours, v.games) for v in b.verdicts]
