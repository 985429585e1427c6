"""guard_path: the rulebook's examples, every default floor, random legal wall layouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.games.burgle import guard_path
from boardlab.games.burgle.data import default_walls
from boardlab.games.burgle.path import cell_index, cell_name, neighbours
from boardlab.games.burgle.rules import random_walls

CELLS = [cell_name(i) for i in range(16)]
STEP = {(-1, 0): "W", (1, 0): "E", (0, -1): "N", (0, 1): "S"}


def compass(start: str, path: list[str]) -> str:
    out, prev = [], cell_index(start)
    for name in path:
        c = cell_index(name)
        out.append(STEP[(c % 4 - prev % 4, c // 4 - prev // 4)])
        prev = c
    return " ".join(out)


def bfs(walls: set[tuple[int, int]], start: int) -> list[int]:
    dist = [-1] * 16
    dist[start], todo = 0, [start]
    while todo:
        c = todo.pop(0)
        for n in neighbours(c):
            if dist[n] < 0 and (min(c, n), max(c, n)) not in walls:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def all_paths(walls, start, goal):
    """Every shortest path, by brute force (independent of the module's enumeration)."""
    d = bfs(walls, goal)
    out = []

    def go(c, acc):
        if c == goal:
            out.append(acc)
            return
        for n in range(16):
            if n in neighbours(c) and d[n] == d[c] - 1 and (min(c, n), max(c, n)) not in walls:
                go(n, [*acc, n])

    go(start, [start])
    return out


def turn_area(p, q):
    """Shoelace area (y down, > 0 clockwise) of the first loop where p and q differ."""
    i = next(k for k in range(len(p)) if p[k] != q[k])
    j = next(k for k in range(i, len(p)) if p[k] == q[k])
    loop = p[i - 1:j + 1] + q[i:j][::-1]
    return sum((a % 4) * (b // 4) - (b % 4) * (a // 4)
               for a, b in zip(loop, loop[1:] + loop[:1], strict=True))


def test_rulebook_examples():
    assert compass("D3", guard_path([], "D3", "A1")) == "W W W N N"
    assert compass("B3", guard_path([], "B3", "C4")) == "E S"


def test_start_is_goal_and_bad_input():
    assert guard_path([], "B2", "B2") == []
    with pytest.raises(ValueError):
        guard_path([("A1", "C1")], "A1", "B1")
    with pytest.raises(ValueError):
        guard_path([], "E1", "A1")


def test_open_floor_diagonals_follow_the_supplement():
    # down-right: right first; down-left: down first; up-left: left first; up-right: up first
    assert compass("A1", guard_path([], "A1", "B2")) == "E S"
    assert compass("B1", guard_path([], "B1", "A2")) == "S W"
    assert compass("B2", guard_path([], "B2", "A1")) == "W N"
    assert compass("A2", guard_path([], "A2", "B1")) == "N E"


def test_walls_block_and_detour():
    # A wall between B2 and B3 sends a guard from B3 to B2 round through A or C.
    path = guard_path([("B2", "B3")], "B3", "B2")
    assert len(path) == 3 and path[-1] == "B2"
    # Both detours are 3 long; the clockwise one keeps the wall area on the right: W N E.
    assert compass("B3", path) == "W N E"


def check_layout(walls_named, start, goal):
    walls = {(min(cell_index(a), cell_index(b)), max(cell_index(a), cell_index(b)))
             for a, b in walls_named}
    path = guard_path(walls_named, cell_name(start), cell_name(goal))
    assert len(path) == bfs(walls, start)[goal]
    chosen = [start] + [cell_index(c) for c in path]
    for a, b in zip(chosen, chosen[1:], strict=False):
        assert b in neighbours(a) and (min(a, b), max(a, b)) not in walls
    for other in all_paths(walls, start, goal):
        if other != chosen:
            assert turn_area(chosen, other) > 0, (walls_named, start, goal, chosen, other)


@pytest.mark.parametrize("floor", range(3))
def test_every_default_floor_every_pair(floor):
    walls = default_walls()[floor]
    for start in range(16):
        for goal in range(16):
            check_layout(walls, start, goal)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), start=st.integers(0, 15), goal=st.integers(0, 15))
def test_random_legal_layouts(seed, start, goal):
    walls = random_walls(random.Random(seed))
    assert len(walls) == 8
    check_layout([(cell_name(a), cell_name(b)) for a, b in walls], start, goal)
