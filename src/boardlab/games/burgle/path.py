"""The guard's path: shortest, and the clockwise one where shortest paths disagree.

Cells are named column A-D + row 1-4 (A1 top-left), as on the patrol cards. Coordinates:
x = column (grows to the right), y = row (grows downwards, as on the table).

The rulebook: "if several paths are shortest, the guard takes the more clockwise one".
Where two shortest paths split at a cell and meet again, they enclose an area; the guard
takes the one that has that area on its right, i.e. he walks clockwise round it
(docs/rulings/burgle.md, G1). Both rulebook examples follow: D3->A1 is W W W N N and
B3->C4 is E S.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache

COLS = "ABCDEFGHIJ"


def cell_name(index: int, size: int = 4) -> str:
    return f"{COLS[index % size]}{index // size + 1}"


def cell_index(name: str, size: int = 4) -> int:
    """``"B3"`` -> 9 on a 4x4 floor; ValueError for a name that is not on the floor."""
    if size == 4 and type(name) is str:  # a name as cell_name spells it: looked up
        index = _INDEX4.get(name)
        if index is not None:
            return index
    if (not isinstance(name, str) or len(name) < 2 or name[0].upper() not in COLS[:size]
            or not name[1:].isdigit() or not 1 <= int(name[1:]) <= size):
        raise ValueError(f"{name!r} is not a cell of a {size}x{size} floor (A1..{COLS[size - 1]}{size})")
    return (int(name[1:]) - 1) * size + COLS.index(name[0].upper())


def neighbours(index: int, size: int = 4) -> list[int]:
    if size == 4 and 0 <= index < 16:
        return list(NEIGHBOURS4[index])  # a fresh list: callers may change theirs
    return _neighbours(index, size)


def _neighbours(index: int, size: int) -> list[int]:
    x, y = index % size, index // size
    out = []
    if y > 0:
        out.append(index - size)
    if x < size - 1:
        out.append(index + 1)
    if y < size - 1:
        out.append(index + size)
    if x > 0:
        out.append(index - 1)
    return out


# The neighbours of each cell of a 4x4 floor, in the order of :func:`neighbours` (read-only).
NEIGHBOURS4: tuple[tuple[int, ...], ...] = tuple(tuple(_neighbours(c, 4)) for c in range(16))
_INDEX4: dict[str, int] = {f"{COLS[i % 4]}{i // 4 + 1}": i for i in range(16)}


@lru_cache(maxsize=1024)
def open_cells(walls: frozenset[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """Per cell of a 4x4 floor, its neighbours with no wall between, in the order of
    :func:`neighbours`; kept per layout (a frozenset never changes), equal to filtering
    :func:`neighbours` against ``walls``."""
    return tuple(tuple(n for n in neighbours(c) if (min(c, n), max(c, n)) not in walls)
                 for c in range(16))


@lru_cache(maxsize=1024)
def open_cells_sorted(walls: frozenset[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """:func:`open_cells` with each cell's neighbours in ascending order."""
    return tuple(tuple(sorted(cells)) for cells in open_cells(walls))


def _wall_set(walls: Iterable, size: int) -> frozenset[tuple[int, int]]:
    out = set()
    for pair in walls:
        a, b = (cell_index(p, size) if isinstance(p, str) else int(p) for p in pair)
        if b not in neighbours(a, size):
            raise ValueError(f"a wall must separate two orthogonally adjacent cells, not {pair!r}")
        out.add((min(a, b), max(a, b)))
    return frozenset(out)


def _neighbour_rows(size: int) -> tuple[tuple[int, ...], ...]:
    """Every cell's neighbours in :func:`neighbours` order (the 4x4 table, or made)."""
    return NEIGHBOURS4 if size == 4 else tuple(tuple(_neighbours(c, size))
                                               for c in range(size * size))


def _distances(walls: frozenset[tuple[int, int]], goal: int, size: int) -> list[int]:
    dist = [-1] * (size * size)
    dist[goal] = 0
    todo = deque([goal])
    rows = _neighbour_rows(size)
    while todo:
        c = todo.popleft()
        for n in rows[c]:
            if dist[n] < 0 and ((c, n) if c < n else (n, c)) not in walls:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


# Distances to a goal per layout: a guard walks to one destination step by step, and every
# step asks for the path from a new start to the same goal (a layout made by Dynamite is
# new to the path cache, so each of those steps works a path out). Equal to _distances.
@lru_cache(maxsize=4096)
def _distances_kept(walls: frozenset[tuple[int, int]], goal: int, size: int) -> tuple[int, ...]:
    return tuple(_distances(walls, goal, size))


# Per layout and goal, per cell: its neighbours one step nearer the goal with no wall
# between (reversed neighbours() order), ``None`` until a path goes through the cell. A
# guard walks to one goal step by step, each step a new start: they share these.
@lru_cache(maxsize=4096)
def _nearer_kept(walls: frozenset[tuple[int, int]], goal: int,
                 size: int) -> list[tuple[int, ...] | None]:
    return [None] * (size * size)


