"""The style bots of hotel: they play their styles, use intel deliberately, spread over the
wall and fill the default seats (small games only: fast)."""

from __future__ import annotations

import random

from boardlab.bots.base import DecisionContext
from boardlab.engine.match import play_match
from boardlab.games.hotel import GAME
from boardlab.games.hotel.bots import BOTS, ROLE_STYLE, STYLE_ORDER, Table

HANDS = [["gun3", "gun2", "melee2", "stealth2", "gun4"],
         ["stealth3", "gun4", "melee2", "stealth2", "melee3"],
         ["melee3", "stealth3", "gun3", "melee2", "gun2"],
         ["melee4", "gun3", "stealth4", "stealth2", "stealth3"]]


def ctx_for(s, seat, seed=0):
    return DecisionContext(GAME, seat, GAME.view(s, seat), GAME.legal_actions(s, seat),
                           random.Random(seed))


def test_default_bots_are_the_book_styles():
    assert GAME.default_bots(5) == STYLE_ORDER
    assert GAME.default_bots(3) == STYLE_ORDER[:3]
    assert GAME.default_bots(6) == [*STYLE_ORDER, "taker"]
    assert set(STYLE_ORDER) <= set(GAME.bots())


def test_bots_spread_over_the_wall():
    """Six style bots spread over the wall: more than 2.3 of the 7 contracts a night sold on
    average (bots that all chased the best contract left about 5 of 7 unsold), and at most
    half of the bids collide with another bid on the same contract."""
    bids = collide = sold = nights = 0
    for seed in range(3):
        out = play_match(GAME, {"players": 6}, seed,
                         [BOTS[n]() for n in GAME.default_bots(6)], check=False)
        for e in out.state.log:
            if e.kind == "reveal":
                nights += 1
                picks = [a["commission"] for a in e.data["choices"].values()
                         if a["type"] == "bid"]
                bids += len(picks)
                collide += sum(1 for c in picks if picks.count(c) > 1)
            sold += e.kind == "won"
    assert sold / nights > 2.3
    assert bids and collide / bids <= 0.5


def test_informant_eavesdrops_the_rival_it_competes_with_then_bids():
    s = GAME.new_game({"players": 4}, 1, {
        "roles": ["wick", "winston", "beggar", "sofia"], "hands": HANDS,
        "intel": [["eavesdrop"], [], [], []], "events": ["doctor"],
        "commissions": ["gun11", "melee00", "stealth00", "melee01", "stealth01"]})
    a = BOTS["informant"]().choose(ctx_for(s, 0))
    assert a["type"] == "intel" and a["card"] == "eavesdrop"
    s = GAME.apply(s, 0, a)[0]
    assert GAME.view(s, 0)["hands"][a["target"]] is not None
    assert BOTS["informant"]().choose(ctx_for(s, 0))["type"] in ("bid", "checkin")


def test_a_key_funds_a_boost_at_execution():
    s = GAME.new_game({"players": 3}, 0, {
        "roles": ["wick", "winston", "charon"], "gold": [2, 8, 8],
        "hands": [["gun2", "melee2", "stealth2", "melee3", "stealth3"], HANDS[1], HANDS[2]],
        "intel": [["key"], [], []], "commissions": ["gun07", "melee00", "stealth00", "gun01"],
        "events": ["doctor"]})
    s = GAME.apply(s, 0, {"type": "bid", "commission": 0, "bid": 0})[0]
    s = GAME.apply(s, 1, {"type": "checkin"})[0]
    s = GAME.apply(s, 2, {"type": "checkin"})[0]
    bot = BOTS["taker"]()
    assert bot.choose(ctx_for(s, 0)) == {"type": "intel", "card": "key"}
    s = GAME.apply(s, 0, {"type": "intel", "card": "key"})[0]
    a = bot.choose(ctx_for(s, 0))
    assert a["type"] == "execute" and a["boost"] >= 2
    s = GAME.apply(s, 0, a)[0]
    assert s.completed[0] == 1


