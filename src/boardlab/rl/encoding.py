"""Fixed-size encodings of a game's actions and views, shared by PettingZoo and OpenSpiel.

RL libraries want a fixed discrete action space and a fixed-size observation per game and
config. boardlab games speak JSON (legal actions are JSON objects, a view is a JSON tree), so
this module builds, once per (game, config), a :class:`Codec` that maps between the two.

Actions
-------
Every registered game declares its whole action space (``Game.action_space(config)``,
``games/<id>/space.py``): every action its rules can ever allow, in a fixed order, each
index with one meaning (the action's JSON). The space has ``len(table) + 1`` indices: the
declared actions, then ``noop``, "nothing to decide", which a seat that is not asked (a
Parallel step, an OpenSpiel simultaneous node) sends and which is ignored. A legal action
missing from the declared table is a bug in the game and raises. ``space_version`` is a
digest of the table, so it changes exactly when the enumeration changes
(``tests/rl/test_spaces.py`` pins each game's).

Mapping a legal action to its index is a dictionary lookup: games hand out shared action
objects, remembered by identity; any other object is looked up by its items (no JSON).

A game that declares nothing (a test game, a game being written) gets a probed table
instead: the distinct legal actions of ``PROBE_GAMES`` seeded random games, plus
``overflow`` slots that the legal actions outside the table fill in canonical order (a
slot's meaning then varies with the state). No registered game uses it.

Observations
------------
Every registered game declares the shape of its seat's view (``Game.observation_spec``,
``games/<id>/space.py``), compiled by :mod:`boardlab.rl.observation` into a fixed encoder:
every field of the view (never the state), seats relative to the observer, numbers scaled
to about [0, 1]; a field the spec does not describe raises. The encoder is a Python function
generated from the spec (the spec's closures are its tested reference), and the envs read
views through :meth:`Codec.log_feed`: where the observation leaves the log out, the view's
log is not built. A seat's legal indices and mask are remembered per list of the same
action objects (:meth:`Codec.legal_set`). For a game that declares none,
the fallback flattens the view into named features (JSON path for numbers and flags,
``path=value`` indicators for strings; the log and bilingual texts left out), the sorted
union of what the probe games met (a feature the probe never met is dropped).

The probe games (``PROBE_GAMES`` seeded random games) still measure two things no
declaration gives: whether a config ever asks several seats at once (OpenSpiel's
dynamics) and the longest game (OpenSpiel's ``max_game_length``).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from boardlab.engine.protocol import (
    Action,
    Game,
    GameConfig,
    GameState,
    SeatLog,
    canonical,
    view_with_log,
)
from boardlab.engine.rng import derive_seed
from boardlab.rl.observation import ObservationEncoder

PROBE_GAMES = 8
"""Seeded random games played to learn a config's actions, features and game length."""

PROBE_SEED = 20261202
PROBE_MAX_STEPS = 20_000
DROPPED_KEYS = frozenset({"log", "visible_log"})
_TEXT_KEYS = {"zh", "en"}


def flatten_view(view: Any) -> list[tuple[str, float]]:
    """The named numeric features of a JSON view (see the module docstring)."""
    out: list[tuple[str, float]] = []
    # An explicit stack instead of recursion: this runs for every seat at every step.
    stack: list[tuple[str, Any]] = [("", view)]
    pop, push, add = stack.pop, stack.append, out.append
    while stack:
        path, value = pop()
        kind = type(value)
        if kind is dict:
            for key, item in value.items():
                if key in DROPPED_KEYS or (type(item) is dict and item.keys() == _TEXT_KEYS):
                    continue
                push((f"{path}.{key}", item))
        elif kind is list or kind is tuple:
            for i, item in enumerate(value):
                push((f"{path}[{i}]", item))
        elif kind is str:
            add((f"{path}={value}", 1.0))
        elif kind is bool or kind is int or kind is float:
            add((path, float(value)))
        elif isinstance(value, dict | list | tuple | str | int | float):  # subclasses
            push((path, _plain(value)))
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, bool):
        return bool(value)
    for kind in (dict, list, tuple, str, int, float):
        if isinstance(value, kind):
            return kind(value)
    return value


