"""Bots for hotel: the five styles of 附录 B (流派胜率), role-aware, reading the table.

The rulebook names its simulator's five styles only in 附录 B's style table, with one line of
positioning each (quoted in each class), and scatters how they play through the text: the
worked example's seating (威克 接单流, 温斯顿 住客流, 丐帮王 囤币流, 索菲亚 高风险流), the
role table's 「适合流派」 column, the FAQ's advice and 附录 A's laws. Each bot below follows
those words; where they are silent the bot plays the style's evident aim well.

All styles share one model of the table (``Table``):

* what a contract is worth to a seat: 附录 A ① - a sure execution nets the card's fire
  (capped by D) + 3 - the bid, + 1 reputation (3 points), plus the role's bonus (威克 on 🔫,
  卡西安 on ⚠ and his bid discount, 索菲亚's one-shot), minus what spending the card costs
  the nights still to come (every card is a whole-game resource: 「打出不补」);
* what each *other* seat will likely do (附录 A ⑤ 「出价 = 你愿意支付的价格 + 你对'别人也选这张'
  的预判」): every other seat's hand is sampled from the cards it has not played (or read
  exactly after 🗣 窃听), its best contracts are scored the same way, and its choice is a soft
  maximum over them and checking in. From that the bot reckons, for each contract and bid,
  the chance of winning it (a tie at the top loses it, unless this seat is 查伦 with its
  tie-break unused), so the bots spread over the wall instead of piling onto one contract;
* what checking in is worth: heal, intel, reputation at the 2nd and 4th stay, 温斯顿's
  2 gold, and the vault race (附录 A ④: the most check-ins takes min(vault, 15)).

Bots see only ``ctx.view``, ``ctx.legal`` and ``ctx.rng``.
"""

from __future__ import annotations

import math
import random
from functools import partial
from math import exp
from typing import Any

from boardlab.bots.base import DecisionContext
from boardlab.engine.protocol import Action
from boardlab.games.hotel import data

CLEANUP_FEE = 3
POINTS_PER_REP = 3
POINTS_PER_WOUND = 2
SAMPLES = 6  # sampled hands per rival and decision
RIVAL_RISK_LOVE = 2.0
FIRST_SPREAD = 1.2  # points: the first guess's soft maximum over a seat's options
REPLIES = 3  # rounds of fictitious play in the rival model (``Table.rival_interest``)
REPLY_SPREAD = 1.0  # points: how softly a modelled seat answers the others
STRANDED_CARD = 2.5  # points a stay costs a seat that then has more cards than nights left
CHOICE_SPREAD = 0.4  # points: how far below the best a sealed choice may still be picked


def bid_at_least(value: float, b: int) -> float:
    """The chance that a rival who wants a contract worth ``value`` to it bids ``b`` or
    more: a coin of bid buys certainty, so the richer the contract the higher the bid (about
    one coin per 2 points above an 8-point contract; fitted to how these bots bid)."""
    if b <= 0:
        return 1.0
    return 1 / (1 + math.exp(-(value - 8.0 - 2.0 * b) / 1.5))


def _soft(values: list[float], spread: float) -> list[float]:
    """Soft maximum weights (summing to 1; -inf gets 0, all -inf gives all 0)."""
    top = max(values)
    if top == -math.inf:
        return [0.0] * len(values)
    w = [math.exp((x - top) / spread) if x > -math.inf else 0.0 for x in values]
    tot = sum(w)
    return [x / tot for x in w]


_VALUE = {c: data.card_value(c) for c in data.technique_set()}
_TAG = {c: data.card_tag(c) for c in data.technique_set()}


def fire_of(card: str, c: dict) -> int:
    return _VALUE[card] + (_TAG[card] == c["tag"])


class Seat:
    """What one seat holds as far as a bot can tell (its own seat exactly)."""

    def __init__(self, view: dict[str, Any], p: int, hand: list[str]) -> None:
        self.p = p
        self.role = view["roles"][p]
        self.gold = view["gold"][p]
        self.keys = (view["intel"][p] or []).count("key") if view["intel"][p] else 0
        self.hand = hand
        self.sofia = self.role == "sofia" and not view["sofia_used"]


