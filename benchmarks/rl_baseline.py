"""A reproducible learner baseline: NumPy REINFORCE per game, no torch.

``python benchmarks/rl_baseline.py`` (``--games``, ``--seconds`` of training per game,
``--eval`` games per evaluation, ``--seed``) trains, per game at its default player
count, a linear softmax policy over the declared action space (logits ``W[a] · obs + b[a]``
for the legal indices only) with REINFORCE and a running-mean baseline, playing seat 0
against random opponents in a :class:`boardlab.rl.vector.VectorEnv` of 32 games. It then
plays ``--eval`` games against random opponents and against the game's style bots, the
trained policy sampling its choices and, on the same seeds, the uniformly random policy
(the untrained start), and prints the mean win share of seat 0 (1/k for each of k
winners) with a 95% Student-t interval (SciPy). Same seed, same figures (CPU time bounds
the training: ``--updates`` fixes it exactly instead).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from scipy import stats

from boardlab.engine.registry import get_game
from boardlab.rl.vector import VectorEnv

BATCH = 32


class LinearPolicy:
    def __init__(self, features: int, actions: int, rng: np.random.Generator):
        self.w = np.zeros((actions, features), np.float32)
        self.b = np.zeros(actions, np.float32)
        self.rng = rng

    def probabilities(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.w[legal] @ obs + self.b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
        legal = np.flatnonzero(mask)
        p = self.probabilities(obs, legal)
        k = int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), legal, p

    def update(self, episode: list, advantage: float, lr: float) -> None:
        # the episode's mean log-likelihood gradient: long games (toys, cat: 50+ choices)
        # take steps of the same size as short ones, which keeps plain SGD stable
        step = lr * advantage / max(1, len(episode))
        for obs, legal, p, k in episode:
            grad = -p
            grad[k] += 1.0
            grad *= step
            self.w[legal] += np.outer(grad, obs).astype(np.float32)
            self.b[legal] += grad.astype(np.float32)


def train(gid: str, seconds: float, updates: int | None, seed: int,
          lr: float = 0.1) -> tuple[LinearPolicy, int]:
    game = get_game(gid)
    players = game.make_config({}).players
    venv = VectorEnv(gid, BATCH, seed=seed, opponents=[None] + ["random"] * (players - 1))
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(venv.codec.obs_size, venv.codec.num_actions, rng)
    obs, mask, _ = venv.reset()
    episodes: list[list] = [[] for _ in range(BATCH)]
    baseline, games, start = 0.0, 0, time.process_time()
    while (games < updates) if updates is not None else (time.process_time() - start < seconds):
        actions = np.zeros(BATCH, np.int64)
        for i in range(BATCH):
            a, legal, p = policy.act(obs[i], mask[i])
            episodes[i].append((obs[i].copy(), legal, p, int(np.searchsorted(legal, a))))
            actions[i] = a
        obs, mask, _, rewards, done = venv.step(actions)
        for i in np.flatnonzero(done):
            ret = float(rewards[i, 0])
            policy.update(episodes[i], ret - baseline, lr)
            baseline += 0.02 * (ret - baseline)
            episodes[i] = []
            games += 1
    return policy, games


def evaluate(gid: str, policy: LinearPolicy | None, opponents: list[str], games: int,
             seed: int) -> np.ndarray:
    """Seat 0's win share in ``games`` games (``policy=None``: uniformly random)."""
    venv = VectorEnv(gid, min(BATCH, games), seed=seed, opponents=[None, *opponents])
    rng = np.random.default_rng(seed)
    obs, mask, _ = venv.reset()
    shares: list[float] = []
    while len(shares) < games:
        if policy is None:
            actions = venv.sample(mask, rng)
        else:
            actions = np.array([policy.act(obs[i], mask[i])[0] for i in range(len(obs))])
        obs, mask, _, rewards, done = venv.step(actions)
        shares += [float(rewards[i, 0]) for i in np.flatnonzero(done)]
    return np.array(shares[:games])


def interval(x: np.ndarray) -> str:
    mean = float(x.mean())
    if x.std() == 0:
        return f"{mean:.3f} [{mean:.3f}, {mean:.3f}]"
    lo, hi = stats.t.interval(0.95, len(x) - 1, loc=mean, scale=stats.sem(x))
    return f"{mean:.3f} [{lo:.3f}, {hi:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="toys,cat,geometry,hotel,burgle")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--updates", type=int, default=None,
                        help="train on exactly this many games instead of --seconds")
    parser.add_argument("--eval", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | players | training games | vs random: random policy | vs random: trained |"
          " vs styles | styles: random policy | styles: trained |")
    print("|---|---|---|---|---|---|---|---|")
    for gid in args.games.split(","):
        game = get_game(gid)
        players = game.make_config({}).players
        policy, trained_on = train(gid, args.seconds, args.updates, args.seed)
        randoms = ["random"] * (players - 1)
        mix = game.style_mix(players)
        styles = [mix[(i + 1) % len(mix)] for i in range(players - 1)]
        eval_seed = args.seed + 10_000
        row = [interval(evaluate(gid, None, randoms, args.eval, eval_seed)),
               interval(evaluate(gid, policy, randoms, args.eval, eval_seed)),
               ", ".join(styles),
               interval(evaluate(gid, None, styles, args.eval, eval_seed)),
               interval(evaluate(gid, policy, styles, args.eval, eval_seed))]
        print(f"| {gid} | {players} | {trained_on} | " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
