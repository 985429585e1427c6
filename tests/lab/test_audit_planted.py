"""The audit on a test game with planted claims of every kind, true and false: the false
ones - one only a fifth off - come out contradicted, the true ones hold, a claim about all
play is never shown to hold by simulated games, a bound the search never moves is vacuous,
a peak between segment ends is seen, and ``--only`` changes no verdict.

The game is tests/lab/dicegame.py's, with two more facts. Its first roll is one fair die:
mean 3.5, P(4 or more) = 1/2, whatever the bots do - known answers."""

from __future__ import annotations

import math

import pytest
from tests.lab.dicegame import DiceGame

from boardlab.engine.claims import (
    Claim,
    Paired,
    Register,
    Search,
    Simulate,
    summary_value,
)
from boardlab.lab.audit import CONTRADICTED, HOLDS, INCONCLUSIVE, Budget, audit

REF = "tests.lab.test_audit_planted:GAME"


class PlantedDice(DiceGame):
    def facts(self, state):
        return {**super().facts(state), "live": sum(not s for s in state.stopped),
                "actions": state.rolls + sum(state.stopped)}


GAME = PlantedDice()


def _first(row):
    return float(row["summary"]["first"])


def _high(row):
    return float(row["summary"]["first"] >= 4)


def sim(published, fn=_first, compare="eq", kind="strategy", bounds=(1.0, 6.0), games=60,
        **kw):
    return published, Simulate({"players": 3}, per_game=fn, compare=compare, bounds=bounds,
                               games=games, **kw), kind


PLANTED = {
    # id: (published, check, kind), expected verdict
    "mean.true": (sim(3.5), HOLDS),
    "mean.subtle": (sim(4.2), CONTRADICTED),  # 20% above the truth
    "high.true": (sim(0.5, _high, bounds=(0.0, 1.0), games=240), HOLDS),
    "high.subtle": (sim(0.62, _high, bounds=(0.0, 1.0)), CONTRADICTED),  # 24% above
    "ge.true": (sim(3.0, compare="ge"), HOLDS),
    "ge.false": (sim(3.8, compare="ge"), CONTRADICTED),  # not widened to 3.8 - margin
    "le.false": (sim(3.2, compare="le"), CONTRADICTED),
    "between.true": (sim((3.0, 4.0), compare="between"), HOLDS),
    "between.false": (sim((3.7, 4.5), compare="between", margin=1.0), CONTRADICTED),
    # claims about all play: one game is a counterexample, no number of games a proof
    "all.players": (sim(3, lambda r: float(len(r["scores"])), kind="bound", bounds=None),
                    INCONCLUSIVE),
    # one way of playing is no evidence either, whatever the kind: every game gives 3
    "zero.variance": (sim(3, lambda r: float(len(r["scores"])), bounds=None), INCONCLUSIVE),
    "all.rolls.false": (sim(8, summary_value("rolls"), compare="le", kind="bound",
                            bounds=None), CONTRADICTED),
    "paired.true": ((("fewer"), Paired({"players": 3, "dice": 2}, {"players": 3, "dice": 1},
                                      summary_value("rolls"), direction="less", games=60),
                     "strategy"), HOLDS),
    "paired.false": ((("more"), Paired({"players": 3, "dice": 2}, {"players": 3, "dice": 1},
                                      summary_value("rolls"), direction="greater", games=60),
                      "strategy"), CONTRADICTED),
    # bounds by search
    "search.vacuous": ((12, Search({"players": 3}, segment=lambda f: 0,
                                   measure=lambda a, b: float(b["limit"]), compare="le",
                                   walks=15), "bound"), INCONCLUSIVE),
    "search.peak.false": ((2, Search({"players": 3}, segment=lambda f: 0,
                                     measure=lambda a, b: float(b["live"]), compare="le",
                                     walks=15), "bound"), CONTRADICTED),
    "search.peak.at_end": ((2, Search({"players": 3}, segment=lambda f: 0,
                                      measure=lambda a, b: float(b["live"]), compare="le",
                                      walks=15, at="end"), "bound"), INCONCLUSIVE),
    "search.total.true": ((3, Search({"players": 3}, segment=lambda f: 0,
                                     measure=lambda a, b: b["actions"] - a["actions"],
                                     compare="ge", walks=15), "bound"), HOLDS),
}