class Table:
    """The shared model of a bid night (see the module text)."""

    samples = SAMPLES  # a lighter model (QuickTaker's) lowers these two
    replies = REPLIES

    def __init__(self, view: dict[str, Any], seat: int, rng: random.Random,
                 reserve: dict[str, float] | None = None) -> None:
        self.v, self.seat, self.rng = view, seat, rng
        self.n = len(view["gold"])
        self.nights_left = view["nights"] - view["night"] + 1  # tonight included
        self.reserve = reserve or {}
        self.cfg = view.get("options", {})
        # card_cost by hand, then card: it depends only on them, the reserve and the nights
        # left, all fixed for this table (the same floats as calling card_cost each time)
        self._costs: dict[tuple[str, ...], dict[str, float]] = {}

    # -- values -----------------------------------------------------------------------------

    def card_cost(self, hand: list[str], card: str) -> float:
        """What spending ``card`` tonight costs the nights to come: nothing on the last night
        or when the hand holds more cards than there are nights left to play them; else the
        fire it carries above the hand's weakest card (a stronger card unlocks a harder,
        less contested contract later), plus whatever a plan has reserved it for."""
        extra = self.reserve.get(card, 0.0)
        if self.nights_left <= 1:
            return extra
        weakest = min(_VALUE[c] for c in hand)
        surplus = len(hand) - (self.nights_left - 1)
        scale = 0.35 if surplus > 1 else 0.8
        return scale * (_VALUE[card] - weakest) + 0.6 + extra

    def hand_costs(self, hand: list[str]) -> dict[str, float]:
        """``card_cost(hand, card)`` of every card of ``hand``, computed once per hand."""
        key = tuple(hand)
        costs = self._costs.get(key)
        if costs is None:
            costs = self._costs[key] = {card: self.card_cost(hand, card) for card in hand}
        return costs

    def play_value(self, s: Seat, c: dict, bid: int = 0, kill_ok: bool = True
                   ) -> tuple[float, Action | None]:
        """The best sure execution of contract ``c`` by seat ``s`` after paying ``bid``:
        (points gained, the action), or (-inf, None) when no sure play exists."""
        best: tuple[float, Action | None] = (-math.inf, None)
        pay = bid
        risk, tag, d = c["risk"], c["tag"], c["d"]
        if s.role == "cassian" and risk:
            pay = max(0, bid - 1)
        funds = s.gold + 2 * s.keys - pay
        base = c["reward"] + POINTS_PER_REP - pay
        if s.role == "wick" and tag == "gun":
            base += 3
        if s.role == "cassian" and risk:
            base += 3
        if risk == "cleanup":
            base -= CLEANUP_FEE
        if self.v["event"] == "bounty":
            base += 0.5 * d / 5  # the night's hardest completion earns +1 reputation
        hand = s.hand
        if hand:
            costs = self.hand_costs(hand)
            most = min(5, funds)
            best_val, best_card, best_need = -math.inf, None, 0
            for card in hand:
                need = d - (_VALUE[card] + (_TAG[card] == tag))  # fire_of
                if need < 0:
                    need = 0  # max(0, ...)
                if need > most:  # also 0 when even a free play is beyond the funds
                    continue
                val = base - need - costs[card]
                if val > best_val:
                    best_val, best_card, best_need = val, card, need
            if best_card is not None:
                best = (best_val, {"type": "execute", "card": best_card, "boost": best_need})
        if kill_ok and s.sofia and c["d"] <= 9:
            # The one-shot saves the card and the boost and adds 3; held back it could do
            # the same later, on a harder contract.
            keep = 0.0 if self.nights_left <= 1 else max(0.0, 9 - c["d"]) * 0.8
            val = base + 3 - keep
            if val > best[0]:
                best = (val, {"type": "kill"})
        return best

    def rival_row(self, s: Seat, walls: list[dict]) -> list[float]:
        """``[play_value(s, c, 0)[0] + (RIVAL_RISK_LOVE if c["risk"] else 0) for c in
        walls]`` in one pass: the same operations on the same numbers (a bid of 0 pays 0,
        Cassian's discount included), without an action built per contract."""
        hand = s.hand
        costs = self.hand_costs(hand) if hand else {}
        wick, cass = s.role == "wick", s.role == "cassian"
        bounty = self.v["event"] == "bounty"
        most = min(5, s.gold + 2 * s.keys - 0)  # funds after paying 0
        sofia, last = s.sofia, self.nights_left <= 1
        out = []
        for c in walls:
            risk, tag, d = c["risk"], c["tag"], c["d"]
            base = c["reward"] + POINTS_PER_REP - 0
            if wick and tag == "gun":
                base += 3
            if cass and risk:
                base += 3
            if risk == "cleanup":
                base -= CLEANUP_FEE
            if bounty:
                base += 0.5 * d / 5
            best = -math.inf
            for card in hand:
                need = d - (_VALUE[card] + (_TAG[card] == tag))
                if need < 0:
                    need = 0
                if need > most:
                    continue
                val = base - need - costs[card]
                if val > best:
                    best = val
            if sofia and d <= 9:
                keep = 0.0 if last else max(0.0, 9 - d) * 0.8
                val = base + 3 - keep
                if val > best:
                    best = val
            out.append(best + (RIVAL_RISK_LOVE if risk else 0))
        return out

    def checkin_value(self, p: int, informant: bool = False) -> float:
        v = self.v
        if v["event"] == "full_house":
            return -math.inf
        wounds = v["wounds"][p]
        heal = min(wounds, 2 if v["event"] == "peace" else 1)
        val = POINTS_PER_WOUND * heal
        if wounds >= 3:
            val += 3  # one more wound would cost a whole night in hospital
        draws = 1 + (v["roles"][p] == "winston") + (v["event"] == "hospitality")
        val += draws * (2.0 if informant else 1.2)
        if v["checkins"][p] + 1 in (2, 4):
            val += POINTS_PER_REP
        if v["roles"][p] == "winston":
            val += 2
        val += self.vault_race_gain(p)
        if v["hand_sizes"][p] > self.nights_left - 1:
            # 「整局 5 张起手、打出不补」: a seat holding more cards than nights left after this
            # one strands a card for good by staying (a card saved for later is what
            # ``card_cost`` charges a play; this is the same ledger's other side).
            val -= STRANDED_CARD
        return val

    def vault_race_gain(self, p: int) -> float:
        """How much one more stay raises this seat's expected dividend: the prize times the
        rise in the chance of ending with the most stays, each rival expected to keep
        checking in at the rate it has shown so far (public: the registry board)."""
        v = self.v
        stays = v["checkins"]
        inflow = 0.9 * self.n  # a night's bids and fines, roughly
        prize = min(v.get("options", {}).get("vault_cap", 15),
                    v["vault"] + inflow * (self.nights_left - 0.5))
        after = self.nights_left - 1
        played = max(0, v["night"] - 1)
        mine_rate = (stays[p] + 0.6) / (played + 2)

        def lead(mine: float) -> float:
            out = 1.0
            for q in range(self.n):
                if q == p:
                    continue
                rate = (stays[q] + 0.6) / (played + 2)
                margin = mine + mine_rate * after - (stays[q] + rate * after)
                out *= 1 / (1 + math.exp(-1.5 * margin))
            return out

        return prize * (lead(stays[p] + 1) - lead(stays[p]))

    # -- rivals -----------------------------------------------------------------------------

    def rival_hands(self, p: int) -> list[list[str]]:
        """Hands seat p may hold as this seat sees it: read after 🗣 窃听, else sampled from
        the cards p has not played. This seat's own hand is sampled the same way: what the
        others believe of it is what they answer."""
        known = self.v["hands"][p]
        if known is not None and p != self.seat:
            return [list(known)]
        pool = [c for c in data.technique_set() if c not in self.v["played"][p]]
        k = min(len(pool), self.v["hand_sizes"][p])
        return [self.rng.sample(pool, k) for _ in range(self.samples)]

    def rival_interest(self) -> list[list[list[float]]]:
        """``q[p][i][b]``: the chance that seat p bids b or more on wall contract i tonight
        (``q[p][i][0]``: that it bids on i at all).

        First guess: every seat goes for what its (sampled) hand does best, a soft maximum
        over the contracts' worth and checking in, and bids more the more a contract is
        worth (``bid_at_least``). That guess alone piles every seat onto the night's richest
        contract, which real rivals then avoid (measured: they win 0.64 of their bids while
        expecting 0.91; the 'uncontested' second-best contracts were where they collided). So
        each seat then answers the others ``REPLIES`` times (fictitious play, 附录 A ⑤ 「出价 =
        你愿意支付的价格 + 你对'别人也选这张'的预判」): it weighs every contract and bid by its
        chance to win against the others' current expected play, picks softly, and the
        expected play becomes the running average of those answers."""
        v = self.v
        walls = v["wall"]
        top_bid = self.cfg.get("max_bid", 3)
        debt = self.cfg.get("bid_over_gold") == "debt"
        levels = top_bid + 1
        seats: dict[int, list[tuple[list[float], float, int]]] = {}
        for p in range(self.n):
            if p in v["resting"]:
                continue
            rows = []
            # The same for every sampled hand (the stay's worth reads no hand), so once.
            stay = self.checkin_value(p)
            cap = top_bid if debt else max(0, min(top_bid, v["gold"][p]))
            for hand in self.rival_hands(p):
                s = Seat(v, p, hand)
                s.keys = 0
                # Rivals' styles are unknown; some chase ⚠ contracts (附录 B 高风险流), so a
                # ⚠ contract is assumed a little more wanted than its net says.
                vals = self.rival_row(s, walls)  # play_value(s, c, 0)[0] (+ ⚠) per contract
                rows.append((vals, stay, cap))
            seats[p] = rows
        # The loops below do the same float operations in the same order as the plain
        # formulas in their comments (terms merely hoisted), so every figure is identical.
        q = [[[0.0] * (levels + 1) for _ in walls] for _ in range(self.n)]
        for p, rows in seats.items():
            qp = q[p]
            for vals, stay, _ in rows:
                w = _soft([*vals, stay], FIRST_SPREAD)
                for i in range(len(walls)):
                    # q[p][i][b] += w[i] / len(rows) * bid_at_least(vals[i], b)
                    share, val, row = w[i] / len(rows), vals[i], qp[i]
                    row[0] += share * 1.0  # bid_at_least(val, 0)
                    for b in range(1, levels):
                        # bid_at_least(val, b), its very expression inlined (hot loop)
                        row[b] += share * (1 / (1 + exp(-(val - 8.0 - 2.0 * b) / 1.5)))
        for rnd in range(self.replies):
            answer = [[[0.0] * (levels + 1) for _ in walls] for _ in range(self.n)]
            for p, rows in seats.items():
                charon = v["roles"][p] == "charon" and not v["charon_used"]
                theirs = [q[o] for o in seats if o != p]
                # win[i][b] = prod(1 - q[o][i][min(b + charon, levels)] for o in others)
                win = []
                at = [min(b + charon, levels) for b in range(levels)]
                for i in range(len(walls)):
                    cols = [qo[i] for qo in theirs]
                    win.append([math.prod([1 - col[k] for col in cols]) for k in at])
                ap = answer[p]
                for vals, stay, cap in rows:
                    picks: list[tuple[float, int, int]] = []
                    for i, val in enumerate(vals):
                        if val > -math.inf:
                            # max((win[i][b] * (val - b), b) for b in range(cap + 1)): the
                            # later b wins a tie, as the tuples compare
                            wi = win[i]
                            x, best = wi[0] * (val - 0), 0
                            for b in range(1, cap + 1):
                                y = wi[b] * (val - b)
                                if y >= x:
                                    x, best = y, b
                            picks.append((x, i, best))
                    w = _soft([x for x, _, _ in picks] + [stay], REPLY_SPREAD)
                    for (_, i, b), wi in zip(picks, w, strict=False):
                        # answer[p][i][lower] += wi / len(rows) for lower in 0..b
                        add, row = wi / len(rows), ap[i]
                        for lower in range(b + 1):
                            row[lower] += add
            keep = 1 - 1 / (rnd + 2)
            rest = 1 - keep
            q = [[[keep * x + rest * y for x, y in zip(row, arow, strict=True)]
                  for row, arow in zip(qp, ap, strict=True)] for qp, ap in zip(q, answer, strict=True)]
        return q

    def win_chance(self, q: list[list[list[float]]], i: int, bid: int, charon: bool) -> float:
        """Chance that ``bid`` on contract i wins it: no rival bids as much (a tie at the top
        leaves it unsold), or only ties when this seat is 查伦 with its tie-break unused."""
        out = 1.0
        for p in range(self.n):
            if p == self.seat:
                continue
            row = q[p][i]
            b = bid + (1 if charon else 0)
            out *= 1 - (row[b] if b < len(row) else 0.0)
        return out


