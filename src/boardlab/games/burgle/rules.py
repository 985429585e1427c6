"""Rules of burgle (神偷拍档 / Burgle Bros): the Bank job as pure state transitions.

Sources: ``burgle-bros.zh.txt`` (turn, guards, alarms, safes, escape) and
``burgle-bros.supplement.md`` (tiles, tools, loot, events, characters, walls); every reading
of a gap is in ``docs/rulings/burgle.md`` (R1, R2, ... below refer to it).
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from boardlab.engine.errors import ConfigError
from boardlab.engine.protocol import (
    Action,
    Event,
    Game,
    Result,
    public,
    public_words,
    seat_ref,
    text,
    trusted_result,
)
from boardlab.engine.rng import seeded
from boardlab.games.burgle import data, texts, words
from boardlab.games.burgle.config import BurgleConfig
from boardlab.games.burgle.path import (
    NEIGHBOURS4,
    cell_index,
    cell_name,
    distance,
    neighbours,
    open_cells,
    open_cells_sorted,
    path_indices,
)
from boardlab.games.burgle.state import OUTSIDE, ROOF, BurgleState, fresh_state

CELLS = 16


def _spell(p: int) -> str:
    if p == ROOF:
        return "roof"
    return f"{p // CELLS + 1}{cell_name(p % CELLS)}"


# Every position's name spelt once (names are asked for at every step: actions, events).
_NAMES: dict[int, str] = {p: _spell(p) for p in (ROOF, *range(3 * CELLS))}
_POSITIONS: dict[str, int] = {name: p for p, name in _NAMES.items()}


def pname(p: int) -> str:
    """A position's name: floor digit + cell, e.g. ``"2B3"``; ``"roof"`` for the roof."""
    name = _NAMES.get(p)
    return _spell(p) if name is None else name


def parse_pos(name: Any, floors: int = 3) -> int:
    if type(name) is str:  # the usual case: a name as pname spells it
        p = _POSITIONS.get(name)
        if p is not None and p // CELLS < floors:
            return p
    if name == "roof":
        return ROOF
    if not isinstance(name, str) or len(name) < 3 or not name[0].isdigit():
        raise ValueError(f"{name!r} is not a position like '1A1'")
    f = int(name[0]) - 1
    if not 0 <= f < floors:
        raise ValueError(f"{name!r}: there is no floor {name[0]}")
    return f * CELLS + cell_index(name[1:])


def _wall_key(a: int, b: int) -> tuple[int, int]:
    return (min(a, b), max(a, b))


_TILE_IDS = data.tile_copies()
# The piles a game deals from, in the order of data.tile_copies() (setup shuffles copies).
_OTHER_TILES = tuple(t for t in _TILE_IDS if data.KIND[t] not in ("safe", "stairs"))
_STAIRS_TILES = tuple(t for t in _TILE_IDS if data.KIND[t] == "stairs")
_KIND = data.KIND
_NUMBER = data.NUMBER
_FACE = {t: (data.KIND[t], data.NUMBER[t]) for t in data.KIND}  # what a face-up tile shows
_CELL_NAMES = tuple(cell_name(c) for c in range(CELLS))

