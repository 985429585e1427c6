"""Bots for cat: the rulebook simulator's AI and the five styles of Appendix B.

The simulator AI (附录 B: "同期暗出 AI（1 步前瞻 + 对'成为最脏者'的风险折价）") looks one
step ahead: for each legal play it applies the play to the public board (others' secret
plays are unknown), scores the position it leads to - fun now, the exact outcome of an
exposure it triggers, and for every other room the expected bill of being dirtiest
discounted by how early it is (risk), plus the expected second-place bonus - and keeps the
best. In the sealed rounds (6-7) the risk weights drop to a quarter (``sealed_risk``), a
calibration to Appendix B's leftover mess, not a reading of the text (audit item 17). The
styles are that AI with other weights (Appendix B style table):

* ``wild`` 狂闹流 「永远打最大的牌，从不收拾」 (example: 「狂闹：能出多大出多大」) - the
  simulator AI with fun counted double (「能出多大出多大」: the biggest card whenever the
  lookahead does not see it cost more than twice its fun - about three plays in four) and
  never a clean card (收拾牌); its one cat card and shifts stay available. Read as a style
  *of the book's one-step-lookahead AI*: the literal reading (``wild_literal``: the biggest
  card every time, never a clean or a cat card, no lookahead) cannot reach the book's own
  figures - it scores -5.6 a game at 4 players against the book's 1.3 and wins 0.3-2.3% of
  games against 7.7-9.7%, and no variant that always plays the biggest card gets above -1.7
  (docs/rulings/cat.md, audit item 16);
* ``tidy`` 收拾流 「自己一脏就擦」 (example: 「收拾：脏了就擦，绝不背账」) - cleans (or plays its
  cat card) in a room the moment it is the dirtiest there or holds more than the book's
  3-point safe line (新手策略 2);
* ``shifter`` 甩锅流 「优先搬乱局」 - whenever it can move mess it does, the best move first;
* ``sniper`` 狙击流 「专挑"能翻盘"的一手」 (example: 「狙击：专挑最有价值的一手」) - the play that
  maximises its lead over the best other seat;
* ``steady`` 稳当流 「小牌试水，分散三房」 (example: 「稳妥：小牌试水，看准了再收」) - small cards,
  spread over the three rooms;
* ``lookahead`` - the plain simulator AI.

Role-aware play (新手策略 「三个角色怎么玩」): Cat uses its +2 early (「尽早用掉」), Sally saves
hers for big cards (「大牌专用」), Things use theirs in a room where someone else is dirtiest,
Conrad cleans with his only to save himself (「只在'救自己'时用」); Fish's is automatic.

Draws: the book's simulator drew at random (its example: 「手牌示意，实际按牌堆随机抽取」). Every
style draws as if from one shuffled stock of all the cards left: a pile is chosen with
probability proportional to the cards it holds (``draws="stock"``, the default), so about
41% of draws are special cards (41 of 101). The example's hands fit this and not the
alternative: its opening hands hold 9 special cards of 20 (P2 four, P0 three, impossible
when the opening takes one card from each chaos pile) and 14 of its 28 plays are special
cards; and the stock draw reproduces Appendix B's exposures per game (docs/rulings/cat.md,
audit item 15). ``draws="piles"`` is the other reading - one card from each chaos pile for
the opening hand (§6.1's suggestion), then a pile chosen uniformly among the non-empty ones,
as ``draw_mode="random"`` does - kept for the experiments that compare the two.

Bots see only ``ctx.view``, ``ctx.legal`` and ``ctx.rng``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardlab.bots.base import DecisionContext, StateContext
from boardlab.engine.protocol import Action
from boardlab.games.cat import data
from boardlab.games.cat.scoring import ceil_div, exposure_deltas, ranks

DRAWS = ("stock", "piles")


@dataclass(frozen=True)
class Weights:
    fun: float = 1.0
    risk: float = 1.0  # weight of the expected bill of being dirtiest
    bonus: float = 0.8  # weight of the expected second-place bonus
    near: float = 0.25  # risk of being close behind the dirtiest
    # The risk weights in the sealed rounds (6-7), as a share of the open rounds'. Calibrated,
    # not read from the text: the book's simulator left 7.6-10.7 mess per room at the end,
    # 「全部来自'第 6-7 回合堆上去'」, so its AI kept playing chaos cards in the sealed rounds;
    # at 1.0 ours leaves 5.6-7.4 (audit item 17). 0.25 reproduces the leftovers.
    sealed_risk: float = 0.25
    role_cost: float = 0.5  # a role use spent now is not available later
    dirty_line: int = 3  # tidy: cleans above this much own mess in a room (新手策略 2)
    shift: float = 0.0  # bias for shift plays
    small: float = 0.0  # penalty per chaos point above 2
    spread: float = 0.0  # penalty for adding to a room where one already has mess
    relative: bool = False  # sniper: value relative to the best other seat
    never_clean: bool = False  # never a clean card (收拾牌); forced, only on an empty lane
    never_cat: bool = False  # never the cat card either (wild_literal)
    biggest: bool = False
    clean_when_dirty: bool = False
    shift_first: bool = False


def apply_play(view: dict[str, Any], seat: int, a: Action) -> tuple[dict, int]:
    """The public board after ``seat`` alone plays ``a``, and the fun it gains."""
    rooms = {r: {"lanes": list(v["lanes"]), "fish": v["fish"]} for r, v in view["rooms"].items()}
    if a.get("type") != "play":
        return rooms, 0
    card, room = a["card"], a["room"]
    role = view["roles"][seat] if a.get("role") else None
    lane = rooms[room]["lanes"]
    gain = 0
    if data.is_chaos(card):
        v = data.chaos_value(card)
        mess, fish = v, 0
        if role == "sally":
            mess = max(1, v - 2)
        elif role == "things":
            fish = v // 2
            mess = v - fish
        lane[seat] += mess
        rooms[room]["fish"] += fish
        gain = v + (2 if role == "cat" else 0)
    elif card == "clean":
        k, gain = (4, 3) if role == "konrad" else (2, 1)
        lane[seat] = max(0, lane[seat] - k)
    elif card == "shift":
        lane[seat] -= a["amount"]
        rooms[a["to"]]["lanes"][seat] += a["amount"]
    elif card == "cat":
        lane[seat] = 0
    else:
        rooms[room]["fish"] += 2
        gain = 2
    return rooms, gain


def board_value(view: dict[str, Any], rooms: dict, seat: int, w: Weights) -> float:
    """What the rooms are expected to cost (negative) or give ``seat``."""
    station, stations = view["station"], max(1, view["stations"])
    open_ = view["exposures_open"]
    certainty = 0.5 + 0.5 * station / stations  # later = the bill is more certain
    risk, near = (w.risk, w.near) if open_ else (w.risk * w.sealed_risk, w.near * w.sealed_risk)
    fish_role = view["roles"][seat] == "fish" and view["role_uses"][seat] > 0
    total_v = 0.0
    for room in data.ROOMS:
        lanes, total = rooms[room]["lanes"], sum(rooms[room]["lanes"]) + rooms[room]["fish"]
        if open_ and total >= view["exposure_line"]:
            total_v += exposure_deltas(lanes, total)[seat] + (2 if fish_role else 0)
            continue
        dirtiest, second = ranks(lanes)
        if seat in dirtiest:
            # while exposures are open, a dirtiest seat expects to pay about half
            bill = ceil_div(total, 2) if open_ and station < stations - 2 else total
            total_v -= risk * certainty * bill
        elif seat in second:
            total_v += w.bonus * certainty * (total // 3)
            top = lanes[dirtiest[0]]
            if top - lanes[seat] <= 2:
                total_v -= near * certainty * total
        elif lanes[seat] > 0 and dirtiest and lanes[dirtiest[0]] - lanes[seat] <= 2:
            total_v -= near * certainty * total
    return total_v


class LookaheadBot:
    """The rulebook simulator's AI, with style weights."""

    reads_log = False  # never reads the view's log, so its views come without it (engine)

    def __init__(self, name: str = "lookahead", weights: Weights | None = None,
                 draws: str = "stock") -> None:
        if draws not in DRAWS:
            raise ValueError(f"draws is one of {', '.join(DRAWS)}, not {draws!r}")
        self.name = name
        self.w = weights or Weights()
        self.draws = draws

    # -- draws --
    def draw(self, ctx: DecisionContext) -> Action:
        """As the book's simulator drew (module text): a random card of the whole stock, or
        with ``draws="piles"`` one of each chaos pile first, then uniformly random piles."""
        view = ctx.view
        piles = [a["pile"] for a in ctx.legal]
        if self.draws == "stock":
            sizes = [view["piles"][p] for p in piles]
            return {"type": "draw", "pile": ctx.rng.choices(piles, weights=sizes)[0]}
        if view["station"] == 1 and view.get("phase") == "draw":  # the opening hand
            hand = view["hand"] or []
            have = {data.pile_of(c) for c in hand}
            first = [p for p in data.ROOMS if p in piles and p not in have]
            if first and len(hand) < 3:
                return {"type": "draw", "pile": first[0]}
        return {"type": "draw", "pile": ctx.rng.choice(piles)}

    def role_ok(self, view: dict[str, Any], seat: int, a: Action) -> bool:
        """The book's advice for each role (新手策略 「三个角色怎么玩」)."""
        if not a.get("role"):
            return True
        role, card = view["roles"][seat], a.get("card", "")
        if role == "sally":
            return data.is_chaos(card) and data.chaos_value(card) >= 4
        if role == "things":
            dirtiest = ranks(view["rooms"][a["room"]]["lanes"])[0]
            return bool(dirtiest) and seat not in dirtiest
        if role == "konrad":
            return seat in ranks(view["rooms"][a["room"]]["lanes"])[0]
        return True

    # -- plays --
    def score(self, ctx: DecisionContext, a: Action) -> float:
        view, seat, w = ctx.view, ctx.seat, self.w
        rooms, gain = apply_play(view, seat, a)
        value = w.fun * gain + board_value(view, rooms, seat, w)
        if w.relative:
            fun = list(view["fun"])
            fun[seat] += gain
            mine = fun[seat] + value - w.fun * gain
            others = [fun[s] + board_value(view, rooms, s, w) for s in range(len(fun))
                      if s != seat]
            value = mine - max(others, default=0.0)
        if a.get("role"):
            value -= w.role_cost
        card = a.get("card", "")
        if card == "shift":
            value += w.shift
        if data.is_chaos(card):
            value -= w.small * max(0, data.chaos_value(card) - 2)
            if view["rooms"][a["room"]]["lanes"][seat] > 0:
                value -= w.spread
        return value

    def choose(self, ctx: DecisionContext) -> Action:
        legal = ctx.legal
        if len(legal) == 1:
            return legal[0]
        if legal[0]["type"] == "draw":
            return self.draw(ctx)
        if legal[0]["type"] != "play":
            return legal[0]
        w, view, seat = self.w, ctx.view, ctx.seat
        options = [a for a in legal if self.role_ok(view, seat, a)] or legal
        if w.never_clean:
            # 「从不收拾」: with a hand of only such cards (common with stock draws) a play is
            # still due (Q10), so it wipes an empty lane - fun, no tidying (Q1)
            banned = ("clean", "cat") if w.never_cat else ("clean",)
            options = ([a for a in options if a["card"] not in banned]
                       or [a for a in options if view["rooms"][a["room"]]["lanes"][seat] == 0]
                       or options)
        if w.biggest:
            def gain(a: Action) -> int:
                return apply_play(view, seat, a)[1]
            top = max(gain(a) for a in options)
            options = [a for a in options if gain(a) == top]
        if w.clean_when_dirty:
            dirty = [r for r in data.ROOMS
                     if seat in ranks(view["rooms"][r]["lanes"])[0]
                     or view["rooms"][r]["lanes"][seat] > w.dirty_line]
            if dirty:
                cleans = [a for a in options if a["card"] in ("clean", "cat")
                          and a["room"] in dirty]
                if cleans:
                    options = cleans
        if w.shift_first:
            shifts = [a for a in options if a["card"] == "shift"]
            if shifts:
                options = shifts
        scored = [(self.score(ctx, a), i) for i, a in enumerate(options)]
        best = max(s for s, _ in scored)
        ties = [options[i] for s, i in scored if s >= best - 1e-9]
        return ties[0] if len(ties) == 1 else ctx.rng.choice(ties)


