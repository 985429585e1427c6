"""Equally near alarms (R9, both readings) and the state copy search bots use."""

from __future__ import annotations

import random

from boardlab.engine.protocol import canonical
from boardlab.games.burgle import GAME
from boardlab.games.burgle.rules import CELLS, parse_pos


def _random_game(seed: int, ties: str, players: int = 2, limit: int = 600):
    """Random legal play; yields each state where an alarm tie is being asked."""
    rng = random.Random(seed)
    s = GAME.new_game({"players": players, "alarm_ties": ties, "turn_limit": 60}, seed)
    for _ in range(limit):
        if GAME.is_over(s):
            return
        seat = GAME.to_move(s)[0]
        if s.pending and s.pending["kind"] == "alarm_tie":
            yield s
        legal = GAME.legal_actions(s, seat)
        # Juicer-style alarms and moves are what makes ties: prefer them over ending.
        weights = [0.3 if a["type"] == "end" else 1.0 for a in legal]
        s, _ = GAME.apply(s, seat, rng.choices(legal, weights)[0])


def test_a_tie_offers_exactly_the_equally_near_alarms_and_play_goes_on():
    asked = 0
    for seed in range(40):
        for s in _random_game(seed, "choose"):
            asked += 1
            f = s.pending["floor"]
            g = s.guards[f]
            options = [parse_pos(o["at"]) for o in s.pending["options"]]
            dists = {GAME._dist(s, g["pos"], a) for a in options}
            others = [a for a in s.alarms if a // CELLS == f and a not in options]
            assert len(options) >= 2 and len(dists) == 1
            assert all(GAME._dist(s, g["pos"], a) > min(dists) for a in others)
            assert g["dest"] == options[0]  # provisional: reading order until answered
            view = GAME.view(s, s.pending["seat"])
            assert view["pending"]["kind"] == "alarm_tie"
            labels = {GAME.describe_action(s, s.pending["seat"], a, lang)
                      for a in GAME.legal_actions(s, s.pending["seat"]) for lang in ("zh", "en")}
            assert all("{" not in w for w in labels)
    assert asked > 0  # random play with several alarms does reach ties


def test_reading_order_never_asks():
    for seed in range(15):
        assert not list(_random_game(seed, "reading"))


def test_answering_a_tie_mid_walk_sets_the_destination_and_finishes_the_guard_phase():
    for seed in range(40):
        for s in _random_game(seed, "choose"):
            if s.pending["then"] != "walk":
                continue
            pick = s.pending["options"][-1]
            seat = s.pending["seat"]
            turn = s.turn
            after, events = GAME.apply(s, seat, {"type": "choose", **pick})
            kinds = [e.kind for e in events]
            assert kinds[0] == "alarm_tie" and "guard_move" in kinds
            walked = next(e for e in events if e.kind == "guard_move").data["walk"]
            if walked:
                assert walked[0][2] == pick["at"]  # the first step heads for the chosen alarm
            assert after.phase in ("actions", "choice", "over")
            if after.phase == "actions":
                assert after.turn == turn + 1
            return
    raise AssertionError("no tie during a guard's walk in 40 random games")


def test_copy_takes_an_rng_like_every_game_state():
    s = GAME.new_game({"players": 2}, 3)
    plain = s.copy()
    assert plain.rng is not s.rng and plain.rng.getstate() == s.rng.getstate()
    mine = random.Random(99)
    given = s.copy(rng=mine)
    assert given.rng is mine
    assert canonical(GAME.facts(given)) == canonical(GAME.facts(s))
    given.players[0]["tools"].append("emp")
    given.guards[0]["deck"].pop()
    assert "emp" not in s.players[0]["tools"]
    assert len(given.guards[0]["deck"]) == len(s.guards[0]["deck"]) - 1


def test_determinize_is_deterministic_and_leaves_the_original_alone():
    s = GAME.new_game({"players": 2}, 4)
    before = canonical(GAME.facts(s))
    a = GAME.determinize(s, 0, random.Random(5))
    b = GAME.determinize(s, 0, random.Random(5))
    assert canonical(GAME.facts(a)) == canonical(GAME.facts(b))
    assert a.rng.getstate() == b.rng.getstate() and a.rng is not s.rng
    assert canonical(GAME.facts(s)) == before
