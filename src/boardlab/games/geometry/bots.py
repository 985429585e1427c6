"""Bots for geometry, using only the view, the legal actions and their own generator.

The book describes no playing styles, only the goal (「如果你不努力搜寻其他图形，那么你的图形可能就会
被发现」: hide yours, find the others'). Both bots reason the same way and differ in nerve:

* What everyone can infer: a leader is searched first (「从领袖开始」), so a leader never
  leads with its own shape behind an open door. The doors a seat opened itself as leader
  since its last reshuffle (``view["led_doors"]``) are therefore not its shape: an
  accusation aims only at the leader's other face-down cards.
* Leading (``open``): a door that is not its shape, preferring one still face down on its
  own board (the search turns that card up: progress towards the 3 that score) and face
  down for most others (more chances that someone else's shape is found).
* Responding: with its shape behind an open door it must not say OK - it accuses if that
  is good enough, else takes the lead with ③ (reopen, its shape kept closed), else accuses
  anyway. With its shape safe it takes the lead with ② (one more door, safe for it, face
  down on its board) when that brings it nearer to scoring and leaves accusers enough
  doors to guess from, accuses when the odds are good enough, else says OK.

* ``bold``: accuses at odds 1/2 or better, adds a door whenever the add is safe.
* ``cautious``: accuses only at odds 1/1 (one door left after the inference) or when its
  own shape is in danger and ③ cannot save it; adds a door only when it would leave
  accusers at least 3 doors to guess from.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from boardlab.bots.base import DecisionContext
from boardlab.engine.protocol import Action


def _my_shape(view: dict[str, Any]) -> int | None:
    me = view["seats"][view["seat"]]["cards"]
    return me.index("shape") + 1 if "shape" in me else None


def face_down(view: dict[str, Any], seat: int) -> list[int]:
    """Doors (1-based) whose card of ``seat`` is still face down."""
    return [d + 1 for d, c in enumerate(view["seats"][seat]["cards"]) if c in (None, "x", "shape")]


def suspects(view: dict[str, Any], seat: int) -> list[int]:
    """The doors ``seat``'s shape can be behind, by what the table saw: face down, and not
    a door it opened itself as leader since its last reshuffle."""
    down = face_down(view, seat)
    led = set(view.get("led_doors", [[]] * len(view["seats"]))[seat])
    return [d for d in down if d not in led] or down


class _Base:
    name = "base"
    reads_log = False  # never reads the view's log, so its views come without it (engine)
    accuse_odds = 0.5  # accuse when 1 / (number of suspect doors) reaches this
    add_margin = 2  # add a door only if accusers keep at least this many suspects of ours

    def choose(self, ctx: DecisionContext) -> Action:
        v, legal = ctx.view, ctx.legal
        mine = _my_shape(v)
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a["type"], []).append(a)
        if "open" in kinds:
            return self._best_door(ctx, kinds["open"], mine)
        if "reveal_x" in kinds:
            return ctx.rng.choice(kinds["reveal_x"])
        danger = mine in v["open"]
        accuse = self._accusation(ctx, kinds.get("accuse", []))
        if accuse and 1 / len(suspects(v, v["leader"])) >= self.accuse_odds:
            return accuse
        if danger:
            reopen = [a for a in kinds.get("reopen", []) if mine not in a["doors"]]
            if reopen:
                return self._best_set(ctx, reopen)
            return accuse or ctx.rng.choice(legal)
        add = self._add(ctx, kinds.get("add", []), mine)
        if add:
            return add
        return {"type": "ok"}

    def _accusation(self, ctx: DecisionContext, options: list[Action]) -> Action | None:
        if not options:
            return None
        sus = set(suspects(ctx.view, ctx.view["leader"]))
        aimed = [a for a in options if a["door"] in sus] or options
        return ctx.rng.choice(aimed)

    def _gain(self, v: dict[str, Any], door: int) -> tuple[int, int]:
        """How much opening ``door`` helps: my card there turns up (progress), and how many
        other seats still in the game have that card face down."""
        me = v["seat"]
        others = sum(1 for s, info in enumerate(v["seats"])
                     if s != me and not info["out"] and door in face_down(v, s))
        return (door in face_down(v, me), others)

    def _best_door(self, ctx: DecisionContext, options: list[Action], mine: int | None
                   ) -> Action:
        safe = [a for a in options if a["door"] != mine] or options
        top = max(self._gain(ctx.view, a["door"]) for a in safe)
        return ctx.rng.choice([a for a in safe if self._gain(ctx.view, a["door"]) == top])

    def _best_set(self, ctx: DecisionContext, options: list[Action]) -> Action:
        def score(a: Action) -> tuple[int, int]:
            gains = [self._gain(ctx.view, d) for d in a["doors"]]
            return (sum(g[0] for g in gains), sum(g[1] for g in gains))

        top = max(score(a) for a in options)
        return ctx.rng.choice([a for a in options if score(a) == top])

    def _add(self, ctx: DecisionContext, options: list[Action], mine: int | None
             ) -> Action | None:
        """② when it brings this seat nearer to scoring: the new door is face down on its
        board, and as the new leader it keeps enough suspect doors against accusers."""
        v, me = ctx.view, ctx.view["seat"]
        mine_down = face_down(v, me)
        led = set(v.get("led_doors", [[]] * len(v["seats"]))[me])
        good = []
        for a in options:
            d = a["door"]
            if d == mine or d not in mine_down:
                continue
            left = [x for x in mine_down if x not in led and x != d]
            if len(left) >= self.add_margin:
                good.append(a)
        if not good:
            return None
        top = max(self._gain(v, a["door"]) for a in good)
        return ctx.rng.choice([a for a in good if self._gain(v, a["door"]) == top])


class BoldBot(_Base):
    name = "bold"
    accuse_odds = 0.5
    add_margin = 3


class CautiousBot(_Base):
    name = "cautious"
    accuse_odds = 1.0
    add_margin = 4


BOTS = {"bold": BoldBot, "cautious": CautiousBot}

# The style the strong bot (boardlab.bots.strong) plays its playouts, opponents and prior with:
# the strongest in an arena of the style bots (benchmarks/README.md, leaderboard).
STRONG_POLICY = "bold"

# The strong bot's budget (boardlab.bots.strong, ``STRONG_SEARCH``): a playout count, so a seed
# plays the same game on any machine that does not hit the CPU-seconds guard (a slow host);
# a bold playout costs 0.66-0.74 ms of CPU (measured under load); a 90 ms cap
# reached 84-95 playouts a move (median), this count keeps a move near 90 ms on average.
STRONG_SEARCH = SimpleNamespace(budget=(88, 0.3))
