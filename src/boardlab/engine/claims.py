"""The claim register: every numeric or comparative statement of a rulebook, as plain data.

A game lists its rulebook's claims in ``games/<id>/claims.py`` as ``REGISTER = Register(...)``.
Each :class:`Claim` says where the book says it (``section``), in the book's words
(``quote``), in plain English (``english``), of what ``kind`` it is, the ``published`` value,
and *how ours is computed* (``check``), one of:

* :class:`Replay` - a worked example replayed from ``scenarios/<game>/``; holds when every
  number the scenario expects comes out;
* :class:`Formula` - a pure function over the game's config and data (no play); fixed by
  construction, so it is compared exactly (or within ``tolerance``), never with an interval;
* :class:`Search` - a bound ("always", "never", "at least") checked by a bounded search over
  legal play for a counterexample; :class:`Counterexample` - one found by hand and written
  as a scenario (the claim is contradicted when the scenario replays as written);
* :class:`Simulate` - a figure of typical play, a metric over games played by named stand-in
  bots, compared with the published value within a margin (equivalence test);
* :class:`Paired` - "X is cheaper / wins more than Y": the same seeds played under two
  settings, compared pairwise (McNemar for yes/no, Wilcoxon for scores);
* :class:`Enumerate` - a figure of chance alone (a deal, a draw, a die): every chance
  outcome enumerated with its exact probability (:mod:`boardlab.engine.chance`), so the
  claim is *proved* - holds or contradicted by the exact figure, no games, no interval;
* :class:`NotCheckable` - with the reason.

This module is data only: it imports nothing from the lab, so ``games/`` stays rules plus
data and the lab reads registers (docs/claims.md has the format and a worked example).

A *row* is one simulated game as the lab hands it to the functions here::

    {"index": 0, "seed": 123, "players": 4, "options": {...}, "bots": ["a", ...],
     "roles": [...] or None, "scores": [...], "winners": [...], "summary": {...}}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Row = dict[str, Any]
Facts = dict[str, Any]

Kind = Literal["worked_example", "arithmetic", "bound", "strategy", "published_table"]
KINDS: tuple[str, ...] = ("worked_example", "arithmetic", "bound", "strategy",
                          "published_table")

# Equivalence margins per kind when a claim gives none (docs/audit.md says why): ours is
# "the same" as the book's figure when within this fraction of it (of the rarer side, p or
# 1 - p, for a rate), plus half a unit of the book's last printed digit (the book's own
# precision). Bounds ("at least / at most") and ranges are tested exactly as stated.
RELATIVE_MARGIN = {"strategy": 0.10, "published_table": 0.10}

Basis = Literal["book", "stand_in"]
"""What a verdict rests on: ``book`` - arithmetic, a replay, a search counterexample, one
part of the book against another; true whatever bots play. ``stand_in`` - a published
figure of the book's (unpublished) simulator against our stand-in bots."""

Compare = Literal["eq", "ge", "le", "between"]
"""How the published value constrains ours: equal (within the margin), ours at least /
at most the published value, or ``published = (low, high)`` with ours inside."""


@dataclass(frozen=True)
class Replay:
    """A worked example: ``scenarios/<game>/<path>`` replayed; its ``expect`` entries are
    the book's numbers."""

    path: str


@dataclass(frozen=True)
class Formula:
    """Ours is ``fn()`` - computed from the game's config/data, no play; compared exactly
    (``tolerance`` for a book that rounds)."""

    fn: Callable[[], Any]
    compare: Compare = "eq"
    tolerance: float = 0.0


