"""The team bot: legal, deterministic by seed, and better than random legal play."""

from __future__ import annotations

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.games.burgle import GAME
from boardlab.games.burgle.bots import TeamBot


def test_default_bots_are_the_team():
    assert GAME.default_bots(3) == ["team"] * 3
    assert "team" in GAME.bots()


def test_the_team_opens_more_safes_and_survives_longer_than_random_play():
    team_safes = rand_safes = team_turns = rand_turns = 0
    for seed in range(8):
        team = play_match(GAME, {"players": 2}, seed, [TeamBot(), TeamBot()]).result.summary
        rand = play_match(GAME, {"players": 2}, seed, [RandomBot(), RandomBot()]).result.summary
        team_safes += team["safes_opened"]
        rand_safes += rand["safes_opened"]
        team_turns += team["turns"]
        rand_turns += rand["turns"]
    assert team_safes > rand_safes
    assert team_turns > rand_turns


def test_same_seed_same_team_game():
    a = play_match(GAME, {"players": 3}, 11, [TeamBot() for _ in range(3)])
    b = play_match(GAME, {"players": 3}, 11, [TeamBot() for _ in range(3)])
    assert a.record == b.record
