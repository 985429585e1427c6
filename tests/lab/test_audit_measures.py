"""Claim measures read as the book means them (docs/rulings/cat.md R25)."""

from boardlab.engine.claims import Simulate
from boardlab.games.cat.claims import _half_bills
from boardlab.lab.spec import resolve_lab


def _row(totals, bills):
    return {"summary": {"exposure_totals": totals, "exposure_bills": bills}}


def test_cat_half_bill_is_the_rooms_bill_once_per_exposure():
    # a room at 13 with two tied dirtiest seats: each pays 7 (R8, all_pay), the game's
    # record sums 14; the book's 五折账单 is the room's ⌈13/2⌉ = 7 once
    assert _half_bills(_row([13, 12], [14, 6])) == [7.0, 6.0]
    # a fish-only room exposes and bills nobody
    assert _half_bills(_row([12], [0])) == [0.0]
    assert _half_bills(_row([], [])) == []


def test_cat_half_bill_claims_use_it():
    lab = resolve_lab("cat")
    got = {c.id: c.check for c in lab.claims if c.id.endswith(".half_bill")}
    assert set(got) == {f"B.exposure.{p}p.half_bill" for p in (3, 4, 5)}
    row = {"summary": {"exposure_totals": [13], "exposure_bills": [14]}}
    for chk in got.values():
        assert isinstance(chk, Simulate)
        assert chk.per_game(row) == [7.0]
