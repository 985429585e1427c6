import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.engine.errors import ConfigError, IllegalAction
from boardlab.engine.match import play_match
from boardlab.engine.protocol import canonical
from boardlab.games.geometry import GAME


def new(players=3, **ov):
    return GAME.new_game({"players": players}, 1, ov or None)


# ---- rulebook audit: one test per numeric claim --------------------------------------

def test_five_doors_five_cards_one_shape_four_x():
    s = new(5)
    assert GAME.facts(s)["revealed_count"] == [0] * 5
    me = GAME.view(s, 0)["seats"][0]["cards"]
    assert len(me) == 5 and me.count("shape") == 1 and me.count("x") == 4


def test_two_to_five_players():
    for n in range(2, 6):
        new(n)
    for n in (1, 6):
        with pytest.raises(ConfigError):
            new(n)


def test_two_score_markers_three_penalties_defaults():
    cfg = GAME.make_config({"players": 3})
    assert (cfg.win_points, cfg.penalties_out, cfg.score_reveals) == (2, 3, 3)
    assert cfg.max_open_for_reopen == 3


def test_reopen_needs_one_more_door_and_fewer_than_three_open():
    s = new(3, shapes=[1, 2, 3])
    s, _ = GAME.apply(s, 0, {"type": "open", "door": 1})
    reopen = [a for a in GAME.legal_actions(s, 1) if a["type"] == "reopen"]
    assert reopen and all(len(a["doors"]) == 2 and 1 not in a["doors"] for a in reopen)
    s, _ = GAME.apply(s, 1, {"type": "add", "door": 2})
    s, _ = GAME.apply(s, 2, {"type": "add", "door": 3})
    assert not [a for a in GAME.legal_actions(s, 0) if a["type"] == "reopen"]


def test_accuse_only_leaders_face_down_cards():
    s = new(3, shapes=[1, 2, 3], revealed=[[5], [], []])
    s, _ = GAME.apply(s, 0, {"type": "open", "door": 4})
    doors = [a["door"] for a in GAME.legal_actions(s, 1) if a["type"] == "accuse"]
    assert doors == [1, 2, 3, 4]


def test_refusal_leaves_state_unchanged():
    s = new(3)
    before = canonical(GAME.facts(s))
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "accuse", "door": 1})
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, {"type": "open", "door": 1})
    assert canonical(GAME.facts(s)) == before


def test_random_first_leader_option():
    leaders = {GAME.new_game({"players": 5, "first_leader": "random"}, seed).leader
               for seed in range(30)}
    assert len(leaders) > 1


def test_no_hidden_shape_in_other_views():
    s = new(4, shapes=[1, 2, 3, 4])
    for seat in [None, 1, 2, 3]:
        assert "shape" not in json.dumps(GAME.view(s, seat)["seats"][0])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5),
       first=st.sampled_from(["seat0", "random"]))
def test_invariants_random_games(seed, players, first):
    s = GAME.new_game({"players": players, "first_leader": first}, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if GAME.is_over(s):
            break
        seat = GAME.to_move(s)[0]
        assert not s.out[seat]
        GAME.apply_in_place(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        for p in range(players):
            assert not s.revealed[p][s.shape[p]]  # a shape never stays face up
            assert sum(s.revealed[p]) < s.cfg.score_reveals or s.out[p]
            assert 0 <= s.penalty[p] <= 3 and 0 <= s.score[p] <= 2
        v = GAME.view(s, seat)
        assert json.loads(json.dumps(v)) == v
    assert GAME.is_over(s)
    r = GAME.result(s)
    assert r.winners


def test_bots_deterministic():
    bots = GAME.bots()
    for n in range(2, 6):
        lineup = [bots["bold"](), bots["cautious"]()] * 3
        a = play_match(GAME, {"players": n}, 3, lineup[:n])
        b = play_match(GAME, {"players": n}, 3, lineup[:n])
        assert a.record == b.record and GAME.is_over(a.state)


def test_render():
    s = new(3)
    for lang in ("zh", "en"):
        assert "P1:" in GAME.render_terminal(GAME.view(s, 0), lang)  # people count from 1


def test_determinize_keeps_the_view_and_own_shape():
    s = new(4, shapes=[1, 2, 3, 4], revealed=[[], [1], [2, 5], []])
    for seat in range(4):
        w = GAME.determinize(s, seat, random.Random(seat))
        assert canonical(GAME.view(w, seat)) == canonical(GAME.view(s, seat))
        assert w.shape[seat] == s.shape[seat]
        assert all(not w.revealed[p][w.shape[p]] for p in range(4))
