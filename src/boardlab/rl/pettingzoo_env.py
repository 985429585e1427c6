"""PettingZoo environments for every boardlab game: AEC and Parallel.

``env("toys", players=4)`` is an AEC environment: agents ``seat_0 .. seat_{n-1}`` act one at
a time, in the order the game asks them (a simultaneous secret window asks its seats one
after the other; each submission stays hidden from the others, exactly as in the web app).
``parallel_env("toys", players=4)`` is a Parallel environment: every step, each seat the
game asks now submits at once (a simultaneous secret window is one step); the others send
anything (their mask allows only the ``noop`` index) and are ignored. Where seats asked
together are not choosing in secret but in any order (cat's refills), a choice that an
earlier seat of the same step made impossible is dropped and that seat is asked again.

Spaces (see :mod:`boardlab.rl.encoding`): ``action_space(agent)`` is ``Discrete(N)``;
``observation_space(agent)`` is ``Dict(observation=Box(float32, (F,)), action_mask=Box(int8,
(N,)))`` where ``observation`` is the seat's own view flattened into F named features
(``env.unwrapped.codec.features`` names them) and ``action_mask`` marks the legal indices.
Nothing else reaches an agent: no state, no other seat's view.

Rewards are 0 until the end, then ``reward="win"`` (default) gives each seat its share of the
win (1/k for each of k winners), ``reward="score"`` the game's final scores. ``reset(seed=s)``
starts the game with seed ``s`` (the same seed and actions give the same game);
``render()`` returns (``render_mode="ansi"``) or prints (``"human"``) the spectator's board
as text. ``infos[agent]`` holds ``legal`` (index -> the action's JSON) for the deciding seat.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from rich.console import Console

from boardlab.engine.protocol import Action, Game, GameState, canonical
from boardlab.engine.registry import get_game
from boardlab.rl.encoding import Codec, codec_for, win_shares

REWARDS = ("win", "score")


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class _Table:
    """What both environment kinds share: the game, its codec, the state and the encoding."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": True}

    def _init_table(self, game: str | Game, config: Mapping[str, Any] | None,
                    reward: str, render_mode: str | None, options: dict[str, Any]) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.config = self.game.make_config({**(config or {}), **options})
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or 'human', not {render_mode!r}")
        self.reward_kind = reward
        self.render_mode = render_mode
        self.codec: Codec = codec_for(self.game, self.config)
        self.possible_agents = [agent_name(s) for s in range(self.config.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.metadata = {**self.metadata, "name": f"boardlab_{self.game.id}_v0"}
        self.state: GameState | None = None
        self.seed_used: int | None = None
        self._seed_rng = np.random.default_rng()
        obs_box = spaces.Box(-np.inf, np.inf, (self.codec.obs_size,), np.float32)
        mask_box = spaces.Box(0, 1, (self.codec.num_actions,), np.int8)
        self._obs_spaces = {a: spaces.Dict({"observation": obs_box, "action_mask": mask_box})
                            for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(self.codec.num_actions)
                            for a in self.possible_agents}

    # Spaces must be the same object at every call (PettingZoo seeds them).
    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_spaces[agent]

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seed_rng.integers(0, 2**62))
        self.seed_used = game_seed
        self.state = self.game.setup(self.config, game_seed)

    def _legal(self, seat: int) -> dict[int, Action]:
        return self.codec.legal_indices(self.game.legal_actions(self.state, seat))

    def _observe_seat(self, seat: int) -> dict[str, np.ndarray]:
        view = self.game.view(self.state, seat)
        return {"observation": self.codec.observe(view, seat, self.config.players),
                "action_mask": self.codec.mask(self.game.legal_actions(self.state, seat))}

    def _final_rewards(self) -> list[float]:
        if self.reward_kind == "score":
            return [float(x) for x in self.game.result(self.state).scores]
        return win_shares(self.game, self.state)

    def _still_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may still take ``action`` after the earlier seats of this step."""
        return seat in self.game.to_move(self.state) and action in self.game.legal_actions(
            self.state, seat)

    def _decode(self, seat: int, index: Any) -> Action:
        legal = self._legal(seat)
        try:
            return legal[int(index)]
        except (KeyError, TypeError, ValueError):
            raise ValueError(
                f"{agent_name(seat)}: action {index!r} is not legal now; legal indices: "
                f"{sorted(legal)}") from None

    def render(self) -> str | None:
        if self.state is None:
            raise RuntimeError("call reset() before render()")
        view = self.game.view(self.state, None)
        draw = getattr(self.game, "render_terminal", None)
        picture = draw(view, "en") if callable(draw) else canonical(
            {k: v for k, v in view.items() if k not in ("log", "visible_log")})
        if not isinstance(picture, str):  # a rich renderable (a table, a group of them)
            out = Console(file=io.StringIO(), width=100, color_system=None)
            out.print(picture)
            picture = out.file.getvalue().rstrip("\n")
        if self.game.is_over(self.state):
            result = self.game.result(self.state)
            picture += f"\nover: winners {result.winners}, scores {result.scores}"
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def close(self) -> None:
        pass


class BoardlabAEC(_Table, AECEnv):
    """One boardlab game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, game: str | Game, config: Mapping[str, Any] | None = None, *,
                 reward: str = "win", render_mode: str | None = None, **options: Any):
        AECEnv.__init__(self)
        self._init_table(game, config, reward, render_mode, options)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seats = self.game.to_move(self.state)
        if seats:
            self.agent_selection = agent_name(seats[0])
            self.infos[self.agent_selection] = {
                "legal": {i: canonical(a) for i, a in self._legal(seats[0]).items()}}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe_seat(self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self.game.apply_in_place(self.state, seat, self._decode(seat, action), check=False)
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        if self.game.is_over(self.state):
            for a, r in zip(self.agents, self._final_rewards(), strict=True):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            self._select()
        if self.render_mode == "human":
            self.render()


class BoardlabParallel(_Table, ParallelEnv):
    """One boardlab game as a PettingZoo Parallel environment (see the module docstring)."""

    def __init__(self, game: str | Game, config: Mapping[str, Any] | None = None, *,
                 reward: str = "win", render_mode: str | None = None, **options: Any):
        self._init_table(game, config, reward, render_mode, options)

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self._observe_seat(self._seat[a]) for a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        asked = set(self.game.to_move(self.state))
        return {a: ({"legal": {i: canonical(x) for i, x in self._legal(s).items()}}
                    if (s := self._seat[a]) in asked else {}) for a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(self, actions: Mapping[str, Any]):
        # Every seat asked now submits; the game keeps each submission hidden until the
        # window resolves, so applying them in seat order is the same as all at once.
        asked = self.game.to_move(self.state)
        chosen = {}
        for seat in asked:
            agent = agent_name(seat)
            if agent not in actions:
                raise ValueError(f"{agent} must choose now (the game asks seats {asked})")
            chosen[seat] = self._decode(seat, actions[agent])
        for seat, action in chosen.items():
            if seat != asked[0] and not self._still_legal(seat, action):
                # Seats asked together in a window that is not secret (cat's refills: any
                # order, first come first served) can collide: an earlier seat's draw emptied
                # the pile this seat chose. As at the table, the first choice stands and this
                # seat is asked again next step.
                continue
            self.game.apply_in_place(self.state, seat, action, check=True)
        over = self.game.is_over(self.state)
        final = self._final_rewards() if over else [0.0] * len(self.possible_agents)
        rewards = {a: final[self._seat[a]] for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        observations, infos = self._observations(), self._infos()
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def env(game: str | Game, config: Mapping[str, Any] | None = None, **kw: Any) -> BoardlabAEC:
    """The AEC environment of ``game`` (an id or a Game) with ``config`` / keyword options."""
    return BoardlabAEC(game, config, **kw)


def parallel_env(game: str | Game, config: Mapping[str, Any] | None = None,
                 **kw: Any) -> BoardlabParallel:
    """The Parallel environment of ``game`` (an id or a Game) with ``config`` / options."""
    return BoardlabParallel(game, config, **kw)
