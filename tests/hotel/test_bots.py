"""The style bots of hotel: they play their styles, use intel deliberately, spread over the
wall and fill the default seats (small games only: fast)."""

from __future__ import annotations

import random

import pytest

from boardlab.bots.base import DecisionContext
from boardlab.engine.match import play_match
from boardlab.games.hotel import GAME
from boardlab.games.hotel.bots import BOTS, ROLE_STYLE, STRANDED_CARD, STYLE_ORDER, Table

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


def test_bots_spread_over_the_wall_and_pay_for_contracts():
    """Six style bots spread over the wall and bid what contested contracts are worth: more
    than 2.5 of the 7 contracts a night sold on average (bots that all chased the best
    contract left about 5 of 7 unsold) and a vault above 22 at the end (the book: about 36;
    bots without fictitious play, which bid 0 on 70% of their bids: about 14)."""
    sold = nights = vault = 0
    for seed in range(3):
        out = play_match(GAME, {"players": 6}, seed,
                         [BOTS[n]() for n in GAME.default_bots(6)], check=False)
        nights += sum(e.kind == "reveal" for e in out.state.log)
        sold += sum(e.kind == "won" for e in out.state.log)
        vault += out.state.vault
    assert sold / nights > 2.5
    assert vault / 3 > 22


def test_bots_expect_to_win_about_as_often_as_they_do(monkeypatch):
    """The rival model is calibrated: the chance a bot gives the bid it seals matches how
    often such bids win (the first-guess model alone expected 0.91 and won 0.64)."""
    expected: dict[tuple, float] = {}
    plain = Table.win_chance

    def recording(self, q, i, bid, charon):
        out = plain(self, q, i, bid, charon)
        expected[(self.v["night"], self.seat, i, bid)] = out
        return out

    monkeypatch.setattr(Table, "win_chance", recording)
    est = won = 0.0
    count = 0
    for seed in range(3):
        expected.clear()
        out = play_match(GAME, {"players": 5}, seed,
                         [BOTS[n]() for n in GAME.default_bots(5)], check=False)
        night, sealed, owners = 0, [], set()
        for e in out.state.log:
            if e.kind == "reveal":
                night += 1
                sealed += [(night, int(p), a["commission"], a["bid"])
                           for p, a in e.data["choices"].items() if a["type"] == "bid"]
            elif e.kind == "won":
                owners.add((night, e.data["seat"], e.data["commission"]))
        for key in sealed:
            if key in expected:
                count += 1
                est += expected[key]
                won += key[:3] in owners
    assert count >= 30
    assert abs(est / count - won / count) <= 0.15 and won / count >= 0.65


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
    """A rival read by eavesdropping with only stealth cards and no gold wants no D10 gun
    contract, but may take a stealth D2 (though a stay is worth more to Winston)."""
    s = GAME.new_game({"players": 3}, 0, {
        "roles": ["wick", "winston", "charon"],
        "hands": [HANDS[0], ["stealth2", "stealth3", "stealth4", "melee2", "melee3"], HANDS[2]],
        "intel": [["eavesdrop"], [], []], "gold": [8, 0, 8],
        "commissions": ["gun11", "stealth00", "melee00", "gun01"], "events": ["doctor"]})
    s = GAME.apply(s, 0, {"type": "intel", "card": "eavesdrop", "target": 1})[0]
    q = Table(GAME.view(s, 0), 0, random.Random(0)).rival_interest()
    assert q[1][0][0] == 0.0 and q[1][1][0] > 0.02


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
        s = GAME.new_game({"players": 3, "salvage_from": "unsold"}, 0, {
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


def test_a_stay_that_strands_a_card_costs_it():
    """Ruling-free bot sense (「打出不补」): on night 1 a seat with 5 cards for 5 nights strands
    one by staying; with 4 cards it does not. The stay is worth STRANDED_CARD less."""
    worth = {}
    for size in (5, 4):
        s = GAME.new_game({"players": 3}, 0, {
            "roles": ["wick", "charon", "cassian"], "hands": [HANDS[0][:size], *HANDS[1:3]],
            "events": ["doctor"]})
        worth[size] = Table(GAME.view(s, 0), 0, random.Random(0)).checkin_value(0)
    assert worth[4] - worth[5] == pytest.approx(STRANDED_CARD)


def test_stayer_checks_in_whenever_the_hotel_is_open():
    for event, kind in (("doctor", "checkin"), ("full_house", "bid")):
        s = GAME.new_game({"players": 3}, 0, {
            "roles": ["winston", "wick", "charon"], "hands": HANDS[:3], "events": [event],
            "commissions": ["gun11", "melee04", "stealth04", "gun01"]})
        assert BOTS["stayer"]().choose(ctx_for(s, 0))["type"] == kind


def test_risky_gambles_only_when_not_leading():
    """附录 A ⑥ 「落后时该赌，领先时该稳」: the 高风险流 bot's love of ⚠ contracts is off
    while it leads on the visible points, on while it trails."""
    for gold, bonus in (([20, 8, 8], 0.0), ([2, 8, 8], 3.0)):
        s = GAME.new_game({"players": 3}, 0, {
            "roles": ["charon", "wick", "winston"], "hands": HANDS[:3], "gold": gold,
            "events": ["doctor"], "commissions": ["gun11", "melee04", "stealth04", "gun01"]})
        bot = BOTS["risky"]()
        bot.options(ctx_for(s, 0))
        assert bot.risk_bonus == bonus


def test_the_strong_bots_estimate_is_the_score_once_the_game_is_over():
    """``position_estimates`` (the strong bot's value at its horizon) reads a finished
    game exactly as the rules score it; before the end it adds what is still to come."""
    from boardlab.games.hotel.bots import STRONG_SEARCH, lead_chances, position_estimates

    for seed in range(6):
        out = play_match(GAME, {"players": 4}, seed, [BOTS["taker"]() for _ in range(4)],
                         check=False)
        assert position_estimates(out.state) == [float(x) for x in GAME.scores(out.state)]
        s = GAME.new_game({"players": 4}, seed)
        est = position_estimates(s)
        assert all(e > x for e, x in zip(est, GAME.scores(s), strict=True))
        v = STRONG_SEARCH.value(s, 0)
        assert 0.0 < v < 1.0
    chances = lead_chances([3, 1, 1, 0], 2, 3)
    assert chances[0] == max(chances) and chances[3] == min(chances)


def test_the_strong_bots_shared_rival_model_is_the_tables_own():
    """Within one decision the strong bot's opponent model works a seat's rival model out
    once: the first answer is exactly ``Table.rival_interest`` on the same generator, later
    ones the same object; another seat, or a seat whose wounds differ, gets its own."""
    from boardlab.games.hotel.bots import _SharedModelTable

    s = GAME.new_game({"players": 4}, 3)
    memo: dict = {}
    view = GAME.view(s, 1)
    plain = Table(view, 1, random.Random(9)).rival_interest()
    first = _SharedModelTable(view, 1, random.Random(9), {}, memo).rival_interest()
    assert first == plain
    assert _SharedModelTable(view, 1, random.Random(1), {}, memo).rival_interest() is first
    other = _SharedModelTable(GAME.view(s, 2), 2, random.Random(9), {}, memo).rival_interest()
    assert other is not first and len(memo) == 2
    hurt = dict(view, wounds=[0, 1, 0, 0])
    _SharedModelTable(hurt, 1, random.Random(9), {}, memo).rival_interest()
    assert len(memo) == 3
