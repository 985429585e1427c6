"""The lab's seating meets every combination of bots, with balanced seat rotation, for any
number of bots and seats (the five-style battle of cat and hotel at 3 seats needs all 10
triples of 5 styles, not the 5 cyclic windows)."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest

from boardlab.lab.design import period, seat_bot_table, seating
from boardlab.lab.runner import seat_bots
from boardlab.lab.seats import mix_count, style_mixes

SIZES = [(k, n) for k in range(1, 7) for n in range(1, 7)]


def names(k: int) -> list[str]:
    return [f"b{i}" for i in range(k)]


@pytest.mark.parametrize(("k", "n"), SIZES)
def test_every_combination_is_a_mix_once(k, n):
    bots = names(k)
    mixes = style_mixes(bots, n)
    copies, extra = divmod(n, k)
    assert len(mixes) == comb(k, extra) == mix_count(bots, n)
    extras = set()
    for m in mixes:
        assert len(m) == n
        counts = Counter(m)
        assert set(counts) <= set(bots)
        assert all(counts[b] in (copies, copies + 1) for b in bots)
        extras.add(frozenset(b for b in bots if counts[b] == copies + 1))
    assert extras == {frozenset(c) for c in itertools.combinations(bots, extra)}


@pytest.mark.parametrize("design", ["latin", "permutations"])
@pytest.mark.parametrize(("k", "n"), SIZES)
def test_one_period_meets_every_combination_and_balances_seats(design, k, n):
    bots = names(k)
    games = [seating(bots, n, i, design) for i in range(period(bots, n, design))]
    met = {frozenset(Counter(g).items()) for g in games}
    assert met == {frozenset(Counter(m).items()) for m in style_mixes(bots, n)}
    table = seat_bot_table(games)
    for s in range(n):
        assert table[s] == table[0], (s, table)
    assert len(set(Counter(b for g in games for b in g).values())) == 1


def test_three_seats_five_styles_all_ten_triples_every_seat_every_style():
    styles = ["wild", "tidy", "shifter", "sniper", "steady"]
    assert period(styles, 3) == 30
    games = [seat_bots(styles, 3, i, rotate=True) for i in range(30)]
    triples = Counter(frozenset(g) for g in games)
    assert set(triples) == {frozenset(c) for c in itertools.combinations(styles, 3)}
    assert set(triples.values()) == {3}  # each triple rotated over the three seats
    for s in range(3):
        assert Counter(g[s] for g in games) == Counter({b: 6 for b in styles})
    # each orbit of 5 triples (15 games) is already balanced seat by seat
    half = seat_bot_table(games[:15])
    assert all(half[s] == Counter({b: 3 for b in styles}) for s in range(3))


def test_the_first_orbit_is_the_old_cyclic_window():
    bots = names(5)
    for i in range(15):
        k, r = (i // 3) % 5, i % 3
        window = [bots[(k + j) % 5] for j in range(3)]
        assert seating(bots, 3, i) == [window[(s + r) % 3] for s in range(3)]


def test_fewer_bots_than_seats_meet_every_doubling():
    """4 bots at 6 seats: every pair of bots is the doubled pair (6 pairs, not the 4
    cyclic ones)."""
    bots = names(4)
    games = [seating(bots, 6, i) for i in range(period(bots, 6))]
    doubled = {frozenset(b for b, c in Counter(g).items() if c == 2) for g in games}
    assert doubled == {frozenset(p) for p in itertools.combinations(bots, 2)}


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="no bots"):
        style_mixes([], 3)
    with pytest.raises(ValueError, match="seat"):
        style_mixes(["a"], 0)