# ---- the frequent events, made once and shared ----------------------------------------
# An event is an immutable value (engine.protocol.Event; like every event's, their data is
# never changed): a seat's turn, a guard's new patrol destination, an event card drawn or a
# tile turned face up are the same event in every game, so they are made once and shared
# by every log that holds them. Each equals what the plain call makes
# (tests/burgle/test_shared_events.py).
_TURN_EVENTS = tuple(public_words("turn", words.turn, (seat,), seat=seat) for seat in range(4))
_PATROL_EVENTS = tuple(
    public_words("patrol", words.patrol, (p // CELLS + 1, _NAMES[p]), floor=p // CELLS + 1,
                 dest=_NAMES[p])
    for p in range(3 * CELLS))
_CARD_EVENTS = {e: public_words("event", words.event, (e,), event=e) for e in data.EVENTS}
# (position, tile) -> its reveal event, made when first needed (at most 48 x the tiles)
_REVEAL_EVENTS: dict[tuple[int, str], Event] = {}


_CLEAR_EVENTS = tuple(public_words("clear", words.clear, (_NAMES[p],), at=_NAMES[p])
                      for p in range(3 * CELLS))  # a guard clears the alarm at p
# a guard appearing at p (floor p // CELLS + 1); the players coming in at p
_GUARD_EVENTS = tuple(
    public_words("guard", words.guard_appears, (p // CELLS + 1, _NAMES[p]),
                 floor=p // CELLS + 1, at=_NAMES[p])
    for p in range(3 * CELLS))
_ENTRANCE_EVENTS = tuple(public_words("entrance", words.entrance, (_NAMES[p],), at=_NAMES[p])
                         for p in range(3 * CELLS))
# (seat, character, side) -> the character taken, made when first needed
_CHARACTER_EVENTS: dict[tuple[int, str, str], Event] = {}
# made when first needed: (why, seat, stealth left) -> spotted; (position, source) -> alarm;
# (seat, ability name) -> ability used
_SPOTTED_EVENTS: dict[tuple[str, int, int], Event] = {}
_ALARM_EVENTS: dict[tuple[int, str], Event] = {}
_ABILITY_EVENTS: dict[tuple[int, str], Event] = {}


# What sees a player from another tile (not the guard meeting him on his own): at 0
# stealth, whether these catch him is the option caught_by_sight (R21).
_SIGHTS = frozenset(("foyer", "atrium", "tiara"))


def _spotted_event(why: str, seat: int, stealth: int) -> Event:
    """The public event of ``seat`` spotted by ``why``, ``stealth`` left (shared)."""
    ev = _SPOTTED_EVENTS.get((why, seat, stealth))
    if ev is None:
        ev = _SPOTTED_EVENTS[why, seat, stealth] = public_words(
            "stealth", words.spotted, (why, seat, stealth), seat=seat, by=why, stealth=stealth)
    return ev


def _alarm_event(p: int, source: str) -> Event:
    """The public event of an alarm going off at ``p`` from ``source`` (shared)."""
    ev = _ALARM_EVENTS.get((p, source))
    if ev is None:
        at = pname(p)
        ev = _ALARM_EVENTS[p, source] = public_words("alarm", words.alarm, (at,), at=at,
                                                     source=source)
    return ev


def _ability_event(seat: int, name: str) -> Event:
    """The public event of ``seat`` using the ability ``name`` (shared)."""
    ev = _ABILITY_EVENTS.get((seat, name))
    if ev is None:
        ev = _ABILITY_EVENTS[seat, name] = public_words("ability", words.ability, (seat,),
                                                        seat=seat, ability=name)
    return ev


def _reveal_event(p: int, tile: str) -> Event:
    """The public event of the tile ``tile`` turned face up at ``p`` (shared)."""
    ev = _REVEAL_EVENTS.get((p, tile))
    if ev is None:
        kind, num = _FACE[tile]
        at = pname(p)
        ev = _REVEAL_EVENTS[p, tile] = public_words("reveal", words.reveal, (at, kind, num),
                                                    at=at, tile=kind, number=num)
    return ev


@lru_cache(maxsize=1024)
def _wall_names(walls: frozenset[tuple[int, int]]) -> tuple[tuple[str, str], ...]:
    """A floor's walls as sorted pairs of cell names (the view's ``walls``), kept per
    layout: equal to ``sorted([cell_name(a), cell_name(b)] for a, b in walls)``."""
    return tuple(tuple(pair) for pair in sorted([cell_name(a), cell_name(b)] for a, b in walls))


# The supplement's walls, built once: a layout is a frozenset (never changed; Dynamite
# makes a new one), so every game and copy may share these, and the path caches keyed
# by layout hit at once.
_DEFAULT_WALLS = tuple(frozenset(_wall_key(cell_index(a), cell_index(b)) for a, b in fl)
                       for fl in data.default_walls())


# ---- shared action objects
# The frequent legal choices are built once and the same dict is listed at every decision
# (building a dict per choice per decision was the largest cost of ``legal_actions``).
# They are READ-ONLY: the engine hands the very object to bots, applies it, and stores it
# in the game record; nothing in boardlab changes an action it is given
# (tests/burgle/test_speed_caches.py plays every bot and checks these tables afterwards).
MOVE: dict[int, Action] = {q: {"type": "move", "to": pname(q)} for q in (ROOF, *range(3 * CELLS))}
PEEK: dict[int, Action] = {q: {"type": "peek", "at": pname(q)} for q in range(3 * CELLS)}
ADD_DIE: dict[int, Action] = {q: {"type": "add_die", "at": pname(q)} for q in range(3 * CELLS)}
ROLL: dict[int, Action] = {q: {"type": "roll", "at": pname(q)} for q in range(3 * CELLS)}
ENTRANCE: dict[int, Action] = {q: {"type": "entrance", "at": pname(q)} for q in range(CELLS)}
# The tiles of a safe's combination (its row and column on its floor), per position.
_COMBINATIONS = tuple(
    tuple(p // CELLS * CELLS + x for x in range(CELLS)
          if x != p % CELLS and (x // 4 == p % CELLS // 4 or x % 4 == p % CELLS % 4))
    for p in range(3 * CELLS))
# The entrance choices per ground-floor guard position (-1: none yet), listed once.
_ENTRANCES: dict[int, tuple[Action, ...]] = {
    g: tuple(ENTRANCE[q] for q in range(CELLS) if q != g) for g in range(-1, CELLS)}
CHARACTER: dict[tuple[str, str], Action] = {
    (c, side): {"type": "character", "name": c, "side": side} for c in data.CHARACTERS
    for side in ("basic", "advanced")}
HACK: Action = {"type": "hack"}
END: Action = {"type": "end"}
_SEATS = range(4)  # BurgleGame.max_players
_ALL = range(3 * CELLS)
ABILITY: dict[str, Action] = {n: {"type": "ability", "name": n} for n in (
    "hack_token", "drop_alarm", "pickup_alarm", "draw_tool", "spot")}
ABILITY_AT: dict[tuple[str, int], Action] = {
    (n, q): {"type": "ability", "name": n, "at": pname(q)} for n in ("peek", "alarm", "crow")
    for q in _ALL}
CLIMB: dict[int, Action] = {q: {"type": "ability", "name": "climb", "to": pname(q)} for q in _ALL}
NUDGE: dict[tuple[int, int], Action] = {
    (i, q): {"type": "ability", "name": "nudge", "seat": i, "to": pname(q)}
    for i in _SEATS for q in _ALL}
SWAP: dict[int, Action] = {i: {"type": "ability", "name": "swap", "seat": i} for i in _SEATS}
TOOL: dict[str, Action] = {t: {"type": "tool", "tool": t} for t in data.TOOLS}
TOOL_AT: dict[tuple[str, int], Action] = {
    (t, q): {"type": "tool", "tool": t, "at": pname(q)} for t in ("blueprints", "crowbar", "virus")
    for q in _ALL}
STETHOSCOPE: dict[int, Action] = {k: {"type": "tool", "tool": "stethoscope", "face": k}
                                  for k in range(1, 7)}
THERMAL_BOMB: dict[str, Action] = {d: {"type": "tool", "tool": "thermal_bomb", "dir": d}
                                   for d in ("up", "down")}
DYNAMITE: dict[tuple[int, int], Action] = {
    (p, q): {"type": "tool", "tool": "dynamite", "wall": [pname(p), pname(q)]}
    for p in _ALL for q in (p // CELLS * CELLS + n for n in neighbours(p % CELLS))}
_ITEMS = (*data.TOOLS, *data.LOOT)
DROP: dict[str, Action] = {item: {"type": "drop", "item": item} for item in _ITEMS}
PICKUP: dict[str, Action] = {item: {"type": "pickup", "item": item} for item in _ITEMS}
GIVE: dict[tuple[str, int], Action] = {(item, i): {"type": "give", "item": item, "to": i}
                                       for item in _ITEMS for i in _SEATS}
TAKE: dict[tuple[str, int], Action] = {(item, i): {"type": "take", "item": item, "from": i}
                                       for item in _ITEMS for i in _SEATS}
_COMPUTER_OF = {room: computer for computer, room in data.COMPUTERS.items()}
# The character sides that may add an ability choice (:meth:`BurgleGame._ability_actions`
# lists nothing for the others: the Peterman's sides and the basic Acrobat, Hacker and
# Rigger are passive, or act through other choices).
_ABILITY_SIDES = frozenset((c, side) for c in data.CHARACTERS for side in ("basic", "advanced")
                           if c != "peterman" and (c, side) not in {
                               ("acrobat", "basic"), ("hacker", "basic"), ("rigger", "basic")})
# Kinds of the tile a player stands on that add ways out besides its floor's walls
# (stairs: link and roof; walkway and duct: moves; atrium: peeks up and down).
_STEP_KINDS = frozenset(("stairs", "walkway", "duct", "atrium"))


class _Floor:
    """What one floor's wall layout decides, per cell, made once per (layout, floor) and
    shared by every game and copy with that layout (a layout is a frozenset and never
    changes; Dynamite makes a new one). Read on the hot paths as ``_LAYOUTS[walls][f]``
    (two dict subscripts: a third of an ``lru_cache`` call's cost), made there on a miss
    (:class:`_Layouts`). Cells are positions of the floor (``base + cell``).

    * ``steps[c]``: the MOVE actions to c's open neighbours (in :func:`neighbours` order),
      the positions behind its walls (same order), and the (position, PEEK action) pairs
      of its open neighbours in ascending order;
    * ``opens[c]``: the open neighbours' positions (:meth:`BurgleGame._open_neighbours`);
    * ``near[c]`` (made when first asked): the positions within two steps, walls
      respected, c left out, ascending (``_within_two(..., through_revealed=False)``);
    * ``nexts[a * 16 + b]``: the position of a guard's next step from cell a toward cell
      b (``base + path_indices(walls, a, b)[0]``), ``-1`` until first asked;
    * ``dists[a * 16 + b]``: the guard's distance from cell a to cell b
      (:func:`distance`), ``-1`` until first asked.

    ``tests/burgle/test_fast_turns.py`` checks every entry against the plain code."""

    __slots__ = ("walls", "base", "steps", "opens", "near", "nexts", "dists")

    def __init__(self, walls: frozenset[tuple[int, int]], f: int) -> None:
        base = f * CELLS
        rows = open_cells(walls)
        self.walls, self.base = walls, base
        self.steps = tuple(
            (tuple(MOVE[base + n] for n in rows[c]),
             tuple(base + n for n in NEIGHBOURS4[c] if n not in rows[c]),
             tuple((base + n, PEEK[base + n]) for n in sorted(rows[c])))
            for c in range(CELLS))
        self.opens = tuple(tuple(base + n for n in rows[c]) for c in range(CELLS))
        self.near: tuple[tuple[int, ...], ...] | None = None
        self.nexts = [-1] * (CELLS * CELLS)
        self.dists = [-1] * (CELLS * CELLS)

    def near_cells(self, c: int) -> tuple[int, ...]:
        """``near[c]``, the table made on the first question (only the basic Raven asks)."""
        near = self.near
        if near is None:
            base, opens = self.base, self.opens
            rows = []
            for x in range(CELLS):
                out = set(opens[x])
                for q in opens[x]:
                    out.update(opens[q - base])
                out.discard(base + x)
                rows.append(tuple(sorted(out)))
            near = self.near = tuple(rows)
        return near[c]

    def next_step(self, a: int, b: int) -> int:
        """The guard's next position from ``a`` toward ``b`` (two positions of this
        floor, ``a != b``), worked out once per pair."""
        k = (a - self.base) * CELLS + b - self.base
        nxt = self.nexts[k]
        if nxt < 0:
            nxt = self.nexts[k] = self.base + path_indices(
                self.walls, a - self.base, b - self.base)[0]
        return nxt

    def distance(self, a: int, b: int) -> int:
        """The guard's distance from ``a`` to ``b`` (two positions of this floor), worked
        out once per pair."""
        k = (a - self.base) * CELLS + b - self.base
        d = self.dists[k]
        if d < 0:
            d = self.dists[k] = distance(self.walls, a - self.base, b - self.base)
        return d


class _LayoutFloors(dict):
    """One layout's floor tables, by floor: a missing one is made on the first read."""

    __slots__ = ("walls",)

    def __init__(self, walls: frozenset[tuple[int, int]]) -> None:
        super().__init__()
        self.walls = walls

    def __missing__(self, f: int) -> _Floor:
        table = self[f] = _Floor(self.walls, f)
        return table


class _Layouts(dict):
    """layout -> its floors' tables (:class:`_LayoutFloors`): ``_LAYOUTS[walls][f]`` reads
    a kept table with two dict subscripts and makes a missing one on the spot. Bounded like
    the path caches (random walls make three new layouts a game): when full it is
    emptied, and a forgotten table is only made again."""

    def __missing__(self, walls: frozenset[tuple[int, int]]) -> _LayoutFloors:
        if len(self) >= _MAX_LAYOUTS:
            self.clear()
        per = self[walls] = _LayoutFloors(walls)
        return per


_LAYOUTS: dict[frozenset[tuple[int, int]], dict[int, _Floor]] = _Layouts()
_MAX_LAYOUTS = 256  # ~11 kB a floor table: a few MB at most


def random_walls(rng: random.Random, count: int = 8) -> frozenset[tuple[int, int]]:
    """Advanced placement: ``count`` inner walls, every cell still reachable (R3)."""
    edges = sorted({_wall_key(c, n) for c in range(CELLS) for n in neighbours(c)})
    while True:
        walls = frozenset(rng.sample(edges, count))
        seen, todo = {0}, [0]
        while todo:
            c = todo.pop()
            for n in neighbours(c):
                if n not in seen and _wall_key(c, n) not in walls:
                    seen.add(n)
                    todo.append(n)
        if len(seen) == CELLS:
            return walls


_item_name = words.item_name
_RANDBELOW = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
_GETRANDBITS = random.Random.getrandbits


def _shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``, the same draws and the same order, without a Python call per
    element: CPython's ``Random.shuffle`` with its ``_randbelow_with_getrandbits`` written
    out (tests/burgle/test_speed_caches.py compares them). A generator whose class changes
    either method takes its own shuffle."""
    cls = type(rng)
    if cls._randbelow is not _RANDBELOW or cls.getrandbits is not _GETRANDBITS:  # type: ignore[attr-defined]
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    if len(x) >= len(_DRAWS):
        rng.shuffle(x)
        return
    for i, k in _DRAWS[len(x)]:  # j is drawn below n = i + 1 from k = n.bit_length() bits
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# Per list length (the decks are at most 42 long): the (i, (i + 1).bit_length()) pairs
# the shuffle draws with, i from the last index down to 1, worked out once.
_DRAWS = tuple(tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(65))
_NO_SEATS: frozenset[int] = frozenset()
# Kinds of tile :meth:`BurgleGame._enter` checks before the player is in (a Walkway he
# falls through, the stop tiles), and after (alarms, the Laser's cost, a Lab's tool).
_FALL_OR_STOP = frozenset(("walkway", "keypad", "deadbolt"))
_ON_ENTRY = frozenset(("laser", "fingerprint", "detector", "thermo", "camera", "lab"))


# The set-up overrides (docs/scenarios.md), and those of them :meth:`_setup_board` applies.
_BOARD_KEYS = frozenset(("safe_dice", "cracked", "hack_tokens", "held_alarms", "items",
                         "keypads_open", "labs_taken", "disabled", "links", "lavatory",
                         "smoke", "crow", "effects", "alarms", "donuts", "event_discard",
                         "turn"))
_SETUP_KEYS = frozenset(("tiles", "walls", "characters", "patrol", "events", "tools", "loot",
                         "stealth", "entrance", "guard_die", "offers", "revealed",
                         "safe_open", "hands", "positions", "hacks", "patrol_discard",
                         "patrol_size", "guards")) | _BOARD_KEYS
# The lasting effects (BurgleState.effects) a set-up may start with.
_EFFECTS = frozenset(("gymnastics", "time_lock", "video_loop", "heads_up", "jump_the_gun",
                      "shift_change", "emp", "invisible"))


def _setup_patrol(s: BurgleState, ov: Mapping[str, Any]) -> None:
    """The patrol set-ups: cards already discarded, a deck cut to its size (the rest
    removed face down), guards already on the board (their cards are not drawn)."""
    for f, cards in enumerate(ov.get("patrol_discard", [])):
        g = s.guards[f]
        for name in cards:
            c = cell_index(name)
            if c in g["discard"]:
                raise ConfigError(f"setup.patrol_discard: {name} twice on floor {f + 1}")
            (g["deck"] if c in g["deck"] else g["removed"]).remove(c)
            g["discard"].append(c)
    for f, size in enumerate(ov.get("patrol_size", [])):
        g = s.guards[f]
        size = int(size)
        if not 0 <= size <= len(g["deck"]) + len(g["removed"]):
            raise ConfigError(f"setup.patrol_size: floor {f + 1} has "
                              f"{len(g['deck']) + len(g['removed'])} cards out of the discard")
        pool = g["removed"] + g["deck"]  # the deck's top stays on top
        g["removed"], g["deck"] = pool[:len(pool) - size], pool[len(pool) - size:]
    for f, placed in enumerate(ov.get("guards", [])):
        if not placed:
            continue
        if not isinstance(placed, Mapping) or set(placed) != {"at", "dest"}:
            raise ConfigError(f"setup.guards: floor {f + 1}: {{at: cell, dest: cell}} or null")
        g = s.guards[f]
        for key in ("at", "dest"):
            name = str(placed[key])
            c = cell_index(name[1:] if name[:1].isdigit() else name)
            g["pos" if key == "at" else "dest"] = f * CELLS + c


def _game_rng(seed: Any) -> random.Random:
    """``random.Random(seed)``: for an int seed the engine's :func:`seeded` (the same
    generator, seeded in C without the Python-level wrappers); any other seed takes the
    constructor (tests/burgle/test_fast_turns.py compares the generators' states)."""
    return seeded(seed) if type(seed) is int else random.Random(seed)


_DUCT_TILES = tuple(t for t, kind in _KIND.items() if kind == "duct")


def _other_ducts(s: BurgleState, p: int) -> list[int]:
    """The active (revealed, not crowbarred) Service Ducts other than ``p``, ascending:
    ``[q for q in range(s.floors * CELLS) if q != p and revealed[q] and _KIND[tiles[q]] ==
    "duct" and q not in disabled]`` with the board searched by ``list.count``/``index``
    (in C) for the two duct tiles instead of a Python step per position."""
    tiles, revealed, disabled = s.tiles, s.revealed, s.disabled
    n = s.floors * CELLS
    found: list[int] = []
    for d in _DUCT_TILES:
        q = -1
        for _ in range(tiles.count(d)):  # every copy (overrides may repeat a tile)
            q = tiles.index(d, q + 1)
            if q < n and q != p and revealed[q] and q not in disabled:
                found.append(q)
    if len(found) > 1:
        found.sort()
    return found


# ---- the ability choices, one lister per character side that may have one
# Each appends to ``out`` what the side may do now (the seat's player ``pl`` stands on the
# board: they are asked on its turn only), in the order the rules list them; sides not
# in _ABILITY_LISTERS have no ability choice (the Peterman's sides and the basic Acrobat,
# Hacker and Rigger are passive or act through other choices). Looked up by (character,
# side): one dict read instead of a chain of comparisons per decision.
# tests/burgle/test_fast_turns.py compares them with the chain they replaced.


def _acrobat_advanced(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                      left: int, out: list[Action]) -> None:
    p = pl["pos"]
    if left >= 3 and p % CELLS not in (5, 6, 9, 10):  # climb: not from the middle four
        for q in (p - CELLS, p + CELLS):
            if 0 <= q < s.floors * CELLS:
                out.append(CLIMB[q])


def _hacker_advanced(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                     left: int, out: list[Action]) -> None:
    if left >= 1 and not pl["hack"]:
        out.append(ABILITY["hack_token"])


def _hawk_basic(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                left: int, out: list[Action]) -> None:
    if "hawk" in s.once:
        return
    p = pl["pos"]
    f = p // CELLS
    walls = s.walls[f]
    table = _LAYOUTS[walls][f]
    revealed = s.revealed
    for q in table.steps[p - table.base][1]:  # through a wall: the walled neighbours
        if not revealed[q]:
            out.append(ABILITY_AT["peek", q])


def _hawk_advanced(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                   left: int, out: list[Action]) -> None:
    if "hawk" in s.once:
        return
    revealed = s.revealed
    for q in game._within_two(s, pl["pos"], through_revealed=True):
        if not revealed[q]:
            out.append(ABILITY_AT["peek", q])


def _juicer_basic(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                  left: int, out: list[Action]) -> None:
    p = pl["pos"]
    f = p // CELLS
    walls = s.walls[f]
    table = _LAYOUTS[walls][f]
    alarms, guard = s.alarms, s.guards[f]["pos"]  # a neighbour's guard is this floor's
    for q in table.opens[p - table.base]:
        if q not in alarms and guard != q:
            out.append(ABILITY_AT["alarm", q])


def _juicer_advanced(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                     left: int, out: list[Action]) -> None:
    if "juicer" in s.once:
        return
    p = pl["pos"]
    if pl["held_alarm"]:
        if p not in s.alarms and s.guards[p // CELLS]["pos"] != p:
            out.append(ABILITY["drop_alarm"])
    elif p in s.alarms:
        out.append(ABILITY["pickup_alarm"])


def _raven_basic(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                 left: int, out: list[Action]) -> None:
    if "raven" in s.once:
        return
    p = pl["pos"]
    f = p // CELLS
    walls = s.walls[f]
    table = _LAYOUTS[walls][f]
    crow = s.crow
    if p != crow:
        out.append(ABILITY_AT["crow", p])
    for q in table.near_cells(p - table.base):
        if q != crow:
            out.append(ABILITY_AT["crow", q])


def _raven_advanced(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                    left: int, out: list[Action]) -> None:
    p = pl["pos"]
    if "raven" not in s.once and s.crow != p:
        out.append(ABILITY_AT["crow", p])


def _rigger_advanced(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                     left: int, out: list[Action]) -> None:
    if "rigger" not in s.once and pl["stealth"] > 0 and len(s.tool_deck) >= 2:
        out.append(ABILITY["draw_tool"])


def _rook_basic(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                left: int, out: list[Action]) -> None:
    if "rook" in s.once or left < 1:
        return
    revealed = s.revealed
    for i, o in enumerate(s.players):
        if i != seat and o["pos"] >= 0:
            for q in game._open_neighbours(s, o["pos"]):
                if not (game._active(s, q, "keypad") and q not in s.keypads_open) \
                        and revealed[q]:
                    out.append(NUDGE[i, q])


def _rook_advanced(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                   left: int, out: list[Action]) -> None:
    if s.used == 0 and left >= 1:
        p = pl["pos"]
        for i, o in enumerate(s.players):
            if i != seat and o["pos"] >= 0 and o["pos"] != p:
                out.append(SWAP[i])


def _spotter_basic(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                   left: int, out: list[Action]) -> None:
    if "spotter" not in s.once and left >= 1 and s.guards[pl["pos"] // CELLS]["pos"] >= 0:
        out.append(ABILITY["spot"])


def _spotter_advanced(game: BurgleGame, s: BurgleState, seat: int, pl: dict[str, Any],
                      left: int, out: list[Action]) -> None:
    if "spotter" not in s.once and left >= 1 and s.event_deck:
        out.append(ABILITY["spot"])


_ABILITY_LISTERS = {
    ("acrobat", "advanced"): _acrobat_advanced, ("hacker", "advanced"): _hacker_advanced,
    ("hawk", "basic"): _hawk_basic, ("hawk", "advanced"): _hawk_advanced,
    ("juicer", "basic"): _juicer_basic, ("juicer", "advanced"): _juicer_advanced,
    ("raven", "basic"): _raven_basic, ("raven", "advanced"): _raven_advanced,
    ("rigger", "advanced"): _rigger_advanced,
    ("rook", "basic"): _rook_basic, ("rook", "advanced"): _rook_advanced,
    ("spotter", "basic"): _spotter_basic, ("spotter", "advanced"): _spotter_advanced,
}


class BurgleGame(Game[BurgleConfig, BurgleState]):
    id = "burgle"
    title = text("神偷拍档", "Burgle Bros")
    min_players = 1
    max_players = 4
    Config = BurgleConfig
    cooperative = True

    # ================================================================ setup

    def setup(self, config: BurgleConfig, seed: int,
              overrides: Mapping[str, Any] | None = None) -> BurgleState:
        if not overrides:
            return self._setup(config, seed, {})
        try:
            return self._setup(config, seed, dict(overrides))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            if isinstance(exc, ConfigError):
                raise
            # a malformed override (a bad cell name, a list where a mapping belongs, ...)
            raise ConfigError(f"burgle setup: {exc}") from None

    def _setup(self, config: BurgleConfig, seed: int, ov: dict[str, Any]) -> BurgleState:
        unknown = set(ov) - _SETUP_KEYS
        if unknown:
            raise ConfigError(f"unknown burgle setup keys: {', '.join(sorted(unknown))}")
        rng = _game_rng(seed)
        n, floors = config.players, 3
        # Tiles (设置): 42 others in three piles of 14, each with a safe and stairs.
        others = list(_OTHER_TILES)
        _shuffle(rng, others)
        stairs = list(_STAIRS_TILES)
        _shuffle(rng, stairs)
        tiles: list[str] = []
        for f in range(floors):
            pile = others[14 * f:14 * f + 14] + ["safe:0", stairs[f]]
            _shuffle(rng, pile)
            tiles += pile
        if "tiles" in ov:  # per floor: 16 "kind:number" ids, A1 B1 C1 D1 A2 ...
            tiles = self._check_tiles(ov["tiles"])
        if "walls" in ov:
            walls = [frozenset(_wall_key(cell_index(a), cell_index(b)) for a, b in fl)
                     for fl in ov["walls"]]
        elif config.walls == "random":
            walls = [random_walls(rng) for _ in range(floors)]
        else:
            walls = list(_DEFAULT_WALLS)
        s = fresh_state(config, rng)  # BurgleState(cfg=config, rng=rng), built cheaper
        s.floors, s.tiles, s.revealed, s.walls = floors, tiles, [False] * (floors * CELLS), walls
        s.safe_dice = [0] * floors
        s.safe_open = [False] * floors
        s.hacks = {k: 0 for k in data.HACKABLE}
        removed = data.PATROL_REMOVED[n] if config.patrol_removed == "by_players" else 0
        for f in range(floors):
            deck = list(range(CELLS))
            _shuffle(rng, deck)
            if "patrol" in ov and f < len(ov["patrol"]):  # top first, as cell names
                top = [cell_index(c) for c in ov["patrol"][f]]
                deck = [c for c in deck if c not in top] + top[::-1]
            die = data.GUARD_START_DIE[f]
            if "guard_die" in ov:
                die = int(ov["guard_die"][f])
            s.guards.append({"pos": -1, "dest": -1, "die": die, "deck": deck[removed:],
                             "removed": deck[:removed], "discard": [], "donut": False,
                             "known_top": [], "known_bottom": [], "tie": []})
        if "patrol_discard" in ov or "patrol_size" in ov or "guards" in ov:
            _setup_patrol(s, ov)
        s.event_deck = list(data.EVENTS)
        _shuffle(rng, s.event_deck)
        if "events" in ov:  # top first
            top = list(ov["events"])
            s.event_deck = [e for e in s.event_deck if e not in top] + top[::-1]
        s.tool_deck = list(data.TOOLS)
        _shuffle(rng, s.tool_deck)
        s.loot_deck = list(data.LOOT_CARDS)
        _shuffle(rng, s.loot_deck)
        if "tools" in ov:
            top = list(ov["tools"])
            s.tool_deck = [t for t in s.tool_deck if t not in top] + top[::-1]
        if "loot" in ov:
            top = list(ov["loot"])
            rest = list(s.loot_deck)
            for t in top:
                rest.remove(t)
            s.loot_deck = rest + top[::-1]
        chars = list(data.CHARACTERS)
        _shuffle(rng, chars)
        s.offers = [chars[2 * i:2 * i + 2] for i in range(n)]
        if "offers" in ov:
            s.offers = [list(o) for o in ov["offers"]]
        stealth = ov.get("stealth", [data.STEALTH_START] * n)
        s.players = [{"pos": OUTSIDE, "char": "", "side": "", "stealth": int(stealth[i]),
                      "tools": [], "loot": [], "hack": 0, "held_alarm": False}
                     for i in range(n)]
        s.stats = {"alarms": 0, "events": 0, "safes": 0, "loss": None, "turns": 0,
                   "stealth_lost": 0}
        if "characters" in ov:  # [[name, side], ...]: skip the choice
            for i, (name, side) in enumerate(ov["characters"]):
                self._take_character(s, i, name, side)
            s.phase = "entrance"
        for name in ov.get("revealed", []):
            self._reveal(s, parse_pos(name))
        if "safe_open" in ov:
            s.safe_open = [bool(x) for x in ov["safe_open"]]
        if "hacks" in ov:
            s.hacks.update({k: int(v) for k, v in ov["hacks"].items()})
        for i, hand in enumerate(ov.get("hands", [])):  # [{"tools": [...], "loot": [...]}]
            for tool in hand.get("tools", []):
                s.tool_deck.remove(tool)
                s.players[i]["tools"].append(tool)
            for loot in hand.get("loot", []):
                s.loot_deck.remove(loot)
                s.players[i]["loot"].append(loot)
        if s.phase == "entrance":
            self._guard_appear(s, 0)
            if "entrance" in ov:
                for i, name in enumerate(ov.get("positions", [])):
                    if name == "roof":  # escaped already: nothing revealed, nobody appears
                        s.players[i]["pos"] = ROOF
                    elif name:  # already inside (scenarios): the floor's guard is there too
                        q = parse_pos(name)
                        self._reveal(s, q)
                        s.players[i]["pos"] = q
                        if q // CELLS:
                            self._guard_appear(s, q // CELLS)
                self._choose_entrance(s, parse_pos(ov["entrance"]))
        if _BOARD_KEYS & ov.keys():
            self._setup_board(s, ov)
        return s

    def _setup_board(self, s: BurgleState, ov: Mapping[str, Any]) -> None:
        """The set-up overrides of the pieces on the board (docs/scenarios.md): applied
        after the deal and the entrance, each checked (a ConfigError says what is wrong)."""
        n, board = s.n, s.floors * CELLS

        def pos(name: Any, key: str) -> int:
            try:
                p = parse_pos(name, s.floors)
            except ValueError as exc:
                raise ConfigError(f"setup.{key}: {exc}") from None
            if not 0 <= p < board:
                raise ConfigError(f"setup.{key}: {name!r} is not a tile of the board")
            return p

        def per_seat(key: str) -> list[Any]:
            vals = ov[key]
            if not isinstance(vals, list) or len(vals) > n:
                raise ConfigError(f"setup.{key}: a list of at most {n} values, one per seat")
            return vals

        def take(item: str, key: str) -> None:
            deck = s.tool_deck if item in data.TOOLS else s.loot_deck
            if item not in deck:
                raise ConfigError(f"setup.{key}: {item!r} is not left in its deck")
            deck.remove(item)

        if "safe_dice" in ov:
            s.safe_dice = [int(x) for x in ov["safe_dice"]]
            if len(s.safe_dice) != s.floors or not all(
                    0 <= x <= data.MAX_SAFE_DICE for x in s.safe_dice):
                raise ConfigError(f"setup.safe_dice: {s.floors} numbers 0-{data.MAX_SAFE_DICE}")
        for name in ov.get("cracked", []):
            p = pos(name, "cracked")
            if not s.revealed[p]:
                raise ConfigError(f"setup.cracked: {name} is face down (reveal it first)")
            if p not in s.cracked:
                s.cracked.append(p)
        s.cracked.sort()
        for i, tok in enumerate(per_seat("hack_tokens") if "hack_tokens" in ov else []):
            s.players[i]["hack"] = 1 if tok else 0
        for i, held in enumerate(per_seat("held_alarms") if "held_alarms" in ov else []):
            s.players[i]["held_alarm"] = bool(held)
        for name, things in dict(ov.get("items", {})).items():
            p = pos(name, "items")
            for item in things:
                take(item, "items")
                s.items.setdefault(p, []).append(item)
        for key in ("keypads_open", "labs_taken", "disabled"):
            cells: list[int] = getattr(s, key)
            for name in ov.get(key, []):
                p = pos(name, key)
                if p not in cells:
                    cells.append(p)
        for lo_name, hi_name in ov.get("links", []):
            lo, hi = sorted((pos(lo_name, "links"), pos(hi_name, "links")))
            if hi - lo != CELLS:
                raise ConfigError(f"setup.links: {lo_name}-{hi_name} are not one above "
                                  "the other")
            if [lo, hi] not in s.links:
                s.links.append([lo, hi])
        for key in ("lavatory", "smoke"):
            pool: dict[int, int] = getattr(s, key)
            for name, count in dict(ov.get(key, {})).items():
                pool[pos(name, key)] = int(count)
        if ov.get("crow") is not None:
            s.crow = pos(ov["crow"], "crow")
        for effect, seat in dict(ov.get("effects", {})).items():
            if effect not in _EFFECTS or not 0 <= int(seat) < n:
                raise ConfigError(f"setup.effects: {effect!r}: one of {sorted(_EFFECTS)}, "
                                  f"for a seat below {n}")
            s.effects[effect] = int(seat)
        for f, donut in enumerate(ov.get("donuts", [])):
            if donut and s.guards[f]["pos"] < 0:
                raise ConfigError(f"setup.donuts: floor {f + 1} has no guard on the board")
            s.guards[f]["donut"] = bool(donut)
        for card in ov.get("event_discard", []):  # oldest first, out of the deck
            if card not in s.event_deck:
                raise ConfigError(f"setup.event_discard: {card!r} is not in the event deck")
            s.event_deck.remove(card)
            s.event_discard.append(card)
        if "turn" in ov:
            turn = int(ov["turn"])
            if not 0 <= turn < s.cfg.turn_limit:
                raise ConfigError(f"setup.turn: 0 to {s.cfg.turn_limit - 1} (the turn limit)")
            s.turn = s.stats["turns"] = turn
        if "alarms" in ov:
            for name in ov["alarms"]:
                p = pos(name, "alarms")
                if s.guards[p // CELLS]["pos"] < 0:  # in play alarms ring on visited floors
                    raise ConfigError(f"setup.alarms: {name}: floor {p // CELLS + 1} has no "
                                      "guard on the board (place one, or a player there)")
                if p not in s.alarms:
                    s.alarms.append(p)
            s.alarms.sort()
            fixed = {f for f, g in enumerate(ov.get("guards", [])) if g and g.get("dest")}
            for f in sorted({a // CELLS for a in s.alarms} - fixed):
                # a guard on the board heads for his nearest alarm, as the book says
                if s.guards[f]["pos"] >= 0:
                    s.guards[f]["dest"] = self._nearest_alarm(s, f)

    def _check_tiles(self, raw: Any) -> list[str]:
        if not isinstance(raw, list) or len(raw) != 3 or any(len(f) != 16 for f in raw):
            raise ConfigError("setup.tiles: three floors of 16 tile ids")
        tiles = [t for fl in raw for t in fl]
        if sorted(tiles) != sorted(data.tile_copies()):
            raise ConfigError("setup.tiles: must be the 48 tiles, each once")
        for f in range(3):
            kinds = [data.kind_of(t) for t in raw[f]]
            if kinds.count("safe") != 1 or kinds.count("stairs") != 1:
                raise ConfigError(f"setup.tiles: floor {f + 1} needs one safe and one stairs")
        return tiles

    def players(self, state: BurgleState) -> int:
        return state.n

    # ================================================================ small helpers

    def _kind(self, s: BurgleState, p: int) -> str:
        return _KIND[s.tiles[p]]

    def _active(self, s: BurgleState, p: int, kind: str) -> bool:
        """A revealed, not crowbarred tile of this kind."""
        return s.revealed[p] and _KIND[s.tiles[p]] == kind and p not in s.disabled

    def _open_neighbours(self, s: BurgleState, p: int) -> list[int]:
        f, c = divmod(p, CELLS)
        if p >= 0:  # a position of the board: read from its floor's table
            walls = s.walls[f]
            table = _LAYOUTS[walls][f]
            return list(table.opens[c])
        base = f * CELLS
        return [base + n for n in open_cells(s.walls[f])[c]]

    def _guard_on(self, s: BurgleState, p: int) -> bool:
        return p >= 0 and s.guards[p // CELLS]["pos"] == p

    def _players_on(self, s: BurgleState, p: int) -> list[int]:
        return [i for i, pl in enumerate(s.players) if pl["pos"] == p]

    def _hacker_on(self, s: BurgleState, p: int) -> bool:
        """Whether the basic Hacker stands on ``p``: no Fingerprint, Laser or Motion alarm
        sounds there, for him or anyone else on his tile (so a Laser asks nobody there
        for its second action, ruling R43)."""
        for pl in s.players:
            if pl["pos"] == p and pl["char"] == "hacker" and pl["side"] == "basic":
                return True
        return False

    def _has(self, s: BurgleState, seat: int, char: str, side: str) -> bool:
        pl = s.players[seat]
        return pl["char"] == char and pl["side"] == side

    def _anyone(self, s: BurgleState, char: str, side: str) -> int | None:
        for i, pl in enumerate(s.players):
            if pl["char"] == char and pl["side"] == side:
                return i
        return None

    def _left(self, s: BurgleState) -> int:
        return s.max_actions - s.used

    def _floor_alarms(self, s: BurgleState, f: int) -> list[int]:
        return [a for a in s.alarms if a // CELLS == f]

    def _dist(self, s: BurgleState, a: int, b: int) -> int:
        return distance(s.walls[a // CELLS], a % CELLS, b % CELLS)

    def _over(self, s: BurgleState, won: bool, reason: dict[str, str]) -> Event:
        s.phase = "over"
        s.won = won
        s.reason = dict(reason)
        s.pending = None
        return public("over", reason["zh"], reason["en"], won=won)

    # ================================================================ patrol and guards

    def _reshuffle(self, s: BurgleState, f: int) -> list[Event]:
        g = s.guards[f]
        deck = list(range(CELLS))
        _shuffle(s.rng, deck)
        k = data.PATROL_REMOVED[s.n] if s.cfg.patrol_removed == "by_players" else 0
        g["deck"], g["removed"], g["discard"] = deck[k:], deck[:k], []
        g["known_top"], g["known_bottom"] = [], []
        g["die"] = min(data.MAX_GUARD_DIE, g["die"] + 1)
        return [public_words("reshuffle", words.reshuffle, (f + 1, g["die"]), floor=f + 1)]

    def _draw_patrol(self, s: BurgleState, f: int) -> tuple[int, list[Event]]:
        g = s.guards[f]
        ev: list[Event] = []
        if not g["deck"]:
            ev += self._reshuffle(s, f)
        card = g["deck"].pop()
        g["discard"].append(card)
        if g["known_top"]:
            g["known_top"].pop(0)
        if len(g["deck"]) < len(g["known_bottom"]):
            g["known_bottom"] = g["known_bottom"][len(g["known_bottom"]) - len(g["deck"]):]
        return f * CELLS + card, ev

    def _new_patrol_dest(self, s: BurgleState, f: int) -> list[Event]:
        g = s.guards[f]
        ev: list[Event] = []
        base = f * CELLS
        while True:
            # _draw_patrol, spelt out (one or two draws a turn)
            deck = g["deck"]
            if not deck:
                ev += self._reshuffle(s, f)
                deck = g["deck"]
            cell = deck.pop()
            g["discard"].append(cell)
            if g["known_top"]:
                g["known_top"].pop(0)
            bottom = g["known_bottom"]
            if bottom and len(deck) < len(bottom):
                g["known_bottom"] = bottom[len(bottom) - len(deck):]
            card = base + cell
            if card != g["pos"]:
                break  # a card naming his own tile is reached at once (R7)
        g["dest"] = card
        g["tie"] = []
        ev.append(_PATROL_EVENTS[card])  # a tile of the board (f + 1, _NAMES[card])
        return ev

    def _nearest_alarms(self, s: BurgleState, f: int) -> list[int]:
        """The alarms of floor ``f`` nearest to its guard, in reading order."""
        g = s.guards[f]
        pos = g["pos"]
        if pos < 0:
            return []
        # One pass in reading order, distances from the floor's table: what taking the
        # least _dist over the floor's alarms, then those at it, finds.
        walls = s.walls[f]
        table = _LAYOUTS[walls][f]
        near: list[int] = []
        best = -1
        for a in s.alarms:
            if a // CELLS == f:
                d = table.distance(pos, a)
                if d < best or best < 0:
                    best, near = d, [a]
                elif d == best:
                    near.append(a)
        return near

    def _nearest_alarm(self, s: BurgleState, f: int) -> int | None:
        """The guard's next alarm. Equally near ones (R9): with ``alarm_ties=choose`` the
        first in reading order is provisional and ``tie`` asks the team at the next point
        where a decision can be taken (see :meth:`_ask_tie`)."""
        near = self._nearest_alarms(s, f)
        s.guards[f]["tie"] = near if len(near) > 1 and s.cfg.alarm_ties == "choose" else []
        return near[0] if near else None

    def _ask_tie(self, s: BurgleState, f: int, then: str, moves: int = 0) -> bool:
        """Ask the team which of the equally near alarms of floor ``f`` the guard goes to
        first; ``False`` (and the tie forgotten) when, from where he now is, there is no tie."""
        g = s.guards[f]
        near = self._nearest_alarms(s, f) if g["tie"] else []
        g["tie"] = []
        if len(near) < 2:
            if near:
                g["dest"] = near[0]
            return False
        g["dest"] = near[0]
        self._ask(s, "alarm_tie", [{"at": pname(a)} for a in near], then=then)
        s.pending.update(floor=f, moves=moves, rest=[])
        return True

    def _settle_ties(self, s: BurgleState) -> list[Event]:
        """Between actions: a tie left by an alarm (or a walk that ended on one) is asked now."""
        if s.phase != "actions":
            return []
        for f in range(s.floors):
            if s.phase == "actions" and s.guards[f]["tie"] and self._ask_tie(s, f, "actions"):
                return [public_words("alarm_tie", words.tie_asked, (f + 1,), floor=f + 1)]
        return []

    def _guard_appear(self, s: BurgleState, f: int, seen: set[int] | None = None) -> list[Event]:
        g = s.guards[f]
        if g["pos"] >= 0:
            return []
        g["pos"], ev = self._draw_patrol(s, f)
        ev.append(_GUARD_EVENTS[g["pos"]])  # (f + 1, pname(g["pos"])): a tile of floor f
        if s.phase != "entrance" or f != 0:
            ev += self._new_patrol_dest(s, f)
        ev += self._guard_sees(s, f, seen)
        return ev

    def _guard_sees(self, s: BurgleState, f: int, seen: set[int] | None = None) -> list[Event]:
        """Everyone the guard of floor ``f`` sees from where he now stands (their seats are
        added to ``seen``, so an entry that made him appear does not charge them twice)."""
        g = s.guards[f]
        p = g["pos"]
        ev: list[Event] = []
        revealed, disabled, tiles = s.revealed, s.disabled, s.tiles
        for i, pl in enumerate(s.players):
            q = pl["pos"]
            if q < 0 or s.phase == "over":
                continue
            why = None
            if q == p:
                why = "guard"
            elif q - p == CELLS or p - q == CELLS:
                # right above or below him: only an Atrium lets him see (the Foyer and the
                # Tiara ask for a neighbour on his own floor)
                if revealed[q] and _KIND[tiles[q]] == "atrium" and q not in disabled:
                    why = "atrium"
            elif q // CELLS == f:
                # the kind of q's tile if active (revealed, not crowbarred): what _active asks
                kind = _KIND[tiles[q]] if revealed[q] and q not in disabled else None
                if kind == "foyer" and q in self._open_neighbours(s, p):
                    why = "foyer"
                elif "tiara" in pl["loot"] and s.cfg.tiara_sight != "holder_moves" \
                        and q in self._open_neighbours(s, p):
                    why = "tiara"  # a guard next door sees the holder (R20)
            if why:
                ev += self._lose_stealth(s, i, why, f)
                if seen is not None:
                    seen.add(i)
        if revealed[p] and _KIND[tiles[p]] == "camera" and p not in disabled \
                and "video_loop" not in s.effects:  # _active(s, p, "camera"), spelt out
            suit = s.effects.get("invisible", -1)  # its wearer is not seen (R48)
            for i, pl in enumerate(s.players):
                q = pl["pos"]
                if q >= 0 and q != p and i != suit and self._active(s, q, "camera") \
                        and s.phase != "over":
                    ev += self._alarm(s, q, "camera")
        return ev

    def _step_guard(self, s: BurgleState, f: int, moves: int,
                    walk: list[list[str]] | None = None) -> list[Event]:
        """Walk ``moves`` steps; ``walk`` collects [from, to, destination] per step."""
        g = s.guards[f]
        ev: list[Event] = []
        # the basic Raven's crow costs the guard a step; no crow on the board, none asked for
        raven = self._anyone(s, "raven", "basic") if s.crow >= 0 else None
        # The floor's layout cannot change during a walk (only Dynamite, a player's action,
        # makes a new one): his next steps are read from its table (worked out once per
        # layout and pair of cells); positions on the board are spelt from _NAMES.
        walls = s.walls[f]
        table = _LAYOUTS[walls][f]
        nexts, base, names = table.nexts, f * CELLS, _NAMES
        # Nobody moves, and no tile, item or effect changes, while he walks: where he could
        # see anyone is known before the first step (None: look from every tile).
        watch = self._watch_cells(s, f)
        while moves > 0 and s.phase != "over":
            if g["tie"] and self._ask_tie(s, f, "walk", moves):
                break  # the walk resumes with the team's choice (_resume_walk)
            pos, dest = g["pos"], g["dest"]
            if pos == dest:
                ev += self._arrive(s, f)
                continue
            nxt = nexts[(pos - base) * CELLS + dest - base]
            if nxt < 0:  # not yet worked out: base + path_indices(walls, ...)[0]
                nxt = table.next_step(pos, dest)
            if walk is not None:
                walk.append([names[pos], names[nxt], names[dest]])
            g["pos"] = nxt
            moves -= 1
            if raven is not None and s.crow == nxt:
                moves -= 1
            cleared = nxt in s.alarms
            if cleared:
                s.alarms.remove(nxt)
                ev.append(_CLEAR_EVENTS[nxt])  # at names[nxt]
            if watch is None or nxt in watch:
                ev += self._guard_sees(s, f)
            if cleared and not self._floor_alarms(s, f):
                ev += self._new_patrol_dest(s, f)
            elif g["pos"] == g["dest"]:
                ev += self._arrive(s, f)
        return ev

    def _watch_cells(self, s: BurgleState, f: int) -> set[int] | None:
        """The tiles of floor ``f`` from which its guard sees someone, as players stand
        now: off them :meth:`_guard_sees` finds nobody and changes nothing. ``None`` when a
        player stands on an active Camera (a guard on another one sees him from afar)."""
        revealed, tiles, disabled = s.revealed, s.tiles, s.disabled
        cells: set[int] = set()
        for pl in s.players:
            q = pl["pos"]
            if q < 0:
                continue
            kind = _KIND[tiles[q]] if revealed[q] and q not in disabled else None
            if kind == "camera":
                return None
            qf = q // CELLS
            if qf == f:
                cells.add(q)  # his own tile
                if kind == "foyer" or "tiara" in pl["loot"] \
                        and s.cfg.tiara_sight != "holder_moves":
                    cells.update(self._open_neighbours(s, q))  # no wall between: seen
            elif kind == "atrium" and (qf == f + 1 or qf == f - 1):
                cells.add(q - (qf - f) * CELLS)  # right below or above the Atrium
        return cells

    def _arrive(self, s: BurgleState, f: int) -> list[Event]:
        for a in s.alarms:
            if a // CELLS == f:
                break
        else:  # no alarm on his floor (most arrivals): what _nearest_alarm finds, spelt out
            s.guards[f]["tie"] = []
            return self._new_patrol_dest(s, f)
        nearest = self._nearest_alarm(s, f)
        if nearest is not None:
            s.guards[f]["dest"] = nearest
            return []
        return self._new_patrol_dest(s, f)

    def _guard_turn(self, s: BurgleState, f: int) -> list[Event]:
        g = s.guards[f]
        if g["pos"] < 0:
            return []
        moves = g["die"] + s.guard_mod
        for a in s.alarms:  # + one per alarm on his floor
            if a // CELLS == f:
                moves += 1
        ev: list[Event] = []
        if g["donut"]:
            g["donut"] = False
            moves = 0
            ev.append(public("donut", "守卫在吃甜甜圈，这回合不动",
                             "the guard eats the donuts and does not move"))
        if (s.crow == g["pos"] and self._anyone(s, "raven", "advanced") is not None
                and not self._floor_alarms(s, f)):
            moves = 0
            ev.append(public("crow", "乌鸦缠住了守卫，他这回合不动",
                             "the crow keeps the guard busy: he does not move"))
        walk: list[list[str]] = []
        steps = self._step_guard(s, f, moves, walk)
        if moves > 0:
            ev.append(public_words("guard_move", words.guard_moves, (f + 1, moves), floor=f + 1,
                                   moves=moves, walk=walk))
        return ev + steps

    # ================================================================ alarms and stealth

    def _alarm(self, s: BurgleState, p: int, source: str) -> list[Event]:
        if s.phase == "over" or "emp" in s.effects or p in s.alarms or self._guard_on(s, p):
            return []
        if source in data.HACKABLE:
            hacker = self._anyone(s, "hacker", "basic")
            if hacker is not None and s.players[hacker]["pos"] == p:
                return [public_words("hacked", words.hacker_there, (pname(p),))]
            if s.hacks[source] > 0:
                s.hacks[source] -= 1
                return [public_words("hacked", words.hack_spent, (pname(p),), alarm=source)]
            for i, pl in enumerate(s.players):
                if pl["hack"]:
                    pl["hack"] = 0
                    return [public("hacked", "用掉黑客的个人破解指示物，没有响警报",
                                   "the Hacker's own hack token is spent: no alarm", seat=i)]
        s.alarms = sorted([*s.alarms, p])
        s.stats["alarms"] += 1
        f = p // CELLS
        ev = [_alarm_event(p, source)]
        if s.guards[f]["pos"] >= 0:
            nearest = self._nearest_alarm(s, f)
            if nearest is not None:
                s.guards[f]["dest"] = nearest
        return ev

    def _alarm_removed(self, s: BurgleState, f: int, p: int) -> list[Event]:
        """The alarm at ``p`` (floor ``f``) went away without its guard walking onto it: he
        re-targets at once, by the book (ruling R40): no alarm left on his floor, a new
        patrol card; his destination gone, the nearest remaining alarm (a tie asked as R9)."""
        g = s.guards[f]
        if g["pos"] < 0:
            return []
        if not self._floor_alarms(s, f):
            return self._new_patrol_dest(s, f)
        if g["dest"] == p:
            g["dest"] = self._nearest_alarm(s, f)
        return []

    def _lose_stealth(self, s: BurgleState, seat: int, why: str, guard_floor: int) -> list[Event]:
        """``why``: what saw the player (a key of ``texts.CAUGHT_BY``); ``guard_floor``: the
        floor (0-based) of the guard that did."""
        pl = s.players[seat]
        p = pl["pos"]
        if s.phase == "over" or p < 0:
            return []
        if s.effects.get("invisible") == seat:
            return []  # the Invisible Suit, during its wearer's actions
        if s.lavatory or s.smoke:  # (most sightings: neither is on the board)
            for pool, cover in ((s.lavatory, "lavatory"), (s.smoke, "smoke")):
                if pool.get(p, 0) > 0:
                    pool[p] -= 1
                    return [public_words("stealth", words.spotted_in_cover, (why, seat, cover),
                                         seat=seat, by=why)]
        if pl["stealth"] <= 0:
            if why in _SIGHTS and not s.cfg.caught_by_sight:
                # the zh book: caught only when you and the guard meet on a tile (R21)
                return [public_words("stealth", words.spotted_not_caught, (why, seat),
                                     seat=seat, by=why)]
            s.stats["loss"] = {"floor": p // CELLS + 1, "turn": s.turn, "by": why,
                               "guard_floor": guard_floor + 1, "at": pname(p),
                               "seat": seat, "char": pl["char"]}
            return [self._over(s, False, texts.loss_reason(s.stats["loss"]))]
        pl["stealth"] -= 1
        s.stats["stealth_lost"] += 1
        return [_spotted_event(why, seat, pl["stealth"])]

    # ================================================================ tiles

    def _reveal(self, s: BurgleState, p: int) -> list[Event]:
        if s.revealed[p]:
            return []
        s.revealed[p] = True
        tile = s.tiles[p]
        kind = _KIND[tile]
        f = p // CELLS
        if kind == "lavatory":
            s.lavatory[p] = 3
        if kind == "stairs" and f + 1 < s.floors:
            s.links.append([p, p + CELLS])
        event = _REVEAL_EVENTS.get((p, tile))  # shared, made by _reveal_event when first needed
        ev = [_reveal_event(p, tile) if event is None else event]
        if kind == "camera" and "video_loop" not in s.effects:
            watcher = [g for g in s.guards if g["pos"] >= 0 and g["pos"] != p
                       and self._active(s, g["pos"], "camera")]
            on_it = self._players_on(s, p)
            if watcher and on_it:
                ev += self._alarm(s, p, "camera")
        return ev

    def _enter_floor(self, s: BurgleState, p: int, seen: set[int] | None = None) -> list[Event]:
        return self._guard_appear(s, p // CELLS, seen)

    def _player_seen_on_entry(self, s: BurgleState, seat: int, p: int,
                              acrobat_free: bool = False) -> list[Event]:
        f = p // CELLS
        g = s.guards[f]
        if g["pos"] == p and not acrobat_free:
            return self._lose_stealth(s, seat, "guard", f)
        # the kind of p's tile if active (revealed, not crowbarred): what _active asks
        kind = _KIND[s.tiles[p]] if s.revealed[p] and p not in s.disabled else None
        if kind == "foyer" and g["pos"] in self._open_neighbours(s, p):
            return self._lose_stealth(s, seat, "foyer", f)
        if self._tiara_on_entry(s, seat) and g["pos"] in self._open_neighbours(s, p):
            return self._lose_stealth(s, seat, "tiara", f)  # R20, as the Foyer's (R52)
        if kind == "atrium":
            watcher = [p + d for d in (CELLS, -CELLS) if 0 <= p + d < s.floors * CELLS
                       and s.guards[(p + d) // CELLS]["pos"] == p + d]
            if watcher:
                return self._lose_stealth(s, seat, "atrium", watcher[0] // CELLS)
        return []

    def _tiara_on_entry(self, s: BurgleState, seat: int) -> bool:
        """Whether a guard next door sees ``seat`` as he enters or is placed: he holds the
        Tiara and ``tiara_sight`` counts the holder's moves (R20)."""
        return s.cfg.tiara_sight != "guard_moves" and "tiara" in s.players[seat]["loot"]

    def _place(self, s: BurgleState, seat: int, p: int) -> list[Event]:
        """Put a player on ``p`` without entering it (falls, events, swaps): no tile rule
        runs, but guards still see him there (R10)."""
        ev = self._reveal(s, p)
        s.players[seat]["pos"] = p
        seen: set[int] = set()
        ev += self._enter_floor(s, p, seen)
        if s.phase != "over" and seat not in seen:  # one sighting, not two (ruling R10a)
            ev += self._player_seen_on_entry(s, seat, p)
        return ev

    def _enter(self, s: BurgleState, seat: int, p: int, *, pay: bool = True,
               via_move: bool = True) -> list[Event]:
        """A player enters ``p`` (the move's own action already paid). Runs stop tiles,
        the alarm tiles, labs, falls and sight. ``pay=False``: extra costs ignored (Rook)."""
        pl = s.players[seat]
        src = pl["pos"]
        fresh = not s.revealed[p]
        ev = self._reveal(s, p) if fresh else []  # a new list, ours to extend
        kind = _KIND[s.tiles[p]]
        active = p not in s.disabled
        guard_there = p >= 0 and s.guards[p // CELLS]["pos"] == p  # _guard_on, spelt out
        # A fall or a stop tile (their checks below, asked only on those kinds)
        stop = active and kind in _FALL_OR_STOP
        # Walkway revealed by moving onto it: fall a floor (not entering) (supplement).
        if stop and fresh and kind == "walkway" and via_move:
            ev += self._leave(s, seat, src)
            if p // CELLS > 0:
                pl["pos"] = p
                ev.append(public_words("fall", words.fall, (seat, pname(p)), seat=seat))
                s.stats["falls"] = s.stats.get("falls", 0) + 1
                return ev + self._place(s, seat, p - CELLS)
        # Stop tiles: stay where you were if the requirement is not met.
        if stop and kind == "keypad" and p not in s.keypads_open and via_move:
            tries = s.keypad_tries.get(p, 0) + 1
            s.keypad_tries[p] = tries
            dice = tries + (1 if self._has(s, seat, "peterman", "basic") else 0)
            roll = [s.rng.randint(1, 6) for _ in range(dice)]
            if 6 in roll:
                s.keypads_open.append(p)
                ev.append(public_words("keypad", words.keypad, (roll, True), roll=roll))
            else:
                return ev + [public_words("keypad", words.keypad, (roll, False), roll=roll)]
        if stop and kind == "deadbolt" and not guard_there and not self._players_on(s, p) \
                and pay:
            if self._left(s) < 2:
                return ev + [public("deadbolt", "门闩要 3 个行动，行动不够，留在原地",
                                    "the deadbolt needs 3 actions; not enough: you stay")]
            s.used += 2
        if "gemstone" in pl["loot"] and self._players_on(s, p) and pay:
            if self._left(s) < 1:
                return ev + [public("gemstone", "带着宝石进有人的格要多 1 行动，行动不够",
                                    "with the Gemstone a tile with a player costs 1 more action; not enough")]
            s.used += 1
        if src >= 0 and src in s.entered and s.revealed[src] \
                and _KIND[s.tiles[src]] == "motion" and src not in s.disabled:
            ev += self._leave(s, seat, src)  # (which does nothing otherwise)
        pl["pos"] = p
        if seat == s.seat:  # Motion counts the current player's own entries (R47)
            s.entered.append(p)
        seen: set[int] | frozenset[int] = _NO_SEATS  # whom a guard appearing now saw
        if src < 0 or src // CELLS != p // CELLS:
            seen = set()
            ev += self._enter_floor(s, p, seen)
        if s.phase == "over":
            return ev
        acro = guard_there and pl["char"] == "acrobat" and pl["side"] == "basic"
        # A guard appearing on him already saw him (ruling R10a). Otherwise only a guard
        # here or an active Foyer or Atrium (p is face up now) lets one see him on entry.
        if seat not in seen and (s.guards[p // CELLS]["pos"] == p or active and (
                kind == "foyer" or kind == "atrium") or self._tiara_on_entry(s, seat)):
            ev += self._player_seen_on_entry(s, seat, p, acrobat_free=acro)
        if s.phase == "over":
            return ev
        # A guard here stops only the alarm (the book: no alarm triggers on his tile, which
        # _alarm enforces); whatever else the tile does on entry still happens (ruling R39).
        if active and kind in _ON_ENTRY:  # the tiles that do something to whoever enters
            if kind == "laser" and "mirror" not in pl["loot"] and pay and not guard_there \
                    and not self._hacker_on(s, p):
                if self._left(s) >= 1:
                    s.used += 1
                else:
                    ev += self._alarm(s, p, "laser")
            elif kind == "fingerprint":
                ev += self._alarm(s, p, "fingerprint")
            elif kind == "detector" and (pl["tools"] or pl["loot"]):
                ev += self._alarm(s, p, "detector")
            elif kind == "thermo" and "isotope" in pl["loot"]:
                ev += self._alarm(s, p, "thermo")
            elif kind == "camera" and "video_loop" not in s.effects and s.effects.get("invisible") != seat:
                for g in s.guards:  # a guard on another active Camera sees him
                    if g["pos"] >= 0 and g["pos"] != p and self._active(s, g["pos"], "camera"):
                        ev += self._alarm(s, p, "camera")
                        break
            elif kind == "lab" and p not in s.labs_taken:
                s.labs_taken.append(p)
                ev += self._draw_tool(s, seat)
        return ev

    def _leave(self, s: BurgleState, seat: int, src: int) -> list[Event]:
        # only the current player's own entry and exit in his turn (a partner the Rook
        # pushes neither enters nor leaves "in the same turn" of his own, R47)
        if src >= 0 and seat == s.seat and src in s.entered and s.revealed[src] \
                and _KIND[s.tiles[src]] == "motion" and src not in s.disabled:  # _active
            s.entered = [e for e in s.entered if e != src]
            hacker = self._anyone(s, "hacker", "basic")
            if seat == hacker:
                return []
            return self._alarm(s, src, "motion")
        return []

    # ================================================================ cards

    def _draw_tool(self, s: BurgleState, seat: int, *, to_tile: int | None = None,
                   two: bool = False) -> list[Event]:
        if not s.tool_deck:
            return [public("no_tool", "工具牌已抽完", "no tools are left")]
        if (two or self._anyone(s, "rigger", "basic") is not None) and len(s.tool_deck) >= 2 \
                and to_tile is None:
            drawn = [s.tool_deck.pop(), s.tool_deck.pop()]
            self._ask(s, "keep_tool", [{"tool": t} for t in drawn], seat=seat)
            return [public_words("rigger", words.rigger, (drawn[0], drawn[1]), tools=drawn)]
        tool = s.tool_deck.pop()
        return self._gain(s, seat, tool, to_tile)

    def _gain(self, s: BurgleState, seat: int, item: str, to_tile: int | None = None) -> list[Event]:
        if to_tile is not None:
            s.items.setdefault(to_tile, []).append(item)
            return [public_words("item", words.item_left, (item, pname(to_tile)), item=item)]
        kind = "tools" if item in data.TOOLS else "loot"
        s.players[seat][kind].append(item)
        return [public_words("item", words.item_gained, (seat, item), item=item, seat=seat)]

    def _draw_loot(self, s: BurgleState, seat: int, safe_pos: int,
                   to_tile: int | None = None) -> list[Event]:
        if s.cfg.loot == "simple" or not s.loot_deck:
            return []
        loot = s.loot_deck.pop()
        ev: list[Event] = []
        if loot == "gold_bar" and "gold_bar" in s.loot_deck:
            s.loot_deck.remove("gold_bar")
            s.items.setdefault(safe_pos, []).append("gold_bar")
            ev.append(public("gold", "另一根金条留在金库上", "the other gold bar is left on the safe"))
        ev += self._gain(s, seat, loot, to_tile)
        if loot == "cursed_goblet" and to_tile is None and s.players[seat]["stealth"] > 0:
            s.players[seat]["stealth"] -= 1
            ev.append(public_words("goblet", words.goblet, (seat,), seat=seat))
        return ev

    def _ask(self, s: BurgleState, kind: str, options: list[dict[str, Any]], *,
             seat: int | None = None, then: str = "actions") -> None:
        s.pending = {"kind": kind, "options": options, "then": then,
                     "seat": s.seat if seat is None else seat}
        s.phase = "choice"

    # ================================================================ safes

    def _combination(self, s: BurgleState, safe: int) -> list[int]:
        """The tiles of the safe's row and column (its combination), in reading order."""
        return list(_COMBINATIONS[safe])

    def _crack(self, s: BurgleState, safe: int, faces: list[int]) -> list[Event]:
        newly = []
        for p in self._combination(s, safe):
            if s.revealed[p] and p not in s.cracked and data.number_of(s.tiles[p]) in faces:
                s.cracked.append(p)
                newly.append(pname(p))
        s.cracked.sort()
        return [public_words("crack", words.crack, (newly,), cells=newly)] if newly else []

    def _maybe_open(self, s: BurgleState, seat: int, safe: int) -> list[Event]:
        f = safe // CELLS
        if s.safe_open[f] or any(p not in s.cracked for p in self._combination(s, safe)):
            return []
        s.safe_open[f] = True
        s.stats["safes"] += 1
        ev = [public_words("safe_open", words.safe_open, (f + 1,), floor=f + 1)]
        for g in s.guards[:f + 1]:
            g["die"] = min(data.MAX_GUARD_DIE, g["die"] + 1)
        remote = s.players[seat]["pos"] != safe
        ev += self._draw_loot(s, seat, safe, to_tile=safe if remote else None)
        ev += self._draw_tool(s, seat, to_tile=safe if remote else None)
        if all(s.safe_open):
            ev.append(public("all_open", "所有金库已打开：从顶层楼梯上楼顶逃走！",
                             "every safe is open: escape from the top floor's stairs to the roof!"))
        return ev

    def _safe_here(self, s: BurgleState, seat: int) -> list[int]:
        """Safes this seat can work on: its own tile, and for the advanced Peterman the
        revealed safe right above or below."""
        p = s.players[seat]["pos"]
        if p < 0:
            return []
        revealed, tiles, disabled = s.revealed, s.tiles, s.disabled
        # an active safe here (_active(s, p, "safe")), spelt out
        out = [p] if revealed[p] and _KIND[tiles[p]] == "safe" and p not in disabled else []
        pl = s.players[seat]
        if pl["char"] == "peterman" and pl["side"] == "advanced":
            for q in (p - CELLS, p + CELLS):
                if 0 <= q < s.floors * CELLS and self._active(s, q, "safe"):
                    out.append(q)
        safe_open = s.safe_open
        for q in out:
            if safe_open[q // CELLS]:  # (rare) an open safe is done with
                return [q for q in out if not safe_open[q // CELLS]]
        return out

    # ================================================================ turns

    def _take_character(self, s: BurgleState, seat: int, name: str, side: str) -> None:
        pl = s.players[seat]
        pl["char"], pl["side"] = name, side
        if name == "rigger" and side == "basic" and "dynamite" in s.tool_deck:
            s.tool_deck.remove("dynamite")
            pl["tools"].append("dynamite")

    def _choose_entrance(self, s: BurgleState, p: int) -> list[Event]:
        s.entrance = p
        ev = self._reveal(s, p)
        if s.guards[0]["dest"] < 0:  # (a set-up may have placed him with his destination)
            ev += self._new_patrol_dest(s, 0)
        ev.append(_ENTRANCE_EVENTS[p])  # a tile of the ground floor: (pname(p),)
        # seat 0 begins, unless a set-up put it on the roof: then the first still playing
        first = next((i for i, pl in enumerate(s.players) if pl["pos"] != ROOF), 0)
        return ev + self._start_turn(s, first)

    def _start_turn(self, s: BurgleState, seat: int) -> list[Event]:
        s.seat = seat
        s.phase = "actions"
        s.pending = None
        bonus = False
        if s.effects:  # most turns have none to end
            bonus = s.effects.get("heads_up") == seat
            s.effects = {k: v for k, v in s.effects.items() if v != seat or k == "jump_the_gun"}
        pl = s.players[seat]
        s.used, s.entered, s.once, s.keypad_tries, s.guard_mod, s.last_roll = 0, [], [], {}, 0, -1
        s.left = []
        s.paced, s.came_from = 0, -1
        s.max_actions = data.ACTIONS_PER_TURN - (1 if "mirror" in pl["loot"] else 0)
        if bonus:
            s.max_actions += 1
        ev = [_TURN_EVENTS[seat]]  # public_words("turn", words.turn, (seat,), seat=seat)
        if pl["pos"] == OUTSIDE:
            pl["pos"] = s.entrance
            # The entrance runs none of its card's effects (the book), so neither a Foyer's
            # nor an Atrium's sight: only a guard standing on it sees him (ruling R52).
            f = s.entrance // CELLS
            if s.guards[f]["pos"] == s.entrance:
                ev += self._lose_stealth(s, seat, "guard", f)
        if "chihuahua" in pl["loot"] and s.phase != "over":
            r = s.rng.randint(1, 6)
            ev.append(public_words("chihuahua", words.chihuahua, (r,), roll=r))
            if r == 6:
                ev += self._alarm(s, pl["pos"], "chihuahua")
        if "persian_kitty" in pl["loot"] and s.phase != "over":
            r = s.rng.randint(1, 6)
            ev.append(public_words("kitty", words.kitty_roll, (r,), roll=r))
            near = self._kitty_targets(s, pl["pos"]) if r <= 2 else []
            if len(near) > 1 and s.cfg.alarm_ties == "choose":
                # alarms equally near, toward which its step differs: the holder's team
                # chooses, as for the guard's alarms (ruling R51); the holder sends it
                self._ask(s, "kitty", [{"at": pname(a)} for a in near], seat=seat)
                ev.append(public_words("kitty_tie", words.kitty_asked, ()))
            elif near:
                ev += self._kitty_runs(s, seat, near[0])
        return ev

    def _kitty_targets(self, s: BurgleState, p: int) -> list[int]:
        """The alarms of ``p``'s floor nearest to ``p``, in reading order, one per
        different first step toward them (the first in reading order keeps each step):
        a choice between them is a choice of the tile the Persian Kitty runs to."""
        alarms = self._floor_alarms(s, p // CELLS)
        if not alarms:
            return []
        best = min(self._dist(s, p, a) for a in alarms)
        near: list[int] = []
        steps: list[int] = []
        for a in sorted(alarms):
            if self._dist(s, p, a) != best:
                continue
            step = self._kitty_step(s, p, a)
            if step not in steps:
                steps.append(step)
                near.append(a)
        return near

    def _kitty_step(self, s: BurgleState, p: int, target: int) -> int:
        """The tile one step from ``p`` along the shortest (most clockwise) path to
        ``target``; ``p`` itself when it is the target."""
        f = p // CELLS
        step = path_indices(s.walls[f], p % CELLS, target % CELLS)
        return f * CELLS + step[0] if step else p

    def _kitty_runs(self, s: BurgleState, seat: int, target: int) -> list[Event]:
        """The Persian Kitty leaves its holder and runs one tile toward the alarm at
        ``target``: it lies there until someone picks it up."""
        pl = s.players[seat]
        where = self._kitty_step(s, pl["pos"], target)
        pl["loot"].remove("persian_kitty")
        s.items.setdefault(where, []).append("persian_kitty")
        at = pname(where)
        return [public_words("kitty", words.kitty_runs, (at,), at=at)]

    def _end_actions(self, s: BurgleState) -> list[Event]:
        seat = s.seat
        pl = s.players[seat]
        ev: list[Event] = []
        p = pl["pos"]
        if p >= 0 and s.revealed[p] and _KIND[s.tiles[p]] == "thermo" and p not in s.disabled:
            ev += self._alarm(s, p, "thermo")  # an active Thermo (_active), spelt out
        if s.phase == "over":
            return ev
        limit = 3 if "stamp" in pl["loot"] else 2
        # Moves straight back to the tile just left do not count (the rulebook forbids
        # pacing between two rooms to dodge the event card; R14).
        if pl["pos"] != ROOF and s.used - s.paced <= limit:
            ev += self._event(s)
            if s.phase in ("choice", "over"):
                return ev
        return ev + self._guard_phase(s)

    def _guard_phase(self, s: BurgleState) -> list[Event]:
        seat = s.seat
        pl = s.players[seat]
        ev: list[Event] = []
        effects = s.effects
        if effects:  # most turns have no effect to end
            effects.pop("invisible", None)
        if pl["pos"] >= 0:  # no guard moves on the turn of an escape
            f = pl["pos"] // CELLS
            if pl["char"] == "acrobat" and pl["side"] == "basic" \
                    and s.guards[f]["pos"] == pl["pos"]:  # _has and _guard_on, spelt out
                ev += self._lose_stealth(s, seat, "guard", f)
            if effects and effects.pop("shift_change", None) is not None:
                ev += self._walk_floors(s, [other for other in range(s.floors) if other != f])
            elif s.phase != "over":  # _walk_floors(s, [f]), spelt out
                ev += self._guard_turn(s, f)
                if s.phase == "choice":
                    s.pending["rest"] = []
        if s.phase == "over" or s.phase == "choice":
            return ev
        return ev + self._next_turn(s)

    def _walk_floors(self, s: BurgleState, order: list[int]) -> list[Event]:
        """The guard moves of these floors in turn; a tie asked mid-walk keeps the rest."""
        ev: list[Event] = []
        for i, f in enumerate(order):
            if s.phase == "over":
                break
            ev += self._guard_turn(s, f)
            if s.phase == "choice":
                s.pending["rest"] = order[i + 1:]
                break
        return ev

    def _resume_walk(self, s: BurgleState, f: int, moves: int, rest: list[int]) -> list[Event]:
        """After the team chose between equally near alarms: the rest of the guard phase."""
        walk: list[list[str]] = []
        steps = self._step_guard(s, f, moves, walk)
        ev = [public_words("guard_move", words.guard_walks_on, (f + 1, moves), floor=f + 1,
                           moves=moves, walk=walk)] + steps
        if s.phase == "choice":
            s.pending["rest"] = rest
            return ev
        ev += self._walk_floors(s, rest)
        if s.phase in ("over", "choice"):
            return ev
        return ev + self._next_turn(s)

    def _next_turn(self, s: BurgleState) -> list[Event]:
        for pl in s.players:
            if pl["pos"] != ROOF:
                break
        else:  # everyone is on the roof
            return [self._over(s, True, text("所有人都从楼顶逃走了：团队胜利！",
                                             "everyone escaped from the roof: the team wins!"))]
        s.turn += 1
        s.stats["turns"] = s.turn
        if s.turn >= s.cfg.turn_limit:
            # Out of time: nobody was caught anywhere, so the record names only when and why
            # (no seat, place or guard; see texts.loss_reason).
            s.stats["loss"] = {"turn": s.turn, "by": "time"}
            return [self._over(s, False, texts.loss_reason(s.stats["loss"]))]
        seat = s.seat
        n = len(s.players)  # s.n
        ev: list[Event] = []
        for _ in range(2 * n + 1):
            seat = (seat + 1) % n
            if s.players[seat]["pos"] == ROOF:
                continue
            if s.effects and s.effects.get("jump_the_gun") == seat:
                del s.effects["jump_the_gun"]
                ev.append(public_words("skip", words.skip, (seat,), seat=seat))
                continue
            break
        return ev + self._start_turn(s, seat)

    # ================================================================ events

    def _event(self, s: BurgleState) -> list[Event]:
        if not s.event_deck:
            s.event_deck, s.event_discard = s.event_discard, []
            _shuffle(s.rng, s.event_deck)
            s.event_known = 0
        ev_id = s.event_deck.pop()
        s.event_discard.append(ev_id)
        if s.event_known > 0:  # max(0, event_known - 1)
            s.event_known -= 1
        s.stats["events"] += 1
        card = _CARD_EVENTS.get(ev_id)  # shared; an id the table lacks gets its own
        if card is None:
            card = public_words("event", words.event, (ev_id,), event=ev_id)
        out = [card]
        return out + self._resolve_event(s, ev_id)

    def _resolve_event(self, s: BurgleState, ev_id: str) -> list[Event]:
        seat = s.seat
        pl = s.players[seat]
        p = pl["pos"]
        f = p // CELLS
        g = s.guards[f]
        if s.cfg.events == "later" and ev_id in data.ALARM_ONLY_WHEN_QUIET \
                and self._floor_alarms(s, f):  # not quiet: an alarm on this floor
            return [public("event_void", "本层有警报，此事件无效", "an alarm is on: no effect")]
        rule = _EVENT_RULES.get(ev_id)  # one dict read instead of a chain of comparisons
        if rule is None:
            return []
        return rule(self, s, ev_id, seat, pl, p, f, g)

    # One method per event card (see _EVENT_RULES), each given the card, the seat whose
    # turn it is, its player, his position, floor, and that floor's guard; each returns
    # its events (a new list: nothing when a condition of the card does not hold).

    def _ev_brown_out(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                      p: int, f: int, g: dict[str, Any]) -> list[Event]:
        ev: list[Event] = []
        # the drawer's floor, or every floor, each guard for his own (option brown_out, R28)
        floors = range(s.floors) if s.cfg.brown_out == "all_floors" else (f,)
        for ff in floors:
            gone = self._floor_alarms(s, ff)
            s.alarms = [a for a in s.alarms if a not in gone]
            for _ in gone:
                _card, more = self._draw_patrol(s, ff)
                ev += more
            if gone and s.guards[ff]["pos"] >= 0:
                ev += self._new_patrol_dest(s, ff)
        return ev

    def _ev_buddy_system(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                         p: int, f: int, g: dict[str, Any]) -> list[Event]:
        opts = [{"seat": i} for i, o in enumerate(s.players)
                if i != seat and o["pos"] >= 0 and o["pos"] != p]
        if opts:
            self._ask(s, "buddy", opts, then="guard")
        return []

    def _ev_change_of_plans(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                            p: int, f: int, g: dict[str, Any]) -> list[Event]:
        return self._new_patrol_dest(s, f) if g["pos"] >= 0 else []

    def _ev_crash(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                  p: int, f: int, g: dict[str, Any]) -> list[Event]:
        if g["pos"] >= 0 and g["pos"] != p:
            g["dest"] = p
            g["tie"] = []
        return []

    def _ev_daydreaming(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                        p: int, f: int, g: dict[str, Any]) -> list[Event]:
        s.guard_mod -= 1
        return []

    def _ev_espresso(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                     p: int, f: int, g: dict[str, Any]) -> list[Event]:
        s.guard_mod += 1
        return []

    def _ev_dead_drop(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                      p: int, f: int, g: dict[str, Any]) -> list[Event]:
        prev = self._playing_after(s, seat, -1)  # the previous player still in (R41)
        if prev != seat:
            s.players[prev]["tools"] += pl["tools"]
            s.players[prev]["loot"] += pl["loot"]
            pl["tools"], pl["loot"] = [], []
        return []

    def _ev_freight_elevator(self, s: BurgleState, ev_id: str, seat: int,
                             pl: dict[str, Any], p: int, f: int,
                             g: dict[str, Any]) -> list[Event]:
        return self._place(s, seat, p + CELLS) if f + 1 < s.floors else []

    def _ev_go_with_your_gut(self, s: BurgleState, ev_id: str, seat: int,
                             pl: dict[str, Any], p: int, f: int,
                             g: dict[str, Any]) -> list[Event]:
        opts = [{"at": pname(q)} for q in self._open_neighbours(s, p) if not s.revealed[q]]
        if opts:
            self._ask(s, "gut", opts, then="guard")
        return []

    def _ev_effect(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                   p: int, f: int, g: dict[str, Any]) -> list[Event]:
        """Gymnastics, Time Lock, Video Loop: an effect for this seat's turn."""
        s.effects[ev_id] = seat
        return []

    def _ev_next_seat(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                      p: int, f: int, g: dict[str, Any]) -> list[Event]:
        """Heads Up, Jump the Gun: an effect for the next seat still playing (R41)."""
        s.effects[ev_id] = self._playing_after(s, seat, 1)
        return []

    def _playing_after(self, s: BurgleState, seat: int, step: int) -> int:
        """The next (``step=1``) or previous (``-1``) seat that still takes turns: players
        on the roof have left the game (ruling R41); ``seat`` itself when nobody else is
        left (R27)."""
        n = len(s.players)
        for k in range(1, n):
            other = (seat + step * k) % n
            if s.players[other]["pos"] != ROOF:
                return other
        return seat

    def _ev_jury_rig(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                     p: int, f: int, g: dict[str, Any]) -> list[Event]:
        ev = self._draw_tool(s, seat)
        if s.phase == "choice":
            s.pending["then"] = "guard"
        return ev

    def _ev_keycode_change(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                           p: int, f: int, g: dict[str, Any]) -> list[Event]:
        s.keypads_open = []
        return []

    def _ev_lampshade(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                      p: int, f: int, g: dict[str, Any]) -> list[Event]:
        pl["stealth"] += 1
        return []

    def _ev_lost_grip(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                      p: int, f: int, g: dict[str, Any]) -> list[Event]:
        return self._place(s, seat, p - CELLS) if f > 0 else []

    def _ev_peekhole(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                     p: int, f: int, g: dict[str, Any]) -> list[Event]:
        opts = [{"at": pname(q)} for q in self._all_adjacent(s, p) if not s.revealed[q]]
        if opts:
            self._ask(s, "peekhole", opts, then="guard")
        return []

    def _ev_reboot(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                   p: int, f: int, g: dict[str, Any]) -> list[Event]:
        s.hacks = {k: 1 for k in s.hacks}
        return []

    def _ev_shift_change(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                         p: int, f: int, g: dict[str, Any]) -> list[Event]:
        s.effects["shift_change"] = seat
        return []

    def _ev_shoplifting(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                        p: int, f: int, g: dict[str, Any]) -> list[Event]:
        ev: list[Event] = []
        for lab in s.labs_taken:
            ev += self._alarm(s, lab, "shoplifting")
        return ev

    def _ev_squeak(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                   p: int, f: int, g: dict[str, Any]) -> list[Event]:
        if g["pos"] < 0:
            return []
        others = [o["pos"] for o in s.players if o["pos"] >= 0 and o["pos"] // CELLS == f]
        near = self._nearest_players(s, f, others)
        if near[0] == g["pos"]:
            return []  # someone is on his tile already: nobody is nearer
        if len(near) > 1 and s.cfg.alarm_ties == "choose":
            # players equally near, toward whom his step differs: the team chooses, as
            # for alarms (ruling R44)
            self._ask(s, "squeak", [{"at": pname(q)} for q in near], then="guard")
            s.pending["floor"] = f
            return [public_words("squeak_tie", words.squeak_asked, (f + 1,), floor=f + 1)]
        return self._step_to(s, f, near[0])

    def _nearest_players(self, s: BurgleState, f: int, others: list[int]) -> list[int]:
        """Of the players' tiles ``others`` (floor ``f``), those nearest its guard, in
        reading order, one per different first step toward them (the first in reading
        order keeps each step): a choice between them is a choice of his step."""
        pos = s.guards[f]["pos"]
        best = min(self._dist(s, pos, q) for q in others)
        near: list[int] = []
        steps: list[int] = []
        for q in sorted(set(others)):
            if self._dist(s, pos, q) != best:
                continue
            step = q if q == pos else path_indices(s.walls[f], pos % CELLS, q % CELLS)[0]
            if step not in steps:
                steps.append(step)
                near.append(q)
        return near

    def _ev_switch_signs(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                         p: int, f: int, g: dict[str, Any]) -> list[Event]:
        if g["pos"] < 0:
            return []
        ev: list[Event] = []
        g["pos"], g["dest"] = g["dest"], g["pos"]
        g["tie"] = []
        if g["pos"] in s.alarms:
            s.alarms.remove(g["pos"])
            ev += self._arrive(s, f)
        ev += self._guard_sees(s, f)
        return ev

    def _ev_throw_voice(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                        p: int, f: int, g: dict[str, Any]) -> list[Event]:
        if g["pos"] >= 0:
            opts = [{"at": pname(q)} for q in self._open_neighbours(s, g["dest"])]
            self._ask(s, "throw_voice", opts, then="guard")
        return []

    def _ev_where_is_he(self, s: BurgleState, ev_id: str, seat: int, pl: dict[str, Any],
                        p: int, f: int, g: dict[str, Any]) -> list[Event]:
        if g["pos"] < 0:
            return []
        g["pos"] = g["dest"]
        if g["pos"] in s.alarms:
            s.alarms.remove(g["pos"])
        ev = self._guard_sees(s, f)
        if s.phase != "over":
            ev += self._arrive(s, f)
        return ev

    def _step_to(self, s: BurgleState, f: int, target: int) -> list[Event]:
        """Squeak!: one step along his path toward ``target``; his destination stays."""
        g = s.guards[f]
        nxt = f * CELLS + path_indices(s.walls[f], g["pos"] % CELLS, target % CELLS)[0]
        g["pos"] = nxt
        ev: list[Event] = []
        cleared = nxt in s.alarms
        if cleared:  # as a step of his walk: the alarm is off, the last one a new card
            s.alarms.remove(nxt)
            ev.append(_CLEAR_EVENTS[nxt])
        ev += self._guard_sees(s, f)
        if s.phase == "over":
            return ev
        if cleared and not self._floor_alarms(s, f):
            ev += self._new_patrol_dest(s, f)
        elif g["pos"] == g["dest"]:
            ev += self._arrive(s, f)
        return ev

    def _all_adjacent(self, s: BurgleState, p: int) -> list[int]:
        f, c = divmod(p, CELLS)
        out = [f * CELLS + n for n in neighbours(c)]
        out += [q for q in (p - CELLS, p + CELLS) if 0 <= q < s.floors * CELLS]
        return out

    # ================================================================ decisions

    def is_over(self, state: BurgleState) -> bool:
        return state.phase == "over"

    def to_move(self, state: BurgleState) -> list[int]:
        phase = state.phase
        if phase == "actions":  # the usual decision first
            return [state.seat]
        if phase == "over":
            return []
        if phase == "choice" and state.pending:
            return [state.pending["seat"]]
        return [state.seat]

    # The choices a turn may take back (``Game.undoable``; rulings R50): a move, a drop,
    # a pick-up, a give or a take that turned no tile face up, drew no card (event, tool,
    # loot, patrol), rolled no die and drew nothing else from the game's generator, and after
    # which the same burglar is still in the middle of the turn.
    UNDOABLE = frozenset(("move", "drop", "pickup", "give", "take"))

    def undoable(self, before: BurgleState, seat: int, action: Action,
                 after: BurgleState) -> bool:
        if (action.get("type") not in self.UNDOABLE or after.phase != "actions"
                or after.pending is not None or after.seat != seat):
            return False
        return (after.revealed == before.revealed and after.event_known == before.event_known
                and len(after.event_deck) == len(before.event_deck)
                and len(after.tool_deck) == len(before.tool_deck)
                and len(after.loot_deck) == len(before.loot_deck)
                and [g["deck"] for g in after.guards] == [g["deck"] for g in before.guards]
                and after.safe_dice == before.safe_dice
                and after.rng.getstate() == before.rng.getstate())

    def _move_targets(self, s: BurgleState, seat: int) -> list[int]:
        pl = s.players[seat]
        p = pl["pos"]
        if p < 0:
            return []
        f = p // CELLS
        walls = s.walls[f]
        table = _LAYOUTS[walls][f]
        c = p - table.base
        painting = "painting" in pl["loot"]
        out = [*table.opens[c]]  # the open neighbours, in neighbours' order
        if not painting:
            revealed, tiles, disabled = s.revealed, s.tiles, s.disabled
            for q in table.steps[c][1]:  # behind a wall: an active Secret Door?
                if revealed[q] and _KIND[tiles[q]] == "secret_door" and q not in disabled:
                    # through the wall, one way: the neighbours again, in their order
                    base = table.base
                    out = []
                    for n in NEIGHBOURS4[c]:
                        q = base + n
                        if ((c, n) if c < n else (n, c)) not in walls \
                                or self._active(s, q, "secret_door"):
                            out.append(q)
                    break
        extra = False  # whether anything past the four neighbours (which cannot repeat)
        if "time_lock" not in s.effects:
            for lo, hi in s.links:
                if p == lo:
                    out.append(hi)
                    extra = True
                elif p == hi:
                    out.append(lo)
                    extra = True
            if f == s.floors - 1 and self._active(s, p, "stairs") and all(s.safe_open):
                out.append(ROOF)
                extra = True
        if s.revealed[p] and p not in s.disabled:
            kind = _KIND[s.tiles[p]]
            if kind == "walkway":
                if f > 0:
                    out.append(p - CELLS)
                    extra = True
                if "gymnastics" in s.effects and f + 1 < s.floors:
                    out.append(p + CELLS)
                    extra = True
            elif kind == "duct" and not painting:
                out += _other_ducts(s, p)
                extra = True
        if not extra:
            return out  # distinct neighbours on one floor: nothing to drop
        seen: list[int] = []
        for q in out:
            if q not in seen:
                seen.append(q)
        return seen

    def _peek_targets(self, s: BurgleState, p: int) -> list[int]:
        f, c = divmod(p, CELLS)
        base = f * CELLS
        revealed = s.revealed
        extra: list[int] = []
        for lo, hi in s.links:
            if p == lo:
                extra.append(hi)
            elif p == hi:
                extra.append(lo)
        if revealed[p] and p not in s.disabled:
            kind = _KIND[s.tiles[p]]
            if kind == "stairs" and f + 1 < s.floors:
                extra.append(p + CELLS)
            elif kind == "atrium":
                extra += [q for q in (p - CELLS, p + CELLS) if 0 <= q < s.floors * CELLS]
        if not extra:  # only this floor's unwalled neighbours: distinct, kept in ascending order
            if p < 0:
                return [base + n for n in open_cells_sorted(s.walls[f])[c]
                        if not revealed[base + n]]
            walls = s.walls[f]
            table = _LAYOUTS[walls][f]
            out = []
            for q, _peek in table.steps[c][2]:
                if not revealed[q]:
                    out.append(q)
            return out
        if p < 0:
            out = [base + n for n in open_cells(s.walls[f])[c]] + extra
            return sorted({q for q in out if not revealed[q]})
        walls = s.walls[f]
        table = _LAYOUTS[walls][f]
        found: set[int] = set()  # the face-down ones of the neighbours and the extras
        for q in table.opens[c]:
            if not revealed[q]:
                found.add(q)
        for q in extra:
            if not revealed[q]:
                found.add(q)
        return sorted(found)

    def _within_two(self, s: BurgleState, p: int, through_revealed: bool) -> list[int]:
        if p < 0:  # off the board: the plain reading
            near = set(self._open_neighbours(s, p))
            out = set(near)
            for q in near:
                if not through_revealed or s.revealed[q]:
                    out.update(self._open_neighbours(s, q))
            out.discard(p)
            return sorted(out)
        f = p // CELLS  # the open neighbours from the floor's table (_open_neighbours)
        walls = s.walls[f]
        table = _LAYOUTS[walls][f]
        opens, base, revealed = table.opens, table.base, s.revealed
        out = set(opens[p - base])
        for q in opens[p - base]:
            if not through_revealed or revealed[q]:
                out.update(opens[q - base])
        out.discard(p)
        return sorted(out)

    def legal_actions(self, state: BurgleState, seat: int) -> list[Action]:
        s = state
        if s.phase != "actions":
            return self._other_choices(s, seat)
        if seat != s.seat:
            return []
        # The current seat's turn, the usual decision, in one body (a call costs more than
        # most of what it would do). Its player stands on the board (p >= 0): a turn starts
        # on the entrance, and nobody on the roof has turns.
        pl = s.players[seat]
        p = pl["pos"]
        loot = pl["loot"]
        left = s.max_actions - s.used
        if left >= 1:
            revealed = s.revealed
            # the kind of an active (revealed, not crowbarred) tile here, else None
            here = _KIND[s.tiles[p]] if revealed[p] and p not in s.disabled else None
            acts: list[Action] | None = None
            if here not in _STEP_KINDS and p >= 0 and ("gemstone" not in loot or left >= 2):
                # Only this floor's walls decide the moves and peeks (no stairs, atrium,
                # walkway or duct here), read from its table, unless a stair link starts
                # here or a secret door lies behind one of its walls: then, and on the
                # kinds above, the general lists.
                for lo, hi in s.links:
                    if p == lo or p == hi:  # noqa: SIM109 - no tuple built per link
                        break
                else:
                    f = p // CELLS
                    walls = s.walls[f]
                    table = _LAYOUTS[walls][f]
                    moves, walled, peeks = table.steps[p - table.base]
                    door = False
                    if walled and "painting" not in loot:
                        tiles, disabled = s.tiles, s.disabled
                        for q in walled:
                            if revealed[q] and _KIND[tiles[q]] == "secret_door" \
                                    and q not in disabled:
                                door = True  # a way through the wall, in neighbours' order
                                break
                    if not door:
                        acts = [*moves]
                        for q, peek in peeks:
                            if not revealed[q]:
                                acts.append(peek)
            if acts is None:  # the general case: links, stairs, walkways, ducts, ...
                acts = []
                if "gemstone" in loot and left < 2:
                    for q in self._move_targets(s, seat):
                        if q == ROOF or not self._players_on(s, q):
                            acts.append(MOVE[q])
                else:
                    for q in self._move_targets(s, seat):
                        acts.append(MOVE[q])
                for q in self._peek_targets(s, p):
                    acts.append(PEEK[q])
            if here in _COMPUTER_OF:
                comp = _COMPUTER_OF[here]
                if s.hacks[comp] < data.MAX_HACKS:
                    acts.append(HACK)
            # _safe_here lists nothing unless this is a safe or the advanced Peterman asks
            if (here == "safe" or pl["char"] == "peterman") and (safes := self._safe_here(s, seat)):
                for safe in safes:
                    if left >= 2 and s.safe_dice[safe // CELLS] < data.MAX_SAFE_DICE:
                        acts.append(ADD_DIE[safe])
                    if s.safe_dice[safe // CELLS] > 0:
                        for o in s.players:  # whoever holds the Keycard must be there too
                            if "keycard" in o["loot"] and o["pos"] != safe:
                                break
                        else:
                            acts.append(ROLL[safe])
        else:
            acts = []
            if pl["char"] == "acrobat" and pl["side"] == "basic":
                for q in self._move_targets(s, seat):
                    if q >= 0 and self._guard_on(s, q):
                        acts.append(MOVE[q])
        lister = _ABILITY_LISTERS.get((pl["char"], pl["side"]))
        if lister is not None:
            lister(self, s, seat, pl, left, acts)
        tools = pl["tools"]
        if tools and "bust" not in loot:
            acts += self._tool_actions(s, seat)
        # _trade_actions lists nothing when nothing is held or lying here and nobody else
        # stands here (most decisions): asked only otherwise
        trade = tools or loot or p in s.items
        if not trade:
            for o in s.players:
                if o is not pl and o["pos"] == p:
                    trade = True
                    break
        if trade:
            acts += self._trade_actions(s, seat)
        acts.append(END)
        return acts

    def _other_choices(self, s: BurgleState, seat: int) -> list[Action]:
        """The legal choices outside a turn's actions: characters, the entrance, a pending
        choice (nothing once the game is over, or for a seat that is not asked)."""
        phase = s.phase
        # who must choose, as in to_move (without building its list)
        if phase == "over" or seat != (s.pending["seat"] if phase == "choice" and s.pending
                                       else s.seat):
            return []
        if phase == "character":
            sides = ["basic", "advanced"] if s.cfg.sides == "choose" else [s.cfg.sides]
            return [CHARACTER.get((c, side)) or {"type": "character", "name": c, "side": side}
                    for c in s.offers[seat] for side in sides]
        if phase == "entrance":
            return list(_ENTRANCES[s.guards[0]["pos"]])  # every ground cell but his
        if phase == "choice":
            return [{"type": "choose", **o} for o in s.pending["options"]]
        return []

    def _ability_actions(self, s: BurgleState, seat: int, left: int) -> list[Action]:
        """The ability choices of ``seat`` with ``left`` actions left (see
        :data:`_ABILITY_LISTERS`; the sides not in it have none)."""
        pl = s.players[seat]
        out: list[Action] = []
        lister = _ABILITY_LISTERS.get((pl["char"], pl["side"]))
        if lister is not None:
            lister(self, s, seat, pl, left, out)
        return out

    def _tool_actions(self, s: BurgleState, seat: int) -> list[Action]:
        pl = s.players[seat]
        p = pl["pos"]
        f = p // CELLS
        out: list[Action] = []
        for tool in sorted(set(pl["tools"])):
            base = TOOL[tool]
            if tool == "blueprints":
                out += [TOOL_AT[tool, q] for q in range(s.floors * CELLS) if not s.revealed[q]]
            elif tool == "crowbar":
                out += [TOOL_AT[tool, q] for q in self._open_neighbours(s, p)
                        if s.revealed[q] and q not in s.disabled
                        and self._kind(s, q) in (*data.ALARM_TILES, *data.STOP_TILES)]
            elif tool == "crystal_ball":
                if s.event_deck:
                    out.append(base)
            elif tool == "donuts":
                if s.guards[f]["pos"] >= 0 and not s.guards[f]["donut"]:
                    out.append(base)
            elif tool == "dynamite":
                c = p % CELLS
                out += [DYNAMITE[p, f * CELLS + n] for n in neighbours(c)
                        if _wall_key(c, n) in s.walls[f]]
            elif tool == "stethoscope":
                if s.last_roll >= 0:
                    out += [STETHOSCOPE[k] for k in range(1, 7)]
            elif tool == "thermal_bomb":
                for d, q in (("up", p + CELLS), ("down", p - CELLS)):
                    if 0 <= q < s.floors * CELLS and [min(p, q), max(p, q)] not in s.links:
                        out.append(THERMAL_BOMB[d])
            elif tool == "virus":
                out += [TOOL_AT[tool, q] for q in range(s.floors * CELLS)
                        if s.revealed[q] and self._kind(s, q).startswith("computer_")
                        and s.hacks[self._kind(s, q).split("_")[1]] < data.MAX_HACKS]
            else:  # emp, invisible_suit, makeup_kit, rollerskates, smoke_bomb
                out.append(base)
        return out

    def _trade_actions(self, s: BurgleState, seat: int) -> list[Action]:
        pl = s.players[seat]
        p = pl["pos"]
        out: list[Action] = []
        if not (pl["tools"] or pl["loot"] or p in s.items):
            for o in s.players:
                if o["pos"] == p and o is not pl:
                    break
            else:
                return out  # nothing held, nothing here, nobody to trade with
        mine = sorted(set(pl["tools"] + pl["loot"]))
        # R36: an item never goes back this turn to a holder it left (seat or tile). Nothing
        # has left anyone yet in most turns: then no "item@holder" name is spelt at all.
        back = set(s.left) if s.left and s.cfg.trades == "no_return" else None
        for item in mine:
            if back is None or f"{item}@tile{p}" not in back:
                out.append(DROP[item])
        for i, o in enumerate(s.players):
            if i == seat or o["pos"] != p:
                continue
            for item in mine:
                if not (item == "gold_bar" and "gold_bar" in o["loot"]) \
                        and (back is None or f"{item}@{i}" not in back):
                    out.append(GIVE[item, i])
            for item in sorted(set(o["tools"] + o["loot"])):
                if not (item == "gold_bar" and "gold_bar" in pl["loot"]) \
                        and (back is None or f"{item}@{seat}" not in back):
                    out.append(TAKE[item, i])
        if p in s.items:
            for item in sorted(set(s.items[p])):
                if not (item == "gold_bar" and "gold_bar" in pl["loot"]) \
                        and (back is None or f"{item}@{seat}" not in back):
                    out.append(PICKUP[item])
        return out

    # ================================================================ applying

    def _apply(self, state: BurgleState, seat: int, action: Action) -> list[Event]:
        t = action["type"]
        if t == "move":  # the most frequent choice, without the dispatch
            state.last_roll = -1  # (as _apply_action: no stethoscope roll kept)
            to = action["to"]
            q = _POSITIONS.get(to)  # every name in the table is one parse_pos accepts
            ev = self._move(state, seat, parse_pos(to) if q is None else q)
        elif t == "end":  # the next most frequent (as _apply_action: last_roll kept)
            ev = self._end_actions(state)
        elif t == "peek":  # and the next (as _apply_action: no stethoscope roll kept)
            state.last_roll = -1
            state.used += 1
            at = action["at"]
            q = _POSITIONS.get(at)
            ev = self._reveal(state, parse_pos(at) if q is None else q)
        else:
            ev = self._apply_action(state, seat, action)
        if state.phase == "actions":  # _settle_ties asks nothing in other phases
            for g in state.guards:
                if g["tie"]:  # and nothing unless a guard has a tie
                    return ev + self._settle_ties(state)
        return ev

    def _apply_action(self, state: BurgleState, seat: int, action: Action) -> list[Event]:
        s = state
        t = action["type"]
        if t == "move":  # the most frequent choice first (as below: no stethoscope roll kept)
            s.last_roll = -1
            return self._move(s, seat, parse_pos(action["to"]))
        if t == "character":
            self._take_character(s, seat, action["name"], action["side"])
            key = (seat, action["name"], action["side"])
            taken = _CHARACTER_EVENTS.get(key)
            if taken is None:  # (made once per seat, character and side, then shared)
                taken = _CHARACTER_EVENTS[key] = public_words(
                    "character", words.character, (seat, key[1]), seat=seat, name=key[1],
                    side=key[2])
            ev = [taken]
            if seat + 1 < s.n:
                s.seat = seat + 1
            else:
                s.seat = 0
                s.phase = "entrance"
                ev += self._guard_appear(s, 0)
            return ev
        if t == "entrance":
            return self._choose_entrance(s, parse_pos(action["at"]))
        if t == "choose":
            return self._apply_choice(s, seat, action)
        if t == "end":
            return self._end_actions(s)
        s.last_roll = -1 if t not in ("tool",) else s.last_roll
        pl = s.players[seat]
        if t == "move":
            q = parse_pos(action["to"])
            return self._move(s, seat, q)
        if t == "peek":
            s.used += 1
            return self._reveal(s, parse_pos(action["at"]))
        if t == "hack":
            s.used += 1
            comp = next(k for k, v in data.COMPUTERS.items() if self._active(s, pl["pos"], v))
            s.hacks[comp] += 1
            return [public_words("hack", words.hack, (comp, s.hacks[comp]), computer=comp)]
        if t == "add_die":
            s.used += 2
            f = parse_pos(action["at"]) // CELLS
            s.safe_dice[f] += 1
            return [public_words("safe_die", words.safe_die, (f + 1, s.safe_dice[f]), floor=f + 1)]
        if t == "roll":
            s.used += 1
            safe = parse_pos(action["at"])
            f = safe // CELLS
            n = s.safe_dice[f] + (1 if self._has(s, seat, "peterman", "basic") else 0)
            roll = sorted(s.rng.randint(1, 6) for _ in range(n))
            ev = [public_words("safe_roll", words.safe_roll, (f + 1, roll), roll=roll, floor=f + 1)]
            ev += self._crack(s, safe, roll)
            ev += self._maybe_open(s, seat, safe)
            s.last_roll = safe
            return ev
        if t == "tool":
            return self._use_tool(s, seat, action)
        if t == "ability":
            return self._use_ability(s, seat, action)
        return self._trade(s, seat, action)

    def _move(self, s: BurgleState, seat: int, q: int) -> list[Event]:
        pl = s.players[seat]
        p = pl["pos"]
        free = pl["char"] == "acrobat" and pl["side"] == "basic" and q >= 0 \
            and self._guard_on(s, q)  # _has(s, seat, "acrobat", "basic"), spelt out
        if not free:
            s.used += 1
            if q == s.came_from and s.came_from >= 0:
                s.paced += 2
            s.came_from = p
        if q == ROOF:
            ev = self._leave(s, seat, p)
            pl["pos"] = ROOF
            ev.append(public_words("escape", words.escape, (seat,), seat=seat))
            if all(o["pos"] == ROOF for o in s.players):
                return ev + self._next_turn(s)
            return ev + self._next_turn(s)
        down_walkway = q == p - CELLS and self._active(s, p, "walkway") and \
            not any(p in link for link in s.links)
        if down_walkway and not s.cfg.walkway_down_enters:
            ev = self._leave(s, seat, p)
            return ev + self._place(s, seat, q)
        return self._enter(s, seat, q)

    def _apply_choice(self, s: BurgleState, seat: int, action: Action) -> list[Event]:
        pend = s.pending
        s.pending = None
        s.phase = "actions"
        kind = pend["kind"]
        ev: list[Event] = []
        if kind == "keep_tool":
            keep = action["tool"]
            others = [o["tool"] for o in pend["options"] if o["tool"] != keep]
            s.tool_deck = others + s.tool_deck  # the other goes to the bottom (R13)
            ev += self._gain(s, pend["seat"], keep)
        elif kind == "arrange":
            top = [pend["cards"][i] for i in action["order"]]
            s.event_deck = s.event_deck[:len(s.event_deck) - len(top)] + top[::-1]
            s.event_known = len(top)
            ev.append(public("arrange", "事件牌堆顶已重排", "the top events are put back in a new order"))
        elif kind == "spot":
            where = action["put"]
            if pend["deck"] == "patrol":
                g = s.guards[pend["floor"]]
                card = g["deck"].pop()
                if g["known_top"]:
                    g["known_top"].pop(0)
                if where == "top":
                    g["deck"].append(card)
                    g["known_top"].insert(0, card)
                else:
                    g["deck"].insert(0, card)
                    g["known_bottom"].append(card)
            else:
                card = s.event_deck.pop()
                if where == "top":
                    s.event_deck.append(card)
                    s.event_known = max(1, s.event_known)
                else:
                    s.event_deck.insert(0, card)
                    s.event_known = max(0, s.event_known - 1)
            ev.append(public_words("spot", words.spotter_puts, (where,)))
        elif kind == "buddy":
            ev += self._place(s, action["seat"], s.players[seat]["pos"])
        elif kind == "gut":
            ev += self._enter(s, seat, parse_pos(action["at"]))
        elif kind == "peekhole":
            ev += self._reveal(s, parse_pos(action["at"]))
        elif kind == "kitty":  # the alarm the Persian Kitty runs toward (R51)
            ev += self._kitty_runs(s, pend["seat"], parse_pos(action["at"]))
        elif kind == "squeak":  # the player the guard steps toward (R44)
            ev += self._step_to(s, pend["floor"], parse_pos(action["at"]))
        elif kind == "throw_voice":
            f = s.players[seat]["pos"] // CELLS
            s.guards[f]["dest"] = parse_pos(action["at"])
            s.guards[f]["tie"] = []
        elif kind == "alarm_tie":
            f = pend["floor"]
            s.guards[f]["dest"] = parse_pos(action["at"])
            ev.append(public_words("alarm_tie", words.tie_chosen, (f + 1, action["at"]),
                                   floor=f + 1, at=action["at"]))
            if pend["then"] == "walk":
                return ev + self._resume_walk(s, f, pend["moves"], pend["rest"])
            return ev
        if s.phase == "choice" or s.phase == "over":
            if s.phase == "choice" and pend["then"] == "guard":
                s.pending["then"] = "guard"
            return ev
        if pend["then"] == "guard":
            return ev + self._guard_phase(s)
        return ev

    def _use_tool(self, s: BurgleState, seat: int, action: Action) -> list[Event]:
        pl = s.players[seat]
        tool = action["tool"]
        pl["tools"].remove(tool)
        p = pl["pos"]
        f = p // CELLS
        ev = [public_words("tool", words.tool, (seat, tool), seat=seat, tool=tool)]
        if tool == "blueprints":
            ev += self._reveal(s, parse_pos(action["at"]))
        elif tool == "crowbar":
            s.disabled.append(parse_pos(action["at"]))
        elif tool == "crystal_ball":
            k = min(3, len(s.event_deck))
            cards = s.event_deck[-k:][::-1]  # top first
            opts = [{"order": list(perm)} for perm in itertools.permutations(range(k))]
            self._ask(s, "arrange", opts)
            s.event_known = max(k, s.event_known)
            s.pending["cards"] = cards
            ev.append(public_words("crystal", words.crystal, (cards,), cards=cards))
        elif tool == "donuts":
            s.guards[f]["donut"] = True
        elif tool == "dynamite":
            a, b = (parse_pos(x) % CELLS for x in action["wall"])
            s.walls[f] = frozenset(w for w in s.walls[f] if w != _wall_key(a, b))
            ev += self._alarm(s, p, "dynamite")
        elif tool == "emp":
            floors = {a // CELLS for a in s.alarms}
            s.alarms = []
            s.effects["emp"] = seat
            for fl in sorted(floors):
                if s.guards[fl]["pos"] >= 0:
                    ev += self._new_patrol_dest(s, fl)
        elif tool == "invisible_suit":
            s.max_actions += 1
            s.effects["invisible"] = seat
        elif tool == "makeup_kit":
            for i in self._players_on(s, p):
                s.players[i]["stealth"] += 1
        elif tool == "rollerskates":
            s.max_actions += 2
        elif tool == "smoke_bomb":
            s.smoke[p] = s.smoke.get(p, 0) + 3
        elif tool == "stethoscope":
            safe = s.last_roll
            ev += self._crack(s, safe, [int(action["face"])])
            ev += self._maybe_open(s, seat, safe)
            s.last_roll = -1
        elif tool == "thermal_bomb":
            q = p + CELLS if action["dir"] == "up" else p - CELLS
            s.links.append([min(p, q), max(p, q)])
            ev += self._alarm(s, p, "thermal_bomb")
        elif tool == "virus":
            comp = self._kind(s, parse_pos(action["at"])).split("_")[1]
            s.hacks[comp] = min(data.MAX_HACKS, s.hacks[comp] + 3)
        return ev

    def _use_ability(self, s: BurgleState, seat: int, action: Action) -> list[Event]:
        pl = s.players[seat]
        name = action["name"]
        p = pl["pos"]
        s.once.append(pl["char"])
        ev = [_ability_event(seat, name)]
        if name == "climb":
            s.used += 3
            # the tile is entered normally, its extra costs paid from what is left
            # (Deadbolt +2, Laser +1, Gemstone +1; ruling R42); then her actions end
            ev += self._enter(s, seat, parse_pos(action["to"]))
            s.used = s.max_actions
        elif name == "hack_token":
            s.used += 1
            pl["hack"] = 1
        elif name == "peek":
            ev += self._reveal(s, parse_pos(action["at"]))
        elif name == "alarm":
            ev += self._alarm(s, parse_pos(action["at"]), "juicer")
        elif name == "pickup_alarm":
            s.alarms.remove(p)
            pl["held_alarm"] = True
            ev += self._alarm_removed(s, p // CELLS, p)
        elif name == "drop_alarm":
            pl["held_alarm"] = False
            ev += self._alarm(s, p, "juicer")
        elif name == "crow":
            s.crow = parse_pos(action["at"])
        elif name == "draw_tool":
            pl["stealth"] -= 1
            ev += self._draw_tool(s, seat, two=True)
        elif name == "nudge":
            s.used += 1
            other = int(action["seat"])
            saved_seat = s.seat
            ev += self._enter(s, other, parse_pos(action["to"]), pay=False)
            s.seat = saved_seat
        elif name == "swap":
            s.used += 1
            other = int(action["seat"])
            q = s.players[other]["pos"]
            s.players[other]["pos"] = p
            ev += self._place(s, seat, q)
            if s.phase != "over":
                ev += self._place(s, other, p)
        elif name == "spot":
            s.used += 1
            if pl["side"] == "basic":
                f = p // CELLS
                g = s.guards[f]
                if not g["deck"]:
                    ev += self._reshuffle(s, f)
                card = g["deck"][-1]
                if not g["known_top"]:
                    g["known_top"] = [card]
                self._ask(s, "spot", [{"put": "top"}, {"put": "bottom"}])
                s.pending.update(deck="patrol", floor=f)
                ev.append(public_words("spot", words.patrol_top, (cell_name(card),),
                                       card=cell_name(card)))
            else:
                card = s.event_deck[-1]
                s.event_known = max(1, s.event_known)
                self._ask(s, "spot", [{"put": "top"}, {"put": "bottom"}])
                s.pending.update(deck="event")
                ev.append(public_words("spot", words.event_top, (card,), card=card))
        return ev

    def _trade(self, s: BurgleState, seat: int, action: Action) -> list[Event]:
        t, item = action["type"], action["item"]
        pl = s.players[seat]
        p = pl["pos"]
        key = "tools" if item in data.TOOLS else "loot"
        giver = {"drop": seat, "give": seat, "pickup": f"tile{p}"}.get(t, action.get("from"))
        s.left.append(f"{item}@{giver}")
        if t == "drop":
            pl[key].remove(item)
            s.items.setdefault(p, []).append(item)
        elif t == "pickup":
            s.items[p].remove(item)
            if not s.items[p]:
                del s.items[p]
            pl[key].append(item)
        elif t == "give":
            pl[key].remove(item)
            s.players[int(action["to"])][key].append(item)
        else:
            s.players[int(action["from"])][key].remove(item)
            pl[key].append(item)
        return [public_words("trade", words.trade, (seat, t, item), seat=seat, item=item)]

    # ================================================================ views and results

    def _cell_view(self, s: BurgleState, p: int, downs: set[int] | None = None,
                   ups: set[int] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"at": pname(p), "revealed": s.revealed[p]}
        if s.revealed[p]:
            out["tile"] = self._kind(s, p)
            out["number"] = data.number_of(s.tiles[p])
        if p in s.alarms:
            out["alarm"] = True
        if p in s.cracked:
            out["cracked"] = True
        if p in s.keypads_open:
            out["open"] = True
        if p in s.disabled:
            out["disabled"] = True
        if s.lavatory.get(p):
            out["lavatory"] = s.lavatory[p]
        if s.smoke.get(p):
            out["smoke"] = s.smoke[p]
        if s.items.get(p):
            out["items"] = sorted(s.items[p])
        if p in s.labs_taken:
            out["lab_taken"] = True
        if p in (downs if downs is not None else {hi for _lo, hi in s.links}):
            out["down"] = True
        if p in (ups if ups is not None else {lo for lo, _hi in s.links}):
            out["up"] = True
        return out

    def _guard_speed(self, s: BurgleState, f: int) -> tuple[int, int]:
        """The view's ``speed`` of floor ``f``'s guard (his die + the floor's alarms, and
        this turn's Espresso or Daydreaming on the current player's floor: the move
        ``_guard_turn`` would make now) and ``moves``, the steps his next move takes: the
        steps left of a walk the team's choice interrupted, none under Donuts or the
        advanced Raven's crow (no alarm on), else his speed (ruling R53)."""
        g = s.guards[f]
        alarms = len(self._floor_alarms(s, f))
        here = s.players[s.seat]["pos"] if s.phase in ("actions", "choice") else -1
        mod = s.guard_mod if here >= 0 and here // CELLS == f else 0
        speed = max(0, g["die"] + alarms + mod)
        pend = s.pending
        if pend and pend.get("then") == "walk" and pend.get("floor") == f:
            return speed, pend["moves"]
        if g["donut"] or (s.crow == g["pos"] and not alarms
                          and self._anyone(s, "raven", "advanced") is not None):
            return speed, 0
        return speed, speed

    def view(self, state: BurgleState, seat: int | None) -> dict[str, Any]:
        s = state
        floors = []
        downs, ups = {hi for _lo, hi in s.links}, {lo for lo, _hi in s.links}
        # Cells with anything beyond their name and face: only these need _cell_view's
        # checks; every other cell's view is its name, face and tile (the same dict).
        marked = downs | ups | set(s.alarms) | set(s.cracked) | set(s.keypads_open) \
            | set(s.disabled) | set(s.labs_taken) | s.lavatory.keys() | s.smoke.keys() \
            | s.items.keys()
        revealed, tiles = s.revealed, s.tiles
        for f in range(s.floors):
            g = s.guards[f]
            base = f * CELLS
            speed, moves = self._guard_speed(s, f) if g["pos"] >= 0 else (0, 0)
            cells: list[dict[str, Any]] = []
            safe = None
            for q in range(base, base + CELLS):
                face_up = revealed[q]
                if face_up:
                    kind, number = _FACE[tiles[q]]
                    if safe is None and kind == "safe":
                        safe = q
                    if q in marked:
                        cells.append(self._cell_view(s, q, downs, ups))
                    else:
                        cells.append({"at": _NAMES[q], "revealed": face_up, "tile": kind,
                                      "number": number})
                elif q in marked:
                    cells.append(self._cell_view(s, q, downs, ups))
                else:
                    cells.append({"at": _NAMES[q], "revealed": face_up})
            floors.append({
                "cells": cells,
                "walls": [list(w) for w in _wall_names(s.walls[f])],
                "guard": None if g["pos"] < 0 else {
                    "at": pname(g["pos"]), "dest": pname(g["dest"]) if g["dest"] >= 0 else None,
                    "die": g["die"], "speed": speed, "moves": moves, "donut": g["donut"],
                    # his walk to the destination (public: his tile, the face-up patrol
                    # card or alarm he heads for and the walls decide it), for the board
                    "route": [_NAMES[base + c] for c in path_indices(
                        s.walls[f], g["pos"] - base, g["dest"] - base)] if g["dest"] >= 0 else []},
                "patrol": {"left": len(g["deck"]), "removed": len(g["removed"]),
                           "discard": [_CELL_NAMES[c] for c in g["discard"]],
                           "known_top": [_CELL_NAMES[c] for c in g["known_top"]],
                           "known_bottom": [_CELL_NAMES[c] for c in g["known_bottom"]]},
                "safe": {"at": pname(safe) if safe is not None else None,
                         "dice": s.safe_dice[f], "open": s.safe_open[f],
                         "combination": [{"at": pname(q), "number":
                                          data.number_of(s.tiles[q]) if s.revealed[q] else None,
                                          "cracked": q in s.cracked}
                                         for q in (self._combination(s, safe) if safe is not None else [])]},
            })
        pending = None
        if s.pending:
            # a copy all the way down (rare: only at a choice): a reader changing its
            # view must not reach the state's options
            pending = copy.deepcopy({k: v for k, v in s.pending.items() if k != "then"})
        known = s.event_deck[len(s.event_deck) - s.event_known:][::-1] if s.event_known else []
        return {
            "game": "burgle", "seat": seat, "phase": s.phase, "turn": s.turn, "current": s.seat,
            "used": s.used, "max_actions": s.max_actions, "floors": floors,
            "players": [{"at": pname(pl["pos"]) if pl["pos"] != OUTSIDE else None,
                         "character": pl["char"], "side": pl["side"], "stealth": pl["stealth"],
                         "tools": sorted(pl["tools"]), "loot": sorted(pl["loot"]),
                         "hack": pl["hack"], "held_alarm": pl["held_alarm"],
                         "escaped": pl["pos"] == ROOF} for pl in s.players],
            "offers": [list(o) for o in s.offers] if s.phase == "character" else [],
            "entrance": pname(s.entrance) if s.entrance >= 0 else None,
            "hacks": dict(s.hacks), "crow": pname(s.crow) if s.crow >= 0 else None,
            "effects": sorted(s.effects), "pending": pending,
            "events": {"left": len(s.event_deck), "known_top": known,
                       "discard": list(s.event_discard)},
            "tools_left": len(s.tool_deck), "loot_left": len(s.loot_deck),
            "all_open": all(s.safe_open), "won": s.won,
            "reason": dict(s.reason) or None,
            "log": self.visible_log(s, seat)[-40:],
        }

    def result(self, state: BurgleState) -> Result:
        if not self.is_over(state):
            raise ValueError("the game is not over")
        s = state
        n = s.n
        # Built unvalidated: fresh lists of floats and ints, a fresh zh/en dict of strings
        # and a fresh JSON summary are what validating would make of them (tested equal).
        return trusted_result(scores=[1.0 if s.won else 0.0] * n,
                              winners=list(range(n)) if s.won else [],
                              reason=dict(s.reason), summary=self._summary(s))

    def _summary(self, s: BurgleState) -> dict[str, Any]:
        return {"won": bool(s.won), "turns": s.turn, "alarms": s.stats["alarms"],
                "safes_opened": s.stats["safes"], "events": s.stats["events"],
                "loss": s.stats["loss"], "stealth_lost": s.stats["stealth_lost"],
                "characters": [f"{p['char']}/{p['side']}" for p in s.players],
                "escaped": sum(p["pos"] == ROOF for p in s.players)}

    def facts(self, state: BurgleState) -> dict[str, Any]:
        s = state
        return {
            "phase": s.phase, "turn": s.turn, "seat": s.seat, "used": s.used,
            "max_actions": s.max_actions,
            "positions": [pname(p["pos"]) if p["pos"] != OUTSIDE else None for p in s.players],
            "stealth": [p["stealth"] for p in s.players],
            "tools": [sorted(p["tools"]) for p in s.players],
            "loot": [sorted(p["loot"]) for p in s.players],
            "characters": [[p["char"], p["side"]] for p in s.players],
            "guards": [pname(g["pos"]) if g["pos"] >= 0 else None for g in s.guards],
            "dests": [pname(g["dest"]) if g["dest"] >= 0 else None for g in s.guards],
            "guard_die": [g["die"] for g in s.guards],
            "alarms": [pname(a) for a in s.alarms],
            "revealed": [pname(p) for p in range(s.floors * CELLS) if s.revealed[p]],
            "tiles": [[s.tiles[f * CELLS + c] for c in range(CELLS)] for f in range(s.floors)],
            "safe_dice": list(s.safe_dice), "safe_open": list(s.safe_open),
            "cracked": [pname(p) for p in s.cracked], "hacks": dict(s.hacks),
            "keypads_open": [pname(p) for p in s.keypads_open],
            "disabled": [pname(p) for p in s.disabled],
            "links": [[pname(a), pname(b)] for a, b in s.links],
            "items": {pname(p): sorted(v) for p, v in sorted(s.items.items())},
            "lavatory": {pname(p): v for p, v in sorted(s.lavatory.items())},
            "smoke": {pname(p): v for p, v in sorted(s.smoke.items())},
            "effects": dict(sorted(s.effects.items())),
            "walls": [sorted([cell_name(a), cell_name(b)] for a, b in w) for w in s.walls],
            "pending": None if not s.pending else s.pending["kind"],
            "crow": pname(s.crow) if s.crow >= 0 else None,
            "labs_taken": [pname(p) for p in s.labs_taken],
            "keypad_tries": {pname(p): v for p, v in sorted(s.keypad_tries.items())},
            "held_alarm": [p["held_alarm"] for p in s.players],
            "hack_token": [p["hack"] for p in s.players],
            "patrol": [{"left": len(g["deck"]), "removed": len(g["removed"]),
                        "discard": [_CELL_NAMES[c] for c in g["discard"]],
                        "deck": [_CELL_NAMES[c] for c in reversed(g["deck"])]}
                       for g in s.guards],
            "event_top": s.event_deck[-1] if s.event_deck else None,
            "events_left": len(s.event_deck), "event_discard": list(s.event_discard),
            "last_roll": self._last_roll(s),
            "won": s.won, "summary": self._summary(s),
        }

    def _last_roll(self, s: BurgleState) -> list[int] | None:
        """The dice of the latest roll (safe, keypad, Chihuahua, Persian Kitty): scenarios
        pin the random rules with it."""
        for e in reversed(s.log):
            if "roll" in e.data:
                r = e.data["roll"]
                return list(r) if isinstance(r, list) else [r]
        return None

    # ================================================================ describing

    def describe_action(self, state: BurgleState, seat: int, action: Action,
                        lang: str = "en") -> str:
        zh = lang == "zh"
        t = action.get("type")
        if t == "character":
            c = data.CHARACTERS[action["name"]]
            side = {"basic": ("基础面", "basic side"), "advanced": ("进阶面", "advanced side")}[action["side"]]
            return f"{c[0]}（{side[0]}）" if zh else f"{c[1]} ({side[1]})"
        if t == "entrance":
            return f"入口设在 {action['at']}" if zh else f"enter at {action['at']}"
        if t == "move":
            return (f"移动到 {action['to']}" if zh else f"move to {action['to']}") \
                if action["to"] != "roof" else ("上楼顶逃走" if zh else "escape to the roof")
        if t == "peek":
            return f"窥视 {action['at']}" if zh else f"peek at {action['at']}"
        if t == "hack":
            return "破解（加破解指示物）" if zh else "hack (add a hack token)"
        if t == "add_die":
            return f"给 {action['at']} 的金库加骰（2 行动）" if zh else f"add a die to the safe on {action['at']} (2 actions)"
        if t == "roll":
            return f"掷 {action['at']} 的金库骰" if zh else f"roll the safe dice on {action['at']}"
        if t == "end":
            return "结束行动" if zh else "end actions"
        if t == "tool":
            name = _item_name(action["tool"], lang)
            extra = action.get("at") or action.get("face") or action.get("dir") or (
                "-".join(action["wall"]) if "wall" in action else "")
            if action.get("dir"):
                extra = {"up": ("向上", "up"), "down": ("向下", "down")}[action["dir"]][0 if zh else 1]
            return (f"使用{name}" if zh else f"use the {name}") + (f" {extra}" if extra else "")
        if t in ("drop", "pickup", "give", "take"):
            name = _item_name(action["item"], lang)
            if t == "drop":
                return f"放下{name}" if zh else f"drop the {name}"
            if t == "pickup":
                return f"捡起{name}" if zh else f"pick up the {name}"
            if t == "give":
                return f"把{name}给{seat_ref(action['to'])}" if zh else f"give the {name} to {seat_ref(action['to'])}"
            return f"从{seat_ref(action['from'])} 拿{name}" if zh else f"take the {name} from {seat_ref(action['from'])}"
        if t == "ability":
            return self._describe_ability(action, zh)
        if t == "choose":
            return self._describe_choice(state, action, zh)
        return str(t)

    def _describe_ability(self, a: Action, zh: bool) -> str:
        n = a["name"]
        labels = {"climb": ("爬到", "climb to"), "hack_token": ("拿个人破解指示物", "take a hack token"),
                  "peek": ("用能力窥视", "ability peek at"), "alarm": ("触发警报于", "trigger an alarm on"),
                  "pickup_alarm": ("拾起警报", "pick up the alarm"),
                  "drop_alarm": ("放下警报", "drop the alarm"), "crow": ("放乌鸦到", "put the crow on"),
                  "draw_tool": ("弃 1 躲藏抽工具", "discard a stealth to draw a tool"),
                  "nudge": ("移动队友", "move a partner"), "swap": ("与队友换位", "swap places with"),
                  "spot": ("侦察牌堆顶", "spot the top card")}
        base = labels[n][0 if zh else 1]
        if "seat" in a:
            base += f" {seat_ref(a['seat'])}"
        where = a.get("to") or a.get("at")
        return base + (f" {where}" if where else "")

    def _describe_choice(self, s: BurgleState, a: Action, zh: bool) -> str:
        if "tool" in a:
            return f"留下{_item_name(a['tool'], 'zh')}" if zh else f"keep the {_item_name(a['tool'], 'en')}"
        if "order" in a:
            cards = (s.pending or {}).get("cards", [])
            names = [data.EVENTS[cards[i]][0 if zh else 1] for i in a["order"] if i < len(cards)]
            return ("顺序：" if zh else "order: ") + " > ".join(names)
        if "put" in a:
            return {"top": ("放回牌堆顶", "put it on top"), "bottom": ("放到牌堆底", "put it at the bottom")}[a["put"]][0 if zh else 1]
        if "seat" in a:
            return f"把 {seat_ref(a['seat'])} 移过来" if zh else f"bring {seat_ref(a['seat'])} here"
        if (s.pending or {}).get("kind") == "alarm_tie":
            return f"守卫先去 {a['at']} 的警报" if zh else f"the guard goes to the alarm on {a['at']} first"
        if (s.pending or {}).get("kind") == "squeak":
            return f"守卫朝 {a['at']} 走一步" if zh else f"the guard steps toward {a['at']}"
        if (s.pending or {}).get("kind") == "kitty":
            return (f"波斯猫朝 {a['at']} 的警报跑" if zh
                    else f"the Persian Kitty runs toward the alarm on {a['at']}")
        return f"选择 {a['at']}" if zh else f"choose {a['at']}"

    # ================================================================ search support

    def determinize(self, state: BurgleState, seat: int, rng: random.Random) -> BurgleState:
        s = state.copy(rng=random.Random(rng.getrandbits(64)))
        # Face-down tiles: safe and stairs stay on their floor (one each), the rest anywhere.
        # One pass in reading order: per floor its face-down cells (ascending), the safe
        # and stairs among them, and the pool of the others.
        tiles, revealed = s.tiles, s.revealed
        hidden_on: list[list[int]] = [[] for _ in range(s.floors)]
        special: dict[int, list[str]] = {}
        pool: list[str] = []
        for p in range(s.floors * CELLS):
            if revealed[p]:
                continue
            tile = tiles[p]
            hidden_on[p // CELLS].append(p)
            if _KIND[tile] in ("safe", "stairs"):
                special.setdefault(p // CELLS, []).append(tile)
            else:
                pool.append(tile)
        _shuffle(rng, pool)
        for f in range(s.floors):
            cells = hidden_on[f]
            _shuffle(rng, cells)
            for tile in special.get(f, []):
                s.tiles[cells.pop()] = tile
            for p in cells:
                s.tiles[p] = pool.pop()
        for g in s.guards:
            top, bottom = len(g["known_top"]), len(g["known_bottom"])
            mid = g["deck"][bottom:len(g["deck"]) - top]
            mixed = mid + g["removed"]
            _shuffle(rng, mixed)
            g["deck"][bottom:len(g["deck"]) - top] = mixed[:len(mid)]
            g["removed"] = mixed[len(mid):]
        k = s.event_known
        mid = s.event_deck[:len(s.event_deck) - k]
        _shuffle(rng, mid)
        s.event_deck[:len(s.event_deck) - k] = mid
        _shuffle(rng, s.tool_deck)
        _shuffle(rng, s.loot_deck)
        return s


# The event cards' rules (BurgleGame._resolve_event), by card: tested card by card against
# the chain of comparisons they replaced (tests/burgle/test_fast_turns.py).
_EVENT_RULES: dict[str, Any] = {
    "brown_out": BurgleGame._ev_brown_out, "buddy_system": BurgleGame._ev_buddy_system,
    "change_of_plans": BurgleGame._ev_change_of_plans, "crash": BurgleGame._ev_crash,
    "daydreaming": BurgleGame._ev_daydreaming, "espresso": BurgleGame._ev_espresso,
    "dead_drop": BurgleGame._ev_dead_drop, "freight_elevator": BurgleGame._ev_freight_elevator,
    "go_with_your_gut": BurgleGame._ev_go_with_your_gut,
    "gymnastics": BurgleGame._ev_effect, "time_lock": BurgleGame._ev_effect,
    "video_loop": BurgleGame._ev_effect,
    "heads_up": BurgleGame._ev_next_seat, "jump_the_gun": BurgleGame._ev_next_seat,
    "jury_rig": BurgleGame._ev_jury_rig, "keycode_change": BurgleGame._ev_keycode_change,
    "lampshade": BurgleGame._ev_lampshade, "lost_grip": BurgleGame._ev_lost_grip,
    "peekhole": BurgleGame._ev_peekhole, "reboot": BurgleGame._ev_reboot,
    "shift_change": BurgleGame._ev_shift_change, "shoplifting": BurgleGame._ev_shoplifting,
    "squeak": BurgleGame._ev_squeak, "switch_signs": BurgleGame._ev_switch_signs,
    "throw_voice": BurgleGame._ev_throw_voice, "where_is_he": BurgleGame._ev_where_is_he,
}
