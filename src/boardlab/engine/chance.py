"""Chance outcomes enumerated exactly: a claim about chance alone is proved, not sampled.

A rulebook figure that depends only on chance - a deal, a draw, a shuffle, a die - and not
on how anybody plays has an exact value: the sum over every chance outcome of its
probability times the figure. :class:`Dist` is a finite distribution of outcomes with exact
(:class:`fractions.Fraction`) probabilities; the constructors build a game's chance nodes
from its own data (a pile of counted cards, a deal of roles, a die), and ``then`` chains
one chance node after another (the second may depend on the first: a draw from what the
first left). A claim whose check is :class:`boardlab.engine.claims.Enumerate` returns one
from the game's data, and the audit judges it *proved*: holds or contradicted by the exact
figure, no interval, no games.

A game may also expose its chance nodes itself: a ``chance(config)`` method returning a
mapping of names to :class:`Dist` (e.g. ``{"roles": ..., "deal": ...}``) - read with
:func:`chance_nodes` - so a claim reads the same outcomes the rules deal from.

Pure data and arithmetic: nothing here plays a game or imports the lab.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

MAX_OUTCOMES = 2_000_000
"""A distribution larger than this is refused: enumerate a coarser outcome (the multiset of
a hand, not its order) or the claim is not one for enumeration."""


class Dist:
    """A finite distribution: outcome -> exact probability (summing to 1)."""

    __slots__ = ("enumerated", "p")

    def __init__(self, probs: Mapping[Hashable, Fraction | int],
                 enumerated: int | None = None) -> None:
        p: dict[Hashable, Fraction] = {}
        for k, v in probs.items():
            f = v if type(v) is Fraction else Fraction(v)
            if f < 0:
                raise ValueError(f"negative probability {f} for {k!r}")
            if f:
                prev = p.get(k)
                p[k] = f if prev is None else prev + f
        # the sum on one common denominator, in integers (exact, and far cheaper than
        # adding Fractions one by one)
        den = math.lcm(*{f.denominator for f in p.values()}) if p else 1
        total = Fraction(sum(f.numerator * (den // f.denominator) for f in p.values()), den)
        if total != 1:
            raise ValueError(f"probabilities add up to {total}, not 1")
        if len(p) > MAX_OUTCOMES:
            raise ValueError(f"{len(p)} outcomes: more than {MAX_OUTCOMES} to enumerate")
        self.p = p
        self.enumerated = enumerated if enumerated is not None else len(p)
        """Elementary chance outcomes enumerated (the cards of a pile, the orders of a
        deal) before outcomes with the same figure were merged."""

    @classmethod
    def _derived(cls, p: dict[Hashable, Fraction], enumerated: int) -> Dist:
        """A distribution computed from valid ones (``map``, ``then``): its probabilities
        are exact products and sums of theirs, so they add up to 1 by construction and are
        not checked again (the check was most of the time of a large enumeration)."""
        if len(p) > MAX_OUTCOMES:
            raise ValueError(f"{len(p)} outcomes: more than {MAX_OUTCOMES} to enumerate")
        d = object.__new__(cls)
        d.p = {k: v for k, v in p.items() if v}
        d.enumerated = enumerated
        return d

    # ---- building ------------------------------------------------------------------------

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each listed outcome equally likely (a repeated outcome counts each time)."""
        c = Counter(outcomes)
        n = sum(c.values())
        if not n:
            raise ValueError("no outcome")
        return cls({k: Fraction(m, n) for k, m in c.items()}, n)

    @classmethod
    def point(cls, outcome: Hashable) -> Dist:
        return cls({outcome: 1})

    def map(self, fn: Callable[[Any], Hashable]) -> Dist:
        """The distribution of ``fn(outcome)``."""
        out: dict[Hashable, Fraction] = {}
        for k, v in self.p.items():
            y = fn(k)
            prev = out.get(y)
            out[y] = v if prev is None else prev + v
        return Dist._derived(out, self.enumerated)

    def then(self, fn: Callable[[Any], Dist]) -> Dist:
        """A second chance node after this one: ``fn(outcome)`` is its distribution given
        the first's outcome; the result's outcomes are ``(first, second)`` pairs."""
        out: dict[Hashable, Fraction] = {}
        count = 0
        for k, v in self.p.items():
            second = fn(k)
            if not isinstance(second, Dist):
                raise TypeError(f"then: {type(second).__name__} is not a Dist")
            count += second.enumerated
            for k2, v2 in second.p.items():
                key = (k, k2)
                prev = out.get(key)
                out[key] = v * v2 if prev is None else prev + v * v2
        return Dist._derived(out, count)

    def __and__(self, other: Dist) -> Dist:
        """Two independent chance nodes: outcomes are ``(a, b)`` pairs."""
        return self.then(lambda _: other)

    # ---- reading -------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.p)

    def items(self):
        return self.p.items()

    def prob(self, pred: Callable[[Any], bool]) -> Fraction:
        """P(pred(outcome))."""
        return sum((v for k, v in self.p.items() if pred(k)), Fraction(0))

    def mean(self, fn: Callable[[Any], Any] | None = None) -> Fraction:
        """E[fn(outcome)] (the outcome itself when ``fn`` is None), exactly."""
        f = fn or (lambda x: x)
        return sum((v * Fraction(f(k)) for k, v in self.p.items()), Fraction(0))

    def support(self) -> list[Hashable]:
        return list(self.p)

    def lowest(self) -> tuple[Hashable, Fraction]:
        """The smallest outcome and its probability."""
        k = min(self.p)
        return k, self.p[k]

    def highest(self) -> tuple[Hashable, Fraction]:
        k = max(self.p)
        return k, self.p[k]


