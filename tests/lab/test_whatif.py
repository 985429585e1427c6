"""What if: ``check --set`` re-judges the register under changed rules - the claims that
depend on the option change verdict and no others; ``--sweep`` finds where verdicts flip."""

from __future__ import annotations

import json

from tests.lab.dicegame import GAME, DiceConfig
from typer.testing import CliRunner

from boardlab.cli import app
from boardlab.engine.claims import Claim, Formula, NotCheckable, Register, Search, Simulate
from boardlab.engine.whatif import config, rules_changed
from boardlab.lab.audit import Budget
from boardlab.lab.whatif import (
    DEPENDS,
    FIXES,
    UNAFFECTED,
    WhatIfError,
    cliffs_figure,
    parse_sweep,
    sweep,
    what_if,
)

REF = "tests.lab.test_whatif:GAME"
assert GAME.id == "dice"


def _first(row):
    return float(row["summary"]["first"])


def _rolls(row):
    return float(row["summary"]["rolls"])


# "limit" and "never.above" depend on the limit; the first roll does not (the same seeds
# roll the same first die whatever the limit), the die count does not, "rolls.at12" fixes
# the limit itself and the designer's games are not checkable at all.
REGISTER = Register(
    game="dice", source="test rulebook",
    claims=[
        Claim("limit", "§1", "上限 12", "The limit is 12.", "arithmetic", 12,
              Formula(lambda: config(DiceConfig).limit)),
        Claim("dice", "§1", "一颗骰子", "One die.", "arithmetic", 1,
              Formula(lambda: config(DiceConfig).dice)),
        Claim("first.mean", "§2", "首掷平均 3.5", "The first roll averages 3.5.", "strategy",
              3.5, Simulate({"players": 3}, per_game=_first, bounds=(1.0, 6.0), games=200)),
        Claim("rolls.at12", "§2", "上限 12 时每局 5 掷", "At limit 12 a game has about 9 rolls.",
              "strategy", 9.0, Simulate({"players": 3, "limit": 12}, per_game=_rolls,
                                        games=100)),
        Claim("never.above", "§3", "总点数从不超过 12", "No total ever exceeds 12.", "bound", 12,
              Search({"players": 3}, segment=lambda f: 0,
                     measure=lambda first, last: max(last["totals"]), compare="le",
                     walks=30)),
        Claim("designer", "§5", "设计者测试了 1000 局", "The designer tested 1000 games.",
              "strategy", 1000, NotCheckable("the designer's games are not published")),
    ])

BUDGET = dict(games=120, walks=30, seed=3, workers=1)


def test_config_applies_changes_under_what_a_claim_fixes() -> None:
    assert config(DiceConfig).limit == 12
    with rules_changed({"limit": 15, "dice": 2, "nosuch": 1}):
        assert config(DiceConfig).limit == 15
        assert config(DiceConfig, limit=12).limit == 12  # the claim's own setting wins
        assert config(DiceConfig).dice == 2
    assert config(DiceConfig).limit == 12


def test_set_changes_the_dependent_claims_and_no_others() -> None:
    w = what_if(REF, {"limit": 15}, Budget(**BUDGET))
    by = {c.id: c for c in w.claims}
    assert w.book == {"limit": 12}
    assert {i for i, c in by.items() if c.flipped} == {"limit", "never.above"}
    assert by["limit"].before.verdict == "holds" and by["limit"].after.verdict == "contradicted"
    assert by["never.above"].after.verdict == "contradicted"
    assert {i for i, c in by.items() if c.effect == DEPENDS} == {"limit", "never.above"}
    assert by["first.mean"].effect == UNAFFECTED
    assert by["first.mean"].before.ours_text() == by["first.mean"].after.ours_text()
    assert by["dice"].effect == UNAFFECTED
    assert by["rolls.at12"].effect == FIXES
    assert by["designer"].effect == UNAFFECTED
    assert "depends on limit=15" in by["limit"].why(w.changes)


def test_cli_set_json_and_bad_options() -> None:
    r = CliRunner().invoke(app, ["check", REF, "--set", "limit=15", "--json", "--games", "60",
                                 "--walks", "30", "--workers", "1", "--only", "limit,dice"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert {c["id"]: c["after"] for c in data["claims"]} == {"limit": "contradicted",
                                                             "dice": "holds"}
    for bad, said in ((["--set", "nosuch=1"], "no option 'nosuch'"),
                      (["--set", "limit=many"], "limit"),
                      (["--sweep", "limit=9..3"], "a <= b"),
                      (["--set", "limit=3,4"], "--sweep")):
        r = CliRunner().invoke(app, ["check", REF, *bad, "--only", "limit"])
        assert r.exit_code == 2, (bad, r.output)
        assert said in r.output and "Traceback" not in r.output


def test_cli_set_in_the_terminal_speaks_words_not_reprs() -> None:
    r = CliRunner().invoke(app, ["check", REF, "--set", "limit=15", "--games", "60",
                                 "--walks", "30", "--workers", "1", "--only", "limit,dice"])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "verdict(s) changed" in text and "before: " in text and "after: " in text
    assert "{'" not in text and "':" not in text, text


def test_sweep_finds_the_cliff_and_plots_whole_number_ticks(tmp_path) -> None:
    assert parse_sweep("limit=10..13") == ("limit", [10, 11, 12, 13])
    assert parse_sweep("dice=1,2") == ("dice", [1, 2])
    try:
        parse_sweep("limit=5")
    except WhatIfError as exc:
        assert "two values" in str(exc)
    sw = sweep(REF, "limit", [10, 11, 12, 13, 14], Budget(**BUDGET), only=["limit", "dice"])
    by = {c.id: c for c in sw.claims}
    assert by["limit"].flips(sw.values) == [12, 13]
    assert by["dice"].flips(sw.values) == []
    assert [c.id for c in sw.moving()] == ["limit"]
    fig = cliffs_figure(sw, {c.id: c for c in REGISTER.claims})
    ax = fig.axes[0]
    ticks = [t for t in ax.get_xticks() if 10 <= t <= 14]
    assert ticks and all(float(t).is_integer() for t in ticks)
    assert any(line.get_linestyle() == ":" for line in ax.get_lines())  # the book's rules
    out = tmp_path / "cliffs.png"
    r = CliRunner().invoke(app, ["check", REF, "--sweep", "limit=10..14", "--only", "limit",
                                 "--plot", str(out), "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "flips at" in r.output
