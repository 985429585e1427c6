"""A lost game is recorded as data (what saw whom, where) and put into words by texts.py."""

from __future__ import annotations

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.games.burgle import GAME, texts


def _caught(by_atrium: bool = False):
    setup = {"characters": [["hawk", "basic"], ["rook", "basic"]], "stealth": [0, 3],
             "walls": [[], [], []], "patrol": [["D4", "D3"], ["A3", "D4"]],
             "positions": [None, "2D1"], "entrance": "1A2"}
    s = GAME.new_game({"players": 2}, 1, setup)
    if by_atrium:  # the floor-2 guard stands right above: entering a revealed Atrium is seen
        atrium = next(i for i, t in enumerate(s.tiles) if t.startswith("atrium"))
        s.tiles[8], s.tiles[atrium] = s.tiles[atrium], s.tiles[8]
        s.revealed[8] = True
        s, _ = GAME.apply(s, 0, {"type": "move", "to": "1A3"})
    else:
        s.guards[0]["pos"] = 4 + 1  # 1B2, next to the entrance
        s, _ = GAME.apply(s, 0, {"type": "move", "to": "1B2"})
    return s


@pytest.mark.parametrize("atrium", [False, True])
def test_the_loss_is_structured(atrium):
    s = _caught(atrium)
    loss = GAME.result(s).summary["loss"]
    if atrium:
        assert loss == {"floor": 1, "turn": 0, "by": "atrium", "guard_floor": 2, "at": "1A3",
                        "seat": 0, "char": "hawk"}
    else:
        assert loss == {"floor": 1, "turn": 0, "by": "guard", "guard_floor": 1, "at": "1B2",
                        "seat": 0, "char": "hawk"}
    reason = GAME.result(s).reason
    assert reason == texts.loss_reason(loss)
    assert loss["at"] in reason["zh"] and loss["at"] in reason["en"]
    assert texts.CAUGHT_BY[loss["by"]]["zh"] in reason["zh"]
    assert texts.CAUGHT_BY[loss["by"]]["en"] in reason["en"]


def test_every_loss_word_exists_in_both_languages():
    values = GAME.labels()["values"]
    for key in ("guard", "foyer", "atrium", "tiara", "time", "at", "guard_floor", "by"):
        assert values[key]["zh"] and values[key]["en"] and values[key]["zh"] != values[key]["en"]
    time = texts.loss_reason({"turn": 400, "by": "time"})
    assert "天亮" in time["zh"] and "dawn" in time["en"]


def test_a_loss_by_time_names_no_seat_and_no_place():
    for seed in range(40):  # random play that lasts to the (lowest) turn limit
        out = play_match(GAME, {"players": 2, "turn_limit": 10}, seed, [RandomBot(), RandomBot()])
        loss = out.result.summary["loss"]
        if loss["by"] == "time":
            break
    else:
        raise AssertionError("no random game of 40 reached the turn limit")
    assert loss == {"turn": 10, "by": "time"}
    assert out.result.reason == texts.loss_reason(loss) and "dawn" in out.result.reason["en"]