STYLES: dict[str, tuple[str, Weights]] = {
    "lookahead": ("模拟器 AI", Weights()),
    "wild": ("狂闹流", Weights(fun=2.0, never_clean=True, role_cost=0.0)),
    "wild_literal": ("狂闹流（字面）", Weights(risk=0.0, bonus=0.0, near=0.0, never_clean=True,
                                        never_cat=True, biggest=True, role_cost=0.0)),
    "tidy": ("收拾流", Weights(risk=1.4, clean_when_dirty=True)),
    "shifter": ("甩锅流", Weights(shift=2.0, shift_first=True)),
    "sniper": ("狙击流", Weights(relative=True)),
    "steady": ("稳当流", Weights(small=0.8, spread=1.5, risk=1.2)),
}
"""ASCII name -> (the rulebook's style name, weights)."""

BOOK_STYLES = ("wild", "tidy", "shifter", "sniper", "steady")
"""附录 B's five styles in its table's order: the five-style battle (混战)."""


def factory(name: str) -> Callable[[], LookaheadBot]:
    return lambda: LookaheadBot(name, STYLES[name][1])


BOTS: dict[str, Callable[[], LookaheadBot]] = {name: factory(name) for name in STYLES}
"""ASCII names only (the rulebook's names are ``STYLES[name][0]``), so a tournament over
``GAME.bots()`` plays each style once."""

