"""The RL layer's speed against the engine's own and against same-run references.

``python benchmarks/rl_speed.py`` (``--games toys,hotel`` and ``--forms aec,parallel,openspiel``
to choose, ``--seconds`` per round, ``--rounds``) prints, per game, CPU µs per single-seat
decision (``time.process_time``, best of interleaved rounds, like ``benchmarks/run.py``):

* **engine + view**: ``play_match`` with a random bot that reads its view every decision
  (what the engine pays when a bot looks at the seat's view, as every style bot does);
* **AEC step**: a PettingZoo AEC loop (``last()``: observation vector and mask; a random
  legal index of the mask, drawn as the engine's random bot draws; ``step``): what an
  agent pays per decision, observation included;
* **Parallel step**: the same with PettingZoo's Parallel form (every asked seat draws a
  legal index of its mask, the others send ``noop``; decisions are the asked seats'
  choices, and every step encodes every agent's observation, asked or not);
* **OpenSpiel**: the game's own OpenSpiel form (``boardlab_<id>``: simultaneous nodes
  where the game has them), ``legal_actions`` and ``observation_tensor`` of every asked
  seat, a random legal action each, ``apply_action(s)`` (``observation_tensor`` is
  OpenSpiel's list of floats: its conversion grows with the observation's size);
* **ratio**: each form / engine + view (the issue's target: <= 2);
* the same-run references: PettingZoo's tic-tac-toe (``tictactoe_v3``, the same loop)
  and OpenSpiel's Python tic-tac-toe (``python_tic_tac_toe``, random legal actions);
* ``--vector``: ``VectorEnv`` steps/s at N = 1, 64, 1024 games stepped together (toys and
  hotel).
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from collections.abc import Callable

import numpy as np
from run import ViewReader  # make bench's table-1 bot (this folder is on sys.path)

from boardlab.engine.match import play_match
from boardlab.engine.registry import get_game

ROUNDS = 5


def engine_runner(gid: str) -> Callable[[], int]:
    game = get_game(gid)
    cfg = game.make_config({})
    seed = [0]

    def run() -> int:
        seed[0] += 1
        out = play_match(game, cfg, seed[0], [ViewReader() for _ in range(cfg.players)],
                         check=False)
        return len(out.record.actions)
    return run


def aec_runner(make_env: Callable[[], object]) -> Callable[[], int]:
    """A PettingZoo AEC loop whose agent reads the observation and its mask and picks a
    legal index uniformly (the mask's nonzero indices, one drawn with Python's ``random``,
    as the engine's random bot draws its action)."""
    env = make_env()
    rng = random.Random(0)
    seed = [0]

    def run() -> int:
        seed[0] += 1
        env.reset(seed=seed[0])
        decisions = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            obs["observation"]  # noqa: B018 - an agent reads it
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
        return decisions
    return run


def parallel_runner(gid: str) -> Callable[[], int]:
    """A PettingZoo Parallel loop: every asked seat reads its observation and mask and
    draws a legal index as the AEC loop does; the seats not asked send their mask's one
    index (``noop``)."""
    from boardlab.rl.pettingzoo_env import parallel_env

    env = parallel_env(gid)
    noop = env.codec.noop
    rng = random.Random(0)
    seed = [0]

    def run() -> int:
        seed[0] += 1
        obs, _ = env.reset(seed=seed[0])
        decisions = 0
        while env.agents:
            actions = {}
            for agent, o in obs.items():
                o["observation"]  # noqa: B018 - an agent reads it
                legal = o["action_mask"].nonzero()[0]
                a = int(legal[rng.randrange(len(legal))])
                actions[agent] = a
                decisions += a != noop
            obs, _, _, _, _ = env.step(actions)
        return decisions
    return run


def boardlab_spiel_runner(gid: str) -> Callable[[], int]:
    """An OpenSpiel loop on ``boardlab_<id>``: the seed's chance node, then at every node
    each asked seat's ``legal_actions`` and ``observation_tensor`` and a random legal
    action (drawn with Python's ``random``), applied by ``apply_action(s)``."""
    import pyspiel

    from boardlab.rl.openspiel_game import load

    game = load(gid)
    noop = game.codec.noop
    n = game.num_players()
    rng = random.Random(0)
    seed = [0]
    simultaneous = pyspiel.PlayerId.SIMULTANEOUS

    def run() -> int:
        seed[0] += 1
        state = game.new_initial_state()
        state.apply_action(seed[0] % game.seeds)
        decisions = 0
        while not state.is_terminal():
            player = state.current_player()
            if player == simultaneous:
                actions = []
                for p in range(n):
                    legal = state.legal_actions(p)
                    if legal == [noop]:
                        actions.append(noop)
                        continue
                    state.observation_tensor(p)
                    actions.append(legal[rng.randrange(len(legal))])
                    decisions += 1
                state.apply_actions(actions)
            else:
                legal = state.legal_actions(player)
                state.observation_tensor(player)
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions
    return run


def spiel_runner() -> Callable[[], int]:
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = np.random.default_rng(0)

    def run() -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
            state.observation_tensor(state.current_player() if not state.is_terminal() else 0)
            decisions += 1
        return decisions
    return run


def measure(runners: dict[str, Callable[[], int]], seconds: float,
            rounds: int = ROUNDS) -> dict[str, float]:
    """µs per decision of each runner: interleaved rounds, the best round of each."""
    best = dict.fromkeys(runners, float("inf"))
    for _ in range(rounds):
        for name, run in runners.items():
            decisions, start = 0, time.process_time()
            while time.process_time() - start < seconds:
                decisions += run()
            best[name] = min(best[name], (time.process_time() - start) / decisions * 1e6)
    return best


def vector_rate(gid: str, n: int, seconds: float) -> float:
    from boardlab.rl.vector import VectorEnv

    venv = VectorEnv(gid, n, seed=1)
    obs, mask, _ = venv.reset()
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        actions = venv.sample(mask, rng)
        obs, mask, _, _, _ = venv.step(actions)
        steps += n
    return steps / (time.process_time() - start)


def _tictactoe():
    """PettingZoo's tic-tac-toe. It imports pygame for its pictures only (render_mode
    "human" / "rgb_array", never used here); without pygame installed an empty stand-in
    module lets it import, and its game loop is untouched."""
    import sys
    import types

    try:
        import pygame  # noqa: F401
    except ModuleNotFoundError:
        sys.modules["pygame"] = types.ModuleType("pygame")
    from pettingzoo.classic import tictactoe_v3

    return tictactoe_v3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="toys,cat,geometry,hotel,burgle")
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--forms", default="aec,parallel,openspiel",
                        help="the env forms to time against the engine")
    parser.add_argument("--rounds", type=int, default=ROUNDS,
                        help="interleaved rounds per game (the best of each is kept)")
    parser.add_argument("--vector", action="store_true")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    tictactoe_v3 = _tictactoe()

    from boardlab.rl.pettingzoo_env import env

    refs = measure({"pettingzoo tictactoe_v3": aec_runner(tictactoe_v3.env),
                    "openspiel python_tic_tac_toe": spiel_runner()}, args.seconds)
    forms = args.forms.split(",")
    makers = {"aec": lambda g: aec_runner(lambda: env(g)), "parallel": parallel_runner,
              "openspiel": boardlab_spiel_runner}
    print("| game | engine + view µs/dec. | "
          + " | ".join(f"{f} µs/dec. | {f} / engine" for f in forms)
          + " | AEC / PettingZoo ttt | AEC / OpenSpiel py ttt |")
    print("|---|---|" + "---|---|" * len(forms) + "---|---|")
    for gid in args.games.split(","):
        got = measure({"engine": engine_runner(gid),
                       **{f: makers[f](gid) for f in forms}}, args.seconds, args.rounds)
        again = measure({"pettingzoo tictactoe_v3": aec_runner(tictactoe_v3.env),
                         "openspiel python_tic_tac_toe": spiel_runner()}, args.seconds / 2)
        for k, v in again.items():
            refs[k] = min(refs[k], v)
        lead = got.get("aec", got[forms[0]])
        print(f"| {gid} | {got['engine']:.1f} | "
              + " | ".join(f"{got[f]:.1f} | {got[f] / got['engine']:.2f}x" for f in forms)
              + f" | {lead / refs['pettingzoo tictactoe_v3']:.1f}x"
              f" | {lead / refs['openspiel python_tic_tac_toe']:.1f}x |", flush=True)
    print(f"\nreferences, same run: PettingZoo tictactoe_v3 "
          f"{refs['pettingzoo tictactoe_v3']:.1f} µs/decision, OpenSpiel python_tic_tac_toe "
          f"{refs['openspiel python_tic_tac_toe']:.1f} µs/decision")
    if args.vector:
        print("\n| game | N | steps/s |\n|---|---|---|")
        for gid in ("toys", "hotel"):
            for n in (1, 64, 1024):
                print(f"| {gid} | {n} | {vector_rate(gid, n, args.seconds * 2):,.0f} |",
                      flush=True)


if __name__ == "__main__":
    main()
