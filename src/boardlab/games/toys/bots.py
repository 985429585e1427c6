"""Bots for toys. They see only ``ctx.view``, ``ctx.legal`` and ``ctx.rng``.

* ``greedy`` never freezes, walks to the nearest companion and plays its loudest card with
  any item that adds screws or protects it.
* ``coordinated`` follows the rulebook's §8 advice as a public convention every coordinated
  seat computes the same way from the view (no hidden talk, so it is fair in 9.3 too): a
  freeze rota (enough seats frozen for the one crossing of the night), staggered noise so
  that S = T−1 in moments 1-2, the crossing only in moment 3 and only if the task needs
  it, sight cells cleared before the crossing, one assigned seat per companion (others
  yield the cell).
"""

from __future__ import annotations

import math
import zlib
from collections import deque
from types import SimpleNamespace
from typing import Any

from boardlab.bots.base import DecisionContext

from .data import ADJ

Action = dict[str, Any]


def dist_map(start: str) -> dict[str, int]:
    seen = {start: 0}
    q = deque([start])
    while q:
        c = q.popleft()
        for n in ADJ[c]:
            if n not in seen:
                seen[n] = seen[c] + 1
                q.append(n)
    return seen


def dist(a: str, b: str) -> int:
    return dist_map(a)[b]


def pick(legal: list[Action], **want: Any) -> Action | None:
    for a in legal:
        if all(a.get(k) == v for k, v in want.items()) and len(a) == len(want):
            return a
    return None


def move_towards(ctx: DecisionContext, target: str | None, avoid: set[str]) -> Action:
    """The legal move that ends nearest ``target`` (ties: fewer boosts, not in ``avoid``)."""
    moves = [a for a in ctx.legal if a["type"] == "move"]
    here = ctx.view["positions"][ctx.seat]

    def key(a: Action) -> tuple[int, int, int]:
        end = a["path"][-1] if a["path"] else here
        d = dist(end, target) if target else 0
        return (end in avoid, d, len(a.get("boosts") or []))

    return min(moves, key=key) if moves else ctx.legal[0]


def after_placement(v: dict, legal: list[Action]) -> Action:
    """Peek and react windows, alike for both bots: never peek; after the reveal, use 🎧
    if the revealed cards cross the threshold; otherwise pass."""
    if v["phase"] != "peek":
        cards = v.get("cards") or {}
        S = sum(c["card"] for s, c in cards.items() if not v["frozen"][int(s)])
        if v["threshold"] <= S and pick(legal, type="earmuffs"):
            return {"type": "earmuffs"}
    return pick(legal, type="pass") or legal[0]


class GreedyBot:
    """Takes what it can; never freezes."""

    name = "greedy"
    reads_log = False  # never reads the view's log, so its views come without it (engine)

    def choose(self, ctx: DecisionContext) -> Action:
        v, legal, seat = ctx.view, ctx.legal, ctx.seat
        phase = v["phase"]
        if phase == "move":
            here = v["positions"][seat]
            targets = sorted(v["markers"], key=lambda c: (dist(here, c), c))
            return move_towards(ctx, targets[0] if targets else None, set())
        if phase == "noise":
            if v.get("andy") == seat:
                return pick(legal, type="guess", cross=True) or legal[0]
            noise = [a for a in legal if a["type"] == "noise"]
            return max(noise, key=lambda a: (a["card"] + (a.get("item") == "oil"),
                                             a.get("item") is not None, a.get("rocket", False)))
        return after_placement(v, legal)


def _night_offset(v: dict[str, Any]) -> int:
    """A number every seat reads alike from tonight's public deal (the companions put
    out and their cells, fixed for the whole night): random across nights and games, so
    the rotation below starts at no particular seat number."""
    tonight = [c["name"] for h in v["companions"] for c in h if c["night"] == v["night"]]
    word = "".join(sorted([*v["markers"].values(), *tonight])) + "".join(v["task_cells"])
    return zlib.crc32(word.encode())