class StyleBot:
    """Shared play: execution, salvage, intel; the bid night is each style's own."""

    name = "taker"
    reads_log = False  # never reads the view's log, so its views come without it (engine)
    checkin_bias = 0.0  # points added to checking in
    risk_bonus = 0.0  # points added to a ⚠ contract
    bid_weight = 1.0  # how a coin bid is felt (a hoarder feels it more)
    max_boost = 5
    informant = False

    # -- entry --------------------------------------------------------------------------
    def choose(self, ctx: DecisionContext) -> Action:
        legal = ctx.legal
        types = {a["type"] for a in legal}
        if "arrange" in types:
            return self.arrange(ctx)
        if "execute" in types or "kill" in types or "forfeit" in types:
            return self.execute(ctx)
        if "salvage" in types or ctx.view["phase"] == "salvage":
            return self.salvage(ctx)
        if ctx.view["phase"] == "bid":
            return self.bid_night(ctx)
        return legal[0]

    # -- helpers --------------------------------------------------------------------------
    def me(self, ctx: DecisionContext) -> Seat:
        return Seat(ctx.view, ctx.seat, list(ctx.view["hands"][ctx.seat] or []))

    def table(self, ctx: DecisionContext) -> Table:
        return Table(ctx.view, ctx.seat, ctx.rng, self.reserve(ctx))

    def reserve(self, ctx: DecisionContext) -> dict[str, float]:
        return {}

    def use_key_if(self, ctx: DecisionContext, need: int) -> Action | None:
        if ctx.view["gold"][ctx.seat] < need and {"type": "intel", "card": "key"} in ctx.legal:
            return {"type": "intel", "card": "key"}
        return None

    def medicine(self, ctx: DecisionContext) -> Action | None:
        a = {"type": "intel", "card": "medical"}
        return a if a in ctx.legal and ctx.view["wounds"][ctx.seat] > 0 else None

    # -- execution ------------------------------------------------------------------------
    def execute(self, ctx: DecisionContext) -> Action:
        v = ctx.view
        c = v["wall"][v["queue"][0]]
        me = self.me(ctx)
        t = self.table(ctx)
        _, act = t.play_value(me, c, 0)
        if act is not None:
            if act["type"] == "execute":
                key = self.use_key_if(ctx, act["boost"])
                if key:
                    return key
            if act in ctx.legal:
                return act
        med = self.medicine(ctx)
        if med:
            return med
        if {"type": "forfeit"} in ctx.legal:
            return {"type": "forfeit"}
        # No sure play: fail as cheaply as possible (the weakest card, no gold).
        ex = [a for a in ctx.legal if a["type"] == "execute" and a["boost"] == 0]
        return min(ex, key=lambda a: data.card_value(a["card"]))

    def salvage(self, ctx: DecisionContext) -> Action:
        v, me, t = ctx.view, self.me(ctx), self.table(ctx)
        best, pick = 0.5, None
        for i in range(len(v["wall"])):
            if str(i) in v["owners"]:
                continue
            if v.get("options", {}).get("salvage_from") == "tied" and not v["wall"][i].get(
                    "tied"):
                continue
            me2 = Seat(v, ctx.seat, me.hand)
            me2.gold -= 2
            val = t.play_value(me2, v["wall"][i], 0)[0] - 2
            if val > best:
                best, pick = val, i
        if pick is None:
            return {"type": "pass"}
        key = self.use_key_if(ctx, 2)
        if key:
            return key
        a = {"type": "salvage", "commission": pick}
        return a if a in ctx.legal else {"type": "pass"}

    def arrange(self, ctx: DecisionContext) -> Action:
        return ctx.legal[0]

    # -- the bid night ----------------------------------------------------------------------
    def intel_first(self, ctx: DecisionContext) -> Action | None:
        """Intel to use before sealing a choice (medicine on a wound: a wound costs 2 at
        the end and brings the hospital closer; the rest waits until it is needed)."""
        return self.medicine(ctx)

    def options(self, ctx: DecisionContext) -> list[tuple[float, Action]]:
        """Every sealed choice with its expected worth to this seat, style included."""
        v, seat = ctx.view, ctx.seat
        t, me = self.table(ctx), self.me(ctx)
        q = t.rival_interest()
        charon = me.role == "charon" and not v["charon_used"]
        fallback = self.salvage_hope(ctx, t, me, q)
        bids = sorted({a["bid"] for a in ctx.legal if a["type"] == "bid"})
        # A key can be cashed before sealing, so a bid may use it (ruling H12).
        bids = sorted(set(bids) | {b for b in range(v.get("options", {}).get("max_bid", 3) + 1)
                                   if bids and b <= max(bids) + 2 * me.keys})
        out: list[tuple[float, Action]] = []
        for i, c in enumerate(v["wall"]):
            for b in bids:
                val, act = t.play_value(me, c, b)
                if act is None or (act["type"] == "execute" and act["boost"] > self.max_boost):
                    continue
                val += (self.risk_bonus if c["risk"] else 0.0) - (self.bid_weight - 1) * b
                p = t.win_chance(q, i, b, charon)
                out.append((p * val + (1 - p) * fallback, {"type": "bid", "commission": i,
                                                           "bid": b}))
        if {"type": "checkin"} in ctx.legal:
            out.append((t.checkin_value(seat, self.informant) + self.checkin_bias + fallback,
                        {"type": "checkin"}))
        return out

    def salvage_hope(self, ctx: DecisionContext, t: Table, me: Seat,
                     q: list[list[list[float]]]) -> float:
        """丐帮王: what a night without a completion is still worth - salvaging the best
        contract the others leave (附录 A ②), for 2 gold."""
        v = ctx.view
        if me.role != "beggar" or me.gold + 2 * me.keys < 2 or not me.hand:
            return 0.0
        tied_only = v.get("options", {}).get("salvage_from") == "tied"
        best = 0.0
        for i, c in enumerate(v["wall"]):
            val = t.play_value(Seat(v, ctx.seat, me.hand), c, 2)[0]
            if val <= 0:
                continue
            rivals = [q[p][i][0] for p in range(t.n) if p != ctx.seat]
            nobody = math.prod(1 - x for x in rivals)
            two = 1 - nobody - sum(x * math.prod(1 - y for j, y in enumerate(rivals) if j != k)
                                   for k, x in enumerate(rivals))
            left = max(0.0, two) * 0.35 if tied_only else nobody
            best = max(best, left * val)
        return best

    def bid_night(self, ctx: DecisionContext) -> Action:
        first = self.intel_first(ctx)
        if first:
            return first
        opts = self.options(ctx)
        if not opts:
            return next((a for a in ctx.legal if a["type"] == "pass"), ctx.legal[0])
        # A sealed choice everybody can predict is a choice others pile onto: pick among
        # the near-best at random, weighted by worth (a mixed strategy, 附录 A ⑤).
        # One candidate per contract (its best bid) and the check-in, so a contract is not
        # favoured for having more bid levels worth considering.
        best: dict[Any, tuple[float, Action]] = {}
        for x, a in opts:
            k = a.get("commission", a["type"])
            if k not in best or x > best[k][0]:
                best[k] = (x, a)
        opts = list(best.values())
        top = max(x for x, _ in opts)
        weights = [math.exp((x - top) / CHOICE_SPREAD) for x, _ in opts]
        choice = ctx.rng.choices([a for _, a in opts], weights=weights)[0]
        if choice["type"] == "bid" and choice not in ctx.legal:
            key = {"type": "intel", "card": "key"}  # cash a key to cover the bid
            if key in ctx.legal:
                return key
            legal = [(x, a) for x, a in opts if a in ctx.legal]
            return max(legal, key=lambda o: o[0])[1] if legal else ctx.legal[0]
        return choice


