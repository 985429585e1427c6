"""Trades within a turn (ruling R36): an item never goes back to a holder it left this turn,
so a seat that keeps trading (as search bots may: a drop and a pickup look alike to them)
still runs out of trades and the turn goes on; the `free` option keeps unlimited trades."""

from __future__ import annotations

import random

from boardlab.games.burgle import GAME

TRADES = {"drop", "pickup", "give", "take"}


def _trades_in_a_row(seed: int, trades: str, cap: int = 200) -> int:
    """Play randomly, but at one seat's turn take trades as long as any is offered; return
    the longest run of trades in a row (``cap`` means it never stopped)."""
    rng = random.Random(seed)
    s = GAME.new_game({"players": 2, "trades": trades, "turn_limit": 40}, seed)
    longest = run = 0
    for _ in range(3000):
        if GAME.is_over(s) or longest >= cap:
            break
        seat = GAME.to_move(s)[0]
        legal = GAME.legal_actions(s, seat)
        trades_now = [a for a in legal if a["type"] in TRADES]
        has_items = any(p["tools"] or p["loot"] for p in s.players)
        if trades_now and has_items:
            action = rng.choice(trades_now)
            run += 1
        else:
            action = rng.choice(legal)
            run = 0
        longest = max(longest, run)
        s, _ = GAME.apply(s, seat, action)
    return longest


def _holding_game(trades: str):
    s = GAME.new_game({"players": 1, "trades": trades}, 3, {
        "characters": [["hawk", "basic"]], "entrance": "1A1", "patrol": [["D4", "D3"]],
        "hands": [{"tools": ["crowbar"]}]})
    while GAME.to_move(s)[0] != 0 or not any(a["type"] == "drop" for a in GAME.legal_actions(s, 0)):
        s, _ = GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])
    return s


def test_a_dropped_item_is_not_offered_back_the_same_turn_but_is_the_next():
    s, _ = GAME.apply(_holding_game("no_return"), 0, {"type": "drop", "item": "crowbar"})
    assert {"type": "pickup", "item": "crowbar"} not in GAME.legal_actions(s, 0)
    s, _ = GAME.apply(s, 0, {"type": "end"})
    while GAME.to_move(s) != [0] and not GAME.is_over(s):
        seat = GAME.to_move(s)[0]
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert not GAME.is_over(s) and "crowbar" in s.items[s.players[0]["pos"]]
    assert {"type": "pickup", "item": "crowbar"} in GAME.legal_actions(s, 0)


def test_the_free_option_offers_it_back_at_once():
    s, _ = GAME.apply(_holding_game("free"), 0, {"type": "drop", "item": "crowbar"})
    assert {"type": "pickup", "item": "crowbar"} in GAME.legal_actions(s, 0)


def test_endless_trading_ends_under_the_default_and_not_under_free():
    assert max(_trades_in_a_row(seed, "no_return") for seed in range(6)) < 60
    assert max(_trades_in_a_row(seed, "free") for seed in range(6)) >= 200
