"""The burgle team bot: a cooperative heuristic planner over the team's view.

Every seat runs the same plan, so the team acts as one: work on the safe of the floor you
are on (peek the safe's row and column, add dice, roll), then climb to the next floor with
a closed safe, and once every safe is open walk to the top floor's stairs and the roof.
It peeks before it steps onto a face-down tile, never walks into the guard or onto the
cells his next move will cross (predicted with :func:`guard_path` from his die, alarms
and destination), avoids tiles whose rule would cost it (lasers without the actions,
fingerprints and motions without hacks, detectors while carrying, closed keypads), and
ends its actions off the guard's predicted path.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from boardlab.bots.base import DecisionContext
from boardlab.engine.protocol import Action
from boardlab.games.burgle.path import cell_index, cell_name, guard_path, neighbours

PREFERRED = ["peterman", "hawk", "hacker", "spotter", "raven", "rook", "juicer", "acrobat",
             "rigger"]
GOOD_TOOLS = ("rollerskates", "invisible_suit", "makeup_kit", "virus", "emp", "smoke_bomb")


def _floor(name: str) -> int:
    return int(name[0]) - 1


def _cell(name: str) -> int:
    return cell_index(name[1:])


def _pn(f: int, c: int) -> str:
    return f"{f + 1}{cell_name(c)}"


class TeamBot:
    name = "team"

    def choose(self, ctx: DecisionContext) -> Action:
        v, legal = ctx.view, ctx.legal
        first = legal[0]["type"]
        if first == "character":
            return min(legal, key=lambda a: (PREFERRED.index(a["name"]), a["side"] != "basic"))
        if first == "entrance":
            return self._entrance(v, legal)
        if first == "choose":
            return self._choice(v, legal)
        return self._act(ctx, v, legal)

    # ---- set-up and pending choices -------------------------------------------------

    def _entrance(self, v: dict[str, Any], legal: list[Action]) -> Action:
        g = v["floors"][0]["guard"]
        gc = _cell(g["at"])

        def far(a: Action) -> int:
            c = _cell(a["at"])
            return abs(c % 4 - gc % 4) + abs(c // 4 - gc // 4)
        return max(legal, key=far)

    def _choice(self, v: dict[str, Any], legal: list[Action]) -> Action:
        if "tool" in legal[0]:
            return min(legal, key=lambda a: (a["tool"] not in GOOD_TOOLS, a["tool"]))
        if "at" in legal[0] and v["pending"]["kind"] == "throw_voice":
            mine = [p["at"] for p in v["players"] if p["at"] and p["at"] != "roof"]

            def away(a: Action) -> int:
                c = _cell(a["at"])
                return min((abs(c % 4 - _cell(m) % 4) + abs(c // 4 - _cell(m) // 4)
                            for m in mine if _floor(m) == _floor(a["at"])), default=9)
            return max(legal, key=away)
        if "put" in legal[0]:
            return legal[1]  # unknown patrol/event cards: send the seen one away
        return legal[0]

    # ---- the turn -------------------------------------------------------------------

    def _danger(self, v: dict[str, Any], f: int) -> set[int]:
        """Cells of floor ``f`` the guard stands on or will cross when he next moves."""
        fl = v["floors"][f]
        g = fl["guard"]
        if not g:
            return set()
        walls = [tuple(w) for w in fl["walls"]]
        at, dest = g["at"][1:], (g["dest"] or g["at"])[1:]
        out = {cell_index(at)}
        steps = guard_path(walls, at, dest)[:g["speed"] + 1]
        out.update(cell_index(c) for c in steps)
        if len(steps) < g["speed"]:  # he reaches his destination and turns: its surroundings
            out.update(n for n in neighbours(cell_index(dest))
                       if (cell_name(min(n, cell_index(dest))), cell_name(max(n, cell_index(dest))))
                       not in walls)
        return out

    def _risky(self, v: dict[str, Any], me: dict[str, Any], name: str, left: int) -> bool:
        """Whether entering this revealed tile would cost us (alarm or a wasted action)."""
        cell = v["floors"][_floor(name)]["cells"][_cell(name)]
        if not cell["revealed"] or cell.get("disabled"):
            return False
        t = cell["tile"]
        hacks = v["hacks"]
        if t == "laser":
            return left < 3 and hacks["laser"] == 0
        if t in ("fingerprint",):
            return hacks["fingerprint"] == 0
        if t == "motion":
            return hacks["motion"] == 0
        if t == "detector":
            return bool(me["tools"] or me["loot"])
        if t == "keypad":
            return not cell.get("open")
        if t == "deadbolt":
            return left < 4
        if t == "walkway":
            return False
        return t == "thermo" and left <= 2

    def _distances(self, v: dict[str, Any], f: int, goal: int, blocked: set[int]) -> list[int]:
        """BFS over the floor's revealed-or-goal cells, walls respected."""
        fl = v["floors"][f]
        walls = {tuple(w) for w in fl["walls"]}
        dist = [99] * 16
        dist[goal] = 0
        todo = deque([goal])
        while todo:
            c = todo.popleft()
            for n in neighbours(c):
                a, b = cell_name(min(c, n)), cell_name(max(c, n))
                if dist[n] == 99 and (a, b) not in walls and n not in blocked:
                    dist[n] = dist[c] + 1
                    todo.append(n)
        return dist

    def _act(self, ctx: DecisionContext, v: dict[str, Any], legal: list[Action]) -> Action:
        seat = v["current"]
        me = v["players"][seat]
        pos = me["at"]
        f, c = _floor(pos), _cell(pos)
        left = v["max_actions"] - v["used"]
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a["type"], []).append(a)
        fl = v["floors"][f]
        danger = self._danger(v, f)
        cells = fl["cells"]

        # Pick up what lies here; share nothing (keeps detectors quiet for the carrier only).
        for a in kinds.get("pickup", []):
            if a["item"] not in ("persian_kitty",) or True:
                return a
        # Useful tools at once.
        for a in kinds.get("tool", []):
            if a["tool"] in ("rollerskates",) and left >= 2:
                return a
            if a["tool"] == "makeup_kit" and me["stealth"] <= 1:
                return a
            if a["tool"] == "stethoscope":
                return self._stethoscope(v, f, kinds["tool"]) or a
        # Escape.
        for a in kinds.get("move", []):
            if a["to"] == "roof":
                return a
        goal = self._goal(v, f)
        # Safe work.
        safe = fl["safe"]
        if goal == "safe" and safe["at"] == pos:
            combo = safe["combination"]
            hidden = [x["at"] for x in combo if x["number"] is None]
            open_numbers = {x["number"] for x in combo if x["number"] is not None and not x["cracked"]}
            peeks = [a for a in kinds.get("peek", []) if a["at"] in hidden]
            if open_numbers and "roll" in kinds and (safe["dice"] >= 2 or left < 2):
                return kinds["roll"][0]
            if "add_die" in kinds and safe["dice"] < 3 and left >= 2 and (open_numbers or hidden):
                return kinds["add_die"][0]
            if open_numbers and "roll" in kinds:
                return kinds["roll"][0]
            if peeks:
                return peeks[0]
        # Peeks that matter: combination tiles, then whatever is next to us on the way.
        target = self._target(v, f, goal)
        useful = [a for a in kinds.get("peek", []) if _floor(a["at"]) == f]
        if target is not None:
            useful.sort(key=lambda a: self._manhattan(_cell(a["at"]), target))
        combo_cells = {x["at"] for x in safe["combination"]} if safe["at"] else set()
        need = [a for a in useful if a["at"] in combo_cells] or useful
        if need and left >= 2 and (target is None or not cells[target]["revealed"]
                                   or _pn(f, target) in combo_cells or goal != "safe"):
            return need[0]
        # Move toward the target through safe, revealed cells.
        move = self._step(v, me, f, c, target, goal, kinds.get("move", []), danger, left)
        if move is not None:
            return move
        if need and left >= 1:
            return need[0]
        if "hack" in kinds and left >= 1 and c not in danger:
            return kinds["hack"][0]
        # Get out of the guard's way before ending.
        if c in danger and left >= 1:
            for a in kinds.get("move", []):
                if a["to"] == "roof" or _floor(a["to"]) != f:
                    continue
                q = _cell(a["to"])
                if q not in danger and cells[q]["revealed"] and not self._risky(v, me, a["to"], left):
                    return a
        return {"type": "end"}

    def _stethoscope(self, v, f, tools):
        safe = v["floors"][f]["safe"]
        want = [x["number"] for x in safe["combination"] if x["number"] and not x["cracked"]]
        for a in tools:
            if a["tool"] == "stethoscope" and want and a.get("face") == want[0]:
                return a
        return None

    @staticmethod
    def _manhattan(a: int, b: int) -> int:
        return abs(a % 4 - b % 4) + abs(a // 4 - b // 4)

    def _goal(self, v: dict[str, Any], f: int) -> str:
        if v["all_open"]:
            return "stairs"
        if not v["floors"][f]["safe"]["open"]:
            return "safe"
        return "stairs"  # climb to the next floor with a closed safe

    def _target(self, v: dict[str, Any], f: int, goal: str) -> int | None:
        fl = v["floors"][f]
        cells = fl["cells"]
        if goal == "safe" and fl["safe"]["at"]:
            combo = fl["safe"]["combination"]
            hidden = [_cell(x["at"]) for x in combo if x["number"] is None]
            safe = _cell(fl["safe"]["at"])
            if hidden:
                # stand next to a face-down combination tile to peek it
                return min(hidden, key=lambda h: self._manhattan(h, safe))
            return safe
        want = "stairs"
        for i, cell in enumerate(cells):
            if cell["revealed"] and cell["tile"] == want and goal == "stairs":
                return i
        hidden = [i for i, cell in enumerate(cells) if not cell["revealed"]]
        return hidden[0] if hidden else None

    def _step(self, v, me, f, c, target, goal, moves, danger, left):
        fl = v["floors"][f]
        cells = fl["cells"]
        # Going up when this floor's work is done.
        if goal == "stairs" and cells[c]["revealed"] and cells[c]["tile"] == "stairs":
            for a in moves:
                if a["to"] != "roof" and _floor(a["to"]) == f + 1:
                    return a
        if target is None:
            return None
        blocked = {i for i, cell in enumerate(cells)
                   if (not cell["revealed"] and i != target)
                   or (cell["revealed"] and self._risky(v, me, _pn(f, i), left))}
        blocked.discard(target)
        dist = self._distances(v, f, target, blocked)
        best, best_d = None, dist[c]
        for a in moves:
            if a["to"] == "roof" or _floor(a["to"]) != f:
                continue
            q = _cell(a["to"])
            if q in danger or q in blocked:
                continue
            if not cells[q]["revealed"] and q != target:
                continue
            if dist[q] < best_d:
                best, best_d = a, dist[q]
        if best is not None and not cells[_cell(best["to"])]["revealed"] and left < 2:
            return None
        return best


BOTS = {"team": TeamBot}
