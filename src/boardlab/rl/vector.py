"""``VectorEnv``: N games of one game and config stepped together, NumPy in and out.

Each of the N games is played turn by turn (as the AEC environment's default form: a
simultaneous secret window asks its seats one after the other, each submission hidden).
At every step each game has one deciding seat; ``reset()`` and ``step(actions)`` return

* ``obs``: float32 array (N, F), the deciding seat's observation (the game's declared
  encoding, seats relative to that seat);
* ``mask``: int8 array (N, A), its legal indices;
* ``seat``: int array (N,), which seat decides in each game;

and ``step`` also ``rewards``: float32 array (N, players), each seat's win share in a
game that ended at this step (0 elsewhere), and ``done``: bool array (N,). A game that
ends is started again at once with the next seed (game *i*'s k-th episode has seed
``seed + i + k * N``), so every row always holds a live decision. ``actions`` is an int
array (N,) of indices; an index outside a row's mask raises ``ValueError``.

``opponents=[None, "taker", ...]`` plays the seats with a bot name by that boardlab bot, as
in the PettingZoo environments; rows then hold the agents' decisions only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from boardlab.bots.registry import make_bot
from boardlab.engine.match import decision_context
from boardlab.engine.protocol import Game
from boardlab.engine.registry import get_game
from boardlab.engine.rng import derive_seed
from boardlab.rl.encoding import codec_for, win_shares


class VectorEnv:
    """N games stepped together (see the module docstring)."""

    def __init__(self, game: str | Game, num_envs: int, config: Mapping[str, Any] | None = None,
                 *, seed: int = 0, opponents: Sequence[str | None] | None = None,
                 **options: Any):
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.config = self.game.make_config({**(config or {}), **options})
        self.codec = codec_for(self.game, self.config)
        self.num_envs = num_envs
        self.players = self.config.players
        self.seed = seed
        self._bot_names = list(opponents) if opponents is not None else [None] * self.players
        if len(self._bot_names) != self.players:
            raise ValueError(f"opponents needs one entry per seat ({self.players})")
        if all(b is not None for b in self._bot_names):
            raise ValueError("opponents leaves no seat to the agents")
        self.obs = np.zeros((num_envs, self.codec.obs_size), np.float32)
        self.mask = np.zeros((num_envs, self.codec.num_actions), np.int8)
        self.seat = np.zeros(num_envs, np.int64)
        self._states: list[Any] = [None] * num_envs
        self._logs: list[list[Any]] = [[] for _ in range(num_envs)]
        self._legal: list[dict[int, Any]] = [{} for _ in range(num_envs)]
        self._bots: list[dict[int, Any]] = [{} for _ in range(num_envs)]
        self._episodes = [0] * num_envs

    # ---- one game -------------------------------------------------------------------------

    def _start(self, i: int) -> None:
        seed = self.seed + i + self._episodes[i] * self.num_envs
        self._episodes[i] += 1
        self._states[i] = self.game.setup(self.config, seed)
        self._logs[i] = [self.codec.log_feed(s) for s in range(self.players)]
        self._bots[i] = {s: (make_bot(self.game, name),
                             random.Random(derive_seed(seed, "opponent", s)))
                         for s, name in enumerate(self._bot_names) if name is not None}

    def _advance(self, i: int) -> bool:
        """Play the opponents until an agent decides; ``False`` if the game ended."""
        game, state, bots = self.game, self._states[i], self._bots[i]
        while True:
            seats = game.to_move(state)
            if not seats:
                return False
            seat = seats[0]
            if seat not in bots:
                return True
            bot, rng = bots[seat]
            legal = game.legal_actions(state, seat)
            game.apply_in_place(state, seat, bot.choose(decision_context(game, state, seat, rng,
                                                                         legal)))

    def _fill(self, i: int) -> None:
        game, state = self.game, self._states[i]
        seat = game.to_move(state)[0]
        legal, mask = self.codec.legal_of(game, state, seat)
        self._legal[i] = legal
        self.seat[i] = seat
        # the game's direct encoder where it has one (no view built), else the view's
        self.obs[i] = self.codec.observe_state(game, state, seat, self._logs[i][seat])
        self.mask[i] = mask

    # ---- the vector API -------------------------------------------------------------------

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        self._episodes = [0] * self.num_envs
        for i in range(self.num_envs):
            self._start(i)
            while not self._advance(i):  # a game the opponents finished alone
                self._start(i)
            self._fill(i)
        return self.obs, self.mask, self.seat

    def step(self, actions: Sequence[int] | np.ndarray):
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        done = np.zeros(self.num_envs, bool)
        game = self.game
        for i in range(self.num_envs):
            index = int(actions[i])
            action = self._legal[i].get(index)
            if action is None:
                raise ValueError(f"game {i}: action {index} is not legal now; legal: "
                                 f"{sorted(self._legal[i])}")
            state = self._states[i]
            game.apply_in_place(state, int(self.seat[i]), action, check=False)
            if not self._advance(i):
                rewards[i] = win_shares(game, state)
                done[i] = True
                self._start(i)
                while not self._advance(i):
                    self._start(i)
            self._fill(i)
        return self.obs, self.mask, self.seat, rewards, done

    @staticmethod
    def sample(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal index per row of ``mask``."""
        return np.argmax(rng.random(mask.shape) * mask, axis=1)