def _rotation(v: dict[str, Any], seats: list[int]) -> list[int]:
    """``seats`` from a start seat that moves on every night, so no seat is always first."""
    n = len(v["positions"])
    start = (v["night"] - 1 + _night_offset(v)) % n
    return sorted(seats, key=lambda s: (s - start) % n)


def standing(v: dict[str, Any]) -> list[int]:
    """Each seat's public score when the night began (screws after the last night's end
    steps plus the companions rescued before tonight): what the fair-share convention
    evens out. Fixed for the whole night, so plans do not flip between moments."""
    n = len(v["positions"])
    base = v["night_screws"][-1] if v.get("night_screws") else [0] * n
    return [base[s] + sum(c["value"] for c in v["companions"][s] if c["night"] < v["night"])
            for s in range(n)]


def priority(v: dict[str, Any], seats: list[int]) -> list[int]:
    """Who is served first (companions, the louder cards): the lowest score at night
    start, ties by the nightly rotation. Every coordinated seat computes the same list."""
    rot = _rotation(v, seats)
    score = standing(v)
    return sorted(rot, key=lambda s: (score[s], rot.index(s)))


def freeze_rota(v: dict[str, Any]) -> list[int]:
    """Seats that sit tonight out: enough that the crossing has the fewest 🧸 possible;
    those that have sat out least so far (public best-freeze count), ties by the nightly
    seat ahead, then the nightly rotation - over the game every seat rests as often as the
    count allows, and when some must rest once more (3 or 6 players, 4 nights) the
    leaders do, which is the cheaper side of the trade at those counts."""
    n = len(v["positions"])
    seats = [s for s in range(n) if s != v.get("andy")]
    top = max(v["noise_cards"])
    workers_needed = math.ceil(v["threshold"] / top)
    f = max(1, len(seats) - workers_needed)
    rests = v.get("freezes") or [0] * n
    rot = _rotation(v, seats)
    score = standing(v)
    return sorted(rot, key=lambda s: (rests[s], -score[s], rot.index(s)))[:f]


def plan_values(v: dict[str, Any]) -> dict[int, int]:
    """Everyone's noise this moment by the shared convention (same on every seat)."""
    n = len(v["positions"])
    workers = [s for s in range(n) if not v["frozen"][s] and s != v.get("andy")]
    T, top = v["threshold"], max(v["noise_cards"])
    left = max(0, v["need"] - v["progress"])
    moments_left = 3 - v["moment"] + 1
    budget = min(T - 1, left) if moments_left > 1 else min(left, top * len(workers))
    vals = {s: 0 for s in workers}
    # Seats standing on a companion cell first get 1 (one per cell), so they take it.
    claimed: set[str] = set()
    for s in priority(v, workers):
        cell = v["positions"][s]
        if cell in v["markers"] and cell not in claimed and budget > 0:
            claimed.add(cell)
            vals[s] = 1
            budget -= 1
    # The rest of the budget goes round the table, lowest score first.
    order = priority(v, workers)
    while budget > 0:
        progressed = False
        for s in order:
            if budget > 0 and vals[s] < top:
                cell = v["positions"][s]
                if cell in v["markers"] and cell in claimed and vals[s] == 0:
                    continue  # yield: another seat takes this companion
                vals[s] += 1
                budget -= 1
                progressed = True
        if not progressed:
            break
    return vals


def assignments(v: dict[str, Any]) -> dict[int, str]:
    """Each companion to a non-resting seat that can still reach it, lowest score first
    (ties: nearer, then the nightly rotation); one per seat."""
    n = len(v["positions"])
    rest = set(freeze_rota(v)) if v["moment"] == 1 else set()
    workers = [s for s in range(n) if not v["frozen"][s] and s != v.get("andy")
               and s not in rest]
    order = priority(v, workers)
    out: dict[int, str] = {}
    reach = 3 - v["moment"] + 1 + 1
    for cell in sorted(v["markers"], key=lambda c: (min(
            (dist(v["positions"][s], c) for s in workers), default=9), c)):
        free = [s for s in order if s not in out
                and dist(v["positions"][s], cell) <= reach]
        if free:
            out[free[0]] = cell
    return out