class ContractBot(StyleBot):
    """🎯 接单流 — 「标准答案」 (附录 B). The example's 威克 (「接单 · 高风险」): every night the
    contract with the best expected net after reading who else wants it (附录 A ①, ⑤),
    bidding only what the competition makes worth paying; checks in when no contract beats
    a stay."""

    name = "taker"


class RiskBot(StyleBot):
    """🔥 高风险流 — 「3-4 人局强势」 (附录 B); the example's 索菲亚. It goes after the ⚠
    contracts (附录 A ⑥: 「风险委托 R = D + 5~7 … 方差更大。落后时该赌，领先时该稳」) and the
    hard ones that need a matched 4 and 5 gold (附录 A ③: 「对手握好牌的人是奖品」), pays top
    bids for them and never stays at the hotel unless a wound more would send it to
    hospital. It reads the score as ⑥ says: while it leads on the table's visible points
    (reputation × 3 + gold − wounds × 2) it plays the steady contract, not the gamble."""

    name = "risky"
    gamble_bonus = 3.0  # points added to a ⚠ contract while not leading
    checkin_bias = -4.0

    def options(self, ctx: DecisionContext) -> list[tuple[float, Action]]:
        v = ctx.view
        board = [POINTS_PER_REP * r + g - POINTS_PER_WOUND * w
                 for r, g, w in zip(v["rep"], v["gold"], v["wounds"], strict=True)]
        leading = board[ctx.seat] > max(x for p, x in enumerate(board) if p != ctx.seat)
        self.risk_bonus = 0.0 if leading else self.gamble_bonus
        out = super().options(ctx)
        if v["wounds"][ctx.seat] >= 3 or leading:
            return out
        # A gamble on the board: harder contracts are worth more to it than their net.
        return [(x + (0.3 * v["wall"][a["commission"]]["d"] if a["type"] == "bid" else 0), a)
                for x, a in out]


