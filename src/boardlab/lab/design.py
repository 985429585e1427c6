"""Who sits where: balanced seating designs, and a check that a run does not confound seat
with bot.

A run names bots ``b_0 .. b_{B-1}`` for ``P`` seats. Game ``i`` seats a *mix* of ``P`` bots:
mix ``i // P`` of :func:`boardlab.lab.seats.style_mixes`, which goes through every
combination of the bots (every ``P % B``-subset doubled, every ``P``-subset when ``B > P``)
orbit by orbit - so each bot plays equally often and every combination meets - and places
it on the seats by one of two designs:

* ``latin`` (default): the mix rotated by ``i mod P``, a cyclic Latin square; every seat
  holds every place of the mix once per ``P`` games, so after each orbit of mixes (at most
  ``P x B`` games) each seat has held each bot equally often;
* ``permutations``: every distinct permutation of the mix in turn (a longer period, but also
  balanced over who sits next to whom);
* ``fixed``: the mix as given, never moved (confounds seat with bot; a warning says so).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from boardlab.lab.seats import mix_at, mix_count, style_mixes

DESIGNS = ("latin", "permutations", "fixed")


def mix_for(bots: list[str], players: int, index: int) -> list[str]:
    return mix_at(bots, players, index // players)


@lru_cache(maxsize=256)
def _perms(mix: tuple[str, ...]) -> list[tuple[str, ...]]:
    return sorted(set(itertools.permutations(mix)))


def seating(bots: list[str], players: int, index: int, design: str = "latin") -> list[str]:
    if not bots:
        raise ValueError("no bots to seat")
    if design not in DESIGNS:
        raise ValueError(f"unknown seating design {design!r}; use {', '.join(DESIGNS)}")
    if design == "fixed":
        return [bots[s % len(bots)] for s in range(players)]
    if design == "permutations":
        perms = _perms(tuple(mix_at(bots, players, index)))
        return list(perms[(index // mix_count(bots, players)) % len(perms)])
    mix = mix_for(bots, players, index)
    r = index % players
    return [mix[(s + r) % players] for s in range(players)]


def period(bots: list[str], players: int, design: str = "latin") -> int:
    """Games after which the design is exactly balanced."""
    if design == "fixed":
        return 1
    if design == "permutations":
        return mix_count(bots, players) * max(len(_perms(m)) for m in style_mixes(bots, players))
    return players * mix_count(bots, players)


def seat_bot_table(seatings: Iterable[list[str]]) -> dict[int, Counter]:
    table: dict[int, Counter] = {}
    for seats in seatings:
        for s, b in enumerate(seats):
            table.setdefault(s, Counter())[b] += 1
    return table


def confounding(seatings: Iterable[list[str]]) -> float:
    """Cramér's V of the seat x bot table (SciPy): 0 when every seat holds every bot in the
    same proportions, 1 when the seat fixes the bot."""
    from scipy.stats.contingency import association

    table = seat_bot_table(seatings)
    bots = sorted({b for c in table.values() for b in c})
    if len(bots) < 2 or len(table) < 2:
        return 0.0
    m = [[table[s][b] for b in bots] for s in sorted(table)]
    return float(association(m, method="cramer"))


def confounding_warning(seatings: Iterable[list[str]], limit: float = 0.1) -> str | None:
    v = confounding(seatings)
    if v > limit:
        return (f"the seating confounds seat with bot (Cramér's V {v:.2f}): per-seat and "
                "per-bot rates mix the two; use a balanced design and a multiple of its "
                "period in games")
    return None
