"""toys' per-seat records (summary ``moment_output``, ``night_frozen``) and the claims that
read them: the measures on a hand-made game with known answers, the records against the
screws a played game gave, and each changed claim judged right on a planted right and a
planted wrong figure."""

from __future__ import annotations

from dataclasses import replace

import pytest

from boardlab.engine.match import play_match
from boardlab.games.toys import GAME
from boardlab.games.toys import claims as C
from boardlab.games.toys.bots import BOTS
from boardlab.lab.audit import CONTRADICTED, HOLDS, Budget, audit, check_search
from boardlab.lab.spec import LabSpec


def _row(night_screws, night_frozen, moment_output):
    return {"summary": {"night_screws": night_screws, "night_frozen": night_frozen,
                        "moment_output": moment_output, "freezes": [0, 0, 0]}}


# Two nights of 3 seats. Night 1: seat 0 frozen from the start (+5 and the task's +3),
# seats 1 and 2 work (outputs 2+2+2 and 1+2+1, +3). Night 2: seat 2 freezes after moment 1
# (made 2, then +5), seats 0 and 1 work (2+1+2, 0+2+2), task failed (-2).
KNOWN = _row(
    night_screws=[[8, 9, 7], [11, 11, 12]],
    night_frozen=[[True, False, False], [False, False, True]],
    moment_output=[[None, 2, 1], [None, 2, 2], [None, 2, 1],
                   [2, 0, 2], [1, 2, None], [2, 2, None]])


def test_measures_known_answers():
    # night 1: freezer 8 against workers (9 + 7) / 2 = 8 -> 0; night 2: 5 against
    # (3 + 2) / 2 -> 2.5
    assert C._freeze_gap()(KNOWN) == [0.0, 2.5]
    assert C._worker_gap()(KNOWN) == [0.0, -2.5]
    assert C._freeze_gap(whole_night=True)(KNOWN) == [0.0]  # seat 2 froze after moment 1
    # seats that worked all night: night 1 seats 1, 2; night 2 seats 0, 1
    assert C._working_output(2)(KNOWN) == [4.0, 3.0, 3.0, 4.0]
    assert C._working_output(3)(KNOWN) == [2.0, 1.0, 2.0, 2.0]
    assert C._freeze_gap()(_row([[3, 3, 3]], [[False] * 3], [[1, 1, 1]] * 3)) is None


@pytest.mark.parametrize("seed", range(4))
def test_records_add_up_to_the_screws(seed):
    """Without roles and items a night's screws are the seat's own noise, the task's +3 / -2
    and +5 for a seat 🧊 at its end: the records must say exactly that."""
    cfg = {"players": 4, "roles": False, "items": False}
    names = ["coordinated", "greedy"] * 2
    out = play_match(GAME, cfg, seed, [BOTS[n]() for n in names])
    s = out.result.summary
    assert len(s["night_frozen"]) == len(s["night_screws"]) == s["nights_played"]
    assert len(s["moment_output"]) >= 3 * s["nights_played"]
    before = [0] * 4
    for night, (cum, frozen, done) in enumerate(zip(s["night_screws"], s["night_frozen"],
                                                    s["tasks_done"], strict=False)):
        moments = s["moment_output"][3 * night:3 * night + 3]
        for seat in range(4):
            made = sum(m[seat] or 0 for m in moments)
            want = made + (3 if done else -2) + (5 if frozen[seat] else 0)
            assert cum[seat] - before[seat] == want, (night, seat)
            # a seat that played no card in a moment was frozen by then, and stays so
            played = [m[seat] is not None for m in moments]
            assert played == sorted(played, reverse=True)
            if not all(played):
                assert frozen[seat]
        before = cum
    assert sum(s["freezes"]) == sum(sum(f) for f in s["night_frozen"])


CHANGED = ("s8.rota_neutral", "faq.freeze_bonus_neutral", "s7.no_freeze_plus1",
           "faq.freeze_net.play", "s8.output_2moments", "s8.output_1moment")
# (planted right: near ours, planted wrong: far from ours), ours measured 2026-12-04 at 240
# games: gap +0.28 (coordinated), 2 moments 3.46, moment 3 1.60 (mixed table)
PLANTS = {"s8.rota_neutral": (0, 2), "faq.freeze_bonus_neutral": (0, -2),
          "s7.no_freeze_plus1": (0, 1), "faq.freeze_net.play": (0, 1),
          "s8.output_2moments": ((3, 4), (4.5, 5.5)), "s8.output_1moment": (1.6, 3.5)}


@pytest.fixture(scope="module")
def judged():
    base = {c.id: c for c in C.REGISTER.claims}
    claims = []
    for cid in CHANGED:
        right, wrong = PLANTS[cid]
        claims += [replace(base[cid], id=f"{cid}.right", published=right),
                   replace(base[cid], id=f"{cid}.wrong", published=wrong)]
    lab = replace(LabSpec.of(C.REGISTER), claims=claims)
    got = audit("toys", Budget(games=240, walks=10, seed=0, workers=1), lab=lab)
    return {v.claim.id: v for v in got.verdicts}


@pytest.mark.parametrize("cid", CHANGED)
def test_changed_claims_planted(judged, cid):
    right, wrong = judged[f"{cid}.right"], judged[f"{cid}.wrong"]
    assert right.verdict == HOLDS, right.detail
    assert wrong.verdict == CONTRADICTED, wrong.detail
    assert right.basis == "stand_in"


def test_coop_margin_by_search():
    claim = next(c for c in C.REGISTER.claims if c.id == "coop.margin")
    held = check_search(claim, GAME, 150, 0)
    assert held.verdict == HOLDS and not held.vacuous, held.detail
    assert held.basis == "book" and "segment end" in held.detail
    # planted: 'at most 1 to spare' is broken by any done night that costs the minimum 4
    broken = check_search(replace(claim, published=1), GAME, 150, 0)
    assert broken.verdict == CONTRADICTED and broken.counterexample["measure"] == 2


def test_notes_say_book_error_or_stand_in():
    from boardlab.engine.claims import Paired, Simulate

    claims = {c.id: c for c in C.REGISTER.claims}
    for c in claims.values():
        if isinstance(c.check, Simulate | Paired) and c.resting_on == "stand_in":
            assert c.note.startswith(C.STAND_IN_NOTE), c.id
    for cid in ("comp.card_total", "setup.3p.companions", "map.rug_card_list",
                "map.high_risk_cells", "map.rug_task_favourite", "map.toybox_task_regular",
                "map.lane_task_regular", "cards.dino_printed", "ex2.slack", "ex2.last_slack",
                "ex2.may_output", "ex2.tuantuan_output", "qr.4p.night_min",
                "qr.4p.night_min.plain", "faq.crossing_every_night"):
        assert claims[cid].resting_on == "book" and "book error" in claims[cid].note, cid
