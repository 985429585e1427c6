"""Bots for hotel: a contract-taker heuristic and a cautious hotel-stayer."""

from __future__ import annotations

from typing import Any

from boardlab.bots.base import DecisionContext
from boardlab.engine.protocol import Action
from boardlab.games.hotel import data


def _best_play(view: dict[str, Any], seat: int, c: dict) -> tuple[int, str | None, int]:
    """(net gain estimate, card, boost) for the cheapest sure execution of contract c."""
    best = (-99, None, 0)
    gold = max(0, view["gold"][seat])
    for card in view["hands"][seat] or []:
        fire = data.card_value(card) + (data.card_tag(card) == c["tag"])
        need = max(0, c["d"] - fire)
        if need <= min(5, gold):
            # Spending a high card costs future options: charge its value a little.
            net = c["reward"] - need - data.card_value(card)
            if net > best[0]:
                best = (net, card, need)
    return best


class ContractBot:
    """Bids on the contract it can surely finish with the best net, bid scaled by margin."""

    name = "taker"
    bid_bias = 1

    def choose(self, ctx: DecisionContext) -> Action:
        v, seat, legal = ctx.view, ctx.seat, ctx.legal
        types = {a["type"] for a in legal}
        if "arrange" in types or "swap" in types and "bid" not in types:
            return legal[0]
        if "execute" in types or "kill" in types or "forfeit" in types:
            c = v["wall"][v["queue"][0]]
            if {"type": "kill"} in legal and c["d"] >= 7:
                return {"type": "kill"}
            _, card, boost = _best_play(v, seat, c)
            if card is not None:
                return {"type": "execute", "card": card, "boost": boost}
            ex = [a for a in legal if a["type"] == "execute"]
            if ex:  # no sure play: throw the weakest card, no gold
                return min(ex, key=lambda a: (a["boost"], data.card_value(a["card"])))
            return legal[0]
        if "salvage" in types:
            opts = [(_best_play(v, seat, v["wall"][a["commission"]])[0], a)
                    for a in legal if a["type"] == "salvage"]
            good = [o for o in opts if o[0] > 2]
            return max(good, key=lambda o: o[0])[1] if good else {"type": "pass"}
        for a in legal:
            if a["type"] == "intel" and a["card"] in ("key", "medical"):
                return a
        return self.pick_bid(ctx)

    def pick_bid(self, ctx: DecisionContext) -> Action:
        v, seat, legal = ctx.view, ctx.seat, ctx.legal
        scored = []
        for i, c in enumerate(v["wall"]):
            net, card, _ = _best_play(v, seat, c)
            if card is not None:
                scored.append((net + ctx.rng.random(), i))
        if not scored and {"type": "checkin"} in legal:
            return {"type": "checkin"}
        if not scored:
            return {"type": "bid", "commission": ctx.rng.randrange(len(v["wall"])), "bid": 0}
        net, i = max(scored)
        bid = max(0, min(3, int(net) // 3 + self.bid_bias - 1))
        return {"type": "bid", "commission": i, "bid": bid}


class CautiousBot(ContractBot):
    """Stays in the hotel when wounded or short of sure contracts; bids low."""

    name = "cautious"
    bid_bias = 0

    def pick_bid(self, ctx: DecisionContext) -> Action:
        v, seat = ctx.view, ctx.seat
        if {"type": "checkin"} in ctx.legal and (
                v["wounds"][seat] >= 2 or v["checkins"][seat] < 2 and v["night"] >= 3):
            return {"type": "checkin"}
        return super().pick_bid(ctx)


class StayerBot(ContractBot):
    """住客流: checks in whenever the hotel is open, unless a contract nets 8 or more."""

    name = "stayer"
    bid_bias = 0

    def pick_bid(self, ctx: DecisionContext) -> Action:
        v, seat = ctx.view, ctx.seat
        nets = [_best_play(v, seat, c)[0] for c in v["wall"]]
        if {"type": "checkin"} in ctx.legal and max(nets, default=-99) < 8:
            return {"type": "checkin"}
        return super().pick_bid(ctx)


class RiskBot(ContractBot):
    """高风险流: goes for risk-marked contracts even without a sure play, bids high."""

    name = "risky"
    bid_bias = 2

    def pick_bid(self, ctx: DecisionContext) -> Action:
        v, seat = ctx.view, ctx.seat
        risky = [i for i, c in enumerate(v["wall"]) if c["risk"]]
        if risky and v["hands"][seat]:
            i = max(risky, key=lambda i: v["wall"][i]["reward"] - v["wall"][i]["d"])
            return {"type": "bid", "commission": i, "bid": 2}
        return super().pick_bid(ctx)


class InformantBot(ContractBot):
    """情报流: plays every intel card as soon as it can, then bids like the taker."""

    name = "informant"

    def pick_bid(self, ctx: DecisionContext) -> Action:
        intel = [a for a in ctx.legal if a["type"] in ("intel", "swap")]
        if intel:
            return ctx.rng.choice(intel)
        return super().pick_bid(ctx)


BOTS = {"informant": InformantBot, "taker": ContractBot, "cautious": CautiousBot, "stayer": StayerBot, "risky": RiskBot}
