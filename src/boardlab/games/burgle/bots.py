"""The burgle bots, every one playing every seat from the team's view.

``team`` (:class:`TeamPlannerBot`, the default): free actions by rule, the map-changing
tools weighed by search, then the best sequence of the seat's remaining actions found by
:mod:`boardlab.games.burgle.team2`'s turn model against the guard's next walks.
:class:`PlannerBot` is the first planner (:mod:`boardlab.games.burgle.planner`), not
offered at tables but kept for ``benchmarks/burgle_team.py``'s same-seed comparison.
``greedy`` (:class:`TeamBot`, the first bot, kept as a baseline) is described below.

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
from boardlab.games.burgle.path import (
    cell_index,
    cell_name,
    guard_path,
    neighbours,
    path_indices,
)
from boardlab.games.burgle.planner import CELLS, Board, Node, TurnModel, pos_of
from boardlab.games.burgle.team2 import (
    MAP_TOOLS,
    TOOL_GAIN,
    NoFutureTeamModel,
    PreviousTeamModel,
    TeamModel,
    tool_board,
)

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
    """The first greedy team bot, kept as a baseline for the planner."""

    name = "greedy"
    reads_log = False  # never reads the view's log, so its views come without it (engine)

    def _setup_or_choice(self, v: dict, legal: list[Action]) -> Action | None:
        """Characters, the entrance and pending choices: the same for every team bot."""
        first = legal[0]["type"]
        if first == "character":
            return min(legal, key=lambda a: (PREFERRED.index(a["name"]), a["side"] != "basic"))
        if first == "entrance":
            return self._entrance(v, legal)
        if first == "choose":
            return self._choice(v, legal)
        return None

    def choose(self, ctx: DecisionContext) -> Action:
        v, legal = ctx.view, ctx.legal
        early = self._setup_or_choice(v, legal)
        if early is not None:
            return early
        action = self._act(ctx, v, legal)
        if action["type"] == "end":
            action = self._hide(v, legal) or self._safest_end(ctx, v, legal) or action
        if action["type"] == "move":
            me = v["players"][v["current"]]["at"]
            self._last = ((v["turn"], v["current"]), me)
        return action

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

    def _danger(self, v: dict[str, Any], f: int, walks: int | None = None) -> set[int]:
        """Cells of floor ``f`` the guard stands on or will cross in his next walk (or,
        with ``walks=None``, before this seat's next turn: once per teammate here)."""
        fl = v["floors"][f]
        g = fl["guard"]
        if not g:
            return set()
        here = sum(1 for p in v["players"] if p["at"] and p["at"] != "roof" and _floor(p["at"]) == f)
        reach = g["speed"] * max(1, here if walks is None else walks) + 1  # +1: Espresso
        walls = [tuple(w) for w in fl["walls"]]
        at, dest = g["at"][1:], (g["dest"] or g["at"])[1:]
        out = {cell_index(at)}
        steps = guard_path(walls, at, dest)[:reach + 1]
        out.update(cell_index(c) for c in steps)
        if len(steps) < reach:  # he reaches his destination and turns: its surroundings
            out.update(n for n in neighbours(cell_index(dest))
                       if (cell_name(min(n, cell_index(dest))), cell_name(max(n, cell_index(dest))))
                       not in walls)
        # A Foyer next to any of those cells is seen from them too.
        for i, cell in enumerate(fl["cells"]):
            if cell["revealed"] and cell["tile"] == "foyer" and not cell.get("disabled") and any(
                    n in out and (cell_name(min(i, n)), cell_name(max(i, n))) not in walls
                    for n in neighbours(i)):
                out.add(i)
        return out

    def _risky(self, v: dict[str, Any], me: dict[str, Any], name: str, left: int) -> bool:
        """Whether entering this revealed tile would cost us (alarm or a wasted action)."""
        cell = v["floors"][_floor(name)]["cells"][_cell(name)]
        if not cell["revealed"] or cell.get("disabled"):
            return False
        t = cell["tile"]
        hacks = v["hacks"]
        if t == "laser":
            return left < 2 and hacks["laser"] == 0
        if t in ("fingerprint",):
            return hacks["fingerprint"] == 0
        if t == "motion":  # only leaving it in the same turn alarms: enter as the last action
            return hacks["motion"] == 0 and left > 1
        if t == "detector":
            return bool(me["tools"] or me["loot"])
        if t == "keypad":
            return not cell.get("open")
        if t == "deadbolt":
            return left < 3
        if t == "walkway":
            return False
        if t == "camera":  # seen from any other revealed camera a guard may step on
            return any(c2["revealed"] and c2["tile"] == "camera" and c2["at"] != name
                       and not c2.get("disabled")
                       for fl in v["floors"] for c2 in fl["cells"])
        return t == "thermo"  # ending there alarms; walking round is cheaper

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
        danger = self._danger(v, f, walks=1)
        soft = self._danger(v, f)
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
        tools = {a["tool"]: a for a in kinds.get("tool", []) if "at" not in a and "dir" not in a}
        if c in danger:  # tools that keep us hidden where we stand
            for name in ("donuts", "smoke_bomb", "makeup_kit") if me["stealth"] <= 1 else ("donuts",):
                if name in tools and left <= 1:
                    return tools[name]
        if c in danger and left >= 1:
            flee = (self._flee(v, me, f, c, soft, kinds.get("move", []), left)
                    or self._flee(v, me, f, c, danger, kinds.get("move", []), left))
            if flee is not None:
                return flee
            # nowhere known to hide: look around first, or step anywhere out of his way
            if left >= 2 and kinds.get("peek"):
                return kinds["peek"][0]
            for a in kinds.get("move", []):
                if a["to"] != "roof" and _floor(a["to"]) == f and _cell(a["to"]) not in danger:
                    return a
        on_thermo = cells[c]["revealed"] and cells[c]["tile"] == "thermo" and not cells[c].get("disabled")
        if on_thermo and left == 1:
            off = self._safe_neighbour(v, me, f, cells, kinds, soft, left) or \
                self._safe_neighbour(v, me, f, cells, kinds, danger, left)
            if off is not None:
                return off
        goal = self._goal(v, f)
        safe = fl["safe"]
        # Safe work.
        if goal == "safe" and safe["at"] == pos:
            combo = safe["combination"]
            hidden = [x["at"] for x in combo if x["number"] is None]
            open_numbers = {x["number"] for x in combo
                            if x["number"] is not None and not x["cracked"]}
            peeks = [a for a in kinds.get("peek", []) if a["at"] in hidden]
            if peeks and left >= 2:
                return peeks[0]
            if open_numbers and "roll" in kinds and (safe["dice"] >= 2 or left < 2):
                return kinds["roll"][0]
            if "add_die" in kinds and safe["dice"] < 4 and (open_numbers or hidden):
                return kinds["add_die"][0]
            if open_numbers and "roll" in kinds:
                return kinds["roll"][0]
            if peeks:
                return peeks[0]
        peeks = [a for a in kinds.get("peek", []) if _floor(a["at"]) == f]
        combo_cells = {x["at"] for x in safe["combination"]} if safe["at"] else set()
        wanted = [a for a in peeks if a["at"] in combo_cells]
        hidden_combo = [x for x in safe["combination"] if x["number"] is None]
        exploring = (goal == "safe" and (not safe["at"] or hidden_combo)) or (
            goal == "stairs" and self._stairs(fl) is None)
        if exploring:
            wanted += peeks
        if wanted and left >= 1:
            return wanted[0]
        move = (self._step(v, me, f, c, goal, kinds.get("move", []), soft, left)
                or self._step(v, me, f, c, goal, kinds.get("move", []), danger, left))
        if move is not None:
            return move
        if "hack" in kinds and left >= 1 and c not in danger:
            return kinds["hack"][0]
        # Never end on a Thermo or in the guard's way.
        if (c in danger or on_thermo) and left >= 1:
            off = self._safe_neighbour(v, me, f, cells, kinds, danger, left)
            if off is not None:
                return off
        # Two actions or fewer draw an event: a peek, or a step to another quiet tile,
        # is cheaper than the risk.
        if v["used"] <= 2 and left >= 1:
            if kinds.get("peek"):
                return kinds["peek"][0]
            off = self._safe_neighbour(v, me, f, cells, kinds, soft, left)
            if off is not None:
                return off
        return {"type": "end"}

    WORLDS = 6

    def _exposure(self, v: dict[str, Any], f: int, walks: int) -> list[float]:
        """Probability that the guard of floor ``f`` crosses each cell during his next
        ``walks`` walks: his path to the destination is known; after it every patrol card
        still out of the discards is equally likely (alarms first, nearest first)."""
        fl = v["floors"][f]
        g = fl["guard"]
        hit = [0.0] * 16
        if not g:
            return hit
        walls = frozenset((min(cell_index(a), cell_index(b)), max(cell_index(a), cell_index(b)))
                          for a, b in fl["walls"])
        alarms = [_cell(c["at"]) for c in fl["cells"] if c.get("alarm")]
        seen = {cell_index(c) for c in fl["patrol"]["discard"]}
        pool = [c for c in range(16) if c not in seen] or list(range(16))

        def walk(pos: int, dest: int, steps: int, prob: float, left_walks: int,
                 touched: frozenset) -> None:
            while steps > 0:
                if pos == dest:
                    if prob < 0.01:  # deep branches: negligible, stop here
                        break
                    cands = [c for c in pool if c != pos]
                    for c in cands:
                        walk(pos, c, steps, prob / len(cands), left_walks, touched)
                    return
                pos = path_indices(walls, pos, dest)[0]
                touched = touched | {pos}
                steps -= 1
            if left_walks > 1:
                walk(pos, dest, speed, prob, left_walks - 1, touched)
                return
            for c in touched:
                hit[c] += prob

        speed = g["speed"]
        start = _cell(g["at"])
        dest = alarms[0] if alarms else _cell(g["dest"] or g["at"])
        if alarms:
            dest = min(alarms, key=lambda a: (self._distances(v, f, start, set())[a], a))
        walk(start, dest, speed, 1.0, walks, frozenset({start}))
        return hit

    def _hide(self, v: dict[str, Any], legal: list[Action]) -> Action | None:
        """With actions to spare at the end of the turn: step toward the reachable quiet
        tile the guard is least likely to cross before this seat's next turn."""
        me = v["players"][v["current"]]
        if not me["at"] or me["at"] == "roof":
            return None
        f, c = _floor(me["at"]), _cell(me["at"])
        left = v["max_actions"] - v["used"]
        if left < 1 or not v["floors"][f]["guard"]:
            return None
        here = sum(1 for p in v["players"] if p["at"] and p["at"] != "roof" and _floor(p["at"]) == f)
        risk = self._exposure(v, f, min(2, max(1, here)))
        cells = v["floors"][f]["cells"]
        blocked = {i for i, cell in enumerate(cells)
                   if not cell["revealed"] or self._risky(v, me, _pn(f, i), left)
                   or cell["tile"] == "foyer"}
        dist = self._distances(v, f, c, blocked - {c})
        spots = [i for i in range(16) if i not in blocked and 0 < dist[i] <= left]
        if not spots:
            return None
        best = min(spots, key=lambda i: (risk[i], dist[i], i))
        if risk[best] >= risk[c] - 0.05:
            return None
        back = self._distances(v, f, best, blocked - {best})
        for a in legal:
            if a["type"] == "move" and a["to"] != "roof" and _floor(a["to"]) == f:
                q = _cell(a["to"])
                if q not in blocked and back[q] == dist[best] - 1 and a["to"] != self._back(v):
                    return a
        return None

    def _safest_end(self, ctx: DecisionContext, v: dict[str, Any], legal: list[Action]):
        """Before ending: compare ending here with one more step to a quiet revealed
        neighbour, by playing the end of the turn (event, guard walk) in a few sampled
        worlds - hidden tiles, patrol and event decks re-dealt by the game - and counting
        the stealth the team loses. None when sampling is not offered."""
        me = v["players"][v["current"]]
        f = _floor(me["at"])
        cells = v["floors"][f]["cells"]
        left = v["max_actions"] - v["used"]
        options: list[list[Action]] = [[{"type": "end"}]]
        for a in legal:
            if a["type"] != "move" or a["to"] == "roof" or _floor(a["to"]) != f \
                    or a["to"] == self._back(v):
                continue
            q = cells[_cell(a["to"])]
            if q["revealed"] and not self._risky(v, me, a["to"], left):
                options.append([a, {"type": "end"}])
        if len(options) == 1:
            return None
        try:
            worlds = [ctx.sample_world() for _ in range(self.WORLDS)]
        except RuntimeError:
            return None
        game = ctx.game
        best, best_cost = None, None
        for plan in options:
            cost = 0.0
            for world in worlds:
                w = world.copy()
                cost += self._play_out(game, w, v["current"], plan)
            if best_cost is None or cost < best_cost - 1e-9:
                best, best_cost = plan[0], cost
        return best

    @staticmethod
    def _play_out(game, w, seat: int, plan: list[Action]) -> float:
        before = sum(p["stealth"] for p in w.players) + sum(w.lavatory.values())
        for action in plan:
            if game.is_over(w) or seat not in game.to_move(w):
                break
            game.apply_in_place(w, seat, action)
        # Until this seat's next turn: partners stand still (end at once), choices take
        # the first option - a pessimistic stand-in for the guard walks in between.
        for _ in range(40):
            if game.is_over(w) or (w.phase == "actions" and w.seat == seat):
                break
            mover = game.to_move(w)[0]
            acts = game.legal_actions(w, mover)
            end = {"type": "end"}
            game.apply_in_place(w, mover, end if end in acts else acts[0])
        if game.is_over(w):
            return 0.0 if w.won else 10.0
        return float(before - sum(p["stealth"] for p in w.players) - sum(w.lavatory.values()))

    def _safe_neighbour(self, v, me, f, cells, kinds, danger, left):
        """A move to a revealed neighbour out of ``danger`` that costs nothing extra."""
        for a in kinds.get("move", []):
            if a["to"] == "roof" or _floor(a["to"]) != f or a["to"] == self._back(v):
                continue
            q = _cell(a["to"])
            if q not in danger and cells[q]["revealed"] and cells[q]["tile"] != "thermo" \
                    and not self._risky(v, me, a["to"], left):
                return a
        return None

    def _flee(self, v, me, f, c, danger, moves, left):
        """First step of the shortest walk (at most ``left`` long) to a cell the guard
        will not reach, over revealed tiles that cost nothing extra."""
        fl = v["floors"][f]
        cells = fl["cells"]
        blocked = {i for i, cell in enumerate(cells)
                   if not cell["revealed"] or self._risky(v, me, _pn(f, i), left)}
        g = fl["guard"]
        if g:
            blocked.add(_cell(g["at"]))
        best, best_d = None, left + 1
        for t in range(16):
            if t in danger or t in blocked:
                continue
            dist = self._distances(v, f, t, blocked - {t})
            for a in moves:
                if a["to"] == "roof" or _floor(a["to"]) != f:
                    continue
                q = _cell(a["to"])
                if q in blocked:
                    continue
                if dist[q] + 1 < best_d and dist[q] + 1 <= left:
                    best, best_d = a, dist[q] + 1
        return best

    def _back(self, v: dict[str, Any]) -> str | None:
        """The tile this seat's last move this turn came from (never pace back to it)."""
        last = getattr(self, "_last", None)
        if last and last[0] == (v["turn"], v["current"]):
            return last[1]
        return None

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
        if all(fl["safe"]["open"] for fl in v["floors"][f + 1:]):
            return "down"  # only a lower floor's safe is left
        return "stairs"  # climb to the next floor with a closed safe

    @staticmethod
    def _stairs(fl: dict[str, Any]) -> int | None:
        for i, cell in enumerate(fl["cells"]):
            if cell["revealed"] and cell["tile"] == "stairs":
                return i
        return None

    def _targets(self, v: dict[str, Any], f: int, goal: str) -> list[int]:
        """Cells to walk to: the safe, the stairs, a way down, or the exploring frontier."""
        fl = v["floors"][f]
        cells = fl["cells"]
        if goal == "safe" and fl["safe"]["at"]:
            walls = {tuple(w) for w in fl["walls"]}
            hidden = [_cell(x["at"]) for x in fl["safe"]["combination"] if x["number"] is None]
            near = [i for i, cell in enumerate(cells) if cell["revealed"] and any(
                n in hidden and (cell_name(min(i, n)), cell_name(max(i, n))) not in walls
                for n in neighbours(i))]
            if near or not hidden:
                return near or [_cell(fl["safe"]["at"])]
            # the rest of the combination is out of sight: explore toward it
        if goal == "stairs" and self._stairs(fl) is not None:
            return [self._stairs(fl)]
        if goal == "down":
            down = [i for i, cell in enumerate(cells)
                    if cell.get("down") or (cell["revealed"] and cell["tile"] == "walkway")]
            if down:
                return down
        walls = {tuple(w) for w in fl["walls"]}
        frontier = []
        for i, cell in enumerate(cells):
            if not cell["revealed"]:
                continue
            for n in neighbours(i):
                if not cells[n]["revealed"] and \
                        (cell_name(min(i, n)), cell_name(max(i, n))) not in walls:
                    frontier.append(i)
                    break
        return frontier

    def _step(self, v, me, f, c, goal, moves, danger, left):
        fl = v["floors"][f]
        cells = fl["cells"]
        here = cells[c]
        for a in moves:
            if a["to"] == "roof":
                continue
            if goal == "stairs" and here["revealed"] and here["tile"] == "stairs" \
                    and _floor(a["to"]) == f + 1:
                return a
            if goal == "down" and _floor(a["to"]) == f - 1:
                return a
        targets = [t for t in self._targets(v, f, goal) if t != c]
        if not targets:
            return None
        blocked = {i for i, cell in enumerate(cells)
                   if not cell["revealed"] or self._risky(v, me, _pn(f, i), left)}
        best, best_d = None, 99
        for t in targets:
            dist = self._distances(v, f, t, blocked - {t})
            for a in moves:
                if a["to"] == "roof" or _floor(a["to"]) != f:
                    continue
                q = _cell(a["to"])
                if q in danger or q in blocked or a["to"] == self._back(v):
                    continue
                if dist[q] < dist[c] and dist[q] < best_d:
                    best, best_d = a, dist[q]
        return best



class PlannerBot(TeamBot):
    """The team planner (:mod:`boardlab.games.burgle.planner`): free actions by rule, then
    the best plan of the seat's remaining actions against the guard's next walks."""

    name = "planner"
    model_class: type[TurnModel] = TurnModel

    # Follow the turn's plan while it goes as planned (see _follow): the same choices as
    # planning afresh, without the search (tests/burgle/test_planner_memo.py).
    follow_plan = True

    def __init__(self) -> None:
        self._turn_key: tuple[int, int] | None = None
        self._came_from = -1
        self._paced = 0
        self._next: tuple | None = None  # (turn key, model, node, board signature)

    def choose(self, ctx: DecisionContext) -> Action:
        v, legal = ctx.view, ctx.legal
        early = self._setup_or_choice(v, legal)
        if early is not None:
            return early
        if len(legal) == 1 and legal[0]["type"] != "move":
            return legal[0]  # nothing to weigh (an end with no action left, mostly)
        key = (v["turn"], v["current"])
        if key != self._turn_key:
            self._turn_key, self._came_from, self._paced = key, -1, 0
        action = self._free(v, legal) or self._plan(v, legal)
        if action["type"] == "move":
            here = pos_of(v["players"][v["current"]]["at"])
            if pos_of(action["to"]) == self._came_from:
                self._paced += 2
            self._came_from = here if here is not None else -1
        return action

    def _free(self, v: dict[str, Any], legal: list[Action]) -> Action | None:
        """Free actions by rule: shed loot, take tools, use the simple tools, Hawk peeks."""
        me = v["players"][v["current"]]
        f = _floor(me["at"])
        left = v["max_actions"] - v["used"]
        fl = v["floors"][f]
        for a in legal:
            if a["type"] == "drop" and a["item"] in me["loot"]:
                return a  # loot is not needed to win and every piece has a drawback
        for a in legal:
            if a["type"] == "pickup" and a["item"] in GOOD_TOOLS + ("stethoscope", "donuts",
                                                                 "blueprints", "virus"):
                return a
        tools = [a for a in legal if a["type"] == "tool"]
        hidden = [x["at"] for x in fl["safe"]["combination"] if x["number"] is None]
        for a in tools:
            t = a["tool"]
            if t == "stethoscope":
                return self._stethoscope(v, f, tools) or None
            if t == "virus":
                return a
            if t == "blueprints" and a["at"] in hidden:
                return a
            if t == "makeup_kit" and me["stealth"] <= 1:
                return a
            if t in ("rollerskates", "invisible_suit") and left >= 1 \
                    and fl["safe"]["at"] == me["at"] and fl["safe"]["dice"] >= 2 \
                    and not fl["safe"]["open"]:
                return a
        peeks = [a for a in legal if a["type"] == "ability" and a["name"] == "peek"]
        if peeks:
            want = [a for a in peeks if a["at"] in hidden]
            if not want and (fl["safe"]["at"] is None or not any(
                    c["revealed"] and c["tile"] == "stairs" for c in fl["cells"])):
                want = [a for a in peeks if _floor(a["at"]) == f]
            if want:
                return want[0]
        return None

    def _model(self, v: dict[str, Any], board: Board) -> tuple[TurnModel, Node]:
        """The turn model of the current seat on ``board`` and the node it stands on."""
        seat = v["current"]
        model = self.model_class(board, seat, v["max_actions"], v["used"], self._paced)
        here = board.pos[seat]
        # A Motion we walked onto this turn alarms when we leave it.
        me = v["players"][seat]
        hacker = (me["character"], me["side"]) == ("hacker", "basic")
        motion = here if (self._came_from >= 0 and here is not None and here >= 0
                          and board.active(here, "motion") and not hacker) else -1
        root = Node(here, v["used"], self._paced, self._came_from, frozenset(), frozenset(),
                    0, 0, motion, 0, 0, 0.0)
        return model, root

    def _plan(self, v: dict[str, Any], legal: list[Action]) -> Action:
        board = Board.read(v)
        followed = self._follow(v, board, legal)
        if followed is not None:
            return followed
        model, root = self._model(v, board)
        return self._search(v, legal, model, root)

    def _search(self, v: dict[str, Any], legal: list[Action], model: TurnModel,
                root: Node) -> Action:
        """The first action of the best plan from ``root``."""
        self._next = None
        _val, plan = model.best(root, legal)
        if not plan:
            return {"type": "end"} if {"type": "end"} in legal else legal[0]
        return self._chosen(v, legal, model, root, plan[0])

    def _chosen(self, v: dict[str, Any], legal: list[Action], model: TurnModel, node: Node,
                action: Action) -> Action:
        """The legal action for the model's ``action`` from ``node`` (a hiding tool before
        an end), remembering where it surely leads for the next decision."""
        if action["type"] == "end":
            hide = self._hide_tool(v, legal, model, node)
            if hide is not None:
                return hide
        if self.follow_plan:
            child = model.sure_child(node, action)
            if child is not None:
                self._next = ((v["turn"], v["current"]), model, child,
                              self._signature(model.b, v["current"], action))
        for a in legal:
            if TurnModel._key(a) == TurnModel._key(action):
                return a
        return action

    @staticmethod
    def _signature(b: Board, seat: int, action: Action | None = None) -> tuple:
        """Everything of ``b`` the turn model reads but the seat's own tile (and, after a
        safe die, the die), as it is after ``action``."""
        dice = list(b.safe_dice)
        if action is not None and action["type"] == "add_die":
            dice[b.pos[seat] // CELLS] += 1
        players = repr([p if i != seat else {k: x for k, x in p.items() if k != "at"}
                        for i, p in enumerate(b.players)])
        guards = tuple(None if g is None else (g.pos, g.dest, g.die, g.donut, g.discard,
                                               g.known_top, g.left) for g in b.guards)
        return (tuple(b.kind), tuple(b.number), tuple(b.walls), b.alarms, guards,
                frozenset(b.ups), frozenset(b.downs), tuple(b.safe_at), tuple(dice),
                tuple(b.safe_open), repr(b.combo), frozenset(b.keypads_open),
                frozenset(b.disabled), repr(sorted(b.tokens.items())), frozenset(b.labs_taken),
                players, repr(sorted(b.hacks.items())), b.view["entrance"],
                b.view["max_actions"])

    def _follow(self, v: dict[str, Any], board: Board, legal: list[Action]) -> Action | None:
        """The plan's next action, when the last one led where the plan said: the board is
        the one the plan was searched on but for the seat's tile (and a safe die it added)
        and the seat stands on the planned node, so the search would find the same. None
        otherwise (something was revealed, rolled, sounded or changed: plan afresh)."""
        nxt, self._next = self._next, None
        if nxt is None or not self.follow_plan:
            return None
        key, model, node, sig = nxt
        seat = v["current"]
        if key != (v["turn"], seat) or board.pos[seat] != node.pos \
                or v["used"] != node.used or self._paced != node.paced \
                or self._came_from != node.came_from:
            return None
        if node.dice and node.pos // CELLS != model.b.pos[seat] // CELLS:
            return None  # the model counts its dice on the floor it stands on only
        me = v["players"][seat]
        hacker = (me["character"], me["side"]) == ("hacker", "basic")
        motion = node.pos if (self._came_from >= 0 and board.active(node.pos, "motion")
                              and not hacker) else -1
        if motion != node.motion or self._signature(board, seat) != sig:
            return None
        action = model.planned(node)
        if action is None or TurnModel._key(action) not in {TurnModel._key(a) for a in legal}:
            return None
        return self._chosen(v, legal, model, node, action)

    @staticmethod
    def _hide_tool(v, legal, model, root) -> Action | None:
        """Ending in the guard's way with a hiding tool in hand: use it first."""
        tools = {a["tool"]: a for a in legal if a["type"] == "tool"}
        if not ({"donuts", "smoke_bomb"} & set(tools)):
            return None
        f = root.pos // CELLS
        risk = model.guard_risk(root, f, model.b.alarms, model.stealth)
        if risk < 8.0:
            return None
        return tools.get("donuts") or tools.get("smoke_bomb")


class TeamPlannerBot(PlannerBot):
    """The second team planner (:mod:`boardlab.games.burgle.team2`), the default. Beside
    the first planner's rules it weighs the map-changing tools (Dynamite, Thermal Bomb,
    Crowbar) by searching the turn on the board as the tool would leave it."""

    name = "team"
    model_class = TeamModel

    def _plan(self, v: dict[str, Any], legal: list[Action]) -> Action:
        tools = [a for a in legal if a["type"] == "tool" and a["tool"] in MAP_TOOLS]
        if not tools:
            return super()._plan(v, legal)
        # the turn without a tool is searched once: for the tools' comparison, then the plan
        model, root = self._model(v, Board.read(v))
        use = self._map_tool(v, tools, model, root)
        if use is not None:
            return use
        return self._search(v, legal, model, root)

    def _map_tool(self, v: dict[str, Any], tools: list[Action], model: TurnModel,
                  root: Node) -> Action | None:
        """The tool whose changed board (less the alarm it sounds) beats this one (``model``,
        from ``root``) by TOOL_GAIN for the rest of the turn, if any: every board is read
        from the view."""
        if root.pos is None or root.pos < 0:
            return None
        base = model.value(root)
        sounded = model.alarm(frozenset(), 0, root.pos, None)[2]  # the tool's alarm, here
        best, best_val = None, base + TOOL_GAIN
        for a in tools:
            board = tool_board(Board.read(v), root.pos, a)
            trial, node = self._model(v, board)
            val = trial.value(node)
            if a["tool"] in ("dynamite", "thermal_bomb"):
                val -= sounded
            if val > best_val:
                best, best_val = a, val
        return best


class PreviousTeamBot(TeamPlannerBot):
    """The default team bot as it was before its last weights
    (:class:`~boardlab.games.burgle.team2.PreviousTeamModel`): not offered at tables, kept
    for the same-seed comparison and the regression test."""

    name = "previous"
    model_class = PreviousTeamModel


class NoFutureTeamBot(TeamPlannerBot):
    """The default team bot without the future-exposure cost
    (:class:`~boardlab.games.burgle.team2.NoFutureTeamModel`): not offered at tables, kept
    for the same-seed comparison."""

    name = "nofuture"
    model_class = NoFutureTeamModel


# The first planner (PlannerBot) is not offered at tables any more; benchmarks/burgle_team.py
# plays it beside the default for the same-run comparison.
BOTS = {"team": TeamPlannerBot, "greedy": TeamBot}