def test_rivals_interest_follows_their_hands():
    """A rival read by eavesdropping with only stealth cards wants no D10 gun contract."""
    s = GAME.new_game({"players": 3}, 0, {
        "roles": ["wick", "winston", "charon"],
        "hands": [HANDS[0], ["stealth2", "stealth3", "stealth4", "melee2", "melee3"], HANDS[2]],
        "intel": [["eavesdrop"], [], []], "gold": [8, 0, 8],
        "commissions": ["gun11", "stealth00", "melee00", "gun01"], "events": ["doctor"]})
    s = GAME.apply(s, 0, {"type": "intel", "card": "eavesdrop", "target": 1})[0]
    q = Table(GAME.view(s, 0), 0, random.Random(0)).rival_interest()
    assert q[1][0][0] == 0.0 and q[1][1][0] > 0.1


def test_fitted_bot_plays_its_roles_style():
    assert ROLE_STYLE["winston"] == "stayer" and ROLE_STYLE["beggar"] == "cautious"
    out = play_match(GAME, {"players": 4}, 5, [BOTS["fitted"]() for _ in range(4)],
                     check=False)
    assert GAME.is_over(out.state)


def test_stayer_checks_in_more_than_the_risk_taker():
    stays = {"stayer": 0, "risky": 0}
    for seed in range(2):
        names = ["stayer", "risky", "taker", "cautious"]
        out = play_match(GAME, {"players": 4}, seed, [BOTS[n]() for n in names], check=False)
        stays["stayer"] += out.state.checkins[0]
        stays["risky"] += out.state.checkins[1]
    assert stays["stayer"] > stays["risky"]


def test_last_intel_option_cash_or_lost():
    """Ruling H12: a key still held when the last night ends is cashed (option: lost)."""
    final = {}
    for mode in ("cash", "lost"):
        s = GAME.new_game({"players": 3, "nights": 1, "last_intel": mode}, 0, {
            "roles": ["wick", "winston", "charon"], "hands": HANDS[:3],
            "intel": [["key"], [], []], "events": ["doctor"]})
        for seat in range(3):
            s = GAME.apply(s, seat, {"type": "bid", "commission": seat, "bid": 0})[0]
        while not GAME.is_over(s):
            seat = GAME.to_move(s)[0]
            s = GAME.apply(s, seat, next(a for a in GAME.legal_actions(s, seat)
                                         if a["type"] in ("execute", "pass")))[0]
        final[mode] = (s.gold[0], s.intel[0])
    assert final["cash"][0] - final["lost"][0] == 2
    assert final["cash"][1] == [] and final["lost"][1] == ["key"]


def test_salvage_step_depends_on_public_counts_only():
    """A Beggar short of gold holding one intel card is offered the salvage step whether the
    card is a key or not (which card it is stays private); without a key he can only pass."""
    legal = {}
    for card in ("key", "foresight"):
        s = GAME.new_game({"players": 3}, 0, {
            "roles": ["beggar", "winston", "wick"], "gold": [1, 8, 8], "hands": HANDS[:3],
            "intel": [[card], [], []], "commissions": ["gun00", "melee00", "stealth00", "gun01"],
            "intel_deck": ["medical", "eavesdrop", "eavesdrop"], "events": ["doctor"]})
        s = GAME.apply(s, 0, {"type": "checkin"})[0]
        s = GAME.apply(s, 1, {"type": "checkin"})[0]
        s = GAME.apply(s, 2, {"type": "bid", "commission": 0, "bid": 0})[0]
        s = GAME.apply(s, 2, {"type": "execute", "card": "gun3", "boost": 0})[0]
        assert s.phase == "salvage"
        legal[card] = {a["type"] for a in GAME.legal_actions(s, 0)}
    assert legal["key"] == {"pass", "intel"} and legal["foresight"] == {"pass"}
