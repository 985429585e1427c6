"""The state of one game of cat. Everything is plain lists/dicts so ``copy`` is cheap.

A ``__slots__`` class (not a dataclass): a search bot reads these fields millions of times
and builds a state per imagined world, so attribute access and construction are kept to
the minimum Python allows. Equality and ``repr`` are written out as a dataclass would make
them.
"""

from __future__ import annotations

import random
from typing import Any

from boardlab.engine.protocol import Event, GameState
from boardlab.engine.rng import copy_rng
from boardlab.games.cat.config import CatConfig

_FIELDS = ("cfg", "rng", "phase", "station", "hands", "piles", "discard", "lanes", "fish",
           "fun", "roles", "role_uses", "cats_played", "pending", "exposures", "house_bill",
           "final", "log")


class CatState(GameState):
    """One game of cat.

    ``n`` (the seat count) is fixed at creation: no rule adds or removes a seat.
    ``rule_numbers`` is :func:`rule_numbers` of the config, read once: the config's
    ``effective_*`` are properties, and every round's close reads them.

    The generator may be *pending*: a determinized world gets ``random.Random(seed)``
    (``with_seed``), which is only built when the world first reads ``rng`` - with the
    default ``draw_mode="choose"`` the rules never draw from the state's generator after
    setup, so most imagined worlds never pay the ~5 µs a Mersenne Twister's seeding costs.
    Reading ``rng`` gives exactly the generator ``random.Random(seed)`` would have been.
    """

    __slots__ = ("cfg", "_rng", "_rng_seed", "phase", "station", "hands", "piles", "discard",
                 "lanes", "fish", "fun", "roles", "role_uses", "cats_played", "pending",
                 "exposures", "house_bill", "final", "log", "n", "rule_numbers")

    def __init__(
        self,
        cfg: CatConfig,
        rng: random.Random,
        phase: str = "draw",  # "draw" (fill hands) | "play" (secret plays) | "over"
        station: int = 1,  # the round being played = the car's station
        hands: list[list[str]] | None = None,
        piles: dict[str, list[str]] | None = None,  # top card is the LAST item
        discard: list[str] | None = None,  # played cards, face up
        lanes: dict[str, list[int]] | None = None,  # room -> mess per seat
        fish: dict[str, int] | None = None,  # room -> ownerless mess
        fun: list[int] | None = None,  # the score track (exposures included)
        roles: list[str | None] | None = None,
        role_uses: list[int] | None = None,  # uses left
        cats_played: list[int] | None = None,
        pending: dict[int, dict[str, Any]] | None = None,  # hidden until reveal
        exposures: list[dict[str, Any]] | None = None,
        house_bill: int = 0,  # variant D: what the house has paid together
        final: dict[str, Any] | None = None,  # the settlement, once over
        log: list[Event] | None = None,
    ) -> None:
        self.cfg = cfg
        self._rng: random.Random | None = rng
        self._rng_seed: int = 0
        self.phase = phase
        self.station = station
        self.hands: list[list[str]] = [] if hands is None else hands
        self.piles: dict[str, list[str]] = {} if piles is None else piles
        self.discard: list[str] = [] if discard is None else discard
        self.lanes: dict[str, list[int]] = {} if lanes is None else lanes
        self.fish: dict[str, int] = {} if fish is None else fish
        self.fun: list[int] = [] if fun is None else fun
        self.roles: list[str | None] = [] if roles is None else roles
        self.role_uses: list[int] = [] if role_uses is None else role_uses
        self.cats_played: list[int] = [] if cats_played is None else cats_played
        self.pending: dict[int, dict[str, Any]] = {} if pending is None else pending
        self.exposures: list[dict[str, Any]] = [] if exposures is None else exposures
        self.house_bill = house_bill
        self.final = final
        self.log: list[Event] = [] if log is None else log
        self.n = len(self.hands)
        self.rule_numbers = rule_numbers(cfg)

    # ---- the generator -----------------------------------------------------------------

    @property
    def rng(self) -> random.Random:  # type: ignore[override]
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def with_seed(self, seed: int) -> None:
        """Give the state the generator ``random.Random(seed)``, built on first use."""
        self._rng, self._rng_seed = None, seed

    # ---- copies ------------------------------------------------------------------------

    def copy(self, rng: random.Random | None = None) -> CatState:
        """An independent copy; ``rng`` replaces the generator instead of copying ours
        (``determinize`` draws a fresh one)."""
        new = _new(CatState)
        new.cfg = self.cfg
        if rng is not None:
            new._rng, new._rng_seed = rng, 0
        elif self._rng is None:  # still pending: the copy builds the same one when used
            new._rng, new._rng_seed = None, self._rng_seed
        else:
            new._rng, new._rng_seed = copy_rng(self._rng), 0
        new.phase, new.station, new.n = self.phase, self.station, self.n
        new.rule_numbers = self.rule_numbers
        new.hands = [list(h) for h in self.hands]
        new.piles = {k: list(v) for k, v in self.piles.items()}
        new.discard = list(self.discard)
        new.lanes = {k: list(v) for k, v in self.lanes.items()}
        new.fish = dict(self.fish)
        new.fun = list(self.fun)
        new.roles = list(self.roles)
        new.role_uses = list(self.role_uses)
        new.cats_played = list(self.cats_played)
        new.pending = {k: dict(v) for k, v in self.pending.items()}
        new.exposures = list(self.exposures)  # entries are never mutated after creation
        new.house_bill, new.final = self.house_bill, self.final
        new.log = list(self.log)
        return new

    # ---- what a dataclass would give -----------------------------------------------------

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass with eq

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"CatState({inner})"

    # ---- derived figures ---------------------------------------------------------------

    def room_total(self, room: str) -> int:
        return sum(self.lanes[room]) + self.fish[room]

    def mess_held(self, seat: int) -> int:
        return sum(self.lanes[r][seat] for r in self.lanes)


def rule_numbers(cfg: CatConfig) -> tuple[int, int, int]:
    """(seal station, exposure line, last station) after the variants: the config's
    ``effective_seal``, ``effective_line`` and ``effective_stations``."""
    return cfg.effective_seal, cfg.effective_line, cfg.effective_stations


_new = object.__new__
