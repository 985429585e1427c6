"""The one protocol every boardlab game implements.

A game is data plus pure functions:

* a **config** (a pydantic model with at least ``players``), validated with clear errors;
* a **seeded setup** ``setup(config, seed, overrides)`` - all later randomness comes from the
  generator stored in the state (``state.rng``);
* the **decision point** ``to_move(state)``: the seats that must choose now. Several seats at
  once means a simultaneous secret choice: each of them submits one action, in any order;
  the game keeps the submitted ones hidden in its state and resolves when the last arrives;
* the **legal choices** ``legal_actions(state, seat)`` - JSON objects with a ``"type"`` key,
  enumerable for bots - and ``check_action`` for a choice that arrives from outside;
* **applying** one seat's choice, ``apply(state, seat, action) -> (new_state, events)``;
  events explain what happened in zh and en and say who may see them;
* a **per-seat view** ``view(state, seat)`` (``seat=None`` is a spectator) holding only what
  that seat may see, JSON-able;
* the **result** (scores, winners, why the game ended, game-specific summary figures);
* ``facts(state)``: the full-information dictionary scripted scenarios check against.

A whole game is serialised as config + seed + setup overrides + the list of (seat, action):
see :class:`GameRecord`. Replaying it gives the same states, because every random draw comes
from the state's own generator.

Seats are numbered ``0 .. players-1``.
"""

from __future__ import annotations

import copy
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from boardlab.engine.errors import ConfigError, IllegalAction, ReplayError

if TYPE_CHECKING:
    from boardlab.bots.base import Bot

Text = dict[str, str]
"""A message in every language boardlab speaks: ``{"zh": ..., "en": ...}``."""

Action = dict[str, Any]
"""One seat's choice: a JSON object with a ``"type"`` key and the type's parameters."""

LANGUAGES = ("zh", "en")
"""Every event and label carries these languages."""


def text(zh: str, en: str) -> Text:
    """A bilingual message."""
    return {"zh": zh, "en": en}


def seat_ref(seat: int) -> str:
    """How event texts name a seat: ``P1`` .. ``Pn``, counted from 1 as people count (the web
    shows a player's own name in its place)."""
    return f"P{seat + 1}"


def seat_refs(seats: Iterable[int], lang: str = "en") -> str:
    """Several seats in words (``P1、P3`` / ``P1, P3``; ``无`` / ``none`` for no seat)."""
    names = [seat_ref(s) for s in seats]
    if not names:
        return "无" if lang == "zh" else "none"
    return ("、" if lang == "zh" else ", ").join(names)


def canonical(value: Any) -> str:
    """A stable JSON spelling of a JSON-able value (sorted keys), for comparing actions."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


_JSON_TYPES = frozenset({dict, list, tuple, str, int, float, bool, type(None)})


def same_json(a: Any, b: Any) -> bool:
    """``canonical(a) == canonical(b)`` without serialising either (the legality hot path).

    Exactly the JSON comparison: ``True`` differs from ``1`` and ``1`` from ``1.0``, a tuple
    equals the list with the same items. Anything outside plain JSON types falls back to
    :func:`canonical`, so the answer (or the error) is always the one it would give."""
    if a is b:
        return True
    ta, tb = type(a), type(b)
    if ta is tb:
        if ta is dict:
            if len(a) != len(b):
                return False
            for k, v in a.items():
                if k not in b or type(k) is not str:
                    return canonical(a) == canonical(b)
                if not same_json(v, b[k]):
                    return False
            return True
        if ta is str or ta is int or ta is bool:
            return a == b
        if ta is list or ta is tuple:
            return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
        if ta is float:
            return repr(a) == repr(b)
        if a is None:
            return True
    elif ta in _JSON_TYPES and tb in _JSON_TYPES:
        if (ta is list or ta is tuple) and (tb is list or tb is tuple):
            return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
        return False  # distinct plain JSON types never share a spelling
    return canonical(a) == canonical(b)


Words = Callable[..., tuple[str, str]]
"""Puts an event into words: called with the event's stored arguments, returns (zh, en)."""