class HoardBot(StyleBot):
    """🪙 囤币流 — 「稳健保二」 (附录 B); the example's 丐帮王 (role table: 「囤币 · 情报」).
    Gold is score (「1 枚 = 1 分」), so it keeps it: bids 0 or 1 where nobody else is likely
    to bid (FAQ 「出 0 适合捡明显没人要的委托」), tops up fire with at most 2 gold, and checks
    in when nothing can be had cheaply."""

    name = "cautious"
    bid_weight = 2.0
    max_boost = 2

    def options(self, ctx: DecisionContext) -> list[tuple[float, Action]]:
        return [(x, a) for x, a in super().options(ctx) if a["type"] != "bid" or a["bid"] <= 1]


class InformantBot(StyleBot):
    """🔍 情报流 — 「均衡」 (附录 B; role table: 丐帮王 「囤币 · 情报」). It checks in to draw
    intel when no contract is clearly worth more, and uses every card for what it tells:
    🗣 窃听 (「暗拍前（判断他能接什么活）」) on the rival most likely to want its own best
    contract, then bids knowing that hand; 🔍 预知 (「安排下一夜」) to see the next night's
    contracts and keep back the card that fits the best of them; 💵 门匙 kept until a bid, a
    boost or a salvage needs the coins (a key in hand is safe from 外廊枪声); 💉 on a wound;
    on 情报贩子 nights it swaps cards it can no longer use."""

    name = "informant"
    informant = True

    def intel_first(self, ctx: DecisionContext) -> Action | None:
        v, seat, legal = ctx.view, ctx.seat, ctx.legal
        med = self.medicine(ctx)
        if med:
            return med
        last = v["night"] >= v["nights"]
        if not last and {"type": "intel", "card": "foresight"} in legal:
            return {"type": "intel", "card": "foresight"}
        peeks = [a for a in legal if a["type"] == "intel" and a["card"] == "eavesdrop"]
        if peeks:
            return self.best_peek(ctx, peeks)
        swaps = [a for a in legal if a["type"] == "swap"]
        if swaps:
            dead = [c for c in sorted(v["intel"][seat])
                    if c == "foresight" and last or c == "medical" and not v["wounds"][seat]]
            pick = [a for a in swaps if sorted(a["discard"]) == dead]
            if dead and pick:
                return pick[0]
        return None

    def best_peek(self, ctx: DecisionContext, peeks: list[Action]) -> Action:
        """Read the rival whose likely contracts overlap this seat's best ones most."""
        t, me = self.table(ctx), self.me(ctx)
        mine = [max(0.0, t.play_value(me, c, 1)[0]) for c in ctx.view["wall"]]
        q = t.rival_interest()

        def overlap(a: Action) -> float:
            return sum(q[a["target"]][i][0] * mine[i] for i in range(len(mine)))

        return max(peeks, key=overlap)

    def reserve(self, ctx: DecisionContext) -> dict[str, float]:
        """Cards kept back for the best contract foreseen on tomorrow's wall."""
        v = ctx.view
        known = v.get("known_top") or []
        hand = list(v["hands"][ctx.seat] or [])
        if not known or not hand or v["night"] >= v["nights"]:
            return {}
        best, card = 0.0, None
        for c in known:
            for h in hand:
                need = max(0, c["d"] - fire_of(h, c))
                if need <= min(5, v["gold"][ctx.seat]):
                    val = c["r"] + POINTS_PER_REP - need - (CLEANUP_FEE if c["risk"] ==
                                                            "cleanup" else 0)
                    if val > best:
                        best, card = val, h
        return {card: 2.0} if card else {}


