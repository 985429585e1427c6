"""The burgle team planner: a one-turn lookahead over the current seat's actions, scored
with the guard's exact next walks, from the team's view only.

How a decision is made
----------------------
1. :class:`Board` reads the seat's *view* (never the game state): revealed tiles, walls,
   alarms, guards with their destination and die, patrol discards, safes, players.
2. Free actions first (drop loot - the team wins without it -, pick up tools, a few tools
   and the Hawk's free peek), by fixed rules.
3. Otherwise every sequence of the seat's remaining actions (move, peek, add a safe die,
   roll, hack, end) is searched depth-first in a small model of the turn: tile costs
   (lasers, deadbolts, keypads, fingerprints, motions, detectors, cameras, thermos, foyers),
   alarms it would set off, the risk of stepping onto a face-down tile (from the tiles not
   yet seen), the expected cracks of safe rolls.
4. Each sequence ends with the guard of the floor walking: :func:`exposure` follows his
   known path to his destination and branches over the patrol cards still unseen when he
   arrives, for every walk before each player's next turn. The score is the team's
   progress (safes, revealed and cracked combination tiles, safe dice, the seat's
   remaining distance to its goal, escapes) minus the expected cost of lost stealth
   (a catch costs the game), of alarms and of events drawn. Once every safe is open the
   goal is the roof and (up to 3 seats) each step toward it weighs ESCAPE_DIST_W:
   lingering below is a guard's walk at full speed every turn, which a one-turn lookahead
   does not see.
5. The first action of the best sequence is played; the next decision plans again with
   what the action revealed.

Hidden tiles, patrol and event deck orders are never read: the model reasons from the
counts of tiles not yet seen and from the patrol discards, both public.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from heapq import heappop, heappush
from typing import Any

from boardlab.games.burgle import data
from boardlab.games.burgle.path import cell_index, cell_name, neighbours, open_cells, path_indices

CELLS = 16
ROOF = -2

# Score units: one step of walking toward the goal is worth DIST_W.
DIST_W = 3.0
# Once every safe is open each turn spent below the roof is another walk of a guard at full
# speed: a step toward the stairs is worth more than the stealth a cautious detour saves.
ESCAPE_DIST_W = 10.0
# ... with up to this many seats: with 4 it won 4 of 200 games against 6 at DIST_W (200
# seeds, benchmarks/burgle_team.py), so 4 seats keep DIST_W.
ESCAPE_MAX_PLAYERS = 3
REVEAL_COMBO = 6.0
CRACK = 9.0
OPEN = 160.0
ESCAPE = 200.0
ALARM = 15.0
ROLL_NOW = 0.35  # share of a roll's expected cracks credited now (the rest is only time)
SPREAD = True  # seats split over the closed safes (each guard walks for fewer seats)
TRAP = 0.6  # weight of ending where the guard's following walk leaves no way out
STEALTH_SCALE = 1.0
EVENT = 3.0
EXPLORE = 1.5
LAB = 4.0
DICE_VALUE = (0.0, 8.0, 15.0, 20.0, 24.0, 26.0, 27.0)
UNKNOWN_STEP = 1.7  # cost-to-go of a face-down tile in the goal distance


# Every tile of the game by (kind, number), counted once (Board.read subtracts the seen ones).
_ALL_TILES: Counter = Counter((kind, n) for kind, (nums, *_r) in data.TILES.items() for n in nums)


def stealth_cost(stealth: int) -> float:
    """What losing (or being seen without) one stealth costs the team."""
    return {0: 2500.0, 1: STEALTH_SCALE * 110.0, 2: STEALTH_SCALE * 65.0}.get(stealth, STEALTH_SCALE * 45.0)


def pos_of(name: str | None) -> int | None:
    if name is None:
        return None
    if name == "roof":
        return ROOF
    return (int(name[0]) - 1) * CELLS + cell_index(name[1:])


def pos_name(p: int) -> str:
    if p == ROOF:
        return "roof"
    return f"{p // CELLS + 1}{cell_name(p % CELLS)}"


def _wkey(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass
class Guard:
    pos: int  # cell on its floor
    dest: int
    die: int
    donut: bool
    discard: frozenset[int]
    known_top: int | None
    left: int


@dataclass
class Board:
    """What the team knows, read from a seat's view."""

    view: dict[str, Any]
    kind: list[str | None] = field(default_factory=list)
    number: list[int | None] = field(default_factory=list)
    walls: list[frozenset] = field(default_factory=list)
    alarms: frozenset[int] = frozenset()
    guards: list[Guard | None] = field(default_factory=list)
    ups: set[int] = field(default_factory=set)
    downs: set[int] = field(default_factory=set)
    safe_at: list[int | None] = field(default_factory=list)
    safe_dice: list[int] = field(default_factory=list)
    safe_open: list[bool] = field(default_factory=list)
    combo: list[list[tuple[int, int | None, bool]]] = field(default_factory=list)
    keypads_open: set[int] = field(default_factory=set)
    disabled: set[int] = field(default_factory=set)
    tokens: dict[int, int] = field(default_factory=dict)  # lavatory + smoke stealth tokens
    labs_taken: set[int] = field(default_factory=set)
    players: list[dict[str, Any]] = field(default_factory=list)
    pos: list[int | None] = field(default_factory=list)
    hacks: dict[str, int] = field(default_factory=dict)
    unseen: Counter = field(default_factory=Counter)
    _nbrs: dict[tuple, tuple[int, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def read(cls, v: dict[str, Any]) -> Board:
        b = cls(view=v)
        seen: Counter = Counter()
        for f, fl in enumerate(v["floors"]):
            b.walls.append(frozenset(_wkey(cell_index(x), cell_index(y)) for x, y in fl["walls"]))
            for c, cell in enumerate(fl["cells"]):
                p = f * CELLS + c
                b.kind.append(cell.get("tile") if cell["revealed"] else None)
                b.number.append(cell.get("number") if cell["revealed"] else None)
                if cell["revealed"]:
                    seen[(cell["tile"], cell["number"])] += 1
                if cell.get("alarm"):
                    b.alarms |= {p}
                if cell.get("up"):
                    b.ups.add(p)
                if cell.get("down"):
                    b.downs.add(p)
                if cell.get("open"):
                    b.keypads_open.add(p)
                if cell.get("disabled"):
                    b.disabled.add(p)
                tok = cell.get("lavatory", 0) + cell.get("smoke", 0)
                if tok:
                    b.tokens[p] = tok
                if cell.get("lab_taken"):
                    b.labs_taken.add(p)
            g = fl["guard"]
            if g:
                pat = fl["patrol"]
                b.guards.append(Guard(
                    pos=cell_index(g["at"][1:]),
                    dest=cell_index((g["dest"] or g["at"])[1:]),
                    die=g["die"], donut=g["donut"],
                    discard=frozenset(cell_index(c) for c in pat["discard"]),
                    known_top=cell_index(pat["known_top"][0]) if pat["known_top"] else None,
                    left=pat["left"]))
            else:
                b.guards.append(None)
            safe = fl["safe"]
            b.safe_at.append(pos_of(safe["at"]))
            b.safe_dice.append(safe["dice"])
            b.safe_open.append(safe["open"])
            b.combo.append([(pos_of(x["at"]), x["number"], x["cracked"])
                            for x in safe["combination"]])
        b.players = v["players"]
        b.pos = [pos_of(p["at"]) for p in v["players"]]
        b.hacks = dict(v["hacks"])
        b.unseen = _ALL_TILES - seen  # a new Counter; the table is not changed
        return b

    def active(self, p: int, kind: str) -> bool:
        return self.kind[p] == kind and p not in self.disabled

    def open_neighbours(self, p: int) -> list[int]:
        # kept per board and layout (tool_board changes walls in place: the layout is in
        # the key); callers get a fresh list
        f, c = divmod(p, CELLS)
        walls = self.walls[f]
        key = (p, walls)
        out = self._nbrs.get(key)
        if out is None:
            base = f * CELLS  # open_cells: the unwalled neighbours in neighbours' order
            out = self._nbrs[key] = tuple(base + n for n in open_cells(walls)[c])
        return list(out)

    def guard_at(self, p: int) -> bool:
        g = self.guards[p // CELLS]
        return g is not None and g.pos == p % CELLS


# ---------------------------------------------------------------- the guard's next walks

def exposure(b: Board, f: int, alarms: frozenset[int], walks: int,
             ends: dict[tuple, float] | None = None) -> list[list[float]]:
    """``hits[k][c]``: probability that the guard of floor ``f`` steps on cell ``c`` during
    his next ``k + 1`` walks, given the floor's ``alarms``. His walk to his destination is
    certain; each new patrol card is one of the cards not yet discarded (or the known top).
    ``ends`` (if given) collects the probability of each (cell, destination, alarms) he
    is left in after the last walk."""
    g = b.guards[f]
    hits = [[0.0] * CELLS for _ in range(walks)]
    if g is None:
        for k in range(walks):  # a guard still to appear: anywhere, roughly
            hits[k] = [min(0.9, 0.35 * (k + 1))] * CELLS
        return hits
    walls = b.walls[f]
    step_to = _first_steps(walls)
    local = frozenset(a % CELLS for a in alarms if a // CELLS == f)

    def candidates(pos: int, discard: frozenset[int], draws: int, top: int | None) -> list[int]:
        if draws == 0 and top is not None and top != pos:
            return [top]
        if g.left - draws <= 0:
            return [c for c in range(CELLS) if c != pos]
        cands = [c for c in range(CELLS) if c not in discard and c != pos]
        return cands or [c for c in range(CELLS) if c != pos]

    near: dict[tuple[int, frozenset[int]], int] = {}  # walls are fixed in this call

    def nearest(pos: int, al: frozenset[int]) -> int:
        out = near.get((pos, al))
        if out is None:
            out = near[pos, al] = min(al, key=lambda a: (len(path_indices(walls, pos, a)), a))
        return out

    # A branch: prob, pos, dest, alarms, discard, draws, touched-so-far
    branches = [(1.0, g.pos, nearest(g.pos, local) if local else g.dest, local, g.discard, 0,
                 frozenset())]
    for k in range(walks):
        out = []
        todo = [(p, pos, dest, al, disc, dr, touched,
                 0 if (k == 0 and g.donut) else g.die + len(al))
                for p, pos, dest, al, disc, dr, touched in branches]
        while todo:
            p, pos, dest, al, disc, dr, touched, moves = todo.pop()
            while moves > 0:
                if pos == dest:
                    if al:
                        dest = nearest(pos, al)
                        continue
                    cands = candidates(pos, disc, dr, g.known_top)
                    if p / len(cands) < 0.006:  # unlikely branches: a spread-out few of them
                        keep = max(1, int(p / 0.006))
                        cands = cands[::-(-len(cands) // keep)]
                    for c in cands:
                        todo.append((p / len(cands), pos, c, al, disc | {c}, dr + 1, touched,
                                     moves))
                    moves = -1
                    break
                pos = step_to[pos][dest]
                moves -= 1
                if pos not in touched:  # the same set either way; no copy on a revisit
                    touched = touched | {pos}
                if pos in al:
                    al = al - {pos}
                    # no alarm left: a new patrol card on the next step
                    dest = nearest(pos, al) if al else pos
            if moves == -1:
                continue
            out.append((p, pos, dest, al, disc, dr, touched))
        for p, *_r, touched in out:
            row = hits[k]
            for c in touched:
                row[c] += p
        branches = out
    if ends is not None:  # where he stands and heads after the last walk, merged
        for p, pos, dest, al, *_r in branches:
            key = (pos, dest, al)
            ends[key] = ends.get(key, 0.0) + p
    return hits


@lru_cache(maxsize=1024)
def _first_steps(walls: frozenset) -> tuple[tuple[int | None, ...], ...]:
    """``[a][b]``: the guard's first step from cell ``a`` toward ``b`` on this layout
    (path_indices' first cell; None for a == b), looked up by exposure() at every step."""
    return tuple(tuple((path_indices(walls, a, b) or (None,))[0] for b in range(CELLS))
                 for a in range(CELLS))


def next_walk(b: Board, f: int, pos: int, dest: int, alarms: frozenset[int]) -> set[int]:
    """Cells the guard of floor ``f`` surely crosses on his walk from ``pos`` (to ``dest``,
    or the nearest alarm) - up to his arrival, where the patrol deck decides. (A set kept
    per walls, die and walk: callers must not change it.)"""
    g = b.guards[f]
    walls = b.walls[f]
    key = (walls, g.die, pos, dest, alarms)
    out = _NEXT_WALK.get(key)
    if out is None:
        if len(_NEXT_WALK) >= 1 << 15:
            _NEXT_WALK.clear()
        out = _NEXT_WALK[key] = _next_walk(walls, g.die + len(alarms), pos, dest, alarms)
    return out


_NEXT_WALK: dict[tuple, set[int]] = {}


def _next_walk(walls: frozenset, moves: int, pos: int, dest: int,
               alarms: frozenset[int]) -> set[int]:
    out = {pos}
    if alarms:
        dest = min(alarms, key=lambda a: (len(path_indices(walls, pos, a)), a))
    for c in path_indices(walls, pos, dest)[:moves]:
        out.add(c)
    return out


# ---------------------------------------------------------------- the turn model

# exposure() is a pure function of the guard, his floor's walls, the alarms and the walks;
# the guard of a floor stands still through a turn's decisions (and through the turns of
# seats on other floors), so the same walks are asked for again and again. Kept here
# across decisions (TurnModel.exp and .trapped), up to _EXPOSURE_MAX entries (then
# started afresh).
_EXPOSURE: dict[tuple, tuple[list[list[float]], dict[tuple, float]]] = {}
_EXPOSURE_MAX = 4096
_TRAPPED: dict[tuple, float] = {}  # the same for TurnModel.trapped


@dataclass(frozen=True)
class Node:
    pos: int
    used: int
    paced: int
    came_from: int
    known: frozenset[int]  # tiles made visible in the plan (kind unknown to the model)
    new_alarms: frozenset[int]
    dice: int  # dice added to the safe of this floor
    rolls: int
    motion: int  # an active Motion entered this turn (-1: none)
    hacked: int
    stealth_lost: int
    penalty: float
    over: bool = False  # fell or escaped: the turn's plan stops there


class TurnModel:
    # What a step toward the seat's goal is worth while a safe is closed (None: DIST_W)
    # and toward the roof once all are open (None: ESCAPE_DIST_W); subclasses set them.
    work_w: float | None = None
    escape_w: float | None = None

    def __init__(self, b: Board, seat: int, max_actions: int, used: int, paced: int):
        self.b = b
        self.seat = seat
        self.max_actions = max_actions
        me = b.players[seat]
        self.me = me
        self.char = (me["character"], me["side"])
        self.carrying = bool(me["tools"] or me["loot"])
        self.limit = 3 if "stamp" in me["loot"] else 2
        self.stealth = me["stealth"]
        self._exp: dict[tuple, list[list[float]]] = {}
        self._ends: dict[tuple, dict[tuple, float]] = {}
        self._trap: dict[tuple, dict[int, float]] = {}
        self.camera_watch = any(
            g is not None and b.active(f * CELLS + g.pos, "camera")
            for f, g in enumerate(b.guards))
        self.escaping = all(b.safe_open)
        work_w = DIST_W if self.work_w is None else self.work_w
        escape_w = ESCAPE_DIST_W if self.escape_w is None else self.escape_w
        self.dist_w = (escape_w if self.escaping and len(b.players) <= ESCAPE_MAX_PLAYERS
                       else work_w)
        self.goal = self._goal_distances()
        self.unknown_risk = self._unknown_risk()
        self.memo: dict[Node, tuple[float, list[dict[str, Any]]]] = {}
        self._safe_memo: dict[tuple, float] = {}
        self._risk_memo: dict[tuple, float] = {}

    # -- goals --------------------------------------------------------------------

    def task_floor(self, f: int) -> int | None:
        """The floor whose safe this seat works on (None: all open, go to the roof).

        With SPREAD the team splits over the closed safes, lowest first, one seat after
        the other: each guard then walks only on the turns of the seats on his floor."""
        b = self.b
        closed = [g for g in range(3) if not b.safe_open[g]]
        if not closed:
            return None
        if SPREAD:
            return closed[self.seat % len(closed)]
        if f in closed:
            return f
        above = [g for g in closed if g > f]
        return above[0] if above else closed[-1]

    def _goal_distances(self) -> dict[int, float]:
        """Cost-to-go to the seat's goal from every position (multi-floor Dijkstra over
        the known map; face-down tiles cost a little more than a step)."""
        b = self.b
        here = b.pos[self.seat]
        f0 = here // CELLS if here is not None and here >= 0 else 0
        task = self.task_floor(f0)
        goals: dict[int, float] = {}
        if task is None:
            goals[ROOF] = 0.0
        else:
            safe = b.safe_at[task]
            if safe is not None:
                hidden = [p for p, num, _c in b.combo[task] if num is None]
                # Face-down combination tiles first: a roll cannot crack them, so stand
                # where one can be peeked (the safe still draws, for its dice).
                goals[safe] = 2.0 if hidden else 0.0
                for p in hidden:
                    goals[p] = min(goals.get(p, 99.0), 0.5)
                    for q in b.open_neighbours(p):
                        if b.kind[q] is not None:
                            goals[q] = 0.0
            else:
                for c in range(CELLS):
                    p = task * CELLS + c
                    if b.kind[p] is None:
                        goals[p] = 3.0
        # Edges (undirected enough for a cost-to-go): from q to its neighbours.
        dist = {p: d for p, d in goals.items()}
        heap = [(d, p) for p, d in goals.items()]
        while heap:
            d, p = heappop(heap)
            if d > dist.get(p, 1e9):
                continue
            for q, cost in self._back_edges(p):
                nd = d + cost
                if nd < dist.get(q, 1e9):
                    dist[q] = nd
                    heappush(heap, (nd, q))
        return dist

    def _step_cost(self, p: int) -> float:
        b = self.b
        k = b.kind[p]
        if k is None:
            return UNKNOWN_STEP
        if p in b.disabled:
            return 1.0
        if k == "deadbolt":
            return 3.0
        if k == "laser":
            return 2.0
        if k == "keypad" and p not in b.keypads_open:
            return 4.0
        if k == "fingerprint" and b.hacks.get("fingerprint", 0) == 0:
            return 2.5
        return 1.0

    def _back_edges(self, p: int) -> list[tuple[int, float]]:
        """(q, cost of moving q -> p) for every q that can reach p in one move."""
        b = self.b
        out: list[tuple[int, float]] = []
        if p == ROOF:
            for c in range(CELLS):
                q = 2 * CELLS + c
                if b.active(q, "stairs"):
                    out.append((q, 1.0))
            if not out:  # the top floor's stairs are still face down: look for them
                out = [(2 * CELLS + c, 4.0) for c in range(CELLS) if b.kind[2 * CELLS + c] is None]
            return out
        cost = self._step_cost(p)
        for q in b.open_neighbours(p):
            out.append((q, cost))
        if p in b.ups:  # lower end of a stair link: reached from above
            out.append((p + CELLS, 1.0))
        if p in b.downs:
            out.append((p - CELLS, 1.0))
        if p // CELLS < 2 and b.active(p + CELLS, "walkway"):
            out.append((p + CELLS, 1.0))
        # A floor whose stairs are still unknown: its face-down tiles may be the stairs.
        f = p // CELLS
        if f >= 1 and not self._stairs_known()[f - 1]:
            lower = [(f - 1) * CELLS + c for c in range(CELLS)]
            for q in lower:
                if b.kind[q] is None:
                    out.append((q, 5.0))
        return out

    def _stairs_known(self) -> tuple[bool, ...]:
        """Per floor, whether its stairs are face up (asked once per tile by the
        cost-to-go: worked out once per model)."""
        known = self.__dict__.get("_stairs")
        if known is None:
            b = self.b
            known = self._stairs = tuple(any(b.active(f * CELLS + c, "stairs") for c in range(CELLS))
                                         for f in range(3))
        return known

    def _unknown_risk(self) -> dict[int, float]:
        """Expected cost of stepping onto a face-down tile, per floor."""
        b = self.b
        total = sum(b.unseen.values()) or 1
        share = Counter()
        for (k, _n), cnt in b.unseen.items():
            share[k] += cnt / total
        out = {}
        # An alarm on our own tile also calls the guard to us.
        alarm = ALARM + 0.5 * stealth_cost(self.me["stealth"])
        for f in range(3):
            r = 0.0
            r += share["fingerprint"] * (0 if b.hacks.get("fingerprint") else alarm)
            r += share["keypad"] * 4.0 + share["deadbolt"] * 3.0 + share["laser"] * 2.0
            if self.carrying:
                r += share["detector"] * alarm
            if self.camera_watch:
                r += share["camera"] * alarm
            if f > 0:
                r += share["walkway"] * 18.0
            r += share["foyer"] * 2.0
            out[f] = r
        # Ending on, or walking on from, a tile we stepped onto face down: a Thermo or a
        # Motion there alarms.
        self.thermo_risk = share["thermo"] * alarm
        self.motion_risk = share["motion"] * alarm
        return out

    # -- moves of the model --------------------------------------------------------

    def _shared_key(self, f: int, alarms: frozenset[int], walks: int) -> tuple:
        """Everything exposure() reads for these walks (the key of _EXPOSURE)."""
        g = self.b.guards[f]
        return (f, alarms, walks, self.b.walls[f], None if g is None else (
            g.pos, g.dest, g.die, g.donut, g.discard, g.known_top, g.left))

    def exp(self, f: int, alarms: frozenset[int], walks: int) -> list[list[float]]:
        key = (f, alarms, walks)
        hit = self._exp.get(key)
        if hit is not None:
            return hit
        shared = self._shared_key(f, alarms, walks)
        found = _EXPOSURE.get(shared)
        if found is None:
            if len(_EXPOSURE) >= _EXPOSURE_MAX:
                _EXPOSURE.clear()
            ends: dict[tuple, float] = {}
            found = _EXPOSURE[shared] = (exposure(self.b, f, alarms, walks, ends), ends)
        self._exp[key], self._ends[key] = found
        return found[0]

    def trapped(self, p: int, alarms: frozenset[int], walks: int) -> float:
        # The planner's trapped() reads the guard's walks, the floor's walls and which of
        # its tiles are face down: kept across decisions under those.
        f = p // CELLS
        if self.b.guards[f] is None:
            return 0.0
        face_down = tuple(k is None for k in self.b.kind[f * CELLS:(f + 1) * CELLS])
        shared = (self._shared_key(f, alarms, walks), p, face_down)
        found = _TRAPPED.get(shared)
        if found is None:
            if len(_TRAPPED) >= _EXPOSURE_MAX * 4:
                _TRAPPED.clear()
            found = _TRAPPED[shared] = self._trapped(p, alarms, walks)
        return found


    def atrium_risk(self, p: int) -> float:
        """On an Atrium: the chance a guard right above or below stands on it before this
        seat acts again (he walks on the turns of the seats on his floor)."""
        b = self.b
        worst = 0.0
        for q in (p - CELLS, p + CELLS):
            if not 0 <= q < 48 or b.guards[q // CELLS] is None:
                continue
            if b.guard_at(q):
                worst = max(worst, 1.0)
                continue
            walks = sum(1 for i, o in enumerate(b.pos)
                        if i != self.seat and o is not None and o >= 0 and o // CELLS == q // CELLS)
            if walks:
                f = q // CELLS
                alarms = frozenset(a for a in b.alarms if a // CELLS == f)
                worst = max(worst, self.exp(f, alarms, walks)[walks - 1][q % CELLS])
        return worst

    def _trapped(self, p: int, alarms: frozenset[int], walks: int) -> float:
        """Probability that, when this seat next acts, the guard's following walk will
        surely cross its cell ``p`` and no cell within 3 known steps (not through him)
        is out of his way: a corner it cannot leave in time."""
        f = p // CELLS
        key = (f, alarms, walks)
        if self.b.guards[f] is None:
            return 0.0
        self.exp(f, alarms, walks)
        memo = self._trap.setdefault(key, {})
        if p in memo:
            return memo[p]
        b = self.b
        c0 = p % CELLS
        total = 0.0
        for (gpos, dest, al), prob in self._ends[key].items():
            danger = next_walk(b, f, gpos, dest, al)
            if c0 not in danger:
                continue
            seen, frontier, free = {c0}, [c0], False
            for _depth in range(3):
                nxt = []
                for c in frontier:
                    for q in b.open_neighbours(f * CELLS + c):
                        qc = q % CELLS
                        if qc in seen or qc == gpos or b.kind[q] is None:
                            continue
                        if qc not in danger:
                            free = True
                            break
                        seen.add(qc)
                        nxt.append(qc)
                    if free:
                        break
                if free:
                    break
                frontier = nxt
            if not free:
                total += prob
        memo[p] = total
        return total

    def moves(self, n: Node) -> list[int]:
        b = self.b
        p = n.pos
        out = list(b.open_neighbours(p))
        f, c = divmod(p, CELLS)
        painting = "painting" in self.me["loot"]
        if not painting:
            for m in neighbours(c):
                q = f * CELLS + m
                if _wkey(c, m) in b.walls[f] and b.active(q, "secret_door"):
                    out.append(q)
        if p in b.ups:
            out.append(p + CELLS)
        if p in b.downs:
            out.append(p - CELLS)
        if f == 2 and b.active(p, "stairs") and all(b.safe_open):
            out.append(ROOF)
        if b.active(p, "walkway") and f > 0 and (p - CELLS) not in out:
            out.append(p - CELLS)
        if b.active(p, "duct") and not painting:
            out += [q for q in range(48) if q != p and b.active(q, "duct")]
        return out

    def peeks(self, n: Node) -> list[int]:
        b = self.b
        p = n.pos
        out = [q for q in b.open_neighbours(p) if b.kind[q] is None and q not in n.known]
        if b.active(p, "stairs") and p // CELLS < 2:
            q = p + CELLS
            if b.kind[q] is None and q not in n.known:
                out.append(q)
        if b.active(p, "atrium"):
            for q in (p - CELLS, p + CELLS):
                if 0 <= q < 48 and b.kind[q] is None and q not in n.known:
                    out.append(q)
        return out

    def left(self, n: Node) -> int:
        return self.max_actions - n.used

    def alarm(self, alarms: frozenset[int], hacked: int, p: int,
              hackable: str | None) -> tuple[frozenset[int], int, float]:
        """The plan's new alarms, hacks used and penalty after an alarm on ``p``."""
        b = self.b
        if p in b.alarms or p in alarms or b.guard_at(p):
            return alarms, hacked, 0.0
        if hackable is not None:
            if self.char == ("hacker", "basic"):
                return alarms, hacked, 0.0
            if b.hacks.get(hackable, 0) - hacked > 0:
                return alarms, hacked + 1, 0.5
        return alarms | {p}, hacked, ALARM

    def step(self, n: Node, q: int) -> list[tuple[float, Node]]:
        """Outcomes (probability, node) of moving to ``q``; [] when the model forbids it."""
        b = self.b
        left = self.left(n)
        used = n.used + 1
        paced = n.paced + (2 if q == n.came_from else 0)
        pen = n.penalty
        alarms, hacked = n.new_alarms, n.hacked
        lost = n.stealth_lost
        if b.kind[n.pos] is None and n.pos in n.known and n.pos >= 0:
            pen += self.motion_risk
        if n.motion >= 0 and n.motion != q:  # leaving a Motion entered this turn
            alarms, hacked, extra = self.alarm(alarms, hacked, n.motion, "motion")
            pen += extra
        if q == ROOF:
            return [(1.0, Node(ROOF, used, paced, n.pos, n.known, alarms, n.dice, n.rolls, -1,
                               hacked, lost, pen, over=True))]
        kind = b.kind[q]
        active = q not in b.disabled
        known = n.known
        if kind is None:
            f = q // CELLS
            if q in n.known:  # peeked in this plan: we would see it first
                pen += self.unknown_risk[f] * 0.35
            else:
                pen += self.unknown_risk[f]
                pen -= self.reveal_value(q)
                known = known | {q}
            if b.guard_at(q):
                lost += 1
            return [(1.0, Node(q, used, paced, n.pos, known, alarms, n.dice, n.rolls, -1,
                               hacked, lost, pen))]
        if b.guard_at(q):
            lost += 1
        outcomes: list[tuple[float, Node]] = []
        motion = -1
        weight = 1.0  # a crowbarred tile is entered like a plain room
        if active:
            if kind == "keypad" and q not in b.keypads_open:
                dice = 1 + (1 if self.char == ("peterman", "basic") else 0)
                p_open = 1 - (5 / 6) ** dice
                stay = Node(n.pos, used, n.paced, n.came_from, n.known, n.new_alarms, n.dice,
                            n.rolls, n.motion, n.hacked, n.stealth_lost, n.penalty)
                outcomes.append((1 - p_open, stay))
                weight = p_open
            else:
                weight = 1.0
            if kind == "deadbolt" and not b.guard_at(q) and not any(
                    pp == q for pp in b.pos):
                if left < 3:
                    return []
                used += 2
            if kind == "laser" and "mirror" not in self.me["loot"] \
                    and self.char != ("hacker", "basic"):
                if self.max_actions - used >= 1:
                    used += 1
                else:
                    alarms, hacked, extra = self.alarm(alarms, hacked, q, "laser")
                    pen += extra
            elif kind == "fingerprint" and not b.guard_at(q):
                alarms, hacked, extra = self.alarm(alarms, hacked, q, "fingerprint")
                pen += extra
            elif ((kind == "detector" and self.carrying)
                  or (kind == "camera" and self.camera_watch)) and not b.guard_at(q):
                alarms, hacked, extra = self.alarm(alarms, hacked, q, None)
                pen += extra
            elif kind == "motion" and self.char != ("hacker", "basic"):
                motion = q
            elif kind == "lab" and q not in b.labs_taken:
                pen -= LAB
            elif kind == "foyer":
                g = b.guards[q // CELLS]
                if g is not None and (q // CELLS) * CELLS + g.pos in b.open_neighbours(q):
                    lost += 1
            elif kind == "atrium" and any(
                    0 <= q + d < 48 and b.guard_at(q + d) for d in (CELLS, -CELLS)):
                lost += 1
        if used > self.max_actions:
            return []
        node = Node(q, used, paced, n.pos, known, alarms, n.dice, n.rolls, motion, hacked,
                    lost, pen)
        outcomes.append((weight, node))
        return outcomes

    def reveal_value(self, q: int) -> float:
        """What seeing face-down tile ``q`` is worth to the team."""
        b = self.b
        f = q // CELLS
        task = self.task_floor(f)
        v = 0.0 if f == task or task is None or task > f else -EXPLORE
        for p, num, _c in b.combo[f]:
            if p == q and num is None and not b.safe_open[f]:
                v += REVEAL_COMBO
        if b.safe_at[f] is None and not b.safe_open[f]:
            v += EXPLORE * 2
        if not any(b.active(f * CELLS + c, "stairs") for c in range(CELLS)):
            v += EXPLORE * (2 if task is not None and task > f else 1)
        return v

    # -- search -------------------------------------------------------------------

    def best(self, root: Node, legal: list[dict[str, Any]]) -> tuple[float, list[dict[str, Any]]]:
        ok = {self._key(a) for a in legal}
        options = []
        for val, plan in self._expand(root, top=True):
            if plan and self._key(plan[0]) in ok:
                options.append((val, plan))
        if not options:
            return -1e9, []
        return max(options, key=lambda x: x[0])

    @staticmethod
    def _key(a: dict[str, Any]) -> tuple:
        return (a["type"], a.get("to"), a.get("at"))

    def _expand(self, n: Node, top: bool = False) -> list[tuple[float, list[dict[str, Any]]]]:
        """Every first action from ``n`` with the value of the best plan after it."""
        out: list[tuple[float, list[dict[str, Any]]]] = []
        out.append((self.leaf(n), [{"type": "end"}]))
        if n.over or self.left(n) <= 0:
            return out
        b = self.b
        for q in self.moves(n):
            outs = self.step(n, q)
            if not outs:
                continue
            val = 0.0
            for p, child in outs:
                val += p * (self.value(child) if not child.over else self.leaf(child))
            out.append((val, [{"type": "move", "to": pos_name(q)}]))
        for q in self.peeks(n):
            child = Node(n.pos, n.used + 1, n.paced, n.came_from, n.known | {q}, n.new_alarms,
                         n.dice, n.rolls, n.motion, n.hacked, n.stealth_lost,
                         n.penalty - self.reveal_value(q))
            out.append((self.value(child), [{"type": "peek", "at": pos_name(q)}]))
        f = n.pos // CELLS
        if n.pos >= 0 and b.safe_at[f] == n.pos and not b.safe_open[f] and b.active(n.pos, "safe"):
            if self.left(n) >= 2 and b.safe_dice[f] + n.dice < data.MAX_SAFE_DICE:
                child = Node(n.pos, n.used + 2, n.paced, n.came_from, n.known, n.new_alarms,
                             n.dice + 1, n.rolls, n.motion, n.hacked, n.stealth_lost, n.penalty)
                out.append((self.value(child), [{"type": "add_die", "at": pos_name(n.pos)}]))
            if b.safe_dice[f] + n.dice > 0:
                child = Node(n.pos, n.used + 1, n.paced, n.came_from, n.known, n.new_alarms,
                             n.dice, n.rolls + 1, n.motion, n.hacked, n.stealth_lost, n.penalty)
                out.append((self.value(child), [{"type": "roll", "at": pos_name(n.pos)}]))
        if n.pos >= 0 and b.kind[n.pos] and b.kind[n.pos].startswith("computer_") \
                and n.pos not in b.disabled:
            comp = b.kind[n.pos].split("_")[1]
            if b.hacks.get(comp, 0) < 2:
                child = Node(n.pos, n.used + 1, n.paced, n.came_from, n.known, n.new_alarms,
                             n.dice, n.rolls, n.motion, n.hacked, n.stealth_lost,
                             n.penalty - 2.0)
                out.append((self.value(child), [{"type": "hack"}]))
        return out

    def value(self, n: Node) -> float:
        hit = self.memo.get(n)
        if hit is not None:
            return hit[0]
        # the best first action kept with the value (the first of equal ones, as best()
        # takes): the bot plays it at the next decision if the turn goes as planned
        val, plan = max(self._expand(n), key=lambda x: x[0])
        self.memo[n] = (val, plan)
        return val

    def planned(self, n: Node) -> dict[str, Any] | None:
        """The best first action from ``n`` the search found (None: ``n`` not searched)."""
        hit = self.memo.get(n)
        return hit[1][0] if hit is not None and hit[1] else None

    def sure_child(self, n: Node, action: dict[str, Any]) -> Node | None:
        """The node ``action`` surely leads to from ``n`` when it reveals nothing, rolls
        nothing and sounds no alarm (a move onto a face-up tile, a safe die); None when
        its outcome is not sure or the plan stops there."""
        t = action["type"]
        if t == "add_die":
            return Node(n.pos, n.used + 2, n.paced, n.came_from, n.known, n.new_alarms,
                        n.dice + 1, n.rolls, n.motion, n.hacked, n.stealth_lost, n.penalty)
        if t != "move":
            return None
        q = pos_of(action["to"])
        if q is None or q < 0 or self.b.kind[q] is None:
            return None
        outs = self.step(n, q)
        if len(outs) != 1:
            return None
        child = outs[0][1]
        if child.over or child.new_alarms != n.new_alarms or child.hacked != n.hacked \
                or child.stealth_lost != n.stealth_lost or child not in self.memo:
            return None
        return child

    # -- scoring ------------------------------------------------------------------

    def safe_score(self, f: int, n: Node, here: bool) -> float:
        b = self.b
        if b.safe_open[f]:
            return OPEN
        combo = b.combo[f]
        if b.safe_at[f] is None:
            return 0.0
        dice = b.safe_dice[f] + (n.dice if here else 0)
        rolls = n.rolls if here else 0
        peter = 1 if self.char == ("peterman", "basic") else 0
        score = DICE_VALUE[min(dice, 6)] * (1.0 if any(not c for _p, _n, c in combo) else 0.0)
        need: Counter = Counter()
        for _p, num, cracked in combo:
            if cracked:
                score += CRACK + REVEAL_COMBO
            elif num is not None:
                score += REVEAL_COMBO
                need[num] += 1
        if rolls and need:
            # A roll now instead of next turn only gains time: its expected cracks (and
            # the chance to open) count for ROLL_NOW of their value.
            miss = (5 / 6) ** ((dice + peter) * rolls)
            p_all = 1.0
            gain = 0.0
            for _num, cnt in need.items():
                gain += cnt * CRACK * (1 - miss)
                p_all *= 1 - miss
            hidden = sum(1 for _p, num, _c in combo if num is None)
            if hidden == 0:
                gain += p_all * (OPEN - score - gain)
            score += ROLL_NOW * gain
        return score

    def leaf(self, n: Node) -> float:
        b = self.b
        f = n.pos // CELLS if n.pos >= 0 else 2
        score = -n.penalty
        if n.pos == ROOF:
            score += ESCAPE
        else:
            score -= self.dist_w * self.goal.get(n.pos, 30.0)
        for g in range(3):
            here = g == f and n.pos >= 0
            # safe_score reads the node's dice and rolls only for the seat's own floor:
            # kept per model under what it reads (most leaves share them)
            key = (g, n.dice, n.rolls) if here else (g,)
            part = self._safe_memo.get(key)
            if part is None:
                part = self._safe_memo[key] = self.safe_score(g, n, here=here)
            score += part
        if n.pos == ROOF:
            return score
        # Alarms at the end: a Thermo under us, then the guard's walks.
        alarms = b.alarms | n.new_alarms
        if b.active(n.pos, "thermo") and n.pos not in alarms and not b.guard_at(n.pos):
            new, _h, extra = self.alarm(n.new_alarms, n.hacked, n.pos, None)
            alarms = b.alarms | new
            score -= extra
        if b.kind[n.pos] is None and n.pos in n.known:
            score -= self.thermo_risk
        if n.used - n.paced <= self.limit:  # some events bring the guard onto us
            score -= EVENT + 0.05 * stealth_cost(self.stealth - n.stealth_lost)
        stealth = self.stealth - n.stealth_lost
        if stealth < 0:
            return score - 3000.0
        score -= sum(stealth_cost(self.stealth - i) for i in range(n.stealth_lost))
        # guard_risk reads the node's tile only: kept per model by tile, alarms, stealth
        key = (n.pos, alarms, stealth)
        risk = self._risk_memo.get(key)
        if risk is None:
            risk = self._risk_memo[key] = self.guard_risk(n, f, alarms, stealth)
        return score - risk

    def guard_risk(self, n: Node, f: int, alarms: frozenset[int], my_stealth: int) -> float:
        """Expected cost of the walks of floor ``f``'s guard before each player's next turn."""
        b = self.b
        nplayers = len(b.players)
        order = [(self.seat + d) % nplayers for d in range(nplayers)]
        on_floor = []
        for s in order:
            p = n.pos if s == self.seat else b.pos[s]
            if p is None and f == 0 and self.b.view["entrance"]:  # enters there next turn
                p = pos_of(self.b.view["entrance"])
            if p is not None and p >= 0 and p // CELLS == f:
                on_floor.append((s, p))
        walks = max(1, len(on_floor))
        hits = self.exp(f, frozenset(a for a in alarms if a // CELLS == f), walks)
        risk = 0.0
        for idx, (s, p) in enumerate(on_floor):
            k = walks if s == self.seat else idx  # walks before this player acts again
            if k <= 0:
                continue
            row = hits[k - 1]
            watch = [p % CELLS]
            if b.active(p, "foyer") or "tiara" in b.players[s]["loot"]:
                watch += [q % CELLS for q in b.open_neighbours(p)]
            prob = min(1.0, max(row[c] for c in watch))
            stealth = my_stealth if s == self.seat else b.players[s]["stealth"]
            cost = stealth_cost(stealth)
            if b.tokens.get(p):
                cost = min(cost, 3.0)
            risk += prob * cost
            if s == self.seat and b.active(p, "atrium"):
                risk += self.atrium_risk(p) * cost
            if s == self.seat and TRAP:
                floor_alarms = frozenset(a for a in alarms if a // CELLS == f)
                risk += TRAP * self.trapped(p, floor_alarms, walks) * (1 - prob) * cost
        return risk
