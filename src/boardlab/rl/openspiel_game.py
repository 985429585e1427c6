"""Every boardlab game as an OpenSpiel Python game (``pyspiel.register_game``).

``register_all()`` registers, for each game id ``g``:

* ``boardlab_g`` - the game with its own dynamics: ``SIMULTANEOUS`` if the game ever asks
  several seats at once (a simultaneous secret choice; probed on the default config), else
  ``SEQUENTIAL``. At a node where several seats are asked, ``current_player()`` is
  ``SIMULTANEOUS`` and each asked seat picks one of its legal actions while every other seat
  has only the ``noop`` action ("wait"); a node with one seat asked is an ordinary turn.
* ``boardlab_g_turns`` (only for simultaneous games) - the same game with the seats of a
  secret window asked one after the other (ascending), each submission hidden from the
  others: the protocol's own order, OpenSpiel's "turn-based" reading. Tools that need
  sequential dynamics (MCTS, IS-MCTS) run on this one.

Parameters: ``players`` (the game's default) and ``options``, the rest of the config as
``key:value`` pairs joined by ``;`` (``"nights:2;roles:false"``; values are read as JSON,
else as strings), and ``seeds`` (see chance).

Chance: ``EXPLICIT_STOCHASTIC``. A boardlab game draws every random event from the generator
it seeds at setup, so all of its chance is one explicit chance node at the start that picks
the game's seed uniformly from ``0 .. seeds-1`` (default 1024); every later random event is a
function of that seed and the actions, and stays hidden in the state (never in a view).

Information: ``IMPERFECT_INFORMATION`` for games that re-deal hidden information
(``determinize`` overridden, as the protocol asks of such games), else ``PERFECT``.
Utility: ``GENERAL_SUM``, terminal rewards only: each seat's share of the win (1/k for each of
k winners), in [0, 1].

Actions are the indices of :mod:`boardlab.rl.encoding` (``num_distinct_actions`` = its
``num_actions``, the last one ``noop``); ``action_to_string`` is the game's
``describe_action`` (English). Observations come from the seat's view only: the observation
string is the view's canonical JSON without its log, the information-state string adds the
seat's log and its own past actions (perfect recall), the observation tensor is the
seat's view encoded by :mod:`boardlab.rl.encoding` (by the game's direct encoder where it
has one: the same vector, without building the view). An observer with
``private_info=NONE`` sees the spectator's view; ``ALL_PLAYERS`` is refused (nothing sees
the whole state).

``resample(state, player, rng)`` re-deals what ``player`` cannot see with the game's
``determinize``: the resampler for OpenSpiel's Python IS-MCTS bot (its C++ one cannot call
back into a Python state). Serialisation is OpenSpiel's own for Python games (the state's
attributes pickled), so ``serialize_game_and_state`` and ``pickle`` work.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from boardlab.engine.protocol import Game, GameState, canonical
from boardlab.engine.registry import all_game_ids, get_game
from boardlab.rl.encoding import Codec, codec_for, win_shares

DEFAULT_SEEDS = 1024
PREFIX = "boardlab_"
TURNS = "_turns"


def parse_options(text: str) -> dict[str, Any]:
    """``"nights:2;roles:false"`` -> ``{"nights": 2, "roles": False}``."""
    out: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in text.split(";"))):
        key, sep, raw = item.partition(":")
        if not sep:
            raise ValueError(f"options: {item!r} is not key:value")
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw.strip()
    return out


def format_options(options: dict[str, Any]) -> str:
    # Strings bare (no quotes in OpenSpiel's game string); parse_options reads them back.
    return ";".join(f"{k}:{v if isinstance(v, str) else json.dumps(v)}"
                    for k, v in sorted(options.items()))


class _Held:
    """Holds a boardlab state inside an OpenSpiel state: OpenSpiel clones a Python state by
    deep-copying its attributes, and the game's own ``copy`` is the cheap way to do that.
    It also remembers, until the state changes (:meth:`changed`), the seats asked and each
    asked seat's legal indices: OpenSpiel asks for them several times a node; and the
    OpenSpiel game (``get_game()`` is a call into OpenSpiel every time)."""

    __slots__ = ("state", "asked", "legal", "game")

    def __init__(self, state: GameState | None, game: BoardlabSpielGame | None = None):
        self.state = state
        self.asked: list[int] | None = None
        self.legal: dict[int, dict[int, dict[str, Any]]] = {}
        self.game = game

    def changed(self) -> None:
        self.asked = None
        self.legal = {}  # a new dict: the maps in it are the codec's, shared, never changed

    def __deepcopy__(self, memo: dict) -> _Held:
        return _Held(None if self.state is None else self.state.copy(), self.game)

    def __getstate__(self) -> GameState | None:  # pickled: the state alone
        return self.state

    def __setstate__(self, state: GameState | None) -> None:
        self.__init__(state)


class BoardlabSpielGame(pyspiel.Game):
    """One boardlab game and config, seen by OpenSpiel. :func:`register` makes one subclass
    per registered name (OpenSpiel calls the class with the parameters)."""

    GAME_ID: str
    GAME_TYPE: pyspiel.GameType
    TURNS: bool

    def __init__(self, params: dict[str, Any] | None = None):
        game_id, game_type, turns = self.GAME_ID, self.GAME_TYPE, self.TURNS
        params = {**game_type.parameter_specification, **(params or {})}
        self.bl_game: Game = get_game(game_id)
        self.options = parse_options(str(params["options"]))
        self.config = self.bl_game.make_config({**self.options, "players": int(params["players"])})
        self.codec: Codec = codec_for(self.bl_game, self.config)
        self.seeds = int(params["seeds"])
        if self.seeds < 1:
            raise ValueError("seeds must be at least 1")
        self.simultaneous_nodes = (
            game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS and not turns)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.seeds,
            num_players=self.config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            # The longest probe game times ten: random play is far longer than real play.
            max_game_length=10 * self.codec.max_steps + 100,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> BoardlabSpielState:
        return BoardlabSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        return ViewObserver(self, iig_obs_type, params)


class BoardlabSpielState(pyspiel.State):
    """A boardlab state (held, never shown) plus each seat's own past actions."""

    def __init__(self, game: BoardlabSpielGame):
        super().__init__(game)
        self._held = _Held(None, game)
        # each seat's own past actions: indices of the declared table (or canonical JSON)
        self._mine: list[list[int | str]] = [[] for _ in range(game.config.players)]

    # ---- helpers -------------------------------------------------------------------------

    @property
    def bl(self) -> GameState | None:
        """The boardlab state (``None`` before the seed is drawn)."""
        return self._held.state

    def _spiel(self) -> BoardlabSpielGame:
        game = self._held.game
        if game is None:
            game = self._held.game = self.get_game()
        return game

    def _asked(self) -> list[int]:
        held = self._held
        if held.state is None:
            return []
        asked = held.asked
        if asked is None:
            asked = held.asked = self._spiel().bl_game.to_move(held.state)
        return asked

    def _legal_map(self, seat: int) -> dict[int, dict[str, Any]]:
        """``seat``'s legal indices -> actions, once per state (not to be changed)."""
        held = self._held
        found = held.legal.get(seat)
        if found is None:
            game = self._spiel()
            found = held.legal[seat] = game.codec.legal_of(game.bl_game, held.state, seat)[0]
        return found

    def _apply_checked(self, seat: int, action: dict[str, Any], index: int) -> None:
        """Apply ``seat``'s legal ``action`` (one of ``_legal_map``'s: checked already) and
        remember it for the seat's information state: its index where the table is
        declared (an index means one action there), else its canonical JSON."""
        game = self._spiel()
        game.bl_game.apply_in_place(self.bl, seat, action, check=False)
        self._held.changed()
        self._mine[seat].append(index if game.codec.declared else canonical(action))

    # ---- the OpenSpiel API -----------------------------------------------------------------

    def current_player(self) -> int:
        if self.bl is None:
            return pyspiel.PlayerId.CHANCE
        asked = self._asked()
        if not asked:
            return pyspiel.PlayerId.TERMINAL
        if self._spiel().simultaneous_nodes:
            # every decision node of the simultaneous form is simultaneous (OpenSpiel's
            # convention): the seats not asked have one action, noop
            return pyspiel.PlayerId.SIMULTANEOUS
        return asked[0]

    def _legal_actions(self, player: int) -> list[int]:
        if self.bl is None or player < 0:
            return []
        asked = self._asked()
        if not asked:
            return []
        if self._spiel().simultaneous_nodes:
            return list(self._legal_map(player)) if player in asked else [
                self._spiel().codec.noop]
        if player == asked[0]:
            return list(self._legal_map(player))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._spiel().seeds
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        game = self._spiel()
        if self.bl is None:
            self._held = _Held(game.bl_game.setup(game.config, int(action)), game)
            return
        seat = self.current_player()
        self._play(seat, int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        # Decode every asked seat's choice first: each is secret from the others, so none
        # may depend on another's (the game also keeps them hidden until all are in).
        asked = self._asked()
        noop = self._spiel().codec.noop
        # a seat not asked sends noop (or INVALID_ACTION, as rl_environment may)
        waiting = [s for s in range(len(actions))
                   if s not in asked and actions[s] not in (noop, pyspiel.INVALID_ACTION)]
        if waiting:
            raise ValueError(f"seat {waiting[0]} is not asked now; its only action is {noop}")
        chosen = [(seat, int(actions[seat])) for seat in asked]
        chosen = [(seat, self._decode(seat, index), index) for seat, index in chosen]
        game = self._spiel().bl_game
        for k, (seat, action, index) in enumerate(chosen):
            # Seats asked together in a window that is not secret (cat's refills, first
            # come first served) can collide: the first choice stands, the other seat is
            # asked again at the next node.
            if k and (seat not in game.to_move(self.bl)
                      or action not in game.legal_actions(self.bl, seat)):
                continue
            self._apply_checked(seat, action, index)

    def _decode(self, seat: int, index: int) -> dict[str, Any]:
        legal = self._legal_map(seat)
        if index not in legal:
            raise ValueError(f"seat {seat}: action {index} is not legal now; legal: "
                             f"{sorted(legal)}")
        return legal[index]

    def _play(self, seat: int, index: int) -> None:
        self._apply_checked(seat, self._decode(seat, index), index)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._spiel()
        if player == pyspiel.PlayerId.CHANCE or self.bl is None:
            return f"seed {action}"
        if action == game.codec.noop:
            return "wait"
        if player >= 0:
            legal = self._legal_map(player)
            if action in legal:
                return self._labels(player, legal)[action]
        if action < len(game.codec.table):
            return game.codec.table[action]
        return f"slot {action - len(game.codec.table)}"

    def _labels(self, player: int, legal: dict[int, dict[str, Any]]) -> dict[int, str]:
        """``describe_action`` of each legal action; OpenSpiel needs them distinct, so a
        label two actions share gets the action's JSON added."""
        describe = self._spiel().bl_game.describe_action
        labels = {i: describe(self.bl, player, a, "en") for i, a in legal.items()}
        counts: dict[str, int] = {}
        for label in labels.values():
            counts[label] = counts.get(label, 0) + 1
        return {i: (label if counts[label] == 1 else f"{label} {canonical(legal[i])}")
                for i, label in labels.items()}

    def is_terminal(self) -> bool:
        return self.bl is not None and self._spiel().bl_game.is_over(self.bl)

    def returns(self) -> list[float]:
        game = self._spiel()
        if not self.is_terminal():
            return [0.0] * game.config.players
        return win_shares(game.bl_game, self.bl)

    def __str__(self) -> str:
        # OpenSpiel's str(state) describes the whole state, and tools tell states apart by
        # it: the spectator's board alone would print the same for histories that differ
        # in hidden things (a sealed bid, a dealt hand). The history (the seed drawn, then
        # every index played) names the state exactly.
        history = " ".join(map(str, self.history()))
        if self.bl is None:
            return "(seed not drawn yet)"
        view = self._spiel().bl_game.view(self.bl, None)
        board = canonical({k: v for k, v in view.items() if k not in ("log", "visible_log")})
        return f"{board}\nhistory: {history}"

    # ---- determinization -------------------------------------------------------------------

    def resample(self, player: int, rng: random.Random) -> BoardlabSpielState:
        """A copy in which everything ``player`` cannot see is re-dealt by the game."""
        if self.bl is None:
            return self.clone()
        clone = self.clone()
        game = self._spiel()
        clone._held = _Held(game.bl_game.determinize(self.bl, player, rng), game)
        return clone


class StatelessBot(pyspiel.Bot):
    """An OpenSpiel bot that keeps nothing between moves (OpenSpiel's Python ``MCTSBot``
    and ``ISMCTSBot``) with the no-op ``restart_at`` / ``inform_action`` that OpenSpiel's
    ``evaluate_bots`` calls and those bots leave unimplemented (it raises "RestartAt(state)
    not implemented")."""

    def __init__(self, bot: Any):
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def step(self, state: pyspiel.State) -> int:
        return self.bot.step(state)

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        pass


class BoardlabBot(pyspiel.Bot):
    """A boardlab bot (``boardlab bots <game>``: styles, greedy, montecarlo, ismcts, team)
    as an OpenSpiel bot for one player: it decides on what that seat may know (its view,
    legal actions and re-dealt worlds, as in ``boardlab simulate``) and answers with the
    action's index. Usable in ``evaluate_bots`` and any loop that calls ``step``."""

    def __init__(self, game: BoardlabSpielGame, player: int, name: str, seed: int = 0):
        pyspiel.Bot.__init__(self)
        from boardlab.bots.registry import make_bot  # the bots are only needed here

        self.player = player
        self.bot = make_bot(game.bl_game, name)
        self.rng = random.Random(seed)

    def step(self, state: BoardlabSpielState) -> int:
        from boardlab.engine.match import decision_context

        game = state._spiel()
        if self.player not in state._asked():
            return game.codec.noop  # a seat not asked at a simultaneous node
        legal = game.bl_game.legal_actions(state.bl, self.player)
        action = self.bot.choose(decision_context(game.bl_game, state.bl, self.player,
                                                  self.rng, legal))
        return game.codec.index_of(action)

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        pass


def resample(state: BoardlabSpielState, player: int,
             rng: random.Random) -> BoardlabSpielState:
    """The IS-MCTS resampler: ``ismcts.ISMCTSBot.set_resampler(lambda s, p: resample(s, p,
    rng))``."""
    return state.resample(player, rng)


class ViewObserver:
    """OpenSpiel's observer: strings and tensors built from one seat's view only."""

    def __init__(self, game: BoardlabSpielGame, iig_obs_type, params):
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        private = (iig_obs_type.private_info if iig_obs_type is not None
                   else pyspiel.PrivateInfoType.SINGLE_PLAYER)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("boardlab shows no one the whole state (private_info=ALL_PLAYERS)")
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        self.codec = game.codec
        self.tensor = np.zeros(self.codec.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: BoardlabSpielState, player: int) -> dict[str, Any] | None:
        if state.bl is None:
            return None
        seat = None if self.spectator else player
        return state._spiel().bl_game.view(state.bl, seat)

    def set_from(self, state: BoardlabSpielState, player: int) -> None:
        if state.bl is None:
            self.tensor[:] = 0.0
        elif self.spectator:
            self.codec.observe(self._view(state, player), None, state._spiel().config.players,
                               self.tensor)
        else:  # by the game's direct encoder where it has one (no view built), else the view
            self.codec.observe_state(state._spiel().bl_game, state.bl, player, out=self.tensor)

    def string_from(self, state: BoardlabSpielState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            return "start"
        if self.perfect_recall:
            table = self.codec.table
            mine = [] if self.spectator else [m if type(m) is str else table[m]
                                               for m in state._mine[player]]
            return canonical({"view": view, "my_actions": mine})
        return canonical({k: v for k, v in view.items() if k not in ("log", "visible_log")})


def _game_type(game: Game, turns: bool) -> pyspiel.GameType:
    codec = codec_for(game, game.make_config({}))
    simultaneous = codec.simultaneous and not turns
    imperfect = type(game).determinize is not Game.determinize
    default_players = game.make_config({}).players
    return pyspiel.GameType(
        short_name=PREFIX + game.id + (TURNS if turns else ""),
        long_name=f"boardlab {game.title['en']}" + (" (turns)" if turns else ""),
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if imperfect
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default_players, "options": "",
                                 "seeds": DEFAULT_SEEDS},
    )


_registered: dict[str, pyspiel.GameType] = {}


def register(game_id: str) -> list[str]:
    """Register ``boardlab_<id>`` (and ``boardlab_<id>_turns`` for a simultaneous game);
    return the short names. Registering twice is a no-op."""
    game = get_game(game_id)
    names = []
    for turns in (False, True):
        name = PREFIX + game.id + (TURNS if turns else "")
        if name not in _registered:
            if turns and _game_type(game, False).dynamics != pyspiel.GameType.Dynamics.SIMULTANEOUS:
                continue
            game_type = _game_type(game, turns)
            # A class, as OpenSpiel's own Python games register: a plain function handed to
            # the registry would be freed after the interpreter has shut down (a crash).
            creator = type(f"BoardlabSpiel_{name}", (BoardlabSpielGame,),
                           {"GAME_ID": game.id, "GAME_TYPE": game_type, "TURNS": turns})
            pyspiel.register_game(game_type, creator)
            _registered[name] = game_type
        names.append(name)
    return names


def register_all() -> list[str]:
    """Register every boardlab game; return the short names."""
    return [name for gid in all_game_ids() for name in register(gid)]


def load(game_id: str, *, turns: bool = False, seeds: int = DEFAULT_SEEDS,
         **config: Any) -> BoardlabSpielGame:
    """``pyspiel.load_game`` for a boardlab game with a config given as keywords."""
    register(game_id)
    game = get_game(game_id)
    players = config.pop("players", game.make_config({}).players)
    params = {"players": int(players), "options": format_options(config), "seeds": seeds}
    return pyspiel.load_game(PREFIX + game_id + (TURNS if turns else ""), params)
