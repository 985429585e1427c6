"""PettingZoo environments for every boardlab game: AEC and Parallel.

``env("toys", players=4)`` is an AEC environment: agents ``seat_0 .. seat_{n-1}`` act one at
a time, in the order the game asks them (a simultaneous secret window asks its seats one
after the other; each submission stays hidden from the others, exactly as in the web app).
``env(..., mode="cycles")`` is the AEC form PettingZoo's ``aec_to_parallel`` needs: every
agent is asked once per cycle, in seat order (a seat the game does not ask may only send
``noop``), and the cycle's choices are applied together at its end - one Parallel step.
``parallel_env("toys", players=4)`` is a Parallel environment: every step, each seat the
game asks now submits at once (a simultaneous secret window is one step); the others send
``noop`` (their mask allows only it; anything they send is ignored). Where seats asked
together are not choosing in secret but in any order (cat's refills), a choice that an
earlier seat of the same step made impossible is dropped and that seat is asked again.

Spaces (see :mod:`boardlab.rl.encoding`): ``action_space(agent)`` is ``Discrete(N)``, the
game's declared action space plus ``noop``; ``observation_space(agent)`` is
``Dict(observation=Box(float32, (F,)), action_mask=Box(int8, (N,)))``, where ``observation``
is the seat's own view encoded by the game's declared spec (``env.unwrapped.codec.features``
names the features) and ``action_mask`` marks the legal indices. Nothing else reaches an
agent: no state, no other seat's view. ``metadata["space_version"]`` changes exactly when
the action enumeration does.

Options:

* ``reward="win"`` (default: each seat's share of the win at the end, 1/k for each of k
  winners) or ``"score"`` (the final scores);
* ``illegal="raise"`` (default: an index outside the mask raises ``ValueError``),
  ``"lose"`` (PettingZoo's classic convention: the game ends, the offending agent gets
  -1 and the others 0) or ``"random"`` (a uniformly random legal action from the env's
  seeded generator is taken instead, and ``infos[agent]["illegal"]`` is set: for tools that
  sample without the mask, such as PettingZoo's ``max_cycles_test``);
* ``max_cycles=None`` (default: games end by their rules) or a number: the episode is
  truncated after that many decisions (AEC turns), cycles (AEC cycles) or steps (Parallel);
* ``opponents=[None, "taker", ...]``: one entry per seat; a seat with a bot name is played
  by that boardlab bot (``boardlab bots <game>`` lists them) inside the env and is not an
  agent; ``None`` seats are the agents.

``reset(seed=s)`` starts the game with seed ``s`` (the same seed and actions give the same
game, opponents included); ``render()`` returns (``render_mode="ansi"``) or prints
(``"human"``) the spectator's board as text. ``infos[agent]["legal"]`` lists the legal
indices of an asked seat.
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from rich.console import Console

from boardlab.bots.registry import make_bot
from boardlab.engine.match import decision_context
from boardlab.engine.protocol import Action, Game, GameState, canonical
from boardlab.engine.registry import get_game
from boardlab.engine.rng import derive_seed
from boardlab.rl.encoding import Codec, codec_for, win_shares

REWARDS = ("win", "score")
ILLEGAL = ("raise", "lose", "random")
MODES = ("turns", "cycles")
ILLEGAL_REWARD = -1.0


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class _Table:
    """What both environment kinds share: the game, its codec, the state, the cached legal
    indices and observations of the current state, the opponents."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}
    parallelizable = True

    def _init_table(self, game: str | Game, config: Mapping[str, Any] | None, *,
                    reward: str, render_mode: str | None, illegal: str,
                    max_cycles: int | None, opponents: Sequence[str | None] | None,
                    options: dict[str, Any]) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.config = self.game.make_config({**(config or {}), **options})
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or 'human', not {render_mode!r}")
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles must be a positive number or None, not {max_cycles!r}")
        n = self.config.players
        bots = list(opponents) if opponents is not None else [None] * n
        if len(bots) != n:
            raise ValueError(f"opponents needs one entry per seat ({n}), not {len(bots)}")
        self._bot_names = bots
        for name in bots:
            if name is not None:
                make_bot(self.game, name)  # a clear error for a name the game lacks
        if all(name is not None for name in bots):
            raise ValueError("opponents leaves no seat to the agents (use None for theirs)")
        self.reward_kind = reward
        self.illegal = illegal
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.codec: Codec = codec_for(self.game, self.config)
        self.possible_agents = [agent_name(s) for s in range(n) if bots[s] is None]
        self._seat = {agent_name(s): s for s in range(n)}
        self._names = [agent_name(s) for s in range(n)]  # built once, not per step
        # the game's own transition, called directly unless it changes apply_in_place
        # (as play_match does): the same events appended to the same log
        self._transition = (self.game._apply if type(self.game).apply_in_place
                            is Game.apply_in_place else None)
        self.metadata = {**type(self).metadata, "name": f"boardlab_{self.game.id}_v1",
                         "is_parallelizable": self.parallelizable,
                         "space_version": self.codec.space_version}
        self.state: GameState | None = None
        self.seed_used: int | None = None
        # made when first needed (a NumPy generator costs tens of µs, once a game):
        # the generator of the next unseeded resets, from the last seed given (or fresh
        # entropy), and the one of illegal="random" replacements, from the game's seed
        self._seed_base: int | None = None
        self._seed_rng: np.random.Generator | None = None
        self._illegal_rng: random.Random | None = None
        self._bots: dict[int, Any] = {}
        self._bot_rngs: dict[int, random.Random] = {}
        self._version = 0
        self._asked_cache: tuple[int, list[int]] = (-1, [])
        self._legal_cache: dict[int, tuple[int, tuple[dict[int, Action], np.ndarray]]] = {}
        self._obs_cache: dict[int, tuple[int, dict[str, np.ndarray]]] = {}
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
            self._seed_base, self._seed_rng = seed, None  # default_rng(seed), when needed
            game_seed = int(seed)
        else:
            if self._seed_rng is None:
                self._seed_rng = np.random.default_rng(self._seed_base)
            game_seed = int(self._seed_rng.integers(0, 2**62))
        self.seed_used = game_seed
        self.state = self.game.setup(self.config, game_seed)
        self._version += 1
        self._illegal_rng = None  # random.Random(derive_seed(game_seed, "illegal")), when needed
        self._bots = {s: make_bot(self.game, name) for s, name in enumerate(self._bot_names)
                      if name is not None}
        self._bot_rngs = {s: random.Random(derive_seed(game_seed, "opponent", s))
                          for s in self._bots}
        # each seat's log kept incrementally, as the engine does for its bots: a view then
        # costs what changed, not the whole log again (the encoder skips the log anyway)
        # (or, where the observation leaves the log out, no log at all: NoLog)
        self._logs = {s: self.codec.log_feed(s) for s in range(self.config.players)}
        self._steps = 0

    # ---- the current state's legal indices and observations, computed once ------------

    def _asked(self) -> list[int]:
        """The seats the game asks now (``to_move``), once per state."""
        found = self._asked_cache
        if found[0] == self._version:
            return found[1]
        seats = self.game.to_move(self.state)
        self._asked_cache = (self._version, seats)
        return seats

    def _legal(self, seat: int) -> dict[int, Action]:
        return self._legal_mask(seat)[0]

    def _legal_mask(self, seat: int) -> tuple[dict[int, Action], np.ndarray]:
        """``seat``'s legal indices and their mask (not to be changed), once per state."""
        found = self._legal_cache.get(seat)
        if found is not None and found[0] == self._version:
            return found[1]
        got = self.codec.legal_of(self.game, self.state, seat)
        self._legal_cache[seat] = (self._version, got)
        return got

    def _observe_seat(self, seat: int, asked: bool = True) -> dict[str, np.ndarray]:
        key = seat if asked else -1 - seat
        found = self._obs_cache.get(key)
        if found is not None and found[0] == self._version:
            return found[1]
        mask = self._legal_mask(seat)[1].copy() if asked else self.codec.mask_of(())
        obs = {"observation": self.codec.observe_state(self.game, self.state, seat,
                                                       self._logs[seat]),
               "action_mask": mask}
        self._obs_cache[key] = (self._version, obs)
        return obs

    def _apply(self, seat: int, action: Action) -> None:
        if self._transition is not None:
            self.state.log.extend(self._transition(self.state, seat, action))
        else:
            self.game.apply_in_place(self.state, seat, action, check=False)
        self._version += 1

    def _final_rewards(self) -> list[float]:
        if self.reward_kind == "score":
            return [float(x) for x in self.game.result(self.state).scores]
        return win_shares(self.game, self.state)

    def _still_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may still take ``action`` after the earlier seats of this step."""
        return seat in self._asked() and action in self.game.legal_actions(
            self.state, seat)

    def _decode(self, seat: int, index: Any) -> tuple[Action | None, bool]:
        """The action of ``index`` for ``seat``, and whether it was illegal. With
        ``illegal="lose"`` an illegal index gives ``(None, True)``."""
        legal = self._legal(seat)
        try:
            return legal[int(index)], False
        except (KeyError, TypeError, ValueError):
            if self.illegal == "raise":
                raise ValueError(
                    f"{agent_name(seat)}: action {index!r} is not legal now; legal indices: "
                    f"{sorted(legal)}") from None
            if self.illegal == "random":
                keys = list(legal)
                if self._illegal_rng is None:
                    self._illegal_rng = random.Random(derive_seed(self.seed_used, "illegal"))
                return legal[keys[self._illegal_rng.randrange(len(keys))]], True
            return None, True

    # ---- opponents --------------------------------------------------------------------

    def _bot_action(self, seat: int) -> Action:
        legal = self.game.legal_actions(self.state, seat)
        ctx = decision_context(self.game, self.state, seat, self._bot_rngs[seat], legal)
        return self._bots[seat].choose(ctx)

    def _play_bots(self) -> None:
        """Let the opponents play while only they are asked (the agents are asked next)."""
        while self._bots and not self.game.is_over(self.state):
            asked = self._asked()
            bots = [s for s in asked if s in self._bots]
            if not bots or (self._turn_by_turn() and asked[0] not in self._bots):
                return
            if not self._turn_by_turn() and len(bots) < len(asked):
                return  # the agents are asked together with these bots: one step
            seat = bots[0]
            self.game.apply_in_place(self.state, seat, self._bot_action(seat))
            self._version += 1

    def _turn_by_turn(self) -> bool:
        return False

    # ---- rendering ----------------------------------------------------------------------

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
                 reward: str = "win", render_mode: str | None = None, illegal: str = "raise",
                 max_cycles: int | None = None, mode: str = "turns",
                 opponents: Sequence[str | None] | None = None, **options: Any):
        AECEnv.__init__(self)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        # Only the cycles form updates once per cycle, as aec_to_parallel requires.
        self.parallelizable = mode == "cycles"
        self._init_table(game, config, reward=reward, render_mode=render_mode,
                         illegal=illegal, max_cycles=max_cycles, opponents=opponents,
                         options=options)

    def _turn_by_turn(self) -> bool:
        return self.mode == "turns"

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_game(seed)
        self._play_bots()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._cycle: dict[int, Any] = {}
        self._cycle_asked: list[int] = []
        if self.mode == "cycles":
            self._start_cycle()
        else:
            self._select()

    def _select(self) -> None:
        seats = self._asked()
        if seats:
            self.agent_selection = self._names[seats[0]]
            self.infos[self.agent_selection] = {"legal": list(self._legal(seats[0]))}

    def _start_cycle(self) -> None:
        self._cycle = {}
        self._cycle_asked = [s for s in self._asked() if s not in self._bots]
        self.agent_selection = self.agents[0]
        for a in self.agents:
            s = self._seat[a]
            self.infos[a] = {"legal": list(self._legal(s))} if s in self._cycle_asked else {}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        if self.mode == "cycles":
            return self._observe_seat(seat, seat in self._cycle_asked)
        return self._observe_seat(seat, seat in self._asked())

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self.mode == "cycles":
            self._step_cycle(agent, action)
        else:
            self._step_turn(agent, action)
        if self.render_mode == "human":
            self.render()

    def _step_turn(self, agent: str, action: Any) -> None:
        seat = self._seat[agent]
        chosen, illegal = self._decode(seat, action)
        self.infos[agent] = {"illegal": True} if illegal else {}
        if chosen is None:  # illegal="lose"
            self._lose(agent)
            return
        self._apply(seat, chosen)
        self._after_step(self._select)

    def _step_cycle(self, agent: str, action: Any) -> None:
        self._cycle[self._seat[agent]] = action
        i = self.agents.index(agent)
        if i + 1 < len(self.agents):
            self.agent_selection = self.agents[i + 1]
            return
        # the cycle's last agent: apply every asked seat's choice, in seat order
        lost = None
        chosen: dict[int, Action] = {}
        illegal_seats = set()
        for seat in self._cycle_asked:
            got, illegal = self._decode(seat, self._cycle.get(seat))
            if illegal:
                illegal_seats.add(seat)
            if got is None:
                lost = agent_name(seat)
                break
            chosen[seat] = got
        for a in self.agents:
            self.infos[a] = {"illegal": True} if self._seat[a] in illegal_seats else {}
        if lost is not None:
            self._lose(lost)
            return
        _apply_together(self, chosen)
        self._after_step(self._start_cycle)

    def _after_step(self, next_decision) -> None:
        """After a step's choices are applied (one seat's, or a whole cycle's): the
        opponents' bots play, then the game ends, is truncated at ``max_cycles``, or asks
        its next decision (``next_decision``)."""
        self._play_bots()
        self._steps += 1
        if self.game.is_over(self.state):
            self._finish()
        elif self.max_cycles is not None and self._steps >= self.max_cycles:
            self._truncate()
        else:
            next_decision()

    def _finish(self) -> None:
        final = self._final_rewards()
        for a in self.agents:
            self.rewards[a] = final[self._seat[a]]
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def _truncate(self) -> None:
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def _lose(self, agent: str) -> None:
        self.rewards = {a: ILLEGAL_REWARD if a == agent else 0.0 for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()


def _apply_together(table: _Table, chosen: dict[int, Action]) -> None:
    """Apply the choices of seats asked at once, in seat order. Seats asked together in a
    window that is not secret (cat's refills: any order, first come first served) can
    collide: an earlier seat's draw emptied the pile this seat chose. As at the table, the
    first choice stands and this seat is asked again."""
    first = True
    for seat, action in chosen.items():
        if not first and not table._still_legal(seat, action):
            continue
        first = False
        table._apply(seat, action)


class BoardlabParallel(_Table, ParallelEnv):
    """One boardlab game as a PettingZoo Parallel environment (see the module docstring)."""

    def __init__(self, game: str | Game, config: Mapping[str, Any] | None = None, *,
                 reward: str = "win", render_mode: str | None = None, illegal: str = "raise",
                 max_cycles: int | None = None,
                 opponents: Sequence[str | None] | None = None, **options: Any):
        self._init_table(game, config, reward=reward, render_mode=render_mode,
                         illegal=illegal, max_cycles=max_cycles, opponents=opponents,
                         options=options)

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        asked = set(self._asked())
        return {a: self._observe_seat(s, s in asked) for a in self.agents
                for s in (self._seat[a],)}

    def _infos(self) -> dict[str, dict[str, Any]]:
        asked = set(self._asked())
        return {a: ({"legal": list(self._legal(s))} if (s := self._seat[a]) in asked else {})
                for a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_game(seed)
        self._play_bots()
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(self, actions: Mapping[str, Any]):
        # Every seat asked now submits; the game keeps each submission hidden until the
        # window resolves, so applying them in seat order is the same as all at once.
        asked = self._asked()
        chosen: dict[int, Action] = {}
        illegal_agents = set()
        lost = None
        for seat in asked:
            if seat in self._bots:
                continue
            agent = agent_name(seat)
            if agent not in actions:
                raise ValueError(f"{agent} must choose now (the game asks seats {asked})")
            got, illegal = self._decode(seat, actions[agent])
            if illegal:
                illegal_agents.add(agent)
            if got is None:
                lost = agent
                break
            chosen[seat] = got
        if lost is None:
            _apply_together(self, chosen)
            self._play_bots()  # opponents asked in the same window choose after the agents
        self._steps += 1
        over = lost is not None or self.game.is_over(self.state)
        if lost is not None:
            rewards = {a: ILLEGAL_REWARD if a == lost else 0.0 for a in self.agents}
        else:
            final = self._final_rewards() if over else [0.0] * self.config.players
            rewards = {a: final[self._seat[a]] for a in self.agents}
        truncated = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        observations, infos = self._observations(), self._infos()
        for a in illegal_agents:
            infos[a]["illegal"] = True
        if over or truncated:
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
