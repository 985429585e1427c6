"""One test (at least) per rule of cat; the scenarios cover the worked examples."""

from __future__ import annotations

import pytest

from boardlab.engine.errors import ConfigError, IllegalAction
from boardlab.games.cat import GAME, data
from boardlab.games.cat.scoring import exposure_deltas, final_bills, ranks

H3 = [["L5", "K3", "clean", "fish", "shift"], ["K3", "L1", "B2", "clean", "fish"],
      ["B1", "B2", "clean", "fish", "cat"]]


def new(config=None, seed=0, **setup):
    return GAME.setup(GAME.make_config(config or {"players": 3}), seed, setup or None)


def play_round(state, actions):
    """Every seat plays its action in seat order; returns the state after resolution."""
    for seat, action in enumerate(actions):
        state, _ = GAME.apply(state, seat, action)
    return state


def P(card, room, **kw):
    return {"type": "play", "card": card, "room": room, **kw}


def test_components_match_the_rulebook():
    for room in data.ROOMS:
        pile = data.full_pile(room)
        assert len(pile) == 20 and sum(data.chaos_value(c) for c in pile) == 57
    special = data.full_pile("special")
    assert len(special) == 41 and special.count("clean") == 16 and special.count("shift") == 12
    assert special.count("cat") == 5 and special.count("fish") == 8
    assert len(data.ROLES) == 5


def test_setup_deals_nothing_and_asks_everyone_to_draw():
    state = new({"players": 4}, 1)
    assert state.phase == "draw" and GAME.to_move(state) == [0, 1, 2, 3]
    assert sum(len(p) for p in state.piles.values()) == 101
    assert GAME.legal_actions(state, 0) == [{"type": "draw", "pile": p} for p in data.PILES]


def test_hand_limit_and_refill_to_five():
    state = new(hands=H3)
    state = play_round(state, [P("L5", "living"), P("K3", "kitchen"), P("B1", "bath")])
    assert [len(h) for h in state.hands] == [4, 4, 4] and state.phase == "draw"
    for seat in range(3):
        state, _ = GAME.apply(state, seat, {"type": "draw", "pile": "special"})
    assert [len(h) for h in state.hands] == [5, 5, 5] and state.phase == "play"
    assert state.station == 2


def test_config_errors_are_clear():
    with pytest.raises(ConfigError, match="3-5 players"):
        GAME.make_config({"players": 6})
    with pytest.raises(ConfigError, match="variant A"):
        GAME.make_config({"players": 4, "variant_a": True})
    with pytest.raises(ConfigError, match="variant B"):
        GAME.make_config({"players": 4, "variant_b": True})
    with pytest.raises(ConfigError, match="colour"):
        GAME.make_config({"players": 4, "colour": 1})
    with pytest.raises(ConfigError, match="no L5 left"):
        new(hands=[["L5", "L5", "L5", "L5"], [], []])
    with pytest.raises(ConfigError, match="unknown cat setup"):
        new(deck=[])


def test_ranks_and_payments():
    assert ranks([4, 4, 2]) == ([0, 1], [2])
    assert ranks([0, 0, 0]) == ([], [])
    assert ranks([3, 3, 0]) == ([0, 1], [])
    assert exposure_deltas([0, 4, 0, 3], 13) == [-1, -7, -1, 4]
    assert exposure_deltas([4, 4, 2], 12, "split") == [-3, -3, 4]
    assert final_bills([5, 8, 5, 3], 23) == ([0, 23, 0, 0], [7, 0, 7, 0])


@pytest.mark.parametrize("total,pay,get", [(12, 6, 4), (13, 7, 4), (15, 8, 5), (18, 9, 6),
                                           (20, 10, 6)])
def test_quick_reference_exposure_table(total, pay, get):
    deltas = exposure_deltas([total - 3, 3, 0], total)
    assert deltas == [-pay, get, -1]


