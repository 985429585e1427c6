"""The simulator AI and the Appendix B styles: legal, deterministic, and in character."""

from __future__ import annotations

import pytest

from boardlab.engine.match import play_match
from boardlab.games.cat import GAME
from boardlab.games.cat.bots import BOTS, STYLES

ASCII = ["lookahead", "wild", "tidy", "shifter", "sniper", "steady"]


def test_every_style_has_an_ascii_and_a_rulebook_name():
    bots = GAME.bots()
    for name in ASCII:
        assert name in bots and bots[name]().name == name
    assert {STYLES[n][0] for n in ASCII[1:]} == {"狂闹流", "收拾流", "甩锅流", "狙击流", "稳当流"}
    assert set(STYLES) == set(ASCII)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_play_legal_deterministic_games(players):
    names = ASCII[:players]
    a = play_match(GAME, {"players": players, "roles": True}, 11, [BOTS[n]() for n in names])
    b = play_match(GAME, {"players": players, "roles": True}, 11, [BOTS[n]() for n in names])
    assert a.record == b.record and a.result == b.result


def test_wild_never_cleans_and_is_the_trap():
    wins = {n: 0 for n in ("wild", "tidy", "shifter", "sniper", "steady")}
    score = dict.fromkeys(wins, 0.0)
    names = list(wins)
    cleans_by_wild = 0
    for seed in range(30):
        order = names[seed % 5:] + names[:seed % 5]
        out = play_match(GAME, {"players": 4}, seed, [BOTS[n]() for n in order[:4]])
        for i, (seat, action) in enumerate(out.record.actions):
            del i
            if order[seat] == "wild" and action.get("card") == "clean":
                cleans_by_wild += 1
        for s in range(4):
            score[order[s]] += out.result.scores[s]
            wins[order[s]] += s in out.result.winners
    assert cleans_by_wild == 0
    assert score["wild"] == min(score.values())