class StayerBot(StyleBot):
    """🏨 住客流 — 「稳但不冠」 (附录 B); the example's 温斯顿 (role table: 「住店」). It checks in
    every night the hotel lets it (「不想出门？那就入住酒店——治疗伤口、搜集情报、经营人脉」), for
    the vault (附录 A ④ 「人越多，酒店越值钱」; FAQ 「结账分红是'白捡'的 15 分」), the heal, the
    intel and the reputation of the 2nd and 4th stay; it bids only on a 酒店满房 night.
    That is what the book's figures describe: five stays are worth 8 gold + 2 reputation (6)
    + the dividend (14-15) + intel and events, about the style's published means 35.3 /
    37.2 / 37.4 / 37.1, and Winston's +2 a stay on top gives his 「6 人局场均 44.7 分」. (A
    stayer that also took contracts it judged clearly better scored 45-49 and won 0.20-0.26 of
    the games at 4-5 players, against the book's 0.10-0.15.)"""

    name = "stayer"

    def options(self, ctx: DecisionContext) -> list[tuple[float, Action]]:
        out = super().options(ctx)
        if {"type": "checkin"} in ctx.legal:
            return [(x, a) for x, a in out if a["type"] == "checkin"]
        return out


ROLE_STYLE = {"wick": "taker", "winston": "stayer", "charon": "taker", "beggar": "cautious",
              "sofia": "risky", "cassian": "risky"}