@dataclass(frozen=True)
class Search:
    """A bound over all legal play, checked by a bounded search for a counterexample.

    Play is cut into segments (``segment(facts)`` changes value when one ends, e.g. the
    night number); ``measure(first, last)`` is the claim's figure over one segment from the
    facts at its start and at its end. The claim says ``measure >= published`` (``"ge"``)
    or ``<=`` (``"le"``) for every segment of every game with ``options``. ``count_final``
    says whether the segment in progress when the game ends counts (set it False when a
    game can end mid-segment and cut it short in a way the claim does not mean).
    """

    options: Mapping[str, Any]
    segment: Callable[[Facts], Hashable]
    measure: Callable[[Facts, Facts], float]
    compare: Literal["ge", "le"] = "ge"
    walks: int = 300
    count_final: bool = True
    at: Literal["auto", "step", "end"] = "auto"
    """When the measure is read: ``"step"`` after every action (running extremes - a state
    figure such as "wounds on the board" or "a guard's die", whose peak may fall between
    segment ends), ``"end"`` only when a segment ends (a segment total such as "exposure
    this night", whose partial values mean nothing), ``"auto"``: every step while the measure
    reads only ``last`` (it does not change when ``first`` does), segment ends otherwise."""


@dataclass(frozen=True)
class Counterexample:
    """A hand-made scenario that shows the claim false: contradicted when it replays as
    written (every expectation met), else the scenario is broken and we say so."""

    path: str
    why: str


@dataclass(frozen=True)
class Simulate:
    """A figure of typical play, over games played by ``bots`` (``None``: the game's
    ``style_mix``, seated in a balanced design) with ``options``.

    Exactly one of ``per_game`` (one number per game, e.g. exposure; or a list of numbers
    per game, e.g. the round of each exposure, pooled and clustered by game) or ``per_seat``
    (one number per seat that counts, ``None`` for the others, e.g. the win of each seat
    played by role X; seats of one game are clustered) is given. ``bounds`` are the figure's
    natural limits (``(0, 1)`` for a rate) so intervals respect them. ``margin`` overrides
    the kind's default equivalence margin of an ``"eq"`` claim (bounds and ranges are
    tested as stated, never widened). ``precision`` is the unit of the book's last printed
    digit (0.001 for "35.0%", 1 for "约 18"; default: read from ``published``).
    ``book_games`` is how many games the book's simulator ran for this figure, when the
    book says (default: the register's): the comparison is then two-sample, our sampling
    error and the book's together. ``all_play`` marks a claim about every game ("always",
    "never"): simulated play can contradict it with one game but never shows it holds.
    """

    options: Mapping[str, Any]
    per_game: Callable[[Row], float | list[float] | None] | None = None
    per_seat: Callable[[Row, int], float | None] | None = None
    bots: tuple[str, ...] | None = None
    compare: Compare = "eq"
    margin: float | None = None
    bounds: tuple[float, float] | None = None
    games: int = 200
    precision: float | None = None
    book_games: int | None = None
    all_play: bool = False


@dataclass(frozen=True)
class Paired:
    """"A is higher than B": each seed played under ``options_a`` and ``options_b`` (same
    bots), ``value(row)`` per game; ``binary`` values use McNemar, others Wilcoxon."""

    options_a: Mapping[str, Any]
    options_b: Mapping[str, Any]
    value: Callable[[Row], float | None]
    direction: Literal["greater", "less"] = "greater"
    binary: bool = False
    bots: tuple[str, ...] | None = None
    games: int = 200


@dataclass(frozen=True)
class Enumerate:
    """A claim about chance alone, proved by enumerating every chance outcome.

    ``outcomes()`` returns a :class:`boardlab.engine.chance.Dist` of the claim's figure (one
    value per chance outcome, exact probabilities), built from the game's data or its
    ``chance(config)`` nodes. ``statistic`` says what the book states about it:

    * ``"mean"`` - the expected figure ("a chaos card averages 2.85");
    * ``"prob"`` - the probability that the figure is true (a Dist of booleans: "a role
      is in the game 3 times in 5");
    * ``"every"`` - every outcome's figure ("always exactly 2 left": ``compare="eq"``;
      "never fewer than 4": ``"ge"``); a failing outcome is the counterexample, with its
      probability.

    ``tolerance`` is how far the exact figure may be from the printed one: ``None`` (the
    default) is the book's rounding, half a unit of its last printed digit (``precision``
    overrides the unit, as for :class:`Simulate`); ``0`` asks for equality."""

    outcomes: Callable[[], Any]
    statistic: Literal["mean", "prob", "every"] = "mean"
    compare: Compare = "eq"
    tolerance: float | None = None
    precision: float | None = None