@pytest.mark.parametrize("total,get", [(5, 1), (8, 2), (10, 3), (15, 5), (23, 7)])
def test_quick_reference_final_table(total, get):
    assert final_bills([total - 1, 1], total) == ([total, 0], [0, get])


def test_no_exposure_from_the_seal_on():
    state = new(hands=H3, station=6, rooms={"living": {"lanes": [11, 0, 0]}})
    state = play_round(state, [P("fish", "living"), P("clean", "kitchen"), P("clean", "bath")])
    assert state.exposures == [] and state.room_total("living") == 13


def test_exposure_at_station_five_clears_the_room():
    state = new(hands=H3, station=5, rooms={"living": {"lanes": [11, 0, 0]}})
    state = play_round(state, [P("fish", "living"), P("clean", "kitchen"), P("clean", "bath")])
    assert len(state.exposures) == 1 and state.room_total("living") == 0
    assert state.fun == [2 - 7, 1 - 1, 1 - 1]


def test_shift_with_no_own_mess_is_not_offered():
    state = new(hands=[["shift"] * 5, ["clean"] * 5, ["fish"] * 5])
    assert GAME.legal_actions(state, 0) == [{"type": "discard", "card": "shift"}]
    with pytest.raises(IllegalAction, match="FAQ Q9"):
        GAME.apply(state, 0, P("shift", "living", to="bath", amount=1))


def test_second_cat_card_is_refused():
    state = new(hands=H3, cats_played=[0, 0, 1])
    with pytest.raises(IllegalAction, match="one cat card"):
        GAME.apply(state, 2, P("cat", "living"))


def test_role_false_means_no_role():
    state = new(hands=H3)
    new_state, _ = GAME.apply(state, 0, P("L5", "living", role=False))
    assert new_state.pending[0] == P("L5", "living")


def test_refused_action_leaves_state_unchanged():
    state = new(hands=H3)
    before = GAME.facts(state)
    for bad in [P("K3", "living"), {"type": "draw", "pile": "special"}, "x", None,
                P("cat", "living", role=True)]:
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, bad)
    assert GAME.facts(state) == before


def test_pass_only_with_an_empty_hand_and_no_cards_left():
    state = new(hands=H3)
    state.hands[0] = []
    for p in state.piles:
        state.piles[p] = []
    state.phase = "play"
    assert GAME.legal_actions(state, 0) == [{"type": "pass"}]


def test_secret_plays_stay_hidden_until_reveal():
    state = new(hands=H3)
    state, _ = GAME.apply(state, 0, P("L5", "living"))
    other = GAME.view(state, 1)
    assert other["submitted"] == [0] and other["my_play"] is None
    assert "L5" not in str([e for e in other["log"]])
    assert GAME.view(state, 0)["my_play"] == P("L5", "living")
    assert GAME.view(state, None)["hand"] is None


def test_variant_a_never_deals_conrad():
    for seed in range(200):
        state = new({"players": 3, "roles": True, "variant_a": True}, seed)
        assert "konrad" not in state.roles


def test_result_summary_has_the_lab_figures():
    from boardlab.engine.match import play_match
    from boardlab.games.cat.bots import BOTS

    out = play_match(GAME, {"players": 4, "roles": True}, 3,
                     [BOTS[n]() for n in ("wild", "tidy", "sniper", "steady")])
    s = out.result.summary
    for key in ("exposures", "exposure_rounds", "final_mess", "final_bills_total", "fun",
                "bills", "bonuses", "roles", "mess_held"):
        assert key in s
    assert len(s["roles"]) == 4 and all(s["roles"])
    scores = [f - b + g for f, b, g in zip(s["fun"], s["bills"], s["bonuses"], strict=True)]
    assert scores == out.result.scores


def test_random_draw_mode_opening_takes_one_card_of_each_room_first():
    for seed in range(30):
        state = new({"players": 4, "draw_mode": "random"}, seed)
        assert state.phase == "play"
        for hand in state.hands:
            assert len(hand) == 5
            assert {data.chaos_room(c) for c in hand if data.is_chaos(c)} == set(data.ROOMS)
