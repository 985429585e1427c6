"""Who is dirtiest, who is second, and what they pay or get (🧰 三 and 四, §6.3, FAQ Q4/Q8).

* Dirtiest: the seats whose lane is the largest, if it is above 0. Ties: all of them.
* Second: the seats with the largest lane strictly below the dirtiest, above 0. Ties: all.
* Exposure (stations before the seal, total >= line): each dirtiest pays ceil(L/2), each
  second gets floor(L/3), every other seat at the table -1, the room is cleared.
* Final settlement: each dirtiest pays L, each second gets floor(L/3).
"""

from __future__ import annotations

from collections.abc import Sequence


def ranks(lanes: Sequence[int]) -> tuple[list[int], list[int]]:
    """(dirtiest seats, second seats) of one room's lanes."""
    # Counted with the list's own C methods where one seat holds the value (the usual
    # case): every exposure and the final settlement rank each room. tests/cat/
    # test_fastpath.py compares it with the plain comprehension over every small table.
    top = max(lanes) if lanes else 0  # max(lanes, default=0) without keyword parsing
    if top <= 0:
        return [], []
    count, index = lanes.count, lanes.index
    dirtiest = [index(top)] if count(top) == 1 else [
        s for s, v in enumerate(lanes) if v == top]
    nxt = 0
    for v in lanes:
        if top > v > nxt:
            nxt = v
    if not nxt:
        return dirtiest, []
    return dirtiest, [index(nxt)] if count(nxt) == 1 else [
        s for s, v in enumerate(lanes) if v == nxt]


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def exposure_deltas(lanes: Sequence[int], total: int, tie: str = "all_pay",
                    ranked: tuple[list[int], list[int]] | None = None) -> list[int]:
    """Score change per seat of an exposure of a room with ``total`` mess (``ranked``:
    ``ranks(lanes)`` when the caller has it already)."""
    dirtiest, second = ranks(lanes) if ranked is None else ranked
    bill = ceil_div(total, 2)
    if dirtiest and tie == "split":
        bill = ceil_div(bill, len(dirtiest))  # the shared bill, rounded up per payer
    # every seat -1, then the second and the dirtiest (never the same seats) set: a list
    # built in C and two short loops, not a membership test per seat (tests/cat/
    # test_fastpath.py compares it with that plain loop)
    out = [-1] * len(lanes)
    if second:
        third = total // 3
        for s in second:
            out[s] = third
    for s in dirtiest:
        out[s] = -bill
    return out


def final_bills(lanes: Sequence[int], total: int,
                ranked: tuple[list[int], list[int]] | None = None
                ) -> tuple[list[int], list[int]]:
    """(bill paid, bonus received) per seat at mom's arrival (``ranked``: ``ranks(lanes)``
    when the caller has it already)."""
    dirtiest, second = ranks(lanes) if ranked is None else ranked
    bills, bonus = [0] * len(lanes), [0] * len(lanes)  # as exposure_deltas: set, not tested
    for s in dirtiest:
        bills[s] = total
    if second:
        third = total // 3
        for s in second:
            bonus[s] = third
    return bills, bonus
