"""Seeded randomness.

All randomness in a game comes from the generator stored in its state, created from the
game's seed. Seeds for sub-streams (game *i* of a simulation run, a bot's own generator) are
derived by hashing, so they depend only on the parent seed and the key, never on the order
in which work happens or on the number of workers.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, cast


def _seed_hash(seed: int, keys: tuple[object, ...]) -> Any:
    """The hash ``derive_seed`` digests: ``seed``, then each key after a separator."""
    h = hashlib.blake2b(digest_size=8)
    h.update(str(int(seed)).encode())
    for key in keys:
        h.update(b"\x1f")
        h.update(repr(key).encode())
    return h


def _digest_seed(h: Any) -> int:
    return int.from_bytes(h.digest(), "big") >> 1


def derive_seed(seed: int, *keys: object) -> int:
    """A 63-bit seed that depends only on ``seed`` and ``keys``."""
    return _digest_seed(_seed_hash(seed, keys))


_C_RANDOM = random.Random.__mro__[1]  # the C generator under random.Random
_c_seed = _C_RANDOM.seed
_new_random = random.Random.__new__


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for an integer seed: the same generator, seeded once in C
    without the Python-level ``__init__`` and ``seed`` wrappers (which for an int only pass
    it on). Every game makes one per seat."""
    rng = _new_random(random.Random)
    _c_seed(rng, seed)
    rng.gauss_next = None
    return rng


def make_rng(seed: int, *keys: object) -> random.Random:
    """A generator for ``seed`` (and an optional sub-stream ``keys``)."""
    return seeded(derive_seed(seed, *keys) if keys else int(seed))


def make_rngs(seed: int, key: object, count: int) -> list[random.Random]:
    """``[make_rng(seed, key, i) for i in range(count)]`` (one generator per seat): the
    hash of the shared ``seed, key`` prefix is made once and copied for each ``i``."""
    head = _seed_hash(seed, (key,))
    head.update(b"\x1f")
    out = []
    for i in range(count):
        h = head.copy()
        h.update(repr(i).encode())  # the key ``i`` as _seed_hash adds it
        out.append(seeded(_digest_seed(h)))
    return out


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state (the next draws are the same).

    A state copy needs one; this skips ``random.Random()``'s own seeding from the OS and
    the Python-level wrapping of ``getstate``/``setstate``."""
    new = type(rng).__new__(type(rng))
    _C_RANDOM.setstate(new, _C_RANDOM.getstate(rng))
    new.gauss_next = rng.gauss_next
    return new


class _NoGenerator:
    """Stands in for a state's generator that the caller replaces before any draw (a
    ``determinize`` copies a state, re-deals, then gives the world a fresh generator):
    copying the real one would be wasted. Any use fails loudly."""

    def __getattr__(self, name: str):
        raise RuntimeError("this state's generator was never set (copy(rng=UNSET) needs "
                           "a real generator before any draw)")

    def __deepcopy__(self, memo):
        return self


UNSET: random.Random = cast(random.Random, _NoGenerator())
