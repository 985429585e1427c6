"""Every game's cheap ``state.copy()`` behaves exactly like a deep copy."""

from __future__ import annotations

import copy
import inspect
import random

import pytest

from boardlab.engine.protocol import canonical
from boardlab.engine.registry import all_game_ids, get_game

GAMES = all_game_ids()


def snapshot(game, state, players) -> str:
    return canonical([game.facts(state), [game.view(state, s) for s in [None, *range(players)]],
                      state.rng.getstate()[1][:4]])


def play(game, state, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        movers = game.to_move(state)
        if not movers:
            return
        seat = movers[rng.randrange(len(movers))]
        game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_copy_is_independent_and_plays_like_a_deep_copy(game_id):
    game = get_game(game_id)
    for players in (game.min_players, game.max_players):
        state = game.new_game({"players": players}, 7)
        walker = random.Random(7)
        for point in range(12):
            if not game.to_move(state):
                break
            before = snapshot(game, state, players)
            cheap, deep = state.copy(), copy.deepcopy(state)
            assert cheap.rng is not state.rng
            play(game, cheap, random.Random(point), 60)
            play(game, deep, random.Random(point), 60)
            assert snapshot(game, cheap, players) == snapshot(game, deep, players)
            assert snapshot(game, state, players) == before, "the copy changed the original"
            play(game, state, walker, 9)


@pytest.mark.parametrize("game_id", GAMES)
def test_copy_with_a_given_generator_uses_it(game_id):
    game = get_game(game_id)
    state = game.new_game({"players": game.min_players}, 3)
    if "rng" not in inspect.signature(type(state).copy).parameters:
        pytest.skip(f"{game_id}'s copy() takes no generator (optional)")
    rng = random.Random(1)
    assert state.copy(rng=rng).rng is rng


def test_the_protocols_default_copy_is_deep_and_takes_a_generator():
    from support.sealed import GAME

    state = GAME.new_game({"players": 3}, 1)
    rng = random.Random(2)
    new = state.copy(rng=rng)
    assert new.rng is rng and state.rng is not rng
    assert new.hands == state.hands and new.hands is not state.hands
    assert state.copy().rng.random() == state.rng.random()