def mirror_choice(v: dict[str, Any], legal: list[Action], seat: int) -> Action | None:
    """§8 ⑤: with a 🪞, look at the seat with the most room to play louder than the shared
    plan (it is the one that could push S over); after the peek, freeze before the reveal
    if that card makes a crossing the plan did not mean to have (⏰ first if held)."""
    plan = plan_values(v)
    top = max(v["noise_cards"])
    if v["phase"] == "peek":
        peeks = [a for a in legal if a["type"] == "peek" and a["target"] != seat]
        if not peeks:
            return None
        return max(peeks, key=lambda a: (top - plan.get(a["target"], 0), -a["target"]))
    seen = v.get("peeked") or {}
    target, card = seen.get("seat"), seen.get("card")
    if target is None or card is None or target not in plan:
        return None
    meant = sum(plan.values())
    expected = meant - plan[target] + card
    if meant < v["threshold"] <= expected and pick(legal, type="freeze"):
        if pick(legal, type="clock"):
            return {"type": "clock"}
        return {"type": "freeze"}
    return None


class CoordinatedBot:
    """Rulebook §8: rota, staggered noise, late crossing, clear sight cells, yield."""

    name = "coordinated"
    reads_log = False  # never reads the view's log, so its views come without it (engine)

    def choose(self, ctx: DecisionContext) -> Action:
        v, legal, seat = ctx.view, ctx.legal, ctx.seat
        phase = v["phase"]
        rota = freeze_rota(v)
        if v["moment"] == 1 and seat in rota and phase in ("move", "noise"):
            if pick(legal, type="clock"):
                return {"type": "clock"}
            if pick(legal, type="freeze"):
                return {"type": "freeze"}
        if phase == "move":
            crossing = v["moment"] == 3 and (v["need"] - v["progress"]) >= v["threshold"]
            avoid = set(v["sight"]) if crossing or v["moment"] == 2 else set()
            target = assignments(v).get(seat)
            if target is None:
                here = v["positions"][seat]
                others = {c for c in v["markers"]}
                if here in avoid or here in others:
                    cands = [c for c in ADJ[here] if c not in avoid and c not in others]
                    target = cands[0] if cands else None
            return move_towards(ctx, target, avoid | (set(v["markers"]) - {target}))
        if phase == "noise":
            if v.get("andy") == seat:
                left = v["need"] - v["progress"]
                return pick(legal, type="guess", cross=v["moment"] == 3 and left >= v[
                    "threshold"]) or legal[0]
            want = plan_values(v).get(seat, 0)
            crossing = sum(plan_values(v).values()) >= v["threshold"]
            item = v.get("my_item")
            opts = [a for a in legal if a["type"] == "noise" and a["card"] == want]
            if crossing and item in ("socks", "box") and want > 0 or crossing and \
                    item == "flashlight" and v["positions"][seat] in v["sight"]:
                for a in opts:
                    if a.get("item") == item:
                        return a
            if crossing:
                for a in opts:
                    if a.get("rocket"):
                        return a
            noise = [a for a in legal if a["type"] == "noise"]
            return pick(legal, type="noise", card=want) or (opts or noise or legal)[0]
        if phase in ("peek", "after_peek"):
            mirror = mirror_choice(v, legal, seat)
            if mirror is not None:
                return mirror
        return after_placement(v, legal)


BOTS = {"greedy": GreedyBot, "coordinated": CoordinatedBot}

# The style the strong bot (boardlab.bots.strong) plays its playouts, opponents and prior with:
# the strongest in an arena of the style bots (benchmarks/README.md, leaderboard).
STRONG_POLICY = "greedy"

# The strong bot's budget (boardlab.bots.strong, ``STRONG_SEARCH``): a playout count, so a seed
# plays the same game on any machine that does not hit the CPU-seconds guard (a slow host);
# a greedy playout costs 1.2-1.6 ms of CPU (measured under load); a 90 ms cap
# reached 54-75 playouts a move (median), this count keeps a move near 90 ms on average.
STRONG_SEARCH = SimpleNamespace(budget=(72, 0.3))
