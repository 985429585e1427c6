"""Default seating is balanced for every seat and bot count; a fixed seating is flagged."""

from __future__ import annotations

from collections import Counter

import pytest

from boardlab.lab.design import confounding, confounding_warning, period, seat_bot_table, seating


@pytest.mark.parametrize("design", ["latin", "permutations"])
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("n_bots", range(1, 7))
def test_balanced_for_every_seat_and_bot_count(design, players, n_bots):
    bots = [f"b{i}" for i in range(n_bots)]
    n = period(bots, players, design)
    seats = [seating(bots, players, i, design) for i in range(2 * n)]
    table = seat_bot_table(seats)
    # every seat holds every bot equally often ...
    for s in range(players):
        assert table[s] == table[0], (s, table)
    # ... and every bot plays equally often overall
    overall = Counter(b for g in seats for b in g)
    assert len(set(overall.values())) == 1 and set(overall) == set(bots)
    assert confounding(seats) == pytest.approx(0.0, abs=1e-12)
    assert confounding_warning(seats) is None


def test_three_bots_over_four_seats_do_not_pair_seats():
    """The old cyclic seating put the same bot in seats 0 and 3 of every game."""
    seats = [seating(["a", "b", "c"], 4, i) for i in range(12)]
    assert any(g[0] != g[3] for g in seats)


def test_fixed_seating_is_flagged():
    seats = [seating(["a", "b", "c"], 3, i, "fixed") for i in range(30)]
    assert confounding(seats) == pytest.approx(1.0)
    assert "confounds seat with bot" in confounding_warning(seats)
    with pytest.raises(ValueError, match="design"):
        seating(["a"], 2, 0, "nope")
