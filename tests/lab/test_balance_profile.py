"""The balance profile (restricted play after Jaffe et al. 2012) on the dice test game:
a seat that never rolls or never stops wins less than the same seat unrestricted; skill
shows; the wrapper filters and overrules as it says."""

from __future__ import annotations

import random

from tests.lab.dicegame import GAME, Bold

from boardlab.engine.context import DecisionContext
from boardlab.lab import balance_profile as bp

REF = "tests.lab.dicegame:GAME"


def _ctx(legal):
    return DecisionContext(GAME, 0, view={"totals": [0, 0, 0], "limit": 12}, legal=legal,
                           rng=random.Random(1))


def test_the_wrapper_filters_and_overrules() -> None:
    roll, stop = {"type": "roll"}, {"type": "stop"}
    bot = bp.Restricted(Bold(), ("type", "roll"))
    ctx = _ctx([roll, stop])
    assert bot.choose(ctx) is stop  # Bold would roll at 0; it may only stop
    assert ctx.legal == [roll, stop]  # the engine's list is given back untouched
    assert (bot.decisions, bot.filtered, bot.overruled) == (1, 1, 1)
    assert bot.choose(_ctx([roll])) == roll and bot.forced == 1  # nothing else to do
    rec = bp.Recorder(Bold())
    rec.choose(_ctx([roll, stop]))
    rec.choose(_ctx([roll]))  # no choice: not a candidate
    assert rec.chosen == {("type", "roll"): 1}


def test_profile_finds_needed_actions_and_skill() -> None:
    pr = bp.profile(REF, players=[3], games=120, restrictions=4, strong="bold", seed=2)
    c = pr.counts[0]
    assert pr.strong == "bold" and not c.coop and c.games == 120
    by = {r.restriction: r for r in c.restrictions}
    assert set(by) == {("type", "roll"), ("type", "stop")}
    for r in by.values():  # never rolling scores 0; never stopping busts
        assert r.change.value < -0.2 and r.change.hi < 0 and r.change.p < 0.001
        assert r.reading().startswith("needed")
    # Never rolling scores 0: it shares the win only when both others bust.
    assert by[("type", "roll")].restricted.value < 0.25
    assert c.first_seat is not None and c.first_seat.lo < 1 / 3 + 0.2
    strong = c.skill["strongest among random"]
    weak = c.skill["random among strongest"]
    assert strong.value > weak.value and strong.lo > weak.hi
    data = pr.to_json()
    assert data["strongest_bot"] == "bold"
    assert data["per_player_count"][0]["restrictions"][0]["reading"].startswith("needed")


def test_role_rates_compare_holders_with_the_rest() -> None:
    rows = [{"roles": ["lucky", None, None], "winners": [0]},
            {"roles": ["lucky", None, None], "winners": [0]},
            {"roles": [None, "lucky", None], "winners": [2]}]
    got = bp.role_rates(rows)
    held, rest = got["lucky"]
    assert (held.value, held.n) == (2 / 3, 3) and (rest.value, rest.n) == (1 / 6, 6)
    assert 0 < held.p <= 1


def test_intervals_are_the_libraries() -> None:
    from scipy import stats

    s = bp.mean_against([0.0, 1.0, 1.0, 0.0, 1.0], 0.5)
    lo, hi = stats.t.interval(0.95, 4, loc=0.6, scale=stats.sem([0, 1, 1, 0, 1]))
    assert abs(s.lo - lo) < 1e-9 and abs(s.hi - hi) < 1e-9
    exact = bp.share_against([1.0, 0.0, 0.0, 1.0], 0.25)
    assert abs(exact.p - stats.binomtest(2, 4, 0.25).pvalue) < 1e-12 and exact.lo > 0
    assert bp.share_against([1.0, 1.0, 0.5], 0.5).hi <= 1.0
    ch = bp.paired_change([False] * 10, [True] * 8 + [False] * 2)
    assert ch.value == -0.8 and abs(ch.p - stats.binomtest(0, 8).pvalue) < 1e-12


def test_cli_balance_json_html_and_errors(tmp_path) -> None:
    import json

    from typer.testing import CliRunner

    from boardlab.cli import app

    page = tmp_path / "balance.html"
    r = CliRunner().invoke(app, ["check", REF, "--balance", "--players", "2", "--games", "30",
                                 "--workers", "1", "--json", "--html", str(page)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [c["players"] for c in data["per_player_count"]] == [2]
    text = page.read_text(encoding="utf-8")
    assert "2 players" in text and "never" in text and "First seat wins" in text
    r = CliRunner().invoke(app, ["check", REF, "--balance", "--players", "9"])
    assert r.exit_code == 2 and "not 9" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(app, ["check", REF, "--balance", "--bots", "nosuch"])
    assert r.exit_code == 2 and "no bot 'nosuch'" in r.output
    r = CliRunner().invoke(app, ["check", REF, "--balance", "--bots", "bold", "--players", "2",
                                 "--games", "10", "--workers", "1", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["strongest_bot"] == "bold"


def test_the_strongest_bot_is_the_games_strong_policy() -> None:
    from boardlab.bots.registry import bot_factories
    from boardlab.games.cat import bots as cat_bots
    from boardlab.lab.spec import resolve_game

    cat = resolve_game("cat")
    name, why = bp.strongest(cat, bot_factories(cat))
    # cat's first default bot is the weakest style (wild); its STRONG_POLICY is not
    assert name == cat_bots.STRONG_POLICY != cat.default_bots(3)[0]
    assert "STRONG_POLICY" in why
    # a game without a bots module falls back to its first default bot, and says so
    name, why = bp.strongest(GAME, bot_factories(GAME))
    assert name == GAME.default_bots(GAME.min_players)[0] and "no STRONG_POLICY" in why
    pr = bp.profile(REF, players=[3], games=12, restrictions=1, seed=1)
    assert pr.strong == name and pr.to_json()["strongest_bot_why"] == why