# The style the strong bot (boardlab.bots.strong) plays its playouts, opponents and prior with:
# the strongest in an arena of the style bots (benchmarks/README.md, leaderboard).
STRONG_POLICY = "lookahead"


class QuickLookahead(LookaheadBot):
    """``lookahead``'s very choices, with the very draws of its generator, made without a
    view: the strong bot's playout policy (``STRONG_ROLLOUT``), where lookahead's scoring
    of every play was ~60% of a playout.

    It reads from the decision's state only what the seat's view shows (the public board,
    piles' sizes, roles, uses, the station and the rule numbers) - no hand, not even its
    own, since lookahead scores the listed plays and never looks at the hand. A play
    changes one room (two for a shift), so each room's part of ``board_value`` is worked
    out once per decision for the room as it is, and once per distinct change of it; the
    parts are added in ``board_value``'s order, term by term, so every score is the same
    float (tests/cat/test_bots.py compares the choices and the generator's state after).
    Without a state (a context built from a view) it is lookahead itself."""

    reads_log = False

    def __init__(self) -> None:
        super().__init__("lookahead", Weights())

    def choose_index(self, ctx: DecisionContext) -> int:
        legal = ctx.legal
        n = len(legal)
        if n == 1:
            return 0
        state = getattr(ctx, "_state", None)
        if state is None:
            return self._play_all(ctx, legal)
        kind = legal[0]["type"]
        if kind == "draw":  # draw(): one card of the whole stock, the same one draw
            piles = state.piles
            return ctx.rng.choices(range(n), weights=[len(piles[a["pile"]]) for a in legal])[0]
        if kind != "play":
            return 0
        return self._play(ctx, state, legal)

    def _play(self, ctx: DecisionContext, state, legal: list[Action]) -> int:
        seat, w = ctx.seat, self.w
        all_lanes, all_fish = state.lanes, state.fish
        seal, line, stations = state.rule_numbers
        station = state.station
        stations = max(1, stations)
        open_ = station < seal
        certainty = 0.5 + 0.5 * station / stations
        risk, near = (w.risk, w.near) if open_ else (w.risk * w.sealed_risk,
                                                     w.near * w.sealed_risk)
        bonus = w.bonus
        role = state.roles[seat]
        fish_role = role == "fish" and state.role_uses[seat] > 0
        early = open_ and station < stations - 2

        def terms(lanes: list[int], fish: int) -> tuple[float, ...]:
            # board_value's additions for one room, in its order (a subtraction is the
            # addition of the negated term: the same float)
            total = sum(lanes) + fish
            if open_ and total >= line:
                return (exposure_deltas(lanes, total)[seat] + (2 if fish_role else 0),)
            dirtiest, second = ranks(lanes)
            if seat in dirtiest:
                bill = ceil_div(total, 2) if early else total
                return (-(risk * certainty * bill),)
            if seat in second:
                top = lanes[dirtiest[0]]
                if top - lanes[seat] <= 2:
                    return (bonus * certainty * (total // 3), -(near * certainty * total))
                return (bonus * certainty * (total // 3),)
            if lanes[seat] > 0 and dirtiest and lanes[dirtiest[0]] - lanes[seat] <= 2:
                return (-(near * certainty * total),)
            return ()

        rooms = data.ROOMS
        base = {r: terms(all_lanes[r], all_fish[r]) for r in rooms}
        changed: dict[tuple[str, int, int], tuple[float, ...]] = {}

        def room_after(r: str, mine: int, fish: int) -> tuple[float, ...]:
            key = (r, mine, fish)
            got = changed.get(key)
            if got is None:
                lanes = list(all_lanes[r])
                lanes[seat] = mine
                got = changed[key] = terms(lanes, fish)
            return got

        best = None
        scored: list[tuple[float, int]] = []
        for k, a in enumerate(legal):
            card, room = a["card"], a["room"]
            used = a.get("role")
            if used and not self._role_ok(role, card, all_lanes[room], seat):
                continue
            mine, fish = all_lanes[room][seat], all_fish[room]
            other = None
            if data.is_chaos(card):
                v = data.chaos_value(card)
                mess, extra = v, 0
                if used and role == "sally":
                    mess = max(1, v - 2)
                elif used and role == "things":
                    extra = v // 2
                    mess = v - extra
                mine, fish, gain = mine + mess, fish + extra, v + (2 if used and role == "cat"
                                                                   else 0)
            elif card == "clean":
                step, gain = (4, 3) if used and role == "konrad" else (2, 1)
                mine = max(0, mine - step)
            elif card == "shift":
                to, amount = a["to"], a["amount"]
                mine, gain = mine - amount, 0
                other = (to, room_after(to, all_lanes[to][seat] + amount, all_fish[to]))
            elif card == "cat":
                mine, gain = 0, 0
            else:  # the fish card
                fish, gain = fish + 2, 2
            here = room_after(room, mine, fish)
            total_v = 0.0
            for r in rooms:
                part = here if r == room else (other[1] if other is not None and r == other[0]
                                               else base[r])
                for t in part:
                    total_v += t
            value = w.fun * gain + total_v
            if used:
                value -= w.role_cost
            scored.append((value, k))
            if best is None or value > best:
                best = value
        if not scored:  # no play the role advice allows: lookahead then scores them all
            return self._play_all(ctx, legal)
        ties = [k for value, k in scored if value >= best - 1e-9]
        return ties[0] if len(ties) == 1 else ctx.rng.choice(ties)

    @staticmethod
    def _role_ok(role: str | None, card: str, lanes: list[int], seat: int) -> bool:
        """``role_ok`` for a play that uses the seat's role, from the room's lanes."""
        if role == "sally":
            return data.is_chaos(card) and data.chaos_value(card) >= 4
        if role == "things":
            dirtiest = ranks(lanes)[0]
            return bool(dirtiest) and seat not in dirtiest
        if role == "konrad":
            return seat in ranks(lanes)[0]
        return True

    def _play_all(self, ctx: DecisionContext, legal: list[Action]) -> int:
        """lookahead's own choice (from the view), as an index."""
        choice = self.choose(ctx)
        for k, a in enumerate(legal):
            if a is choice:
                return k
        return legal.index(choice)  # a draw: lookahead answers with a new, equal action


# The strong bot's playouts (and its model of the seats that played face down) use this
# instead of STRONG_POLICY's own bot: the same choices, faster.
STRONG_ROLLOUT = QuickLookahead

class CatSearch:
    """How the strong bot (boardlab.bots.strong, ``STRONG_SEARCH``) searches cat.

    * ``budget``: a playout count, so a seed plays the same game on any machine that does
      not hit the CPU-seconds guard (a slow host). Playouts by ``QuickLookahead`` without
      the log cost a third of what lookahead's with it did (same-run ratios 2.06 x 1.47),
      so the 36 playouts that kept a move near 90 ms became 120 - measured again in one
      process at load 1-2, interleaved over the same 8 games, 120 playouts cost 147 ms a
      move, 80 cost 98 and 72 cost 87, so the count is 72. Against three lookahead over
      seeds 0-199 the share barely moves with it: 0.525 at 120, 0.530 at 80, 0.555 at 72
      (benchmarks/README.md);
    * ``rank``: a play's candidates in the prior's (``lookahead``'s) own order - its choice
      first, then the other plays by its score of each - so the few candidates a small
      search can widen to are the ones the style rates next, not random ones (seeds
      1000-1093 at 36 playouts: +0.09 +- 0.12 win share against three lookahead, paired);
      draws and other decisions keep strong's default order (the prior's choice, then
      random);
    * ``prepare``: the face-down plays of the seats before this one, drawn by the opponent
      model instead of uniformly (below).
    """

    budget = (72, 0.3)

    def rank(self, ctx: DecisionContext, prior) -> list[int] | None:
        legal = ctx.legal
        if legal[0].get("type") != "play":
            return None
        bot = prior()
        if not isinstance(bot, LookaheadBot):
            return None
        choice = bot.choose(ctx)
        first = next((k for k, a in enumerate(legal) if a is choice), None)
        if first is None:
            first = legal.index(choice)
        score = {k: bot.score(ctx, a) for k, a in enumerate(legal) if k != first}
        return [first, *sorted(score, key=lambda k: -score[k])]

    def prepare(self, ctx: DecisionContext, world, rng, factory) -> None:
        """In a play round, the face-down plays of the seats that chose before this one are
        drawn again by the opponent model (lookahead, ``STRONG_ROLLOUT``), each from that
        seat's own view of the sampled world - ``determinize`` put a uniformly random play
        of the re-dealt hand there, while the playouts model every later choice of theirs as
        lookahead's. None of them saw this seat's choice, so one draw serves every candidate.
        A face-down play changes nothing that seat's view shows until the reveal, so each
        is drawn as if it were still to choose."""
        pending = world.pending
        if world.phase != "play" or not pending:
            return
        seat, game = ctx.seat, ctx.game
        for s in sorted(pending):
            if s == seat:
                continue
            del pending[s]
            legal = game.legal_actions(world, s)
            k = 0 if len(legal) == 1 else QuickLookahead().choose_index(
                StateContext(game, s, legal, rng, world, None))
            pending[s] = legal[k]


STRONG_SEARCH = CatSearch()
