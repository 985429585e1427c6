"""What the engine hands a bot at one decision: the seat's view (built when read), its legal
actions, its own seeded generator and - for search bots - ``sample_world``.

The contexts live in the engine (the engine makes one per decision and must not import
``bots``); :mod:`boardlab.bots.base` re-exports them for bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from boardlab.engine.protocol import Action, SeatLog, view_with_log


def reads_log(bot: Any) -> bool:
    """Whether ``bot`` reads its view's log: its ``reads_log`` attribute, True unless the
    bot declares ``reads_log = False``. A bot that declares it gets views whose log is
    empty (:class:`NoLog`), which saves turning every event into words for it."""
    return getattr(bot, "reads_log", True) is not False


class NoLog(SeatLog):
    """The log of a seat whose bot does not read it (``reads_log = False``): always empty.

    Given where a :class:`SeatLog` goes (``view_with_log``), the game's ``visible_log``
    returns ``[]``, so the view holds an empty log and no event is turned into JSON or
    words for it. It shows less than the seat may see, never more: hidden information is
    unchanged, and the bot, which never reads the log, chooses as it would with it."""

    __slots__ = ()

    def sync(self, state: Any) -> list[dict[str, Any]]:
        return []

    def fork(self, state: Any, copy: Any) -> NoLog:
        return NoLog(self.seat)

    def new_entries(self, state: Any) -> list[dict[str, Any]]:
        return []


def seat_log_for(bot: Any, seat: int) -> SeatLog:
    """The log a bot at ``seat`` is given: kept incrementally, or empty when the bot
    declares it does not read it."""
    return SeatLog(seat) if reads_log(bot) else NoLog(seat)


class DecisionContext:
    """One decision of one seat: what the bot may know.

    ``view`` may be given, or built lazily by ``make_view`` on first read."""

    __slots__ = ("game", "seat", "legal", "rng", "_view", "_make_view", "_sample_world",
                 "_state", "_seat_log")

    def __init__(
        self,
        game: Any,
        seat: int,
        view: dict[str, Any] | None = None,
        legal: list[Action] | None = None,
        rng: random.Random | None = None,
        _sample_world: Callable[[random.Random], Any] | None = None,
        *,
        make_view: Callable[[], dict[str, Any]] | None = None,
        state: Any = None,
        seat_log: Any = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.legal: list[Action] = legal if legal is not None else []
        self.rng: random.Random = rng if rng is not None else random.Random(0)
        self._view = view
        self._make_view = make_view
        self._sample_world = _sample_world
        # The engine's fast path: the real state, used only to build the view and sample
        # worlds on demand (bots never see it).
        self._state = state
        self._seat_log = seat_log

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            if self._make_view is not None:
                self._view = self._make_view()
            elif self._state is not None:
                self._view = self._state_view()
            else:
                raise RuntimeError("this decision carries no view")
        return self._view

    def _state_view(self) -> dict[str, Any]:
        if self._seat_log is None or self._seat_log.seat != self.seat:
            return self.game.view(self._state, self.seat)
        return view_with_log(self.game, self._state, self._seat_log)

    @view.setter
    def view(self, value: dict[str, Any]) -> None:
        self._view = value

    @property
    def view_built(self) -> bool:
        """Whether the view has been built (tests and benchmarks check laziness)."""
        return self._view is not None

    def sample_world(self) -> Any:
        """A state consistent with this seat's view (hidden information re-dealt)."""
        if self._sample_world is not None:
            return self._sample_world(self.rng)
        if self._state is not None:
            return self.game.determinize(self._state, self.seat, self.rng)
        raise RuntimeError("this decision offers no world sampling")


class StateContext(DecisionContext):
    """The engine's context for one decision: view and worlds come from the real state
    (see :class:`DecisionContext`). The same object as ``DecisionContext(game, seat,
    None, legal, rng, None, state=state, seat_log=seat_log)``, built with positional
    arguments only: it is made at every decision of every game, and keyword parsing and
    defaults were a measurable part of a random bot's decision."""

    __slots__ = ()

    def __init__(self, game: Any, seat: int, legal: list[Action], rng: random.Random,
                 state: Any, seat_log: Any) -> None:
        self.game = game
        self.seat = seat
        self.legal = legal
        self.rng = rng
        self._view = None
        self._make_view = None
        self._sample_world = None
        self._state = state
        self._seat_log = seat_log
