"""The geometry bots use every action, reason from what the table saw, and both accuse."""

from __future__ import annotations

import collections

from boardlab.bots.base import DecisionContext
from boardlab.engine.match import play_match
from boardlab.games.geometry import GAME
from boardlab.games.geometry.bots import CautiousBot, suspects


def played(players: int, games: int):
    for seed in range(games):
        names = GAME.default_bots(players)
        names = names[seed % players:] + names[:seed % players]
        out = play_match(GAME, {"players": players}, seed, [GAME.bots()[n]() for n in names])
        yield names, out


def test_default_bots_are_the_two_styles():
    assert GAME.default_bots(4) == ["bold", "cautious", "bold", "cautious"]
    assert set(GAME.default_bots(5)) <= set(GAME.bots())


def test_every_action_is_used_and_the_cautious_bot_accuses():
    kinds = collections.Counter()
    by_style = collections.Counter()
    for players in (2, 3, 4, 5):
        for names, out in played(players, 8):
            assert GAME.is_over(out.state)
            for seat, action in out.record.actions:
                kinds[action["type"]] += 1
                by_style[names[seat], action["type"]] += 1
    assert set(kinds) == {"open", "ok", "add", "reopen", "accuse", "reveal_x"}, kinds
    for style in ("bold", "cautious"):
        for kind in ("ok", "add", "reopen", "accuse"):
            assert by_style[style, kind] > 0, (style, kind, by_style)


def test_no_bot_ever_opens_its_own_shapes_door():
    for names, out in played(4, 6):
        state = GAME.new_game(out.record.config, out.record.seed, out.record.overrides)
        for seat, action in out.record.actions:
            doors = action.get("doors") or ([action["door"]] if action["type"] in (
                "open", "add") else [])
            assert state.shape[seat] + 1 not in doors, (names[seat], action)
            GAME.apply_in_place(state, seat, action)


def test_the_table_knows_a_leader_did_not_hide_behind_its_own_doors():
    state = GAME.new_game({"players": 3}, 0, {"shapes": [5, 1, 2], "leader": 0})
    for seat, action in [(0, {"type": "open", "door": 1}), (1, {"type": "add", "door": 3})]:
        GAME.apply_in_place(state, seat, action)
    view = GAME.view(state, 2)
    assert view["led_doors"] == [[1], [3], []]
    assert suspects(view, 1) == [1, 2, 4, 5]
    assert suspects(view, 0) == [2, 3, 4, 5]


def test_the_cautious_bot_accuses_when_one_door_is_left():
    # leader 0 has doors 2 and 3 turned up and led doors 4 and 1: only door 5 is left
    state = GAME.new_game({"players": 3}, 0, {"shapes": [5, 1, 1], "leader": 0,
                                             "revealed": [[2, 3], [], []]})
    for seat, action in [(0, {"type": "open", "door": 4}), (1, {"type": "add", "door": 2}),
                         (2, {"type": "add", "door": 3}), (0, {"type": "add", "door": 1})]:
        GAME.apply_in_place(state, seat, action)
    view = GAME.view(state, 1)
    assert view["leader"] == 0 and suspects(view, 0) == [5]
    ctx = DecisionContext(GAME, 1, view=view, legal=GAME.legal_actions(state, 1))
    assert CautiousBot().choose(ctx) == {"type": "accuse", "door": 5}
