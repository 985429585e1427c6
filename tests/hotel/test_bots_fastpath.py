"""The style bots' faster arithmetic (issue 9) gives exactly the figures of the plain
formulas: ``play_value``, ``card_cost`` and ``rival_interest`` are compared with the
obvious code (the bots' code before the change, below) by exact float equality, on views
from random games under every option that changes them (debt bids with negative gold,
bounty and rush nights, foresight reserves, resting seats)."""

from __future__ import annotations

import math
import random

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.games.hotel import GAME, data
from boardlab.games.hotel.bots import (
    BOTS,
    FIRST_SPREAD,
    REPLIES,
    REPLY_SPREAD,
    RIVAL_RISK_LOVE,
    Seat,
    Table,
    _soft,
    bid_at_least,
)


def obvious_card_cost(t: Table, hand, card):
    extra = t.reserve.get(card, 0.0)
    if t.nights_left <= 1:
        return extra
    weakest = min(data.card_value(c) for c in hand)
    surplus = len(hand) - (t.nights_left - 1)
    scale = 0.35 if surplus > 1 else 0.8
    return scale * (data.card_value(card) - weakest) + 0.6 + extra


def obvious_play_value(t: Table, s: Seat, c, bid=0, kill_ok=True):
    best = (-math.inf, None)
    pay = bid
    if s.role == "cassian" and c["risk"]:
        pay = max(0, bid - 1)
    funds = s.gold + 2 * s.keys - pay
    base = c["reward"] + 3 - pay
    if s.role == "wick" and c["tag"] == "gun":
        base += 3
    if s.role == "cassian" and c["risk"]:
        base += 3
    if c["risk"] == "cleanup":
        base -= 3
    if t.v["event"] == "bounty":
        base += 0.5 * c["d"] / 5
    for card in s.hand:
        fire = data.card_value(card) + (data.card_tag(card) == c["tag"])
        need = max(0, c["d"] - fire)
        if need > min(5, funds):
            continue
        val = base - need - obvious_card_cost(t, s.hand, card)
        if val > best[0]:
            best = (val, {"type": "execute", "card": card, "boost": need})
    if kill_ok and s.sofia and c["d"] <= 9:
        keep = 0.0 if t.nights_left <= 1 else max(0.0, 9 - c["d"]) * 0.8
        val = base + 3 - keep
        if val > best[0]:
            best = (val, {"type": "kill"})
    return best


def obvious_rival_interest(t: Table):
    v = t.v
    walls = v["wall"]
    top_bid = t.cfg.get("max_bid", 3)
    debt = t.cfg.get("bid_over_gold") == "debt"
    levels = top_bid + 1
    seats = {}
    for p in range(t.n):
        if p in v["resting"]:
            continue
        rows = []
        for hand in t.rival_hands(p):
            s = Seat(v, p, hand)
            s.keys = 0
            vals = [obvious_play_value(t, s, c, 0)[0] + (RIVAL_RISK_LOVE if c["risk"] else 0)
                    for c in walls]
            cap = top_bid if debt else max(0, min(top_bid, v["gold"][p]))
            rows.append((vals, t.checkin_value(p), cap))
        seats[p] = rows
    q = [[[0.0] * (levels + 1) for _ in walls] for _ in range(t.n)]
    for p, rows in seats.items():
        for vals, stay, _ in rows:
            w = _soft([*vals, stay], FIRST_SPREAD)
            for i in range(len(walls)):
                for b in range(levels):
                    q[p][i][b] += w[i] / len(rows) * bid_at_least(vals[i], b)
    for rnd in range(REPLIES):
        answer = [[[0.0] * (levels + 1) for _ in walls] for _ in range(t.n)]
        for p, rows in seats.items():
            charon = v["roles"][p] == "charon" and not v["charon_used"]
            others = [o for o in seats if o != p]
            win = [[math.prod(1 - q[o][i][min(b + charon, levels)] for o in others)
                    for b in range(levels)] for i in range(len(walls))]
            for vals, stay, cap in rows:
                picks = []
                for i, val in enumerate(vals):
                    if val > -math.inf:
                        x, b = max((win[i][b] * (val - b), b) for b in range(cap + 1))
                        picks.append((x, i, b))
                w = _soft([x for x, _, _ in picks] + [stay], REPLY_SPREAD)
                for (_, i, b), wi in zip(picks, w, strict=False):
                    for lower in range(b + 1):
                        answer[p][i][lower] += wi / len(rows)
        keep = 1 - 1 / (rnd + 2)
        q = [[[keep * x + (1 - keep) * y for x, y in zip(row, arow, strict=True)]
              for row, arow in zip(qp, ap, strict=True)] for qp, ap in zip(q, answer, strict=True)]
    return q


def views(cfg, seeds, every=4):
    """Bid-night and execution views of the seats to move, from random games."""
    out = []
    for seed in seeds:
        players = cfg["players"]
        res = play_match(GAME, cfg, seed, [RandomBot() for _ in range(players)])
        for cut in range(0, len(res.record.actions), every):
            s = GAME.replay(res.record, cut)
            for seat in GAME.to_move(s):
                out.append((GAME.view(s, seat), seat))
    return out


CONFIGS = [{"players": 4}, {"players": 5, "bid_over_gold": "debt", "start_gold": 1},
           {"players": 3, "nights": 3, "max_bid": 5}, {"players": 6, "start_gold": 0}]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_play_values_and_costs_equal_the_plain_formulas(cfg):
    checked = 0
    rng = random.Random(1)
    for view, seat in views(cfg, range(1), every=5):
        reserve = {c: 2.0 for c in (view["hands"][seat] or [])[:1]}
        t = Table(view, seat, random.Random(0), reserve)
        p = rng.randrange(t.n)
        for hand in [*t.rival_hands(p)[:2], list(view["hands"][seat] or [])]:
            s = Seat(view, p, hand)
            s.keys = rng.randrange(2)
            for gold in (s.gold, -3, 1):  # negative funds: even a free play is beyond them
                s.gold = gold
                for c in view["wall"]:
                    bid = rng.randrange(4)
                    kill_ok = rng.random() < 0.5
                    assert t.play_value(s, c, bid, kill_ok) == \
                        obvious_play_value(t, s, c, bid, kill_ok)
                    checked += 1
                assert t.rival_row(s, view["wall"]) == [
                    obvious_play_value(t, s, c, 0)[0] + (RIVAL_RISK_LOVE if c["risk"] else 0)
                    for c in view["wall"]]
            for card in hand:
                assert t.card_cost(hand, card) == obvious_card_cost(t, hand, card)
                assert t.hand_costs(hand)[card] == obvious_card_cost(t, hand, card)
    assert checked > 100


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_rival_interest_equals_the_plain_formulas(cfg):
    checked = 0
    for k, (view, seat) in enumerate(views(cfg, range(1), every=3)):
        if view["phase"] != "bid" or k % 2:
            continue
        fast = Table(view, seat, random.Random(k)).rival_interest()
        slow_table = Table(view, seat, random.Random(k))
        assert fast == obvious_rival_interest(slow_table)  # exact floats, same draws
        checked += 1
    assert checked >= 2


def test_style_bots_agree_with_themselves_on_replay():
    """A style game replays to the same record (the bots' caches carry nothing over)."""
    names = ["taker", "risky", "cautious", "informant", "stayer"]
    a = play_match(GAME, {"players": 5}, 11, [BOTS[n]() for n in names])
    b = play_match(GAME, {"players": 5}, 11, [BOTS[n]() for n in names])
    assert a.record.actions == b.record.actions
