"""The games' sealed choices that may be changed (``Game.changeable``: cat's card played face
down, hotel's sealed bid): wherever a game says a seat's latest choice may still be changed,
replaying the game with another legal choice in its place changes nothing any other seat or
a spectator sees (view and log), and the window is still open afterwards. Where a game says
nothing (the protocol's default) no choice is changeable."""

from __future__ import annotations

import random

import pytest

from boardlab.engine.protocol import GameRecord
from boardlab.engine.registry import get_game


def _seen(game, state, seat):
    return game.view(state, seat), game.visible_log(state, seat)


@pytest.mark.parametrize("game_id,players", [("cat", 4), ("hotel", 4)])
def test_changing_a_sealed_choice_shows_nothing_to_anyone_else(game_id, players):
    game = get_game(game_id)
    checked = 0
    for seed in range(1, 6):
        config = {"players": players}
        state = game.new_game(config, seed)
        rng = random.Random(seed)
        actions: list[list] = []
        while not game.is_over(state) and len(actions) < 400:
            seat = rng.choice(game.to_move(state))
            a = rng.choice(game.legal_actions(state, seat))
            actions.append([seat, a])
            game.apply_in_place(state, seat, a)
            if not game.changeable(state, seat) or rng.random() > 0.3:
                continue
            at = len(actions) - 1
            before = game.replay(GameRecord(game=game_id, config=config, seed=seed,
                                            actions=actions[:at]))
            others = [b for b in game.legal_actions(before, seat) if b != a]
            if not others:
                continue
            changed = game.replay(GameRecord(game=game_id, config=config, seed=seed,
                                             actions=[*actions[:at], [seat, rng.choice(others)]]))
            assert game.changeable(changed, seat)
            for who in [*[s for s in range(players) if s != seat], None]:
                assert _seen(game, changed, who) == _seen(game, state, who), (game_id, seed, who)
            checked += 1
    assert checked >= 5


def test_no_choice_is_changeable_by_default():
    game = get_game("geometry")
    state = game.new_game({"players": 3}, 1)
    rng = random.Random(1)
    for _ in range(30):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert not game.changeable(state, seat)
