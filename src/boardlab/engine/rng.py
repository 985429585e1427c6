"""Seeded randomness.

All randomness in a game comes from the generator stored in its state, created from the
game's seed. Seeds for sub-streams (game *i* of a simulation run, a bot's own generator) are
derived by hashing, so they depend only on the parent seed and the key, never on the order
in which work happens or on the number of workers.
"""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *keys: object) -> int:
    """A 63-bit seed that depends only on ``seed`` and ``keys``."""
    h = hashlib.blake2b(digest_size=8)
    h.update(str(int(seed)).encode())
    for key in keys:
        h.update(b"\x1f")
        h.update(repr(key).encode())
    return int.from_bytes(h.digest(), "big") >> 1


def make_rng(seed: int, *keys: object) -> random.Random:
    """A generator for ``seed`` (and an optional sub-stream ``keys``)."""
    return random.Random(derive_seed(seed, *keys) if keys else int(seed))
