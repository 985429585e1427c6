"""The coordinated convention favours no seat number (issue 11: its old freeze rota gave
seat 0 53% of the wins and seat 3 none at 4 players)."""

from __future__ import annotations

from scipy.stats import chisquare

from boardlab.engine.match import play_match
from boardlab.games.toys import GAME


def test_coordinated_rota_is_fair_to_every_seat():
    players, games = 4, 80
    wins = [0.0] * players
    scores = [0.0] * players
    rests = [0] * players
    for seed in range(games):
        out = play_match(GAME, {"players": players}, 1000 + seed,
                         [GAME.bots()["coordinated"]() for _ in range(players)])
        for w in out.result.winners:
            wins[w] += 1 / len(out.result.winners)
        for s in range(players):
            scores[s] += out.result.scores[s] / games
            rests[s] += out.result.summary["freezes"][s]
    assert chisquare(wins).pvalue > 0.01, wins
    assert max(scores) - min(scores) < 2.0, scores
    assert max(rests) - min(rests) <= games // 10, rests


def test_default_mix_is_the_books_coordinated_team():
    for players in range(3, 7):
        assert GAME.default_bots(players) == ["coordinated"] * players