@dataclass(frozen=True)
class NotCheckable:
    why: str


Check = Replay | Formula | Search | Counterexample | Simulate | Paired | Enumerate | \
    NotCheckable


@dataclass(frozen=True)
class Claim:
    id: str
    section: str
    quote: str
    english: str
    kind: Kind
    published: Any
    check: Check
    note: str = ""
    basis: Basis | None = None
    """Overrides the basis read from the check (docs/audit.md): e.g. ``"book"`` for a
    simulated figure that follows from the rules whatever the players do."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"claim {self.id}: unknown kind {self.kind!r}")
        if len(self.quote) > 200:
            raise ValueError(f"claim {self.id}: quote the book briefly (<= 200 characters)")
        if self.basis not in (None, "book", "stand_in"):
            raise ValueError(f"claim {self.id}: basis is 'book' or 'stand_in'")

    @property
    def about_all_play(self) -> bool:
        """A claim about every game (a bound, a rule's arithmetic), not about typical play:
        no amount of simulated play by stand-in bots shows it holds."""
        chk = self.check
        return self.kind in ("bound", "arithmetic", "worked_example") or bool(
            getattr(chk, "all_play", False))

    @property
    def resting_on(self) -> str:
        """``book`` or ``stand_in`` (see :data:`Basis`)."""
        if self.basis:
            return self.basis
        if isinstance(self.check, Simulate | Paired):
            return "book" if self.about_all_play else "stand_in"
        if isinstance(self.check, NotCheckable):
            return "stand_in" if self.kind == "published_table" else "book"
        return "book"


@dataclass(frozen=True)
class Metric:
    """A per-game figure for simulate/reports (``fn(row)``, ``None`` when undefined)."""

    name: str
    fn: Callable[[Row], float | None]
    label: str = ""
    proportion: bool = False


@dataclass
class Register:
    """Everything a game tells the lab: its claims, per-game metrics for reports, and who
    stands in for the book's own simulator."""

    game: str
    source: str
    claims: list[Claim]
    metrics: list[Metric] = field(default_factory=list)
    stand_in: str = ""
    role_key: str = "roles"
    book_games: int | None = None
    """Games the book's simulator ran per published figure, when the book says (each
    claim may say its own): simulated comparisons are then two-sample."""

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for c in self.claims:
            if c.id in seen:
                raise ValueError(f"{self.game}: claim id {c.id!r} appears twice")
            seen.add(c.id)


# ---- helpers for per-seat figures (pure functions over rows) -----------------------------


def role_of(row: Row, seat: int, role_key: str = "roles") -> str | None:
    """A seat's role: dealt by the run (``row["roles"]``) or by the game (its summary)."""
    roles = row.get("roles")
    if roles and roles[seat] is not None:
        return str(roles[seat])
    got = row.get("summary", {}).get(role_key)
    if isinstance(got, list) and seat < len(got) and got[seat] is not None:
        return str(got[seat])
    return None


def win_share(row: Row, seat: int) -> float:
    """1 for a sole win, 1/k for a k-way shared win, 0 otherwise (shares sum to 1)."""
    return 1.0 / len(row["winners"]) if seat in row["winners"] else 0.0


def seat_win_if(pred: Callable[[Row, int], bool]) -> Callable[[Row, int], float | None]:
    """Per-seat win share of the seats where ``pred(row, seat)`` holds, ``None`` elsewhere."""
    return lambda row, seat: win_share(row, seat) if pred(row, seat) else None


def seat_score_if(pred: Callable[[Row, int], bool]) -> Callable[[Row, int], float | None]:
    return lambda row, seat: float(row["scores"][seat]) if pred(row, seat) else None


def summary_value(key: str) -> Callable[[Row], float | None]:
    """A number stored in ``summary[key]`` (a bool counts 0/1)."""

    def fn(row: Row) -> float | None:
        v = row["summary"].get(key)
        if isinstance(v, bool):
            return float(v)
        return float(v) if isinstance(v, int | float) else None

    return fn