def action_key(action: Action) -> tuple:
    """A hashable key of an action equal for equal actions (its items, sorted; lists as
    tuples): the declared table's lookup key, cheaper than canonical JSON."""
    items = []
    for k, v in action.items():
        if type(v) is list:
            v = tuple(tuple(x) if type(x) is list else x for x in v)
        elif type(v) is dict:
            v = action_key(v)
        items.append((k, v))
    items.sort()
    return tuple(items)


def space_digest(table: tuple[str, ...]) -> str:
    """The version stamp of an enumeration: a digest of its canonical JSON, in order."""
    return hashlib.sha256("\n".join(table).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Codec:
    """The fixed action and observation encoding of one game and config."""

    game_id: str
    config: GameConfig
    table: tuple[str, ...]
    """Canonical JSON of the actions with a fixed index."""
    overflow: int
    features: tuple[str, ...]
    declared: bool
    simultaneous: bool
    """Whether the probe met a decision point with several seats at once."""
    max_steps: int
    """The longest probe game, in single-seat actions."""
    actions: tuple[Action, ...] = ()
    """The declared actions themselves (index -> action), empty for a probed table."""
    encoder: ObservationEncoder | None = field(default=None, compare=False, repr=False)
    """The game's declared observation spec, compiled; ``None``: the probed features."""
    _index: dict[Any, int] = field(default_factory=dict, compare=False, repr=False)
    _feature_index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    _by_id: dict[int, tuple[Action, int]] = field(default_factory=dict, compare=False,
                                                  repr=False)
    _by_items: dict[tuple, int] = field(default_factory=dict, compare=False, repr=False)
    _sets: dict[tuple[int, ...], tuple[list[Action], dict[int, Action], np.ndarray]] = field(
        default_factory=dict, compare=False, repr=False)
    direct: Callable[[GameState, int, Any], None] | None = field(default=None, compare=False,
                                                                 repr=False)
    key: Callable[[Action], Any] | None = field(default=None, compare=False, repr=False)
    """The game's action key (``action_key`` in ``games/<id>/space.py``): a cheap hashable
    key, distinct for distinct declared actions, by which a legal action's index is found
    (for games that make their actions afresh: geometry); ``None``: by identity / items."""
    _by_key: dict[Any, int] = field(default_factory=dict, compare=False, repr=False)
    legal_key: Callable[[GameState, int], Any] | None = field(default=None, compare=False,
                                                              repr=False)
    """The game's legal key (``legal_key`` in ``games/<id>/space.py``): a hashable key of
    ``(state, seat)`` that fixes the seat's legal actions, by which :meth:`legal_of` finds
    them remembered (for games that make their actions afresh: geometry); ``None``: none."""
    _key_sets: dict[Any, tuple[dict[int, Action], np.ndarray]] = field(
        default_factory=dict, compare=False, repr=False)
    """The game's direct encoder (``direct_encoder`` in ``games/<id>/space.py``): a seat's
    observation written from the state without building its view; ``None``: none."""

    def __post_init__(self) -> None:
        if self.declared:
            self._index.update({action_key(a): i for i, a in enumerate(self.actions)})
            if len(self._index) != len(self.actions):
                raise ValueError(f"{self.game_id}: action_space(config) lists an action twice")
            if self.key is not None:
                self._by_key.update({self.key(a): i for i, a in enumerate(self.actions)})
                if len(self._by_key) != len(self.actions):
                    raise ValueError(f"{self.game_id}: action_key gives two declared actions "
                                     "the same key")
        else:
            self._index.update({key: i for i, key in enumerate(self.table)})
        self._feature_index.update({key: i for i, key in enumerate(self.features)})

    @property
    def num_actions(self) -> int:
        return len(self.table) + self.overflow + 1

    @property
    def noop(self) -> int:
        """The index a seat that is not asked sends."""
        return len(self.table) + self.overflow

    @property
    def obs_size(self) -> int:
        return len(self.features)

    @property
    def space_version(self) -> str:
        """Changes exactly when the enumeration (its actions or their order) changes."""
        return space_digest(self.table) if self.declared else "probed-" + space_digest(
            self.table)

    def meaning(self, index: int) -> str:
        """What index ``index`` stands for: the action's canonical JSON, or ``noop``."""
        if index == self.noop:
            return "noop"
        if index < len(self.table):
            return self.table[index]
        return f"overflow slot {index - len(self.table)}"

    # ---- actions ----------------------------------------------------------------------

    def index_of(self, action: Action) -> int:
        """The declared index of a legal action (a dictionary read for a shared action
        object the game hands out again and again)."""
        found = self._by_id.get(id(action))
        if found is not None and found[0] is action:
            return found[1]
        try:  # a new object of an action met before (geometry makes them afresh): its items
            items = tuple(action.items())
            return self._by_items[items]
        except KeyError:
            pass
        except TypeError:  # a list among the values: as a tuple
            try:
                items = tuple((k, tuple(v) if type(v) is list else v)
                              for k, v in action.items())
                return self._by_items[items]
            except KeyError:
                pass
            except TypeError:  # deeper lists or dicts: by action_key alone
                items = None
        i = self._index.get(action_key(action))
        if i is None:
            raise ValueError(f"{self.game_id}: legal action {canonical(action)} is not in "
                             "the game's declared action_space(config)")
        if items is not None and len(self._by_items) < 4 * len(self.table) + 4096:
            self._by_items[items] = i  # equal items in the same order: the same action
        by_id = self._by_id
        if len(by_id) >= 4 * len(self.table) + 4096:  # fresh objects (geometry): start over
            by_id.clear()
        by_id[id(action)] = (action, i)  # the entry keeps the object, so its id stays its own
        return i

    def legal_indices(self, legal: list[Action]) -> dict[int, Action]:
        """Index -> action for a seat's legal actions, ascending by index."""
        if self.declared:
            key = self.key
            if key is not None:
                by_key = self._by_key
                try:  # indices are distinct: the actions themselves are never compared
                    return dict(sorted([(by_key[key(a)], a) for a in legal]))
                except (KeyError, TypeError, IndexError):
                    pass  # not a declared action's key: index_of says which and why
            index_of = self.index_of
            return dict(sorted((index_of(a), a) for a in legal))
        out: dict[int, Action] = {}
        extra: list[tuple[str, Action]] = []
        for action in legal:
            key = canonical(action)
            i = self._index.get(key)
            if i is None:
                extra.append((key, action))
            else:
                out[i] = action
        if extra:
            if len(extra) > self.overflow:
                raise ValueError(
                    f"{self.game_id}: {len(extra)} legal actions outside the probed table, "
                    f"more than the {self.overflow} overflow slots")
            for slot, (_, action) in enumerate(sorted(extra, key=lambda e: e[0])):
                out[len(self.table) + slot] = action
        return dict(sorted(out.items()))

    def legal_set(self, legal: list[Action]) -> tuple[dict[int, Action], np.ndarray]:
        """:meth:`legal_indices` and its mask (:meth:`mask_of`), remembered for a list of
        the same action objects (games hand out the same few lists again and again):
        the mask is the caller's to copy, not to change."""
        if self.key is not None:  # fresh objects every time (geometry): no remembering
            indices = self.legal_indices(legal)
            return indices, self.mask_of(indices)
        key = tuple(map(id, legal))
        found = self._sets.get(key)
        if found is not None:
            return found[1], found[2]
        indices = self.legal_indices(legal)
        mask = self.mask_of(indices)
        if len(self._sets) >= 4096:  # fresh objects every time (geometry): start over
            self._sets.clear()
        self._sets[key] = (list(legal), indices, mask)  # kept: the ids stay their own
        return indices, mask

    def legal_of(self, game: Game, state: GameState, seat: int
                 ) -> tuple[dict[int, Action], np.ndarray]:
        """``seat``'s legal indices -> actions and their mask in ``state``: the
        :meth:`legal_set` of ``game.legal_actions(state, seat)``, or, for a game with a
        legal key, the one remembered for the key (the actions of the first state with
        that key: equal to this state's, tested; neither to be changed)."""
        legal_key = self.legal_key
        if legal_key is None:
            return self.legal_set(game.legal_actions(state, seat))
        key = legal_key(state, seat)
        found = self._key_sets.get(key)
        if found is None:
            found = self.legal_set(game.legal_actions(state, seat))
            if len(self._key_sets) >= 65536:
                self._key_sets.clear()
            self._key_sets[key] = found
        return found

    def mask_of(self, indices: Iterable[int]) -> np.ndarray:
        """The action mask (int8) of these legal indices, or only ``noop`` if none."""
        flags = bytearray(self.num_actions)  # a bytearray's item store: no NumPy call
        none = True
        for i in indices:
            flags[i] = 1
            none = False
        if none:  # (not any(flags): a pass over every index, hundreds in geometry)
            flags[self.noop] = 1
        return np.frombuffer(flags, np.int8)

    def mask(self, legal: list[Action]) -> np.ndarray:
        """The action mask (int8): 1 for each legal index, or only ``noop`` if none."""
        return self.mask_of(self.legal_indices(legal))

    # ---- observations -----------------------------------------------------------------

    def log_feed(self, seat: int) -> SeatLog | NoLog:
        """What an env reads ``seat``'s log through for its views (``view_with_log``): the
        seat's log kept incrementally, or, where the observation leaves the log out (every
        declared game), :class:`NoLog`, so a view's log is not built only to be skipped."""
        if self.encoder is not None and self.encoder.leaves_out(DROPPED_KEYS):
            return NoLog(seat)
        return SeatLog(seat)

    def observe_state(self, game: Game, state: GameState, seat: int,
                      seat_log: SeatLog | NoLog | None = None,
                      out: np.ndarray | None = None) -> np.ndarray:
        """The observation vector of ``seat`` in ``state`` (written into ``out``, a float32
        vector of ``obs_size``, if given): by the game's direct encoder where it has one
        (no view built: the same vector, tested), else - or where the direct encoder
        refuses the state - of its view (read through ``seat_log``, see :meth:`log_feed`),
        which encodes it or raises the precise error."""
        direct = self.direct
        if direct is not None:
            buffer = self.encoder.zeros()
            try:
                direct(state, seat, buffer)
                return self.encoder.finish(buffer, out)
            except Exception:  # a state the direct encoder does not know: its view decides
                pass
        view = view_with_log(game, state, seat_log if seat_log is not None
                             else self.log_feed(seat))
        return self.observe(view, seat, self.config.players, out)

    def observe(self, view: Mapping[str, Any], seat: int | None = None,
                players: int | None = None, out: np.ndarray | None = None) -> np.ndarray:
        """The observation vector of ``seat``'s view (``players`` seats at the table),
        written into ``out`` (a float32 vector of ``obs_size``) if given."""
        if self.encoder is not None:
            return self.encoder.encode(view, seat, self.config.players if players is None
                                       else players, out)
        vec = np.zeros(self.obs_size, dtype=np.float32) if out is None else out
        vec[:] = 0.0
        for key, value in flatten_view(view):
            i = self._feature_index.get(key)
            if i is not None:
                vec[i] = value
        return vec


class NoLog:
    """A log feed (for ``view_with_log``) that reads nothing: the view's log is ``[]``.
    For observations that leave the log out, it is the same vector without the cost of
    the log (``tests/rl/test_env_golden.py`` compares with full views)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int | None) -> None:
        self.seat = seat

    def sync(self, state: GameState) -> tuple[()]:
        return ()


def win_shares(game: Game, state: GameState) -> list[float]:
    """Each seat's share of the win (1/k for each of k winners, 0 otherwise): the figure the
    lab reports, so agents and the lab agree on what winning means."""
    result = game.result(state)
    n = game.players(state)
    k = len(result.winners)
    return [1.0 / k if s in result.winners else 0.0 for s in range(n)]


@cache
def _codec(game: Game, config_json: str) -> Codec:
    config = game.make_config(json.loads(config_json))
    declared = game.action_space(config)
    encoder = _encoder(game, config_json)
    seen: set[str] = set()
    features: set[str] = set()
    most_legal, max_steps, simultaneous = 0, 0, False
    for i in range(PROBE_GAMES):
        seed = derive_seed(PROBE_SEED, game.id, i)
        rng = random.Random(seed)
        state = game.setup(config, seed)
        n = game.players(state)
        steps = 0
        while True:
            seats = game.to_move(state)
            simultaneous = simultaneous or len(seats) > 1
            seat = seats[rng.randrange(len(seats))] if seats else None
            if seat is not None:
                legal = game.legal_actions(state, seat)
                most_legal = max(most_legal, len(legal))
                seen.update(canonical(a) for a in legal)
            # The acting seat's view every step, everyone's every few steps and at the end:
            # a view costs as much as the log it carries, and the rest changes slowly.
            # (A game that declares its observations needs none of them.)
            watch = () if encoder is not None else (
                range(n) if seat is None or steps % 8 == 0 else (seat,))
            for s in watch:
                features.update(key for key, _ in flatten_view(game.view(state, s)))
            if seat is None:
                break
            game.apply_in_place(state, seat, rng.choice(legal), check=False)
            steps += 1
            if steps > PROBE_MAX_STEPS:
                raise RuntimeError(f"{game.id}: a random game did not end in "
                                   f"{PROBE_MAX_STEPS} steps")
        max_steps = max(max_steps, steps)
    if declared is not None:
        actions = tuple(declared)
        table = tuple(canonical(a) for a in actions)
        overflow = 0
    else:
        actions = ()
        table = tuple(sorted(seen))
        overflow = 2 * most_legal
    return Codec(game_id=game.id, config=config, table=table, overflow=overflow,
                 features=encoder.features if encoder is not None else tuple(sorted(features)),
                 declared=declared is not None, simultaneous=simultaneous,
                 max_steps=max_steps, actions=actions, encoder=encoder,
                 direct=direct_encoder(game, config),
                 key=getattr(game._sibling_module("space"), "action_key", None)
                 if declared is not None else None,
                 legal_key=getattr(game._sibling_module("space"), "legal_key", None)
                 if declared is not None else None)


def direct_encoder(game: Game, config: Mapping[str, Any] | GameConfig | None = None
                   ) -> Callable[[GameState, int, Any], None] | None:
    """The game's direct encoder for ``config`` (``direct_encoder(config, at)`` in
    ``games/<id>/space.py``, ``at(name)`` the index of a feature of the declared spec;
    it returns ``encode(state, seat, out)``, writing ``seat``'s observation into a zeroed
    buffer of ``ObservationEncoder.zeros``), or ``None``: the game has none, or declares
    no observation spec. Tested equal to the encoding of the seat's view
    (``tests/rl/test_direct_encoders.py``)."""
    cfg = game.make_config(config)
    encoder = observation_encoder(game, cfg)
    make = getattr(game._sibling_module("space"), "direct_encoder", None)
    if encoder is None or make is None:
        return None
    index = {name: i for i, name in enumerate(encoder.features)}
    return make(cfg, index.__getitem__)


def codec_for(game: Game, config: Mapping[str, Any] | GameConfig | None = None) -> Codec:
    """The (cached) encoding of ``game`` with ``config``."""
    cfg = game.make_config(config)
    return _codec(game, canonical(cfg.model_dump()))


@cache
def _encoder(game: Game, config_json: str) -> ObservationEncoder | None:
    spec = game.observation_spec(game.make_config(json.loads(config_json)))
    return None if spec is None else ObservationEncoder(spec, game.max_players)


def observation_encoder(game: Game, config: Mapping[str, Any] | GameConfig | None = None
                        ) -> ObservationEncoder | None:
    """The (cached) compiled observation spec of ``game`` with ``config``, or ``None``
    when the game declares none."""
    cfg = game.make_config(config)
    return _encoder(game, canonical(cfg.model_dump()))
