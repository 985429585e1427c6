"""Rules of hotel: scenarios, single rules, audit claims and random-game invariants."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.engine.errors import IllegalAction
from boardlab.engine.match import play_match
from boardlab.engine.protocol import canonical
from boardlab.engine.scenario import replay_path
from boardlab.games.hotel import GAME, data, published

ROOT = Path(__file__).resolve().parents[2]
HANDS = published.EXAMPLE_HANDS


def new(players=4, **ov):
    ov.setdefault("roles", ["wick", "winston", "beggar", "sofia", "charon", "cassian"][:players])
    ov.setdefault("hands", (HANDS * 2)[:players])
    return GAME.new_game({"players": players}, 0, ov)


def test_scenarios_replay():
    reports = replay_path(ROOT / "scenarios" / "hotel")
    assert reports
    for r in reports:
        assert r.ok, (r.path, [str(f) for f in r.failures])


def test_deck_is_symmetric_and_priced_by_the_rules():
    deck = data.commission_deck()
    assert len(deck) == published.COMPONENTS["commissions"]
    by_tag = {t: sorted((c["d"], c["r"], c["risk"] or "") for c in deck if c["tag"] == t)
              for t in data.TAGS}
    assert by_tag["gun"] == by_tag["melee"] == by_tag["stealth"]
    for c in deck:
        if c["risk"]:
            assert 5 <= c["r"] - c["d"] <= 7
        else:
            assert c["r"] == c["d"] + 3
    assert any(c["d"] == 10 and c["r"] == 17 for c in deck)
    assert any(c["d"] == 4 and c["r"] == 7 for c in deck)


def test_fire_ceiling_is_ten():
    best = max(data.card_value(c) for c in data.technique_set()) + 1 + GAME.Config().max_boost
    assert best == published.FIRE_CEILING


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_table(players):
    s = GAME.new_game({"players": players}, 3, {"events": ["doctor"]})
    row = published.SETUP_TABLE[players]
    assert len(s.wall) == row["contracts"] == players + 1
    assert all(g == row["gold"] for g in s.gold)
    assert all(len(h) == 5 for h in s.hands)
    assert len(set(s.roles)) == players


def test_example_final_totals_add_up():
    for row in published.EXAMPLE_FINAL.values():
        assert row["rep"] * 3 + row["gold"] - 2 * row["wounds"] == row["total"]


def test_events_gunshots_tie_and_single():
    s = new(gold=[9, 9, 3, 3], events=["gunshots"])
    assert s.gold == [7, 7, 3, 3] and s.vault == 4
    s = new(gold=[10, 9, 3, 3], events=["gunshots"])
    assert s.gold == [6, 9, 3, 3] and s.vault == 4


def test_events_cleaner_doctor_prepay_high_table_old_marker():
    s = new(wounds=[1, 0, 2, 0], events=["cleaner"])
    assert s.gold == [6, 8, 6, 8] and s.vault == 4
    s = new(wounds=[1, 0, 2, 0], events=["doctor"])
    assert s.wounds == [0, 0, 1, 0]
    s = new(events=["prepay"])
    assert s.gold == [10] * 4
    s = new(rep=[2, 2, 0, 1], gold=[5, 1, 8, 8], events=["high_table"])
    assert s.gold == [2, 1, 8, 8] and s.rep == [2, 1, 0, 1] and s.vault == 3
    s = new(rep=[0, 0, 0, 0], events=["high_table"])
    assert s.vault == 0 and s.rep == [0] * 4
    s = new(checkins=[2, 1, 0, 0], vault=5, events=["old_marker"])
    assert s.gold == [11, 8, 8, 8] and s.vault == 2
    s = new(checkins=[1, 1, 0, 0], vault=5, events=["old_marker"])
    assert s.vault == 5


def _all_check_in(s, players=4):
    for p in range(players):
        s = GAME.apply(s, p, {"type": "checkin"})[0]
    return s


def test_checkin_rewards_second_stay_peace_hospitality():
    s = new(checkins=[1, 1, 3, 0], wounds=[3, 0, 0, 0], events=["peace"])
    s = _all_check_in(s)
    assert s.checkins == [2, 2, 4, 1] and s.rep == [1, 1, 1, 0] and s.wounds[0] == 1
    assert [len(h) for h in s.intel] == [1, 2, 1, 1]  # Winston draws 2 and gains 2
    assert s.gold[1] == 10
    s = _all_check_in(new(events=["hospitality"]))
    assert [len(h) for h in s.intel] == [2, 3, 2, 2]


def test_rush_adds_two_and_bounty_needs_a_single_leader():
    s = new(events=["rush"])
    assert all(c["reward"] == c["r"] + 2 for c in s.wall)


def test_intel_key_medical_eavesdrop_foresight():
    s = new(intel=[["key", "medical", "eavesdrop", "foresight"], [], [], []],
            wounds=[1, 0, 0, 0], events=["doctor"])
    assert s.wounds[0] == 0
    legal = GAME.legal_actions(s, 0)
    assert {"type": "intel", "card": "medical"} not in legal  # nothing to heal
    s = GAME.apply(s, 0, {"type": "intel", "card": "key"})[0]
    assert s.gold[0] == 10
    s = GAME.apply(s, 0, {"type": "intel", "card": "eavesdrop", "target": 2})[0]
    assert GAME.view(s, 0)["hands"][2] == sorted(HANDS[2])
    assert GAME.view(s, 1)["hands"][2] is None
    top = [c["id"] for c in s.com_deck[::-1][:3]]
    s = GAME.apply(s, 0, {"type": "intel", "card": "foresight"})[0]
    assert [c["id"] for c in GAME.view(s, 0)["known_top"]] == top
    assert GAME.view(s, 1)["known_top"] == []
    assert GAME.to_move(s) == [0, 1, 2, 3]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "checkin"})
    s = GAME.apply(s, 0, {"type": "arrange", "order": [2, 1, 0]})[0]
    assert [c["id"] for c in s.com_deck[::-1][:3]] == top[::-1]


def test_broker_swap():
    s = new(intel=[["key", "key"], [], [], []], events=["broker"])
    s = GAME.apply(s, 0, {"type": "swap", "discard": ["key"]})[0]
    assert len(s.intel[0]) == 2 and "key" in s.intel_discard
    assert not any(a["type"] == "swap" for a in GAME.legal_actions(s, 0))


@pytest.mark.parametrize("mode,wounds", [("replace", 2), ("add", 3)])
def test_risk_failure_option(mode, wounds):
    s = GAME.new_game({"players": 3, "risk_failure": mode}, 0, {
        "roles": ["wick", "winston", "charon"], "hands": HANDS[:3],
        "commissions": ["gun09", "gun00", "gun01", "gun02"], "events": ["doctor", "doctor"]})
    s = GAME.apply(s, 0, {"type": "bid", "commission": 0, "bid": 0})[0]  # D8 tough
    s = GAME.apply(s, 1, {"type": "checkin"})[0]
    s = GAME.apply(s, 2, {"type": "checkin"})[0]
    s = GAME.apply(s, 0, {"type": "execute", "card": "melee2", "boost": 0})[0]
    assert s.wounds[0] == wounds - 1  # night-2 doctor heals 1


@pytest.mark.parametrize("mode,owner", [("payment", None), ("compare", 1)])
def test_cassian_discount_option(mode, owner):
    s = GAME.new_game({"players": 3, "cassian_discount": mode}, 0, {
        "roles": ["wick", "cassian", "charon"], "hands": HANDS[:3], "charon_used": True,
        "commissions": ["gun08", "gun00", "gun01", "gun02"], "events": ["doctor"]})
    s = GAME.apply(s, 0, {"type": "bid", "commission": 0, "bid": 1})[0]
    s = GAME.apply(s, 1, {"type": "bid", "commission": 0, "bid": 2})[0]
    s = GAME.apply(s, 2, {"type": "checkin"})[0]
    if owner is None:
        assert s.owners == {0: 1} and s.gold[1] == 7
    else:  # compared at 1 -> tie with seat 0 -> unsold
        assert s.owners == {}


@pytest.mark.parametrize("mode,div", [("split", [7, 7, 0]), ("none", [0, 0, 0])])
def test_vault_tie_option(mode, div):
    s = GAME.new_game({"players": 3, "vault_tie": mode, "nights": 1}, 0, {
        "roles": ["wick", "winston", "charon"], "hands": HANDS[:3], "vault": 20,
        "checkins": [2, 2, 0], "events": ["doctor"]})
    assert GAME.dividend(s) == div


def test_vault_cap_is_fifteen():
    s = new(vault=40, checkins=[3, 0, 0, 0])
    assert GAME.dividend(s) == [15, 0, 0, 0]


def test_full_game_scores_formula():
    out = play_match(GAME, {"players": 4}, 7, [b() for b in GAME.bots().values()][:4])
    s = out.state
    div = GAME.dividend(s)
    for p in range(4):
        assert out.result.scores[p] == s.rep[p] * 3 + s.gold[p] + div[p] - 2 * s.wounds[p]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6))
def test_random_game_invariants(seed, players):
    s = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    while not GAME.is_over(s):
        seat = rng.choice(GAME.to_move(s))
        a = rng.choice(GAME.legal_actions(s, seat))
        before = canonical(GAME.facts(s))
        s2, _ = GAME.apply(s, seat, a)
        assert canonical(GAME.facts(s)) == before  # apply never mutates its input
        for p in range(players):
            assert 0 <= s2.wounds[p] < s2.cfg.hospital_at
            assert len(s2.hands[p]) + len(s2.played[p]) == 5
            v = GAME.view(s2, p)
            assert json.loads(json.dumps(v)) == v
            for q in range(players):
                if q != p and q not in s2.peeked[p]:
                    assert v["hands"][q] is None and v["intel"][q] is None
            if p in s2.bids:
                assert all(GAME.view(s2, q)["my_choice"] is None
                           for q in range(players) if q not in s2.bids)
        assert s2.vault >= 0
        assert sum(len(h) for h in s2.intel) + len(
            s2.intel_deck) + len(s2.intel_discard) == 12
        s = s2
    assert len(GAME.result(s).scores) == players


def test_determinism():
    a = play_match(GAME, {"players": 5}, 11, [GAME.bots()["taker"]() for _ in range(5)])
    b = play_match(GAME, {"players": 5}, 11, [GAME.bots()["taker"]() for _ in range(5)])
    assert a.record == b.record


def _night(s, choices):
    for p, a in choices.items():
        s = GAME.apply(s, p, a)[0]
    return s


def test_bounty_single_leader_and_sofia_limit():
    s = GAME.new_game({"players": 3}, 0, {
        "roles": ["sofia", "wick", "winston"], "hands": HANDS[:3],
        "commissions": ["gun11", "melee00", "stealth00", "gun01"], "events": ["bounty", "doctor"]})
    s = _night(s, {0: {"type": "bid", "commission": 0, "bid": 0},
                   1: {"type": "bid", "commission": 1, "bid": 0},
                   2: {"type": "checkin"}})
    assert {"type": "kill"} not in GAME.legal_actions(s, 0)  # D10 is beyond one-shot
    s = GAME.apply(s, 0, {"type": "execute", "card": "gun4", "boost": 5})[0]
    assert s.rep[0] == 1 and s.gold[0] == 8 - 5 + 17
    s = GAME.apply(s, 1, {"type": "execute", "card": "melee2", "boost": 0})[0]
    assert s.night == 2 and s.rep[:2] == [2, 1]


def test_beggar_who_succeeded_cannot_salvage_and_resting_seat_waits():
    s = GAME.new_game({"players": 3}, 0, {
        "roles": ["beggar", "wick", "winston"], "hands": HANDS[:3],
        "commissions": ["melee00", "gun00", "stealth00", "gun01"], "events": ["doctor"]})
    s = _night(s, {0: {"type": "bid", "commission": 0, "bid": 0},
                   1: {"type": "checkin"}, 2: {"type": "checkin"}})
    s = GAME.apply(s, 0, {"type": "execute", "card": "melee2", "boost": 0})[0]
    assert s.phase == "bid" and s.night == 2


def test_refusal_leaves_state_unchanged():
    s = new()
    before = canonical(GAME.facts(s))
    for bad in [{"type": "bid", "commission": 0, "bid": -1}, {"type": "kill"}, "x"]:
        with pytest.raises(IllegalAction):
            GAME.apply(s, 0, bad)
    assert canonical(GAME.facts(s)) == before


def test_sealed_choice_is_hidden_until_reveal():
    s = new()
    s = GAME.apply(s, 0, {"type": "bid", "commission": 2, "bid": 3})[0]
    for p in (1, 2, 3, None):
        v = GAME.view(s, p)
        assert v["my_choice"] is None and "bid 3" not in json.dumps(v["visible_log"])
    assert GAME.view(s, 0)["my_choice"] == {"type": "bid", "commission": 2, "bid": 3}


def test_bots_render_and_determinize():
    bots = GAME.bots()
    assert set(bots) == {"taker", "cautious", "stayer", "risky", "informant", "fitted"}
    out = play_match(GAME, {"players": 6}, 3, ([bots[n]() for n in bots] * 2)[:6])
    assert GAME.is_over(out.state)
    s = new()
    for lang in ("zh", "en"):
        assert "P1" in GAME.render_terminal(GAME.view(s, 0), lang)  # people count from 1
    s = GAME.apply(s, 1, {"type": "bid", "commission": 0, "bid": 1})[0]
    w = GAME.determinize(s, 0, random.Random(1))
    assert canonical(GAME.view(w, 0)) == canonical(GAME.view(s, 0))
    assert w.hands[0] == s.hands[0]
