"""The ``ismcts`` bot: legal to the end in every game, deterministic, and better than random."""

from __future__ import annotations

import pytest
from scipy.stats import binomtest

from boardlab.bots.base import RandomBot
from boardlab.bots.ismcts import ISMCTSBot
from boardlab.bots.registry import bot_factories, determinizable, make_bot
from boardlab.engine.match import decision_context, play_match
from boardlab.engine.registry import all_game_ids, get_game
from boardlab.engine.rng import make_rng
from support.sealed import GAME as SEALED

GAMES = all_game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_plays_every_game_to_the_end_with_legal_choices(game_id):
    game = get_game(game_id)
    if not determinizable(game):
        pytest.skip(f"{game_id} has no determinize")
    assert "ismcts" in bot_factories(game)
    players = game.min_players
    bots = [ISMCTSBot(iterations=3)] + [RandomBot() for _ in range(players - 1)]
    # check=True: every choice that is not the listed object itself is checked too
    a = play_match(game, {"players": players}, 1, bots, check=True)
    assert game.is_over(a.state)
    b = play_match(game, {"players": players}, 1,
                   [ISMCTSBot(iterations=3)] + [RandomBot() for _ in range(players - 1)])
    assert a.record == b.record, "an iteration budget makes it deterministic"


def test_finds_the_move_that_cannot_lose_in_a_simultaneous_choice():
    # One round left: bidding 9 wins whatever the others hold (their bids are hidden).
    state = SEALED.new_game({"players": 3, "rounds": 1}, 0, {"hands": [[1, 9], [4], [3]]})
    bot = make_bot(SEALED, "ismcts")
    assert bot.choose(decision_context(SEALED, state, 0, make_rng(0))) == {"type": "bid",
                                                                          "card": 9}
    assert bot.last_iterations > 0


def test_a_time_budget_stops_and_still_answers_legally():
    state = SEALED.new_game({"players": 3}, 2)
    bot = ISMCTSBot(iterations=None, seconds=0.02)
    ctx = decision_context(SEALED, state, 0, make_rng(1))
    assert bot.choose(ctx) in ctx.legal
    with pytest.raises(ValueError, match="budget"):
        ISMCTSBot(iterations=None, seconds=None)


def test_beats_random_play_in_a_small_game():
    """Two-player geometry, seats alternating: ismcts's share of the wins is clearly above
    one half (a one-sided binomial test over a fixed, seeded sample)."""
    game = get_game("geometry")
    games, wins = 40, 0.0
    for i in range(games):
        me = i % 2
        bots = [RandomBot(), RandomBot()]
        bots[me] = ISMCTSBot(iterations=16)
        result = play_match(game, {"players": 2}, 100 + i, bots).result
        wins += (me in result.winners) / len(result.winners)
    assert wins / games > 0.5
    assert binomtest(round(wins), games, 0.5, alternative="greater").pvalue < 0.05


def test_cover_root_tries_every_root_choice_before_the_time_is_up():
    state = SEALED.new_game({"players": 3}, 2)
    ctx = decision_context(SEALED, state, 0, make_rng(1))
    assert len(ctx.legal) > 1
    bot = ISMCTSBot(iterations=None, seconds=0.0, cover_root=True)
    assert bot.choose(ctx) in ctx.legal
    assert bot.last_iterations >= len(ctx.legal)
    bare = ISMCTSBot(iterations=None, seconds=0.0)
    bare.choose(decision_context(SEALED, state, 0, make_rng(1)))
    assert bare.last_iterations == 0
