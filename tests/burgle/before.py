"""burgle's rules as they were before the fast paths of issue 9's last round (commit
6802c51), copied unchanged, for the tests that compare the fast paths with them
(``test_fast_turns.py``, and ``test_spelt_out_calls.py`` builds on it).

``Before`` is the game with ``legal_actions`` and what it called as they were: a call per
part of the list (``_turn_actions``, ``_plain_steps``, ``_ability_actions`` with its chain
of comparisons), the floor's moves and peeks from an ``lru_cache`` per (layout, floor), the
open neighbours from :func:`open_cells`.
"""

from __future__ import annotations

from functools import lru_cache

from boardlab.engine.protocol import Action
from boardlab.games.burgle import data
from boardlab.games.burgle.path import NEIGHBOURS4, open_cells
from boardlab.games.burgle.rules import (
    _ABILITY_SIDES,
    _COMPUTER_OF,
    _KIND,
    _STEP_KINDS,
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
)
from boardlab.games.burgle.state import BurgleState


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