class Event:
    """Something that happened, in words a player understands.

    ``visible_to`` is ``None`` for a public event, otherwise the seats that may see it
    (a private draw, a peek). Spectators see only public events.

    The words may be given ready (``text``) or **made when first read**: ``words`` is a
    function and ``args`` the values it needs, captured when the event happens (plain
    values, never the live state); ``text`` calls ``words(*args)`` on first access and keeps
    the result. A rollout that never reads its events' words never pays for them. Events
    are immutable values: equality compares kind, words, data and visibility.
    """

    __slots__ = ("kind", "data", "visible_to", "_text", "_words", "_args", "_json")

    def __init__(self, kind: str, text: Text | None = None,
                 data: Mapping[str, Any] | None = None,
                 visible_to: frozenset[int] | None = None, *,
                 words: Words | None = None, args: tuple = ()) -> None:
        if text is None and words is None:
            raise TypeError("an event needs its text or a words function")
        self.kind = kind
        self.data = {} if data is None else data
        self.visible_to = visible_to
        self._text = text
        self._words = words
        self._args = args
        self._json = None

    @property
    def text(self) -> Text:
        t = self._text
        if t is None:
            zh, en = self._words(*self._args)  # type: ignore[misc]
            t = self._text = {"zh": zh, "en": en}
        return t

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind == other.kind and self.data == other.data
                and self.visible_to == other.visible_to and self.text == other.text)

    __hash__ = None  # type: ignore[assignment]  # data is a dict: events are not hashable

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, text={self.text!r}, data={self.data!r}, "
                f"visible_to={self.visible_to!r})")

    def visible(self, seat: int | None) -> bool:
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": dict(self.text), "data": dict(self.data)}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    def shared_json(self) -> dict[str, Any]:
        """:meth:`to_json` made once and shared by every reader (every seat's log holds the
        same dictionary); readers must not change it."""
        out = self._json
        if out is None:
            out = self._json = self.to_json()
        return out


class SeatLog:
    """The log one seat may see, kept up to date incrementally.

    Each event is turned into JSON once, when it first appears, instead of the whole log
    at every view: :meth:`sync` looks only at the events appended since the last call. A
    state whose log is another list (a copy, a replay) or shorter than what was read
    starts the seat's log over. ``entries`` always equals ``game.visible_log(state, seat)``
    after ``sync(state)``; the dictionaries are shared between calls and must not be
    changed by their readers.
    """

    __slots__ = ("seat", "entries", "seen", "_log")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.entries: list[dict[str, Any]] = []
        self.seen = 0
        self._log: list[Event] | None = None

    def sync(self, state: GameState) -> list[dict[str, Any]]:
        log = state.log
        if log is not self._log or len(log) < self.seen:
            self._log, self.entries, self.seen = log, [], 0
        if len(log) > self.seen:
            seat, out = self.seat, self.entries
            for event in islice(log, self.seen, None):
                if event.visible(seat):
                    out.append(event.shared_json())
            self.seen = len(log)
        return self.entries

    def fork(self, state: GameState, copy: GameState) -> SeatLog:
        """This seat's log for ``copy``, a copy of ``state`` just made (the same events in
        a list of its own): brought up to ``state`` first, then following ``copy.log``
        with the entries read so far, so the copy's later syncs convert only the events
        added to it afterwards, not the whole log again."""
        entries = self.sync(state)
        new = SeatLog(self.seat)
        new.entries, new.seen, new._log = list(entries), self.seen, copy.log
        return new

    def new_entries(self, state: GameState) -> list[dict[str, Any]]:
        """Only the entries that appeared since the previous call (an incremental feed)."""
        before = len(self.entries) if state.log is self._log else 0
        return self.sync(state)[before:]


_LOG_FEED: ContextVar[tuple[Any, SeatLog] | None] = ContextVar("boardlab_log_feed",
                                                                default=None)


@contextmanager
def log_feed(state: GameState, seat_log: SeatLog):
    """While active, ``visible_log(state, seat_log.seat)`` reads ``seat_log`` incrementally
    instead of converting the whole log again: the same list of entries, built once per
    event. Every game whose ``view`` takes its log from :meth:`Game.visible_log` gets
    this without changing anything."""
    token = _LOG_FEED.set((state, seat_log))
    try:
        yield
    finally:
        _LOG_FEED.reset(token)


_new_event = Event.__new__


def view_with_log(game: Game, state: GameState, seat_log: SeatLog) -> dict[str, Any]:
    """``game.view(state, seat_log.seat)`` with its log read from ``seat_log`` - what
    :func:`log_feed` does, without a context manager's cost (every view a bot reads)."""
    token = _LOG_FEED.set((state, seat_log))
    try:
        return game.view(state, seat_log.seat)
    finally:
        _LOG_FEED.reset(token)


