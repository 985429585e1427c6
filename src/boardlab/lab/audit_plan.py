"""What the audit tests a simulated claim against, and how often it looks (docs/audit.md).

* **The band** (:func:`band`): an ``"eq"`` claim holds within ±δ of the book's figure, δ =
  10% of the figure (of the rarer side, p or 1 - p, for a rate) plus half a unit of the
  book's last printed digit (:func:`printed_unit`); no absolute floor. ``"ge"``, ``"le"``
  and ``"between"`` are tested exactly as the book states them, never widened.
* **The family** (:func:`claim_alpha`): every claim of the register that is tested by
  simulation is one family, whatever ``--only`` selects; each gets a fixed share α/m of the
  family-wise α (Bonferroni), so no verdict depends on which other claims ran or on their
  data, and the chance of *any* wrong verdict (a false "holds" or a false "contradicted")
  over the whole register is at most α.
* **The looks** (:func:`schedule`): a claim is looked at after a fixed, doubling number of
  games, on one grid for every claim (so rows are shared and never depend on who else runs)
  and stops at the first look that decides it. Its α/m is spent over the looks in
  proportion to their games (the last look gets about half); by the union bound the error
  stays within α/m whatever the looks' dependence and whenever the run stops.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from boardlab.engine.claims import RELATIVE_MARGIN, Claim, Simulate

ALPHA = 0.05
POWER = 0.8  # the power a plan asks for
GRID = 60  # looks fall on 60 x 2^k games: every chunk divides into 2-6 seats x 1-5 bots
AUTO_LOOKS = 6  # --games auto: a claim's own games first, then doubling (x32)...
TAIL_LOOKS = 2  # ... then two more doublings (x64, x128) for what the time allows
TAIL_SHARE = 0.3  # of a claim's α, kept for the tail's looks: x64 gets 2/3 of it, x128 1/3
SPEND_POWER = 1.0  # α spent at a look in proportion to its games to this power


def is_rate(c: Claim) -> bool:
    chk = c.check
    return isinstance(chk, Simulate) and chk.bounds == (0.0, 1.0)


def printed_unit(value: float, rate: bool) -> float:
    """The unit of the last digit the book printed, read from the value as the register
    wrote it: a rate 0.35 ("35%") -> 0.01, 0.091 ("9.1%") -> 0.001; 35.3 -> 0.1; 18 -> 1."""
    x = round(abs(value) * (100 if rate else 1), 6)
    text = repr(x)
    decimals = 0 if "e" in text or "." not in text else len(text.split(".")[1].rstrip("0"))
    unit = 10.0 ** -decimals
    return unit / 100 if rate else unit


@dataclass(frozen=True)
class Band:
    low: float
    high: float
    why: str  # how the band was set, in words


def band(c: Claim) -> Band:
    """The interval ours must be shown to lie in (holds) or outside (contradicted)."""
    chk = c.check
    assert isinstance(chk, Simulate)
    pub = c.published
    ignored = (f"; the register's margin {chk.margin:g} is not applied (no widening)"
               if chk.margin is not None and chk.compare != "eq" else "")
    if chk.compare == "between":
        lo, hi = (float(x) for x in pub)
        return Band(lo, hi, f"the book's range {lo:g}–{hi:g} as stated" + ignored)
    if chk.compare == "ge":
        return Band(float(pub), math.inf, f"at least {float(pub):g}, as stated" + ignored)
    if chk.compare == "le":
        return Band(-math.inf, float(pub), f"at most {float(pub):g}, as stated" + ignored)
    p0 = float(pub)
    if chk.margin is not None:
        return Band(p0 - chk.margin, p0 + chk.margin, f"the claim's own margin ±{chk.margin:g}")
    rate = is_rate(c)
    rel = RELATIVE_MARGIN.get(c.kind, 0.10)
    scale = min(p0, 1.0 - p0) if rate else abs(p0)
    unit = chk.precision if chk.precision is not None else printed_unit(p0, rate)
    delta = rel * scale + unit / 2
    side = "of the rarer side " if rate else ""
    return Band(p0 - delta, p0 + delta,
                f"±{delta:.4g}: {rel:.0%} {side}of {p0:g} plus half the printed unit "
                f"{unit:g}")


def family_size(claims: list[Claim]) -> int:
    """Claims tested by simulation in the whole register (not only those selected)."""
    from boardlab.engine.claims import Paired

    return max(1, sum(isinstance(c.check, Simulate | Paired) for c in claims))


def claim_alpha(m: int) -> float:
    return ALPHA / m


def grid_points(limit: int) -> list[int]:
    """The shared grid of looks up to ``limit``: 60, 120, 240, ..."""
    out, g = [], GRID
    while g <= limit:
        out.append(g)
        g *= 2
    return out


def schedule(claim_games: int, cap: int | None) -> list[int]:
    """Games at each look. ``cap`` (``--games N``): the grid points below N, then N;
    ``None`` (``--games auto``): from the grid point nearest the claim's own games, doubling
    ``AUTO_LOOKS - 1`` times, then ``TAIL_LOOKS`` more doublings (x64, x128) that a run
    reaches only when the time allows."""
    if cap is not None:
        return [g for g in grid_points(cap) if g < cap] + [cap]
    first = max(GRID, GRID * 2 ** round(math.log2(max(claim_games, GRID) / GRID)))
    return [first * 2 ** k for k in range(AUTO_LOOKS + TAIL_LOOKS)]


def spending(looks: list[int], alpha: float, tail: int = 0) -> list[float]:
    """α spent at each look (union bound over the looks: the shares add up to ``alpha``).
    The first ``len(looks) - tail`` looks share ``1 - TAIL_SHARE`` of it (all of it when
    ``tail`` is 0) in proportion to their games (``SPEND_POWER`` 1); the ``tail`` looks
    after them share ``TAIL_SHARE`` in halves: the first gets 2/3 (of two), each later one
    half the one before - the x64 look, which a 600 s run can reach, gets most, x128 less.

    Why a tail and not one longer schedule in proportion to games: that (x256, α by √games)
    was measured on cat's cached games and decided no more claims - it thinned the α of the
    looks a run reaches. The tail costs the main schedule 30% of its α (its z rises by
    ~0.09, ~4% more games for a claim decided there) and lets a claim that the x32 look left
    open be decided on twice its games at x64 (with 80% power up to 1.8 times the distance
    in games a look at x32 could). By the union bound each look's error is at most its
    share, whenever the run stops (docs/audit.md)."""
    main = len(looks) - tail
    w = [n ** SPEND_POWER for n in looks[:main]]
    total = sum(w)
    share = 1.0 - TAIL_SHARE if tail else 1.0
    out = [alpha * share * x / total for x in w]
    if tail:
        halves = [0.5 ** j for j in range(tail)]
        out += [alpha * TAIL_SHARE * h / sum(halves) for h in halves]
    return out


def chunks(upto: int, cap: int | None) -> list[tuple[int, int]]:
    """Row ranges ``[a, b)`` played as one run each: the grid's doubling blocks (and the
    last stretch to ``--games N``). A chunk's games depend only on its own start, so a
    stream's rows are the same whoever extends it and how far."""
    cuts = [0, *grid_points(upto)]
    if cap is not None and cap not in cuts and cap <= upto:
        cuts = [x for x in cuts if x < cap] + [cap]
    if cuts[-1] < upto:
        cuts.append(upto)
    return list(zip(cuts, cuts[1:], strict=False))