REGISTER = Register(
    game="dice", source="planted claims",
    claims=[Claim(cid, "§", cid, f"planted: {cid}", kind, pub, chk,
                  note="planted" if cid.endswith("subtle") else "",
                  basis="book" if cid.startswith("mean") else None)
            for cid, ((pub, chk, kind), _) in PLANTED.items()],
    stand_in="bold and cautious",
)


@pytest.fixture(scope="module")
def result():
    return audit(REF, Budget(games=None, walks=15, seed=3, workers=1, seconds=600))


def test_every_planted_claim(result):
    got = {v.claim.id: v for v in result.verdicts}
    wrong = {cid: (got[cid].verdict, got[cid].detail) for cid, (_, want) in PLANTED.items()
             if got[cid].verdict != want}
    assert not wrong, wrong


def test_basis(result):
    got = {v.claim.id: v for v in result.verdicts}
    assert got["mean.true"].basis == "book"  # the register says so
    assert got["high.subtle"].basis == "stand_in"
    assert got["all.rolls.false"].basis == "book"  # a game that breaks it is a book error
    assert got["search.peak.false"].basis == "book"
    keys = [k for k, _, _ in result.sections()]
    assert keys[0] == "book_errors" and keys.index("stand_in_gaps") < keys.index("book")


def test_all_play_claims_never_hold_from_simulation(result):
    for cid in ("all.players", "zero.variance"):
        v = next(v for v in result.verdicts if v.claim.id == cid)
        assert v.verdict == INCONCLUSIVE and "needs a search" in v.detail, v.detail
    bad = next(v for v in result.verdicts if v.claim.id == "all.rolls.false")
    assert bad.counterexample["measure"] > 8 and "seed" in bad.counterexample


def test_search_reads_every_step_and_flags_vacuous(result):
    got = {v.claim.id: v for v in result.verdicts}
    assert got["search.vacuous"].vacuous and "vacuous" in got["search.vacuous"].detail
    peak = got["search.peak.false"]
    assert peak.counterexample["measure"] == 3  # 3 seats live before anyone stops
    assert got["search.peak.at_end"].vacuous  # read at the end only: always 0 seats live
    assert "segment end" in got["search.total.true"].detail  # a total: not read mid-way


def test_intervals_are_the_tested_ones(result):
    for v in result.verdicts:
        if v.verdict in (HOLDS, CONTRADICTED) and isinstance(v.claim.check, Simulate) \
                and not v.claim.about_all_play:
            lo, hi = v.interval
            inside = lo <= v.ours.lo and v.ours.hi <= hi
            outside = v.ours.hi < lo or v.ours.lo > hi
            assert inside if v.verdict == HOLDS else outside, v.claim.id
            assert 0.99 < v.level < 1 and v.plan and v.plan["power"] == 0.8


def test_only_changes_no_verdict(result):
    alone = audit(REF, Budget(games=None, walks=15, seed=3, workers=1, seconds=600),
                  only=["high.subtle", "between.true"])
    full = {v.claim.id: v for v in result.verdicts}
    assert len(alone.verdicts) == 2
    for v in alone.verdicts:
        w = full[v.claim.id]
        assert (v.verdict, v.level, v.games, v.ours) == (w.verdict, w.level, w.games, w.ours)
    assert alone.family == result.family == 14


def test_fixed_budget_looks(result):
    au = audit(REF, Budget(games=200, walks=5, seed=3, workers=1), only=["mean.true"])
    v = au.verdicts[0]
    assert v.looks == [60, 120, 200] and v.games <= 200
    assert not math.isnan(v.level)


def test_html_has_every_part(result):
    from boardlab.lab.audit_report import build_html

    page = build_html(result)
    assert page.index("Book errors") < page.index("Stand-in gaps") < page.index("other claims")
    assert "note: planted" in page and "story:" in page and "<details>" in page
    assert "band:" in page and "interval, tested" in page


def test_time_budget_leaves_claims_open_not_broken():
    """A claim whose first look never came (the time ran out) is inconclusive and says why;
    one the budget stopped says so."""
    au = audit(REF, Budget(games=None, walks=2, seed=3, workers=1, seconds=1e-3),
               only=["mean", "high"])
    for v in au.verdicts:
        assert v.verdict in (HOLDS, CONTRADICTED, INCONCLUSIVE) and v.detail
        if v.verdict == INCONCLUSIVE:
            assert v.stopped in ("time budget", "plan", "schedule's end"), v.stopped
    assert any(v.stopped == "time budget" for v in au.verdicts)