"""附录 B 「适配搭配」: each role with a style of its 「适合流派」 column, as the worked example
seats them (威克 接单流, 温斯顿 住客流, 丐帮王 囤币流, 索菲亚 高风险流); 卡西安 (接单 · 高风险)
takes 高风险流 for his ⚠ passive, 查伦 (任意) the standard 接单流."""


class FittedBot:
    """Plays the style that fits its seat's role (``ROLE_STYLE``): the role table's
    「适配搭配」 column."""

    name = "fitted"
    reads_log = False  # never reads the view's log, so its views come without it (engine)

    def __init__(self) -> None:
        self.inner: StyleBot | None = None

    def choose(self, ctx: DecisionContext) -> Action:
        if self.inner is None:
            self.inner = BOTS[ROLE_STYLE[ctx.view["roles"][ctx.seat]]]()
        return self.inner.choose(ctx)


BOTS = {"informant": InformantBot, "taker": ContractBot, "cautious": HoardBot,
        "stayer": StayerBot, "risky": RiskBot, "fitted": FittedBot}
STYLE_ORDER = ["taker", "risky", "cautious", "informant", "stayer"]
"""附录 B's style table order: 接单流, 高风险流, 囤币流, 情报流, 住客流."""
STYLE_NAMES = {"taker": "接单流", "risky": "高风险流", "cautious": "囤币流",
               "informant": "情报流", "stayer": "住客流"}

# The style the strong bot (boardlab.bots.strong) plays its playouts, opponents and prior with:
# the strongest in an arena of the style bots (benchmarks/README.md, leaderboard).
STRONG_POLICY = "taker"


class QuickTable(Table):
    """The rival model with two sampled hands per rival and one round of replies: about a
    fifth of the work, for the strong bot's playouts (not a style of the book)."""

    samples = 2
    replies = 1


class QuickTaker(ContractBot):
    """``taker`` on the lighter rival model: the strong bot's playout policy (a playout
    at the full model costs ~30 ms, which left 3 playouts per 100 ms move)."""

    def table(self, ctx: DecisionContext) -> Table:
        return QuickTable(ctx.view, ctx.seat, ctx.rng, self.reserve(ctx))


# The strong bot's playouts use this instead of STRONG_POLICY (which stays its prior).
STRONG_ROLLOUT = QuickTaker


# -- the strong bot's search hooks (boardlab.bots.strong, ``STRONG_SEARCH``) ---------------

CARD_BASE = 3.0  # points: what a card still playable in a night to come is worth ...
CARD_FIRE = 0.8  # ... plus this per point of its value (card_cost's ledger, other side)
INTEL_POINTS = 1.2  # points per intel card held (checkin_value's draw)
VAULT_INFLOW = 0.9  # gold per seat and night into the vault (vault_race_gain's estimate)
MARGIN_SCALE = 4.0  # points: the logistic's scale for the lead over the best rival ...
MARGIN_PER_NIGHT = 2.0  # ... widened by this per night still to play


def lead_chances(checkins: list[int], nights_left: int, played: int) -> list[float]:
    """Each seat's chance of ending with the most stays (``vault_race_gain``'s model: each
    seat keeps checking in at the rate it has shown), for the dividend's expectation."""
    n = len(checkins)
    rates = [(c + 0.6) / (played + 2) for c in checkins]
    out = []
    for p in range(n):
        mine = checkins[p] + rates[p] * nights_left
        chance = 1.0
        for q in range(n):
            if q != p:
                margin = mine - (checkins[q] + rates[q] * nights_left)
                chance *= 1 / (1 + math.exp(-1.5 * margin))
        out.append(chance)
    return out


def position_estimates(s) -> list[float]:
    """Every seat's expected final score in a (sampled) state between nights: the score
    so far (reputation, gold, wounds), the dividend times the chance of leading the stays,
    the cards it can still play in the nights left (its best ones, one a night; a seat in
    hospital plays one night fewer) and its intel. After the last night: the scores."""
    cfg = s.cfg
    n = len(s.gold)
    left = cfg.nights - s.night + 1  # nights still to play, the one starting included
    if left <= 0:
        div = [0] * n
        top = max(s.checkins)
        leaders = [p for p in range(n) if s.checkins[p] == top] if top > 0 else []
        share = min(s.vault, cfg.vault_cap)
        if len(leaders) == 1:
            div[leaders[0]] = share
        elif leaders and cfg.vault_tie == "split":
            for p in leaders:
                div[p] = share // len(leaders)
        dividend = [float(x) for x in div]
    else:
        prize = min(cfg.vault_cap, s.vault + VAULT_INFLOW * n * (left - 0.5))
        dividend = [prize * x for x in lead_chances(s.checkins, left, s.night - 1)]
    out = []
    for p in range(n):
        nights = left - (p in s.resting)
        cards = sorted((_VALUE[c] for c in s.hands[p]), reverse=True)[:max(0, nights)]
        future = sum(CARD_BASE + CARD_FIRE * v for v in cards)
        intel = INTEL_POINTS * len(s.intel[p]) if left > 0 else 0.0
        out.append(s.rep[p] * cfg.rep_points + s.gold[p] - s.wounds[p] * cfg.wound_points
                   + dividend[p] + future + intel)
    return out


