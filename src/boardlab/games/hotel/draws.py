"""``Random.shuffle`` and ``Random.sample`` with the same draws and results, minus a
Python call per element (setup, determinize and search rollouts shuffle and sample decks
thousands of times).

CPython's ``shuffle`` and the small-population branch of ``sample`` written out with
``_randbelow_with_getrandbits`` inlined. A generator whose class changes either method,
a population too large for ``sample``'s list branch, or an interpreter whose own methods
draw differently (checked once at import on a probe) takes the library's methods, so the
result is always what ``rng.shuffle`` / ``rng.sample`` give; ``tests/hotel/test_fastpath.py``
compares them too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_RANDBELOW = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
_GETRANDBITS = random.Random.getrandbits
_SMALL = 21  # sample's "setsize": up to this population it draws from a list copy


def _plain(rng: random.Random) -> bool:
    cls = type(rng)
    return (_SAME_AS_LIBRARY and cls._randbelow is _RANDBELOW  # type: ignore[attr-defined]
            and cls.getrandbits is _GETRANDBITS)


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``."""
    if not _plain(rng):
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(x)) or _shuffle_steps(len(x))
    for i, k in steps:  # j drawn below i + 1 with k = (i + 1).bit_length() bits
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``."""
    n = len(population)
    if n > _SMALL or not 0 <= k <= n or not _plain(rng):
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    pool = list(population)
    result = pool[:k]  # every slot is overwritten below
    steps = _SAMPLE_STEPS.get((n, k)) or _sample_steps(n, k)
    for i, last, bits in steps:  # j drawn below m = n - i = last + 1 with m's bit length
        j = getrandbits(bits)
        while j > last:
            j = getrandbits(bits)
        result[i] = pool[j]
        pool[j] = pool[last]
    return result


# The loops' constants by length, made once: (i, bit length of i + 1) for shuffle from the
# top down; (i, n - i - 1, bit length of n - i) for sample.
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}
_SAMPLE_STEPS: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(length: int) -> tuple[tuple[int, int], ...]:
    out = tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
    if length <= 4096:  # decks, not arbitrary data: keep the table small
        _SHUFFLE_STEPS[length] = out
    return out


def _sample_steps(n: int, k: int) -> tuple[tuple[int, int, int], ...]:
    out = tuple((i, n - i - 1, (n - i).bit_length()) for i in range(k))
    _SAMPLE_STEPS[n, k] = out  # n <= _SMALL: a few hundred keys at most
    return out


def _check() -> bool:
    """Whether the written-out methods draw as this interpreter's library does."""
    for length in range(0, 23):
        a, b = random.Random(length), random.Random(length)
        x, y = list(range(length)), list(range(length))
        a.shuffle(x)
        shuffle(b, y)
        if x != y or a.getstate() != b.getstate():
            return False
        for k in range(0, length + 1, 3):
            if a.sample(range(length), k) != sample(b, range(length), k):
                return False
            if a.getstate() != b.getstate():
                return False
    return True


_SAME_AS_LIBRARY = True  # while the check itself runs
_SAME_AS_LIBRARY = _check()
