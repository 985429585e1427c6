"""The rate limit remembers which addresses are trusted proxies: the same answers as testing
each address against the configured networks every time (the plain code it replaced)."""

from __future__ import annotations

import random

from boardlab.server.limits import RateLimit


def test_remembered_proxy_answers_equal_the_plain_test():
    limit = RateLimit(None, 1, 1, ["127.0.0.1", "10.0.0.0/8", "2001:db8::/32"])
    rng = random.Random(3)
    addrs = ["127.0.0.1", "127.0.0.2", "10.1.2.3", "11.0.0.1", "2001:db8::1", "::1",
             "not an address", "", "?", "10.0.0.0"] + [
        f"10.{rng.randrange(3)}.{rng.randrange(3)}.{rng.randrange(3)}" for _ in range(50)]
    for _ in range(3):  # first computed, then remembered
        for addr in addrs:
            assert limit._trusted(addr) is limit._is_proxy(addr), addr
    assert limit._trusted("10.1.2.3") and not limit._trusted("11.0.0.1")


def test_the_memory_is_bounded():
    limit = RateLimit(None, 1, 1, ["10.0.0.0/8"])
    for i in range(25_000):
        assert limit._trusted(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}")
    assert len(limit._known) <= 10_000
