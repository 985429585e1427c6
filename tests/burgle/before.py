"""burgle's rules as they were before the fast paths of issue 9's last round (commit
6802c51), copied unchanged, for the tests that compare the fast paths with them
(``test_fast_turns.py``; ``test_spelt_out_calls.py`` builds on it).

``Before`` is the game with every method changed since as it was: ``legal_actions`` and
what it called (a call per part of the list: ``_turn_actions``, ``_plain_steps``,
``_ability_actions`` with its chain of comparisons; the floor's moves and peeks from an
``lru_cache`` per (layout, floor), the open neighbours from :func:`open_cells`, the move and
peek targets of the general case), the guard's walk (a path asked of ``path_indices`` per
step, the nearest alarms by ``_dist``, the patrol drawn by ``_draw_patrol``, the guard phase
through ``_walk_floors``), sight and entering (``_lose_stealth``, ``_leave``, ``_enter``,
``_safe_here``, ``_reveal``), ``to_move``, ``_apply``, ``_combination``, ``result`` (a
validated ``Result``), ``_event`` and ``_resolve_event`` (a chain of comparisons),
``_start_turn``, ``_next_turn``, ``_within_two``; and the guard's path (``path_before``: path.py's
``path_uncached`` with its recursive walk).

Issue 22 changed rules these copies hold (R39 a guard's tile stops only the alarm, R41 the
next player still playing, R43 the Laser with the Hacker's help, R44 Squeak! ties, R47
Motion counts the current player's own entries, R48 the Invisible Suit and cameras): each
copy has the same change, marked "issue 22", so the tests still compare the fast paths
with the plain code under one set of rules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from boardlab.engine.protocol import Action, Event, Result, public, public_words, text
from boardlab.games.burgle import data, texts, words
from boardlab.games.burgle.path import (
    NEIGHBOURS4,
    cell_name,
    neighbours,
    open_cells,
    open_cells_sorted,
    path_indices,
)
from boardlab.games.burgle.rules import (
    _ABILITY_SIDES,
    _CARD_EVENTS,
    _CLEAR_EVENTS,
    _COMPUTER_OF,
    _KIND,
    _NAMES,
    _NO_SEATS,
    _PATROL_EVENTS,
    _POSITIONS,
    _STEP_KINDS,
    _TURN_EVENTS,
    ABILITY,
    ABILITY_AT,
    ADD_DIE,
    CELLS,
    CHARACTER,
    CLIMB,
    END,
    ENTRANCE,
    HACK,
    MOVE,
    NUDGE,
    PEEK,
    ROLL,
    ROOF,
    SWAP,
    BurgleGame,
    _other_ducts,
    _reveal_event,
    _shuffle,
    _spotted_event,
    parse_pos,
    pname,
)
from boardlab.games.burgle.state import OUTSIDE, BurgleState


@lru_cache(maxsize=1024)
def _floor_steps_before(walls: frozenset[tuple[int, int]], f: int) -> tuple[tuple, ...]:
    """Per cell of floor ``f`` with this wall layout: the MOVE actions to its open
    neighbours (in :func:`neighbours` order), the positions behind its walls, and the
    (position, PEEK action) pairs of its open neighbours in ascending order. Kept per
    layout and floor, like the paths (a layout never changes)."""
    base = f * CELLS
    rows = open_cells(walls)
    return tuple(
        (tuple(MOVE[base + n] for n in rows[c]),
         tuple(base + n for n in NEIGHBOURS4[c] if n not in rows[c]),
         tuple((base + n, PEEK[base + n]) for n in sorted(rows[c])))
        for c in range(CELLS))


# ---- the guard's path as it was worked out (path.py at 6802c51)


def _distances_before(walls: frozenset[tuple[int, int]], goal: int, size: int) -> list[int]:
    dist = [-1] * (size * size)
    dist[goal] = 0
    todo = deque([goal])
    while todo:
        c = todo.popleft()
        for n in neighbours(c, size):
            if dist[n] < 0 and (min(c, n), max(c, n)) not in walls:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def _all_shortest_before(walls: frozenset[tuple[int, int]], start: int, goal: int,
                  size: int, dist: Sequence[int] | None = None) -> list[list[int]]:
    if dist is None:
        dist = _distances_before(walls, goal, size)
    if dist[start] < 0:
        raise ValueError(f"{cell_name(goal, size)} cannot be reached from {cell_name(start, size)}")
    paths: list[list[int]] = []

    def walk(c: int, acc: list[int]) -> None:
        if c == goal:
            paths.append(acc)
            return
        for n in neighbours(c, size):
            if dist[n] == dist[c] - 1 and (min(c, n), max(c, n)) not in walls:
                walk(n, [*acc, n])

    walk(start, [start])
    return paths


def _signed_area_before(loop: list[int], size: int) -> int:
    """Twice the shoelace area of a closed loop of cell centres; > 0 is clockwise on the
    table (y grows downwards)."""
    total = 0
    for i, a in enumerate(loop):
        b = loop[(i + 1) % len(loop)]
        total += (a % size) * (b // size) - (b % size) * (a // size)
    return total


def more_clockwise_before(p: list[int], q: list[int], size: int = 4) -> bool:
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
    return _signed_area_before(loop, size) > 0


def path_before(walls: frozenset[tuple[int, int]], start: int, goal: int,
                  size: int = 4, dist: Sequence[int] | None = None) -> tuple[int, ...]:
    """The guard's path worked out from scratch (the definition the caches must equal);
    ``dist``: the distances to ``goal`` if known (:func:`_distances`)."""
    if start == goal:
        return ()
    paths = _all_shortest_before(walls, start, goal, size, dist)
    best = paths[0]
    for other in paths[1:]:
        if more_clockwise_before(other, best, size):
            best = other
    return tuple(best[1:])


class Before(BurgleGame):
    """``legal_actions`` and what it called, as before the floor tables (copied unchanged)."""

    def _open_neighbours(self, s: BurgleState, p: int) -> list[int]:
        f, c = divmod(p, CELLS)
        base = f * CELLS
        return [base + n for n in open_cells(s.walls[f])[c]]

    def legal_actions(self, state: BurgleState, seat: int) -> list[Action]:
        s = state
        phase = s.phase
        if phase == "actions":  # the usual decision: the current seat's turn
            return self._turn_actions(s, seat) if seat == s.seat else []
        # who must choose, as in to_move (without building its list)
        if phase == "over" or seat != (s.pending["seat"] if phase == "choice" and s.pending
                                       else s.seat):
            return []
        if s.phase == "character":
            sides = ["basic", "advanced"] if s.cfg.sides == "choose" else [s.cfg.sides]
            return [CHARACTER.get((c, side)) or {"type": "character", "name": c, "side": side}
                    for c in s.offers[seat] for side in sides]
        if s.phase == "entrance":
            return [ENTRANCE[q] for q in range(CELLS) if q != s.guards[0]["pos"]]
        if s.phase == "choice":
            return [{"type": "choose", **o} for o in s.pending["options"]]
        return self._turn_actions(s, seat)

    def _turn_actions(self, s: BurgleState, seat: int) -> list[Action]:
        pl = s.players[seat]
        p = pl["pos"]
        loot, tools = pl["loot"], pl["tools"]
        left = s.max_actions - s.used
        acts: list[Action] | None = None
        if left >= 1:
            # the kind of an active (revealed, not crowbarred) tile here, else None
            here = _KIND[s.tiles[p]] if s.revealed[p] and p not in s.disabled else None
            if here not in _STEP_KINDS and p >= 0 and ("gemstone" not in loot or left >= 2):
                acts = self._plain_steps(s, p, loot)
            if acts is None:  # the general case: links, stairs, walkways, ducts, ...
                if "gemstone" in loot and left < 2:
                    acts = [MOVE[q] for q in self._move_targets(s, seat)
                            if q == ROOF or not self._players_on(s, q)]
                else:
                    acts = [MOVE[q] for q in self._move_targets(s, seat)]
                acts += [PEEK[q] for q in self._peek_targets(s, p)]
            if here in _COMPUTER_OF:
                comp = _COMPUTER_OF[here]
                if s.hacks[comp] < data.MAX_HACKS:
                    acts.append(HACK)
            # _safe_here lists nothing unless this is a safe or the advanced Peterman asks
            if (here == "safe" or pl["char"] == "peterman") and (safes := self._safe_here(s, seat)):
                keycard = [i for i, o in enumerate(s.players) if "keycard" in o["loot"]]
                for safe in safes:
                    if left >= 2 and s.safe_dice[safe // CELLS] < data.MAX_SAFE_DICE:
                        acts.append(ADD_DIE[safe])
                    if s.safe_dice[safe // CELLS] > 0 and all(
                            s.players[k]["pos"] == safe for k in keycard):
                        acts.append(ROLL[safe])
        else:
            acts = []
            if pl["char"] == "acrobat" and pl["side"] == "basic":
                for q in self._move_targets(s, seat):
                    if q >= 0 and self._guard_on(s, q):
                        acts.append(MOVE[q])
        if (pl["char"], pl["side"]) in _ABILITY_SIDES:
            acts += self._ability_actions(s, seat, left)
        if tools and "bust" not in loot:
            acts += self._tool_actions(s, seat)
        # _trade_actions lists nothing when nothing is held or lying here and nobody else
        # stands here (most decisions): asked only otherwise
        trade = tools or loot or p in s.items
        if not trade:
            for o in s.players:
                if o["pos"] == p and o is not pl:
                    trade = True
                    break
        if trade:
            acts += self._trade_actions(s, seat)
        acts.append(END)
        return acts

    def _plain_steps(self, s: BurgleState, p: int, loot: list[str]) -> list[Action] | None:
        """The MOVE then PEEK choices from ``p`` when only this floor's walls decide them
        (the caller saw no stairs, atrium, walkway or duct here): equal to the general
        lists of :meth:`_move_targets` and :meth:`_peek_targets`, read from the floor's
        table (:func:`_floor_steps`). ``None`` when something else counts: a stair link
        at ``p`` or a secret door behind one of its walls."""
        for lo, hi in s.links:
            if p in (lo, hi):
                return None
        f = p // CELLS
        moves, walled, peeks = _floor_steps_before(s.walls[f], f)[p - f * CELLS]
        revealed = s.revealed
        if walled and "painting" not in loot:
            tiles, disabled = s.tiles, s.disabled
            for q in walled:
                if revealed[q] and _KIND[tiles[q]] == "secret_door" and q not in disabled:
                    return None  # a way through the wall, in the neighbours' order
        acts = list(moves)
        for q, peek in peeks:
            if not revealed[q]:
                acts.append(peek)
        return acts

    def _ability_actions(self, s: BurgleState, seat: int, left: int) -> list[Action]:
        pl = s.players[seat]
        p, ch, side = pl["pos"], pl["char"], pl["side"]
        f = p // CELLS
        out: list[Action] = []
        once = ch in s.once
        if ch == "acrobat" and side == "advanced" and left >= 3 and p % CELLS not in (5, 6, 9, 10):
            for q in (p - CELLS, p + CELLS):
                if 0 <= q < s.floors * CELLS:
                    out.append(CLIMB[q])
        elif ch == "hacker" and side == "advanced" and left >= 1 and not pl["hack"]:
            out.append(ABILITY["hack_token"])
        elif ch == "hawk" and not once:
            if side == "basic":  # through a wall: adjacent on his floor, not open
                open_here = self._open_neighbours(s, p)
                targets = [q for q in self._all_adjacent(s, p)
                           if q // CELLS == f and q not in open_here]
            else:
                targets = self._within_two(s, p, through_revealed=True)
            out += [ABILITY_AT["peek", q] for q in targets if not s.revealed[q]]
        elif ch == "juicer" and side == "basic":
            out += [ABILITY_AT["alarm", q] for q in self._open_neighbours(s, p)
                    if q not in s.alarms and not self._guard_on(s, q)]
        elif ch == "juicer" and side == "advanced" and not once:
            if pl["held_alarm"] and p not in s.alarms and not self._guard_on(s, p):
                out.append(ABILITY["drop_alarm"])
            elif not pl["held_alarm"] and p in s.alarms:
                out.append(ABILITY["pickup_alarm"])
        elif ch == "raven" and not once:
            if side == "basic":
                out += [ABILITY_AT["crow", q]
                        for q in [p, *self._within_two(s, p, through_revealed=False)]
                        if q != s.crow]
            elif s.crow != p:
                out.append(ABILITY_AT["crow", p])
        elif ch == "rigger" and side == "advanced" and not once and pl["stealth"] > 0 \
                and len(s.tool_deck) >= 2:
            out.append(ABILITY["draw_tool"])
        elif ch == "rook" and side == "basic" and not once and left >= 1:
            for i, o in enumerate(s.players):
                if i != seat and o["pos"] >= 0:
                    for q in self._open_neighbours(s, o["pos"]):
                        if not (self._active(s, q, "keypad") and q not in s.keypads_open) \
                                and s.revealed[q]:
                            out.append(NUDGE[i, q])
        elif ch == "rook" and side == "advanced" and s.used == 0 and left >= 1:
            out += [SWAP[i] for i, o in enumerate(s.players)
                    if i != seat and o["pos"] >= 0 and o["pos"] != p]
        elif ch == "spotter" and not once and left >= 1 and (
                (side == "basic" and s.guards[f]["pos"] >= 0)
                or (side == "advanced" and s.event_deck)):
            out.append(ABILITY["spot"])
        return out

    def _nearest_alarms(self, s: BurgleState, f: int) -> list[int]:
        """The alarms of floor ``f`` nearest to its guard, in reading order."""
        alarms = self._floor_alarms(s, f)
        g = s.guards[f]
        if not alarms or g["pos"] < 0:
            return []
        best = min(self._dist(s, g["pos"], a) for a in alarms)
        return [a for a in alarms if self._dist(s, g["pos"], a) == best]

    def _guard_turn(self, s: BurgleState, f: int) -> list[Event]:
        g = s.guards[f]
        if g["pos"] < 0:
            return []
        moves = g["die"] + (len(self._floor_alarms(s, f)) if s.alarms else 0) + s.guard_mod
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

    def _step_guard(self, s: BurgleState, f: int, moves: int,
                    walk: list[list[str]] | None = None) -> list[Event]:
        """Walk ``moves`` steps; ``walk`` collects [from, to, destination] per step."""
        g = s.guards[f]
        ev: list[Event] = []
        # the basic Raven's crow costs the guard a step; no crow on the board, none asked for
        raven = self._anyone(s, "raven", "basic") if s.crow >= 0 else None
        # The floor's layout cannot change during a walk (only Dynamite, a player's action,
        # makes a new one); positions on the board are spelt from the table (_NAMES).
        walls, base, names = s.walls[f], f * CELLS, _NAMES
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
            nxt = base + path_indices(walls, pos - base, dest - base)[0]
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

    def _move_targets(self, s: BurgleState, seat: int) -> list[int]:
        pl = s.players[seat]
        p = pl["pos"]
        if p < 0:
            return []
        f, c = divmod(p, CELLS)
        base = f * CELLS
        out: list[int] = []
        painting = "painting" in pl["loot"]
        walls = s.walls[f]
        for n in NEIGHBOURS4[c]:
            q = base + n
            if ((c, n) if c < n else (n, c)) not in walls:
                out.append(q)
            elif not painting and self._active(s, q, "secret_door"):
                out.append(q)  # through the wall, one way
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
        extra = [hi if p == lo else lo for lo, hi in s.links if p in (lo, hi)]
        if revealed[p] and p not in s.disabled:
            kind = _KIND[s.tiles[p]]
            if kind == "stairs" and f + 1 < s.floors:
                extra.append(p + CELLS)
            elif kind == "atrium":
                extra += [q for q in (p - CELLS, p + CELLS) if 0 <= q < s.floors * CELLS]
        if not extra:  # only this floor's unwalled neighbours: distinct, kept in ascending order
            return [base + n for n in open_cells_sorted(s.walls[f])[c] if not revealed[base + n]]
        out = [base + n for n in open_cells(s.walls[f])[c]] + extra
        return sorted({q for q in out if not revealed[q]})

    def _new_patrol_dest(self, s: BurgleState, f: int) -> list[Event]:
        g = s.guards[f]
        ev: list[Event] = []
        while True:
            card, more = self._draw_patrol(s, f)
            ev += more
            if card != g["pos"]:
                break  # a card naming his own tile is reached at once (R7)
        g["dest"] = card
        g["tie"] = []
        ev.append(_PATROL_EVENTS[card])  # a tile of the board (f + 1, _NAMES[card])
        return ev

    def _guard_phase(self, s: BurgleState) -> list[Event]:
        seat = s.seat
        pl = s.players[seat]
        ev: list[Event] = []
        s.effects.pop("invisible", None)
        if pl["pos"] >= 0:  # no guard moves on the turn of an escape
            f = pl["pos"] // CELLS
            if pl["char"] == "acrobat" and pl["side"] == "basic" \
                    and s.guards[f]["pos"] == pl["pos"]:  # _has and _guard_on, spelt out
                ev += self._lose_stealth(s, seat, "guard", f)
            if s.effects.pop("shift_change", None) is not None:
                order = [other for other in range(s.floors) if other != f]
            else:
                order = [f]
            ev += self._walk_floors(s, order)
        if s.phase in ("over", "choice"):
            return ev
        return ev + self._next_turn(s)

    def _lose_stealth(self, s: BurgleState, seat: int, why: str, guard_floor: int) -> list[Event]:
        """``why``: what saw the player (a key of ``texts.CAUGHT_BY``); ``guard_floor``: the
        floor (0-based) of the guard that did."""
        pl = s.players[seat]
        p = pl["pos"]
        if s.phase == "over" or p < 0:
            return []
        if s.effects.get("invisible") == seat:
            return []  # the Invisible Suit, during its wearer's actions
        for pool, cover in ((s.lavatory, "lavatory"), (s.smoke, "smoke")):
            if pool.get(p, 0) > 0:
                pool[p] -= 1
                return [public_words("stealth", words.spotted_in_cover, (why, seat, cover),
                                     seat=seat, by=why)]
        if pl["stealth"] <= 0:
            s.stats["loss"] = {"floor": p // CELLS + 1, "turn": s.turn, "by": why,
                               "guard_floor": guard_floor + 1, "at": pname(p),
                               "seat": seat, "char": pl["char"]}
            return [self._over(s, False, texts.loss_reason(s.stats["loss"]))]
        pl["stealth"] -= 1
        s.stats["stealth_lost"] += 1
        return [_spotted_event(why, seat, pl["stealth"])]

    def _leave(self, s: BurgleState, seat: int, src: int) -> list[Event]:
        if src >= 0 and seat == s.seat and src in s.entered \
                and self._active(s, src, "motion"):  # (issue 22: seat == s.seat, R47)
            s.entered = [e for e in s.entered if e != src]
            hacker = self._anyone(s, "hacker", "basic")
            if seat == hacker:
                return []
            return self._alarm(s, src, "motion")
        return []

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
        return [q for q in out if not s.safe_open[q // CELLS]]

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
        # Walkway revealed by moving onto it: fall a floor (not entering) (supplement).
        if fresh and kind == "walkway" and active and via_move:
            ev += self._leave(s, seat, src)
            if p // CELLS > 0:
                pl["pos"] = p
                ev.append(public_words("fall", words.fall, (seat, pname(p)), seat=seat))
                s.stats["falls"] = s.stats.get("falls", 0) + 1
                return ev + self._place(s, seat, p - CELLS)
        # Stop tiles: stay where you were if the requirement is not met.
        if active and kind == "keypad" and p not in s.keypads_open and via_move:
            tries = s.keypad_tries.get(p, 0) + 1
            s.keypad_tries[p] = tries
            dice = tries + (1 if self._has(s, seat, "peterman", "basic") else 0)
            roll = [s.rng.randint(1, 6) for _ in range(dice)]
            if 6 in roll:
                s.keypads_open.append(p)
                ev.append(public_words("keypad", words.keypad, (roll, True), roll=roll))
            else:
                return ev + [public_words("keypad", words.keypad, (roll, False), roll=roll)]
        if active and kind == "deadbolt" and not guard_there and not self._players_on(s, p) and pay:
            if self._left(s) < 2:
                return ev + [public("deadbolt", "门闩要 3 个行动，行动不够，留在原地",
                                    "the deadbolt needs 3 actions; not enough: you stay")]
            s.used += 2
        if "gemstone" in pl["loot"] and self._players_on(s, p) and pay:
            if self._left(s) < 1:
                return ev + [public("gemstone", "带着宝石进有人的格要多 1 行动，行动不够",
                                    "with the Gemstone a tile with a player costs 1 more action; not enough")]
            s.used += 1
        if src >= 0 and src in s.entered:  # _leave does nothing otherwise
            ev += self._leave(s, seat, src)
        pl["pos"] = p
        if seat == s.seat:  # (issue 22: the current player's own entries, R47)
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
                kind == "foyer" or kind == "atrium")):
            ev += self._player_seen_on_entry(s, seat, p, acrobat_free=acro)
        if s.phase == "over":  # (issue 22: a guard here stops only the alarm, R39)
            return ev
        if active:
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
                if any(g["pos"] >= 0 and g["pos"] != p and self._active(s, g["pos"], "camera")
                       for g in s.guards):
                    ev += self._alarm(s, p, "camera")
            elif kind == "lab" and p not in s.labs_taken:
                s.labs_taken.append(p)
                ev += self._draw_tool(s, seat)
        return ev

    def to_move(self, state: BurgleState) -> list[int]:
        if state.phase == "over":
            return []
        if state.phase == "choice" and state.pending:
            return [state.pending["seat"]]
        return [state.seat]

    def _apply(self, state: BurgleState, seat: int, action: Action) -> list[Event]:
        t = action["type"]
        if t == "move":  # the most frequent choice, without the dispatch
            state.last_roll = -1  # (as _apply_action: no stethoscope roll kept)
            to = action["to"]
            q = _POSITIONS.get(to)  # every name in the table is one parse_pos accepts
            ev = self._move(state, seat, parse_pos(to) if q is None else q)
        elif t == "end":  # the next most frequent (as _apply_action: last_roll kept)
            ev = self._end_actions(state)
        else:
            ev = self._apply_action(state, seat, action)
        if state.phase == "actions":  # _settle_ties asks nothing in other phases
            for g in state.guards:
                if g["tie"]:  # and nothing unless a guard has a tie
                    return ev + self._settle_ties(state)
        return ev

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
        ev = [_reveal_event(p, tile)]
        if kind == "camera" and "video_loop" not in s.effects:
            watcher = [g for g in s.guards if g["pos"] >= 0 and g["pos"] != p
                       and self._active(s, g["pos"], "camera")]
            on_it = self._players_on(s, p)
            if watcher and on_it:
                ev += self._alarm(s, p, "camera")
        return ev

    def _combination(self, s: BurgleState, safe: int) -> list[int]:
        f, c = divmod(safe, CELLS)
        row, col = c // 4, c % 4
        return [f * CELLS + x for x in range(CELLS) if x != c and (x // 4 == row or x % 4 == col)]

    def result(self, state: BurgleState) -> Result:
        if not self.is_over(state):
            raise ValueError("the game is not over")
        s = state
        n = s.n
        return Result(scores=[1.0 if s.won else 0.0] * n,
                      winners=list(range(n)) if s.won else [],
                      reason=dict(s.reason), summary=self._summary(s))

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
                elif "tiara" in pl["loot"] and q in self._open_neighbours(s, p):
                    why = "tiara"
            if why:
                ev += self._lose_stealth(s, i, why, f)
                if seen is not None:
                    seen.add(i)
        if revealed[p] and _KIND[tiles[p]] == "camera" and p not in disabled \
                and "video_loop" not in s.effects:  # _active(s, p, "camera"), spelt out
            suit = s.effects.get("invisible", -1)  # (issue 22: the suit's wearer, R48)
            for i, pl in enumerate(s.players):
                q = pl["pos"]
                if q >= 0 and q != p and i != suit and self._active(s, q, "camera") \
                        and s.phase != "over":
                    ev += self._alarm(s, q, "camera")
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
                if kind == "foyer" or "tiara" in pl["loot"]:
                    cells.update(self._open_neighbours(s, q))  # no wall between: seen
            elif kind == "atrium" and (qf == f + 1 or qf == f - 1):
                cells.add(q - (qf - f) * CELLS)  # right below or above the Atrium
        return cells

    def _event(self, s: BurgleState) -> list[Event]:
        if not s.event_deck:
            s.event_deck, s.event_discard = s.event_discard, []
            _shuffle(s.rng, s.event_deck)
            s.event_known = 0
        ev_id = s.event_deck.pop()
        s.event_discard.append(ev_id)
        s.event_known = max(0, s.event_known - 1)
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
        ev: list[Event] = []
        if ev_id == "brown_out":
            gone = self._floor_alarms(s, f)
            s.alarms = [a for a in s.alarms if a not in gone]
            for _ in gone:
                _card, more = self._draw_patrol(s, f)
                ev += more
            if gone and g["pos"] >= 0:
                ev += self._new_patrol_dest(s, f)
        elif ev_id == "buddy_system":
            opts = [{"seat": i} for i, o in enumerate(s.players)
                    if i != seat and o["pos"] >= 0 and o["pos"] != p]
            if opts:
                self._ask(s, "buddy", opts, then="guard")
        elif ev_id == "change_of_plans" and g["pos"] >= 0:
            ev += self._new_patrol_dest(s, f)
        elif ev_id == "crash" and g["pos"] >= 0 and g["pos"] != p:
            g["dest"] = p
            g["tie"] = []
        elif ev_id == "daydreaming":
            s.guard_mod -= 1
        elif ev_id == "espresso":
            s.guard_mod += 1
        elif ev_id == "dead_drop" and self._playing_after(s, seat, -1) != seat:  # (R41)
            prev = self._playing_after(s, seat, -1)
            s.players[prev]["tools"] += pl["tools"]
            s.players[prev]["loot"] += pl["loot"]
            pl["tools"], pl["loot"] = [], []
        elif ev_id == "freight_elevator" and f + 1 < s.floors:
            ev += self._place(s, seat, p + CELLS)
        elif ev_id == "go_with_your_gut":
            opts = [{"at": pname(q)} for q in self._open_neighbours(s, p) if not s.revealed[q]]
            if opts:
                self._ask(s, "gut", opts, then="guard")
        elif ev_id in ("gymnastics", "time_lock", "video_loop"):
            s.effects[ev_id] = seat
        elif ev_id == "heads_up":  # (issue 22: the next seat still playing, R41)
            s.effects["heads_up"] = self._playing_after(s, seat, 1)
        elif ev_id == "jump_the_gun":
            s.effects["jump_the_gun"] = self._playing_after(s, seat, 1)
        elif ev_id == "jury_rig":
            ev += self._draw_tool(s, seat)
            if s.phase == "choice":
                s.pending["then"] = "guard"
        elif ev_id == "keycode_change":
            s.keypads_open = []
        elif ev_id == "lampshade":
            pl["stealth"] += 1
        elif ev_id == "lost_grip" and f > 0:
            ev += self._place(s, seat, p - CELLS)
        elif ev_id == "peekhole":
            opts = [{"at": pname(q)} for q in self._all_adjacent(s, p) if not s.revealed[q]]
            if opts:
                self._ask(s, "peekhole", opts, then="guard")
        elif ev_id == "reboot":
            s.hacks = {k: 1 for k in s.hacks}
        elif ev_id == "shift_change":
            s.effects["shift_change"] = seat
        elif ev_id == "shoplifting":
            for lab in s.labs_taken:
                ev += self._alarm(s, lab, "shoplifting")
        elif ev_id == "squeak" and g["pos"] >= 0:
            # issue 22 changed the rule (players equally near: the team is asked, R44):
            # the card's own method is the rule now, for both
            ev += self._ev_squeak(s, ev_id, seat, pl, p, f, g)
        elif ev_id == "switch_signs" and g["pos"] >= 0:
            g["pos"], g["dest"] = g["dest"], g["pos"]
            g["tie"] = []
            if g["pos"] in s.alarms:
                s.alarms.remove(g["pos"])
                ev += self._arrive(s, f)
            ev += self._guard_sees(s, f)
        elif ev_id == "throw_voice" and g["pos"] >= 0:
            opts = [{"at": pname(q)} for q in self._open_neighbours(s, g["dest"])]
            self._ask(s, "throw_voice", opts, then="guard")
        elif ev_id == "where_is_he" and g["pos"] >= 0:
            g["pos"] = g["dest"]
            if g["pos"] in s.alarms:
                s.alarms.remove(g["pos"])
            ev += self._guard_sees(s, f)
            if s.phase != "over":
                ev += self._arrive(s, f)
        return ev

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
            if s.guards[f]["pos"] == s.entrance:  # issue 22 (R51, R52)
                ev += self._lose_stealth(s, seat, "guard", f)
        if "chihuahua" in pl["loot"] and s.phase != "over":
            r = s.rng.randint(1, 6)
            ev.append(public_words("chihuahua", words.chihuahua, (r,), roll=r))
            if r == 6:
                ev += self._alarm(s, pl["pos"], "chihuahua")
        if "persian_kitty" in pl["loot"] and s.phase != "over":
            r = s.rng.randint(1, 6)
            ev.append(public_words("kitty", words.kitty_roll, (r,), roll=r))
            near = self._kitty_targets(s, pl["pos"]) if r <= 2 else []  # issue 22 (R51)
            if len(near) > 1 and s.cfg.alarm_ties == "choose":
                self._ask(s, "kitty", [{"at": pname(a)} for a in near], seat=seat)
                ev.append(public_words("kitty_tie", words.kitty_asked, ()))
            elif near:
                ev += self._kitty_runs(s, seat, near[0])
        return ev

    def _within_two(self, s: BurgleState, p: int, through_revealed: bool) -> list[int]:
        near = set(self._open_neighbours(s, p))
        out = set(near)
        for q in near:
            if not through_revealed or s.revealed[q]:
                out.update(self._open_neighbours(s, q))
        out.discard(p)
        return sorted(out)

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
            if s.effects.get("jump_the_gun") == seat:
                del s.effects["jump_the_gun"]
                ev.append(public_words("skip", words.skip, (seat,), seat=seat))
                continue
            break
        return ev + self._start_turn(s, seat)
