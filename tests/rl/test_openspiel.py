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
from boardlab.rl.openspiel_game import StatelessBot, load, register, resample  # noqa: E402

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


def _forms(gid):
    game = loaded_game(gid)
    register(gid)
    spiel = load(gid, players=game.min_players)
    forms = [spiel]
    if spiel.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        forms.append(load(gid, players=game.min_players, turns=True))
    return forms


@pytest.mark.parametrize("gid", GAMES)
def test_rl_environment_plays_every_form_to_the_end(gid):
    from open_spiel.python import rl_environment

    for spiel in _forms(gid):
        environment = rl_environment.Environment(spiel)
        rng = np.random.default_rng(1)
        step = environment.reset()
        steps = 0
        while not step.last():
            legal = step.observations["legal_actions"]
            if environment.is_turn_based:
                player = step.observations["current_player"]
                actions = [int(rng.choice(legal[player]))]
            else:  # every seat has an action at every node (noop when not asked)
                assert all(legal[p] for p in range(spiel.num_players()))
                actions = [int(rng.choice(legal[p])) for p in range(spiel.num_players())]
            step = environment.step(actions)
            steps += 1
        assert steps > 1 and len(step.rewards) == spiel.num_players()


@pytest.mark.parametrize("gid", GAMES)
def test_evaluate_bots_with_mcts_and_ismcts(gid):
    from open_spiel.python.algorithms import evaluate_bots

    spiel = _forms(gid)[-1]  # sequential dynamics: the turns form where there is one
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    rng = random.Random(5)
    bots = []
    for p in range(spiel.num_players()):
        if p % 2 == 0:
            bots.append(mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=2, evaluator=evaluator,
                                     random_state=np.random.RandomState(p)))
        else:
            bot = ismcts.ISMCTSBot(spiel, evaluator, uct_c=2.0, max_simulations=2,
                                   random_state=np.random.RandomState(p))
            bot.set_resampler(lambda state, player: resample(state, player, rng))
            bots.append(bot)
    returns = evaluate_bots.evaluate_bots(spiel.new_initial_state(),
                                          [StatelessBot(b) for b in bots],
                                          np.random.RandomState(7))
    assert len(returns) == spiel.num_players() and all(0.0 <= r <= 1.0 for r in returns)


def test_str_state_tells_apart_histories_the_board_does_not():
    """Two sealed bids the spectator cannot see give the same board but distinct states."""
    register("hotel")
    spiel = load("hotel", players=3, turns=True)
    a, b = spiel.new_initial_state(), spiel.new_initial_state()
    for s in (a, b):
        s.apply_action(3)
    legal = a.legal_actions()
    a.apply_action(legal[0])
    b.apply_action(legal[1])
    board = str(a).split("\nhistory:")[0]
    assert board == str(b).split("\nhistory:")[0]  # the bid is hidden from the board
    assert str(a) != str(b)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) == b.information_state_string(1)


@pytest.mark.parametrize("gid", GAMES)
def test_boardlab_bots_as_openspiel_opponents(gid):
    from open_spiel.python.algorithms import evaluate_bots

    from boardlab.rl.openspiel_game import BoardlabBot

    game = loaded_game(gid)
    for spiel in _forms(gid):
        style = game.style_mix(spiel.num_players())
        bots = [BoardlabBot(spiel, p, style[p % len(style)], seed=p)
                for p in range(spiel.num_players())]
        returns = evaluate_bots.evaluate_bots(spiel.new_initial_state(), bots,
                                              np.random.RandomState(2))
        assert len(returns) == spiel.num_players()
        assert all(0.0 <= r <= 1.0 for r in returns) and sum(returns) in (0.0, pytest.approx(1))


CPP_MCTS = """
import sys, pyspiel
from open_spiel.python.games import tic_tac_toe  # registers python_tic_tac_toe
from boardlab.rl.openspiel_game import load
game = load("geometry", players=2) if sys.argv[1] == "boardlab" else pyspiel.load_game(sys.argv[1])
bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 5, 1000, False, 1, False)
state = game.new_initial_state()
if state.is_chance_node():
    state.apply_action(3)
print(bot.step(state))
"""


def test_openspiels_cpp_mcts_cannot_run_any_python_game():
    """What the README says: OpenSpiel's C++ MCTSBot crashes (SIGSEGV) on every Python
    game in this wheel, its own python_tic_tac_toe included, and runs on the C++ one. If
    a wheel fixes it, this fails: update README.md's list."""
    import subprocess
    import sys

    def run(name):
        return subprocess.run([sys.executable, "-c", CPP_MCTS, name], capture_output=True,
                              timeout=120).returncode
    assert run("tic_tac_toe") == 0
    assert run("python_tic_tac_toe") == -11
    assert run("boardlab") == -11


@pytest.mark.parametrize("gid", GAMES)
def test_observation_tensors_are_the_views_encoding(gid, monkeypatch):
    """Every seat's ``observation_tensor`` and the perfect-recall observer's tensor are,
    byte for byte, the reference encoding of the seat's view (the spectator observer's: of
    the spectator's view), on seeded games of every form; where the game has a direct
    encoder they are written by it, no view built."""
    from boardlab.rl.encoding import direct_encoder

    game = loaded_game(gid)
    register(gid)
    views = []
    plain_view = game.view

    def counted(state, seat, *args, **kw):
        views.append(seat)
        return plain_view(state, seat, *args, **kw)
    monkeypatch.setattr(game, "view", counted)
    direct = direct_encoder(game) is not None
    simultaneous = load(gid).get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    checked = 0
    for turns in (False, True) if simultaneous else (False,):
        spiel = load(gid, players=game.min_players, turns=turns)
        encoder = spiel.codec.encoder
        n = spiel.num_players()
        recall = spiel.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
        spectator = spiel.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
        for g in range(2):
            rng = random.Random(40 + g)
            state = spiel.new_initial_state()
            _random_step(state, rng)  # the seed
            while True:
                for p in range(n):
                    views.clear()
                    got = np.asarray(state.observation_tensor(p), np.float32)
                    recall.set_from(state, p)
                    assert views == [] or not direct, f"{gid}: a view built for seat {p}"
                    want = encoder.encode_reference(plain_view(state.bl, p), p, n)
                    assert got.tobytes() == want.tobytes(), f"{gid} seat {p}"
                    assert recall.tensor.tobytes() == want.tobytes(), f"{gid} seat {p}"
                    checked += 1
                spectator.set_from(state, 0)
                want = encoder.encode_reference(plain_view(state.bl, None), None, n)
                assert spectator.tensor.tobytes() == want.tobytes()
                if state.is_terminal():
                    break
                _random_step(state, rng)
    assert checked > 100