# ---- a game's chance nodes from its data ----------------------------------------------------


def draws(counts: Mapping[Hashable, int], k: int) -> Dist:
    """The multiset of ``k`` cards drawn without replacement from a shuffled pile holding
    ``counts[card]`` copies of each card (multivariate hypergeometric), as a sorted tuple:
    exact, without listing the pile's orders."""
    cards = sorted(counts, key=repr)
    n = sum(counts.values())
    if not 0 <= k <= n:
        raise ValueError(f"cannot draw {k} of {n} cards")
    total = math.comb(n, k)
    out: dict[Hashable, Fraction] = {}

    def rec(i: int, left: int, took: list[tuple[Hashable, int]], ways: int) -> None:
        if i == len(cards):
            if left == 0:
                hand = tuple(c for c, m in took for _ in range(m))
                out[hand] = Fraction(ways, total)
            return
        c = cards[i]
        for m in range(min(left, counts[c]) + 1):
            rec(i + 1, left - m, [*took, (c, m)], ways * math.comb(counts[c], m))

    rec(0, k, [], 1)
    return Dist(out, total)


def deal(items: Iterable[Hashable], seats: int) -> Dist:
    """``seats`` distinct items dealt one a seat from ``items`` (a role deal: every ordered
    choice equally likely, as ``random.sample``), as a tuple by seat."""
    pool = list(items)
    return Dist.uniform(itertools.permutations(pool, seats))


def die(sides: int | Iterable[Hashable]) -> Dist:
    """A fair die: faces 1..sides, or the faces listed."""
    faces = range(1, sides + 1) if isinstance(sides, int) else sides
    return Dist.uniform(faces)


def chance_nodes(game, config) -> dict[str, Dist]:
    """The chance nodes a game exposes for ``config`` (its optional ``chance(config)``);
    empty when it exposes none."""
    fn = getattr(game, "chance", None)
    return dict(fn(config)) if callable(fn) else {}


def exact_text(x: Fraction | float | int) -> str:
    """An exact figure as a designer reads it: 57/20 = 2.85, 3/5 = 0.6, 1/3 ≈ 0.3333."""
    if isinstance(x, Fraction):
        if x.denominator == 1:
            return str(x.numerator)
        f = float(x)
        approx = f"{f:.6g}"
        same = Fraction(approx) == x
        return f"{x.numerator}/{x.denominator} {'=' if same else '≈'} {approx}"
    return f"{x:.6g}" if isinstance(x, float) else str(x)