def _event(kind: str, message: Text | None, data: Mapping[str, Any],
           visible_to: frozenset[int] | None, words: Words | None = None,
           args: tuple = ()) -> Event:
    # Events are made at every step of every rollout: fill the slots directly (one
    # assignment per slot is cheaper than packing and unpacking tuples).
    event = _new_event(Event)
    event.kind = kind
    event.data = data
    event.visible_to = visible_to
    event._text = message
    event._words = words
    event._args = args
    event._json = None
    return event


def public(kind: str, zh: str, en: str, **data: Any) -> Event:
    return _event(kind, {"zh": zh, "en": en}, data, None)


def private(seats: Iterable[int], kind: str, zh: str, en: str, **data: Any) -> Event:
    return _event(kind, {"zh": zh, "en": en}, data, frozenset(seats))


def public_words(kind: str, words: Words, args: tuple, **data: Any) -> Event:
    """A public event whose zh/en words ``words(*args)`` are made only when read."""
    # _event spelt out: the most frequent event of most games' rollouts.
    event = _new_event(Event)
    event.kind = kind
    event.data = data
    event.visible_to = None
    event._text = None
    event._words = words
    event._args = args
    event._json = None
    return event


def private_words(seats: Iterable[int], kind: str, words: Words, args: tuple,
                  **data: Any) -> Event:
    """A private event whose zh/en words ``words(*args)`` are made only when read."""
    return _event(kind, None, data, frozenset(seats), words, args)


def public_words_data(kind: str, words: Words, args: tuple, data: dict[str, Any]) -> Event:
    """``public_words(kind, words, args, **data)`` with ``data`` given as the dictionary
    it would pack (a game's frequent events, built without keyword packing); the event
    keeps ``data`` itself, so the caller hands over a dictionary of its own."""
    return _event(kind, None, data, None, words, args)


class Result(BaseModel):
    """How a finished game came out."""

    model_config = ConfigDict(frozen=True)

    scores: list[float]
    winners: list[int]
    reason: Text
    summary: dict[str, Any] = Field(default_factory=dict)
    """Game-specific figures (exposure, dawn reached, bills, ...), JSON-able."""


_set_attr = object.__setattr__
_new_result = Result.__new__
# What trusted_result relies on about Result (checked once; otherwise it falls back to
# model_construct, which sets the same fields with pydantic's own bookkeeping).
_RESULT_PLAIN = (
    list(Result.model_fields) == ["scores", "winners", "reason", "summary"]
    and not any(f.alias or f.validation_alias for f in Result.model_fields.values())
    and Result.model_config.get("extra") != "allow"
    and not Result.__pydantic_root_model__ and not Result.__pydantic_post_init__)


def trusted_result(scores: list[float], winners: list[int], reason: Text,
                   summary: dict[str, Any]) -> Result:
    """``Result.model_construct(...)`` with every field given, for a game whose ``result``
    builds its fields with exactly the types ``Result`` validates to (fresh lists of floats
    and ints, a zh/en dict of strings, a fresh JSON summary): the four attributes set
    directly, since validating them would only copy them. Search playouts end in
    ``result``, so this is made thousands of times per decision
    (``tests/engine/test_trusted_result.py`` compares it with the validated model)."""
    if not _RESULT_PLAIN:
        return Result.model_construct(scores=scores, winners=winners, reason=reason,
                                      summary=summary)
    r = _new_result(Result)
    _set_attr(r, "__dict__", {"scores": scores, "winners": winners, "reason": reason,
                              "summary": summary})
    _set_attr(r, "__pydantic_fields_set__", {"scores", "winners", "reason", "summary"})
    _set_attr(r, "__pydantic_extra__", None)
    _set_attr(r, "__pydantic_private__", None)
    return r


class GameConfig(BaseModel):
    """Base of every game's config. Unknown keys are refused, so typos do not pass silently."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int


class GameState:
    """Base of every game's state.

    Holds the game's own generator and the event log. Subclasses add their fields; they may
    override :meth:`copy` with something cheaper than a deep copy.
    """

    rng: random.Random
    log: list[Event]

    def copy(self, rng: random.Random | None = None) -> GameState:
        """An independent copy; ``rng``, if given, is the copy's generator instead of a copy
        of ours (``determinize`` replaces it anyway). Overrides may drop ``rng``: only the
        game's own code passes it."""
        memo = {} if rng is None else {id(self.rng): rng}
        return copy.deepcopy(self, memo)


