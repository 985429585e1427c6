"""OpenSpiel's own tools on every game: random simulation with its consistency checks,
serialisation, and its MCTS and IS-MCTS bots playing a game to the end."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra: 'boardlab[openspiel]'")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from boardlab.engine.protocol import Game  # noqa: E402
from boardlab.engine.registry import all_game_ids  # noqa: E402
from boardlab.rl.openspiel_game import load, register, resample  # noqa: E402

from .helpers import loaded_game  # noqa: E402

GAMES = all_game_ids()


def _random_step(state, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    elif state.is_simultaneous_node():
        state.apply_actions([rng.choice(state.legal_actions(p))
                             for p in range(state.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("gid", GAMES)
def test_game_type_random_simulation_and_serialisation(gid):
    game = loaded_game(gid)
    names = register(gid)
    spiel = load(gid, players=game.min_players)
    kind = spiel.get_type()
    simultaneous = kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert names == (["boardlab_" + gid, f"boardlab_{gid}_turns"] if simultaneous
                     else ["boardlab_" + gid])
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    hidden = type(game).determinize is not Game.determinize
    assert kind.information == (pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                                else pyspiel.GameType.Information.PERFECT_INFORMATION)
    forms = [spiel] + ([load(gid, players=game.min_players, turns=True)] if simultaneous else [])
    for form in forms:
        pyspiel.random_sim_test(form, num_sims=1, serialize=False, verbose=False)
    # Serialisation, OpenSpiel's and pickle's, in the middle of a game.
    rng = random.Random(3)
    state = spiel.new_initial_state()
    for _ in range(25):
        if state.is_terminal():
            break
        _random_step(state, rng)
    text = pyspiel.serialize_game_and_state(spiel, state)
    spiel2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(spiel2) == str(spiel)
    assert str(state2) == str(state) and state2.history() == state.history()
    for p in range(spiel.num_players()):
        assert state2.information_state_string(p) == state.information_state_string(p)
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)
    # The two continue identically.
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(10):
        if state.is_terminal():
            break
        _random_step(state, rng_a)
        _random_step(state2, rng_b)
    assert str(state2) == str(state)


@pytest.mark.parametrize("gid", GAMES)
def test_mcts_and_ismcts_play_to_the_end(gid):
    game = loaded_game(gid)
    register(gid)
    spiel = load(gid, players=game.min_players)
    if spiel.get_type().dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        spiel = load(gid, players=game.min_players, turns=True)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    plain = mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=2, evaluator=evaluator,
                         random_state=np.random.RandomState(2))
    hidden = ismcts.ISMCTSBot(spiel, evaluator, uct_c=2.0, max_simulations=2,
                              random_state=np.random.RandomState(3))
    rng = random.Random(4)
    hidden.set_resampler(lambda state, player: resample(state, player, rng))
    # Decisions alternate between the two bots (whichever seat is asked), so both play
    # every game, also one where a seat is rarely asked.
    state = spiel.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        bot = plain if decisions % 2 == 0 else hidden
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions >= 2
    returns = state.returns()
    assert len(returns) == game.min_players and all(0.0 <= r <= 1.0 for r in returns)


def test_views_only_and_resampling_keeps_what_a_seat_knows():
    register("geometry")
    spiel = load("geometry", players=3)
    state = spiel.new_initial_state()
    state.apply_action(5)  # the seed
    rng = random.Random(0)
    for _ in range(6):
        _random_step(state, rng)
    seat = state.current_player()
    world = resample(state, seat, random.Random(1))
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.observation_tensor(seat) == state.observation_tensor(seat)
    assert world.legal_actions() == state.legal_actions()
    # The hidden shapes differ in some re-deal, and never show in another seat's strings.
    shapes = {tuple(resample(state, seat, random.Random(k)).bl.shape) for k in range(20)}
    assert len(shapes) > 1
    # Each seat sees its own shape and no other: one "shape" card in its own strings.
    for p in range(3):
        assert state.observation_string(p).count('"shape"') == 1
        assert state.information_state_string(p).count('"shape"') == 1
    spectator = spiel.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert '"shape"' not in spectator.string_from(state, 0)
    labels = [state.action_to_string(seat, a) for a in state.legal_actions()]
    assert len(set(labels)) == len(labels) and all("{" not in x for x in labels)
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        spiel.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_a_config_travels_in_the_game_string():
    spiel = load("geometry", players=2, doors=4, first_leader="random")
    assert spiel.config.doors == 4 and spiel.config.first_leader == "random"
    again = pyspiel.load_game(str(spiel))
    assert again.config == spiel.config and str(again) == str(spiel)
    assert again.num_distinct_actions() == spiel.num_distinct_actions()
