"""hotel's register: the component-marker claims against the book's words (ruling H29), the
notes that say whether a gap is the book's error or our bots', and the printed precision of
附录 B - each changed claim judged on a planted right and a planted wrong figure."""

from __future__ import annotations

from dataclasses import replace

import pytest

from boardlab.engine.claims import Paired, Simulate
from boardlab.games.hotel import GAME
from boardlab.games.hotel import claims as C
from boardlab.lab.audit import CONTRADICTED, HOLDS, check_formula, check_search
from boardlab.lab.audit_plan import band

CLAIMS = {c.id: c for c in C.REGISTER.claims}


@pytest.mark.parametrize("cid, right, wrong", [
    ("comp.wound_markers.boards", 18, 12),  # 6 boards x 3 slots
    ("comp.stay_markers.board", 6, 5),  # one marker a seat out at once, 6 seats
])
def test_marker_arithmetic_planted(cid, right, wrong):
    c = CLAIMS[cid]
    assert check_formula(replace(c, published=right)).verdict == HOLDS
    assert check_formula(replace(c, published=wrong)).verdict == CONTRADICTED


def test_marker_claims_as_registered():
    assert check_formula(CLAIMS["comp.wound_markers.boards"]).verdict == CONTRADICTED
    assert check_formula(CLAIMS["comp.stay_markers.board"]).verdict == HOLDS


@pytest.mark.parametrize("cid, right", [("comp.wound_markers", 18), ("comp.stay_markers", 30)])
def test_marker_search_planted(cid, right):
    """The boards never hold more than 6 x 3 wounds and 6 seats never stay more than 30
    times (planted right: holds within the search, the measure moving); the book's 12 is
    broken by a replayable counterexample."""
    c = CLAIMS[cid]
    held = check_search(replace(c, published=right), GAME, 12, 0)
    assert held.verdict == HOLDS and not held.vacuous, held.detail
    broken = check_search(c, GAME, 60, 0)
    assert broken.verdict == CONTRADICTED and broken.counterexample["measure"] > 12
    assert broken.basis == "book" and broken.story


def test_notes_say_book_error_or_stand_in():
    for c in C.REGISTER.claims:
        if isinstance(c.check, Simulate | Paired) and c.resting_on == "stand_in":
            assert c.note.startswith(C.STAND_IN_NOTE), c.id
    for cid in ("comp.gold", "comp.wound_markers", "comp.wound_markers.boards",
                "comp.stay_markers", "A4.vault_formula.4p", "A4.stayer_doubles",
                "A4.winston_strongest", "B.balanced_4_5p", "B.style.6p.sum"):
        assert CLAIMS[cid].resting_on == "book" and "book error" in CLAIMS[cid].note, cid


def test_appendix_b_printed_precision():
    """「27.0%」 is printed to 0.1%: half a unit is 0.05 points, not the 0.5 a float 0.27
    would suggest; 「43.0」 is printed to 0.1 point."""
    b = band(CLAIMS["B.style.3p.taker"])
    assert b.low == pytest.approx(0.27 - 0.027 - 0.0005)
    assert b.high == pytest.approx(0.27 + 0.027 + 0.0005)
    m = band(CLAIMS["B.style.4p.cautious.score"])
    assert (m.low, m.high) == (pytest.approx(43.0 - 4.3 - 0.05), pytest.approx(43.0 + 4.35))


def test_six_player_style_row_is_one_seats_share():
    """The 6-player row sums to 78.2%: each named style held one seat, so ours is a seat's
    share. A game with the taker doubled and one of its seats winning gives 1 and 0 (one
    seat's share 1/2), not the style's summed 1; at 3-5 players the summed share stays."""
    row = {"bots": ["taker", "risky", "taker", "cautious", "informant", "stayer"],
           "winners": [0], "scores": [50, 40, 30, 30, 30, 30]}
    six = CLAIMS["B.style.6p.taker"].check
    assert [six.per_seat(row, s) for s in range(6)] == [1.0, None, 0.0, None, None, None]
    three = CLAIMS["B.style.3p.taker"].check
    assert three.per_seat is None and three.per_game(
        {**row, "bots": ["taker", "risky", "taker"], "scores": [50, 40, 30]}) == 1.0