class HotelSearch:
    """How ``strong`` searches hotel (``boardlab.bots.strong``'s hooks).

    A bid night is one simultaneous sealed choice, and a policy-played game costs 12-25 ms,
    so the search plays one night deep from the seat's view:

    * **candidates**: the prior style's (``taker``'s) own worth of every sealed choice
      ranks them (its chosen move first); the best ``width`` are all played in every
      sampled world;
    * **opponent model, drawn once per world**: in each re-dealt world every other seat
      seals tonight's choice as ``taker`` would from its view of that world (the guesses
      ``determinize`` puts in place of choices already sealed are replaced the same way);
      none of them can see this seat's sealed choice, so the candidates meet the same rival
      bids and differ only by the seat's own choice. A seat's model of *its* rivals
      (``Table.rival_interest``) reads only what is public to it - the worlds of one
      decision differ in hidden hands, which it samples itself - so it is worked out once
      per seat and decision (keyed also by any hand that seat has read, and by the
      wounds and gold its own intel may change), and each world draws only that seat's
      choice from its own hand;
    * **horizon**: the night is played out (executions, salvage, the next night's event)
      and the position valued by ``position_estimates``: a logistic of the seat's lead over
      the best rival, on a scale that widens with the nights left. On the last night the
      playout reaches the end and is valued by the result.
    """

    budget = (160, 0.3)  # playouts per move; the CPU seconds only guard a slow host
    width = 8
    epsilon = 0.0

    def __init__(self) -> None:
        self._memo: tuple[Any, dict] | None = None

    def rank(self, ctx: DecisionContext, prior) -> list[int] | None:
        bot = prior()
        first = _index(ctx.legal, bot.choose(ctx))
        if ctx.view["phase"] != "bid" or not isinstance(bot, StyleBot):
            rest = [i for i in range(len(ctx.legal)) if i != first]
            ctx.rng.shuffle(rest)
            return [first, *rest]
        worth: dict[int, float] = {}
        for x, a in bot.options(ctx):
            if a in ctx.legal:
                k = ctx.legal.index(a)
                worth[k] = max(worth.get(k, -math.inf), x)
        rest = [i for i in range(len(ctx.legal)) if i != first]
        ctx.rng.shuffle(rest)  # the unranked ones (intel, pass) in a random order
        rest.sort(key=lambda i: -worth.get(i, -math.inf))
        return [first, *rest]

    def prepare(self, ctx: DecisionContext, world, rng: random.Random, factory) -> None:
        if world.phase != "bid" or factory is None:
            return
        from boardlab.engine.context import StateContext
        from boardlab.engine.rollout import quiet_step

        game, seat = ctx.game, ctx.seat
        held = self._memo  # read once: another thread's decision may replace it
        if held is None or held[0] is not ctx:
            held = self._memo = (ctx, {})  # one decision's rival models (the class text)
        memo = held[1]
        step = quiet_step(game)
        for p in range(len(world.gold)):
            if p == seat or p in world.resting:
                continue
            world.bids.pop(p, None)
            bot = factory()
            if isinstance(bot, StyleBot):
                bot.table = partial(_shared_model_table, bot, memo)  # type: ignore[method-assign]
            for _ in range(8):  # intel first (a peek, a foresight's order), then the seal
                legal = game.legal_actions(world, p)
                if not legal or p in world.bids:
                    break
                a = legal[0] if len(legal) == 1 else bot.choose(
                    StateContext(game, p, legal, rng, world, None))
                step(world, p, a)

    def horizon(self, world) -> int:
        return world.night

    def value(self, world, seat: int) -> float:
        est = position_estimates(world)
        left = world.cfg.nights - world.night + 1
        lead = est[seat] - max(x for p, x in enumerate(est) if p != seat)
        scale = MARGIN_SCALE + MARGIN_PER_NIGHT * max(0, left)
        return 1 / (1 + math.exp(-lead / scale))


class _SharedModelTable(Table):
    """A table whose rival model is looked up in ``memo`` first (``HotelSearch``)."""

    def __init__(self, view: dict[str, Any], seat: int, rng: random.Random,
                 reserve: dict[str, float], memo: dict) -> None:
        super().__init__(view, seat, rng, reserve)
        self.memo = memo

    def rival_interest(self) -> list[list[list[float]]]:
        v = self.v
        read = tuple(None if h is None or p == self.seat else tuple(h)
                     for p, h in enumerate(v["hands"]))
        key = (self.seat, read, tuple(v["wounds"]), tuple(v["gold"]))
        q = self.memo.get(key)
        if q is None:
            q = self.memo[key] = super().rival_interest()
        return q


def _shared_model_table(bot: StyleBot, memo: dict, ctx: DecisionContext) -> Table:
    return _SharedModelTable(ctx.view, ctx.seat, ctx.rng, bot.reserve(ctx), memo)


def _index(legal: list[Action], action: Action) -> int:
    for k, a in enumerate(legal):
        if a is action:
            return k
    return legal.index(action)


STRONG_SEARCH = HotelSearch()