def _all_shortest(walls: frozenset[tuple[int, int]], start: int, goal: int,
                  size: int, dist: Sequence[int] | None = None,
                  nearer: list[tuple[int, ...] | None] | None = None) -> list[list[int]]:
    if dist is None:
        dist = _distances(walls, goal, size)
    if dist[start] < 0:
        raise ValueError(f"{cell_name(goal, size)} cannot be reached from {cell_name(start, size)}")
    if nearer is None:
        nearer = [None] * (size * size)
    rows = _neighbour_rows(size)
    # Every shortest path, depth first with each cell's neighbours in neighbours() order
    # (the order the guard's choice takes them in), spelt out from an explicit stack: the
    # paths and their order of a recursive walk, without a Python call per cell.
    paths: list[list[int]] = []
    stack = [[start]]
    while stack:
        acc = stack.pop()
        c = acc[-1]
        if c == goal:
            paths.append(acc)
            continue
        steps = nearer[c]
        if steps is None:  # reversed: the stack gives them back in neighbours() order
            d = dist[c] - 1
            steps = nearer[c] = tuple(
                n for n in reversed(rows[c])
                if dist[n] == d and ((c, n) if c < n else (n, c)) not in walls)
        for n in steps:
            stack.append([*acc, n])
    return paths


def _signed_area(loop: list[int], size: int) -> int:
    """Twice the shoelace area of a closed loop of cell centres; > 0 is clockwise on the
    table (y grows downwards)."""
    total = 0
    a = loop[-1]
    for b in loop:  # every (a, b) of the loop, the last to the first included
        total += (a % size) * (b // size) - (b % size) * (a // size)
        a = b
    return total


def more_clockwise(p: list[int], q: list[int], size: int = 4) -> bool:
    """Whether path ``p`` has the area it encloses with ``q`` on its right, judged where
    the two first split and meet again. Both run from the same start to the same goal."""
    i = 0
    while i < len(p) and p[i] == q[i]:
        i += 1
    if i == len(p):
        return False  # the same path
    j = i
    while p[j] != q[j]:
        j += 1  # equal length shortest paths meet again at the same step
    loop = p[i - 1:j + 1] + q[i:j][::-1]
    return _signed_area(loop, size) > 0


def path_uncached(walls: frozenset[tuple[int, int]], start: int, goal: int,
                  size: int = 4, dist: Sequence[int] | None = None,
                  nearer: list[tuple[int, ...] | None] | None = None) -> tuple[int, ...]:
    """The guard's path worked out from scratch (the definition the caches must equal);
    ``dist``: the distances to ``goal`` if known (:func:`_distances`), ``nearer`` the
    cells one step nearer found so far (:func:`_nearer_kept`)."""
    if start == goal:
        return ()
    paths = _all_shortest(walls, start, goal, size, dist, nearer)
    best = paths[0]
    for other in paths[1:]:
        if more_clockwise(other, best, size):
            best = other
    return tuple(best[1:])


# Paths per wall layout. A layout is a frozenset and never changes (Dynamite makes a new
# one), so a path once worked out for (layout, start, goal) holds for every state and copy
# that has that layout. functools' C cache answers a repeated question faster than any
# Python-level table could; it is bounded (random walls make new layouts every game), and
# forgetting a path only means working it out again.
@lru_cache(maxsize=1 << 16)
def path_indices(walls: frozenset[tuple[int, int]], start: int, goal: int,
                 size: int = 4) -> tuple[int, ...]:
    """:func:`guard_path` on cell indices and a normalised wall set (the game's hot path):
    equal to :func:`path_uncached`, kept per layout."""
    if start == goal:
        return ()
    return path_uncached(walls, start, goal, size, _distances_kept(walls, goal, size),
                         _nearer_kept(walls, goal, size))


def distance(walls: frozenset[tuple[int, int]], start: int, goal: int, size: int = 4) -> int:
    # asked as the rules ask for paths (no size on a 4x4 floor): one cache entry, not two
    if size == 4:
        return len(path_indices(walls, start, goal))
    return len(path_indices(walls, start, goal, size))


def guard_path(walls: Iterable, start: str, goal: str, size: int = 4) -> list[str]:
    """The cells a guard walks through from ``start`` to ``goal`` (``[]`` if equal).

    ``walls``: pairs of orthogonally adjacent cell names, ``("A1", "B1")`` being a wall
    between A1 and B1. The path is a shortest one; where several are shortest, it is the
    clockwise one (the area two shortest paths enclose lies on the guard's right).
    """
    ws = _wall_set(walls, size)
    return [cell_name(c, size) for c in path_indices(ws, cell_index(start, size),
                                                     cell_index(goal, size), size)]