class GameRecord(BaseModel):
    """A whole game: everything needed to rebuild every state by replay."""

    model_config = ConfigDict(extra="forbid")

    game: str
    config: dict[str, Any]
    seed: int
    overrides: dict[str, Any] | None = None
    actions: list[tuple[int, Action]] = Field(default_factory=list)


C = TypeVar("C", bound=GameConfig)
S = TypeVar("S", bound=GameState)


class Game(ABC, Generic[C, S]):
    """A game: rules as pure functions over a state. One instance serves any number of games."""

    id: ClassVar[str]
    title: ClassVar[Text]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Config: ClassVar[type[GameConfig]]

    # ---- config -------------------------------------------------------------------------

    def make_config(self, raw: Mapping[str, Any] | GameConfig | None = None, **kw: Any) -> C:
        """Validate a config, raising :class:`ConfigError` that says what is wrong."""
        if isinstance(raw, self.Config) and not kw:
            return raw  # type: ignore[return-value]
        data = dict(raw.model_dump() if isinstance(raw, GameConfig) else (raw or {}))
        data.update(kw)
        if "players" not in data:
            default = self.Config.model_fields["players"].default
            data["players"] = default if isinstance(default, int) else self.min_players
        try:
            cfg = self.Config.model_validate(data)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'config'}: {err['msg']}"
                for err in exc.errors()
            )
            raise ConfigError(f"invalid {self.id} config: {problems}") from None
        if not self.min_players <= cfg.players <= self.max_players:
            raise ConfigError(
                f"{self.id} is for {self.min_players}-{self.max_players} players, "
                f"not {cfg.players}"
            )
        self.check_config(cfg)  # type: ignore[arg-type]
        return cfg  # type: ignore[return-value]

    def check_config(self, config: C) -> None:
        """Cross-field checks beyond the model (e.g. a variant that needs 5+ players)."""

    def config_schema(self) -> dict[str, Any]:
        """JSON schema of the options, for the lobby and the CLI."""
        return self.Config.model_json_schema()

    # ---- setup and decisions ------------------------------------------------------------

    @abstractmethod
    def setup(self, config: C, seed: int, overrides: Mapping[str, Any] | None = None) -> S:
        """The initial state. ``overrides`` fix what would be dealt at random (scenarios)."""

    @abstractmethod
    def to_move(self, state: S) -> list[int]:
        """Seats that must choose now, ascending; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every legal choice of ``seat`` now (empty if the seat need not choose)."""

    def random_action(self, state: S, seat: int, randbelow: Callable[[int], int]) -> Action:
        """``legal[randbelow(len(legal))]`` for ``legal = legal_actions(state, seat)``: the
        uniformly random choice of a rollout. A game may override it to build only the
        chosen action (an action id, as OpenSpiel's are), as long as it calls
        ``randbelow`` exactly once with the same count and returns an equal action
        (``tests/engine/test_fastpath.py`` checks every game); search bots then draw the
        same playouts either way."""
        legal = self.legal_actions(state, seat)
        return legal[randbelow(len(legal))]

    def finish_randomly(self, state: S, randbelow: Callable[[int], int], limit: int) -> None:
        """Play ``state`` on, in place and in quiet mode (nothing logged), with uniformly
        random choices until the game ends or ``limit`` steps were taken: at each step the
        first seat of ``to_move`` takes ``random_action(state, seat, randbelow)``. This is
        the rollout of search bots (``montecarlo``, ``ismcts``); the default is that loop
        (:func:`boardlab.engine.rollout.play_randomly`). A game may override it with a
        loop over its own state - no per-step ``to_move`` list, action or event - as long
        as it calls ``randbelow`` exactly as the loop does (same counts, same order) and
        leaves an equal state (``tests/engine/test_rollout.py`` checks every game)."""
        from boardlab.engine.rollout import play_randomly  # rollout imports this module

        play_randomly(self, state, randbelow, limit)

    def check_action(self, state: S, seat: int, action: Any) -> Action:
        """Return the action if ``seat`` may take it now, else raise :class:`IllegalAction`.

        The message says what was wrong and reveals nothing the seat may not see.
        """
        if self.is_over(state):
            raise IllegalAction("the game is over; no more choices are accepted")
        if not isinstance(seat, int) or not 0 <= seat < self.players(state):
            raise IllegalAction(f"there is no seat {seat!r} in this game")
        if not isinstance(action, dict):
            raise IllegalAction(
                f"an action must be a JSON object with a 'type', not {type(action).__name__}"
            )
        if seat not in self.to_move(state):
            raise IllegalAction(f"seat {seat} has nothing to decide now")
        legal = self.legal_actions(state, seat)
        for candidate in legal:
            if candidate is action or same_json(candidate, action):
                return candidate
        types = sorted({a.get("type", "?") for a in legal})
        kind = action.get("type")
        if kind not in types:
            raise IllegalAction(
                f"action type {kind!r} is not possible now; possible: {', '.join(types)}"
            )
        same = [a for a in legal if a.get("type") == kind]
        raise IllegalAction(
            f"{canonical(action)} is not a legal {kind!r} now; legal: "
            + ", ".join(canonical(a) for a in same[:12])
            + (" ..." if len(same) > 12 else "")
        )

    # ---- transitions --------------------------------------------------------------------

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Apply a checked action to ``state`` in place and return what happened."""

    def apply(self, state: S, seat: int, action: Any) -> tuple[S, list[Event]]:
        """Check and apply one seat's choice; the given state is left unchanged."""
        checked = self.check_action(state, seat, action)
        new = state.copy()
        events = self._apply(new, seat, checked)  # type: ignore[arg-type]
        new.log.extend(events)
        return new, events  # type: ignore[return-value]

    def apply_in_place(
        self, state: S, seat: int, action: Action, *, check: bool = True, log: bool = True
    ) -> list[Event]:
        """Like :meth:`apply` but mutates ``state`` (the simulation hot path).

        ``log=False`` is the quiet mode of rollouts: the events are returned but not kept
        in ``state.log`` (a search bot's imagined futures need no history)."""
        if check:
            action = self.check_action(state, seat, action)
        events = self._apply(state, seat, action)
        if log:
            state.log.extend(events)
        return events

    # ---- what seats see, and the end --------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), JSON-able, log included."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result:
        """The result of a finished game (raise ``ValueError`` if it is not over)."""

    def outcome(self, state: S) -> tuple[list[float], list[int]]:
        """``(scores, winners)`` of a finished game: the same lists as ``result(state)``'s
        fields, for search bots that value thousands of imagined endings and need nothing
        else of the result. The default builds the result; a game may override it with a
        cheaper one that gives equal lists (``tests/engine/test_fastpath.py`` compares them
        for every game)."""
        result = self.result(state)
        return result.scores, result.winners

    @abstractmethod
    def facts(self, state: S) -> dict[str, Any]:
        """Full-information figures that scenarios check (exposure, scores, hands, ...)."""

    @abstractmethod
    def players(self, state: S) -> int: ...

    def describe_action(self, state: S, seat: int, action: Action, lang: str = "en") -> str:
        """A short label for a button or a prompt."""
        return canonical(action)

    def action_space(self, config: C) -> list[Action] | None:
        """Every action that can ever be legal under ``config``, in a fixed order, or
        ``None``: the game does not enumerate them. ``boardlab.rl`` gives each declared
        action a fixed index (its position here).

        By default read from ``action_space(config)`` in the ``space`` module next to the
        game's rules (``games/<id>/space.py``), like :meth:`labels`; ``None`` when the game
        has none."""
        module = self._sibling_module("space")
        declare = getattr(module, "action_space", None)
        return None if declare is None else declare(config)

    def observation_spec(self, config: C) -> Any:
        """The shape of a seat's view, declared for ``boardlab.rl`` (see
        :mod:`boardlab.rl.observation`), or ``None``: the game declares none. By default
        read from ``observation_spec(config)`` in ``games/<id>/space.py``."""
        module = self._sibling_module("space")
        declare = getattr(module, "observation_spec", None)
        return None if declare is None else declare(config)

    def _sibling_module(self, name: str) -> Any:
        """The module ``name`` of the game's package (``games/<id>/<name>.py``), or
        ``None`` when there is none."""
        import importlib
        import sys

        module_name = type(self).__module__
        is_package = hasattr(sys.modules.get(module_name), "__path__")
        package = module_name if is_package else module_name.rpartition(".")[0]
        if not package:  # a game defined in a top-level module (tests)
            return None
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
            return None

    def visible_log(self, state: S, seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` may see, as JSON. Inside :func:`log_feed` for this state and
        seat, the incrementally kept copy (equal, without converting the whole log)."""
        feed = _LOG_FEED.get()
        if feed is not None and feed[0] is state and feed[1].seat == seat:
            return list(feed[1].sync(state))
        return [e.to_json() for e in state.log if e.visible(seat)]

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A copy of ``state`` in which everything ``seat`` cannot see is re-dealt at random
        consistently with what it can see. Search bots plan on such copies, never on the
        real state. Games with hidden information override this."""
        raise NotImplementedError(f"{self.id} does not support determinization yet")

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """Bots for this game by name (the game-independent ones are added by the registry)."""
        return {}

    def default_bots(self, players: int) -> list[str]:
        """The bot names ``simulate``, the lab and the lobby seat by default, one per seat
        before any balanced re-seating: the styles the rulebook describes, never random play.
        Games override this; the fallback is only for games with no bots of their own."""
        own = list(self.bots())
        return [own[i % len(own)] for i in range(players)] if own else ["random"] * players

    def style_mix(self, players: int) -> list[str]:
        """The bots ``simulate`` and the lab play when none are named: every style the
        rulebook describes, which the lab's balanced design rotates through the seats (so a
        game with five styles at three seats meets all ten triples). It may list more names
        than seats; :meth:`default_bots` stays one name per seat for the lobby and terminal.
        Default: :meth:`default_bots`."""
        return self.default_bots(players)

    def changeable(self, state: S, seat: int) -> bool:
        """Whether ``seat``'s latest choice may still be replaced by another: a sealed
        choice of a simultaneous window that is still open (not every seat has chosen, so
        nothing it leads to has been revealed to anyone). The web server then replays the
        table's record with the new choice in the old one's place: every other seat's view
        stays exactly as it was, and the record keeps only the final choice. Games declare it
        for their sealed windows; by default no choice can be changed."""
        return False

    def undoable(self, before: S, seat: int, action: Action, after: S) -> bool:
        """Whether ``seat``'s choice ``action`` (from ``before``, which it leads to ``after``)
        revealed nothing new - nothing hidden turned face up, no card drawn, no die rolled,
        no random outcome - so that it may be taken back while the turn goes on (the rule
        Board Game Arena uses). The web server holds such a choice for its seat alone: the
        other seats and spectators see the table as it was at the turn's undo point until
        the seat makes a choice that is not undoable (or its turn ends), and then every
        choice at once; an undo rewinds to that point and nobody else can tell. The server
        also requires the seat to be the only one to move before and after, and the game not
        over. Games declare it per action; by default nothing is undoable."""
        return False

    def labels(self) -> dict[str, Any]:
        """The game's words for screens, each a :data:`Text`, grouped by kind: ``actions``
        (action types), ``phases``, ``summary`` (result-summary keys), ``values`` (words for
        summary/option values such as ``"dawn"``), ``options`` (config keys), ``bots`` (bot
        names), ``rules`` (``turn``: the turn in short; ``phases``: each phase explained;
        ``glossary``: ``[icon, Text]`` pairs for every role, item and card).

        By default read from ``LABELS`` in the ``texts`` module next to the game's rules
        (``games/<id>/texts.py``); empty when the game has none yet."""
        import importlib
        import sys

        module_name = type(self).__module__
        is_package = hasattr(sys.modules.get(module_name), "__path__")
        package = module_name if is_package else module_name.rpartition(".")[0]
        if not package:  # a game defined in a top-level module (tests) has no texts
            return {}
        try:
            module = importlib.import_module(package + ".texts")
        except ModuleNotFoundError as exc:
            if exc.name != package + ".texts":
                raise
            return {}
        return copy.deepcopy(getattr(module, "LABELS", {}))

    # ---- records ------------------------------------------------------------------------

    def new_game(
        self, config: Mapping[str, Any] | GameConfig | None, seed: int,
        overrides: Mapping[str, Any] | None = None,
    ) -> S:
        return self.setup(self.make_config(config), int(seed), overrides)

    def replay(self, record: GameRecord, upto: int | None = None) -> S:
        """Rebuild the state after the first ``upto`` actions of ``record`` (all by default)."""
        if record.game != self.id:
            raise ReplayError(f"record is for game {record.game!r}, not {self.id!r}")
        state = self.new_game(record.config, record.seed, record.overrides)
        for i, (seat, action) in enumerate(record.actions[:upto]):
            try:
                self.apply_in_place(state, seat, action)
            except IllegalAction as exc:
                raise ReplayError(f"action {i} (seat {seat}) cannot be replayed: {exc}") from None
        return state

