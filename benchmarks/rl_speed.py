"""The RL layer's speed against the engine's own and against same-run references.

``python benchmarks/rl_speed.py`` (``--games toys,hotel`` to choose, ``--seconds`` per
round) prints, per game, CPU µs per single-seat decision (``time.process_time``, best of
interleaved rounds, like ``benchmarks/run.py``):

* **engine + view**: ``play_match`` with a random bot that reads its view every decision
  (what the engine pays when a bot looks at the seat's view, as every style bot does);
* **AEC step**: a PettingZoo AEC loop (``last()``: observation vector and mask; a random
  legal index of the mask, drawn as the engine's random bot draws; ``step``): what an
  agent pays per decision, observation included;
* **ratio**: AEC / engine + view (the issue's target: <= 2);
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


def measure(runners: dict[str, Callable[[], int]], seconds: float) -> dict[str, float]:
    """µs per decision of each runner: interleaved rounds, the best round of each."""
    best = dict.fromkeys(runners, float("inf"))
    for _ in range(ROUNDS):
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
    parser.add_argument("--vector", action="store_true")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    tictactoe_v3 = _tictactoe()

    from boardlab.rl.pettingzoo_env import env

    refs = measure({"pettingzoo tictactoe_v3": aec_runner(tictactoe_v3.env),
                    "openspiel python_tic_tac_toe": spiel_runner()}, args.seconds)
    print("| game | engine + view µs/dec. | AEC env µs/dec. | env / engine |"
          " env / PettingZoo ttt | env / OpenSpiel py ttt |")
    print("|---|---|---|---|---|---|")
    for gid in args.games.split(","):
        got = measure({"engine": engine_runner(gid), "aec": aec_runner(lambda g=gid: env(g))},
                      args.seconds)
        again = measure({"pettingzoo tictactoe_v3": aec_runner(tictactoe_v3.env),
                         "openspiel python_tic_tac_toe": spiel_runner()}, args.seconds / 2)
        for k, v in again.items():
            refs[k] = min(refs[k], v)
        print(f"| {gid} | {got['engine']:.1f} | {got['aec']:.1f} | "
              f"{got['aec'] / got['engine']:.2f}x | "
              f"{got['aec'] / refs['pettingzoo tictactoe_v3']:.1f}x | "
              f"{got['aec'] / refs['openspiel python_tic_tac_toe']:.1f}x |", flush=True)
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
