"""The cyclic garbage collector's policy in a serving process (``boardlab serve``).

A server keeps a large heap of long-lived containers (the cached tables' states, logs and
choices) and adds to it at every choice. With Python's generational collector every
container is scanned by the young collection that first sees it and then again, with all
its elders, by the older generations' collections; under the web load those scans stopped
the whole process for 60-140 ms at a time (the GIL is held throughout), and they were the
slowest answers.

Here a young collection runs every ``thresholds[0]`` new containers (so it scans only
those: a pause of a few milliseconds), and what survives it is frozen (``gc.freeze``:
moved to the permanent generation, never scanned again). Objects that die are still freed
at once by reference counting; only a cycle that forms among frozen objects after they were
frozen (a closed connection's protocol objects, say) waits for the **full collection**
that runs every ``full_every`` seconds: unfreeze, collect everything, freeze again - one
longer pause every few minutes instead of one every few seconds.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

log = logging.getLogger("boardlab.server")


class ServingCollector:
    """Young collections that freeze their survivors, and a full collection now and then."""

    def __init__(self, thresholds: tuple[int, int, int], full_every: float) -> None:
        self.thresholds = thresholds
        self.full_every = full_every
        self.young = 0  # collections whose survivors were frozen
        self.fulls = 0

    def install(self) -> None:
        """Start-up's objects (modules, games, the loaded tables) are frozen first."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(*self.thresholds)
        if self._after not in gc.callbacks:
            gc.callbacks.append(self._after)

    def uninstall(self) -> None:
        if self._after in gc.callbacks:
            gc.callbacks.remove(self._after)

    def _after(self, phase: str, _info: dict[str, Any]) -> None:
        if phase == "stop":  # a collection just ended: its survivors are old now
            gc.freeze()
            self.young += 1

    def full(self) -> int:
        """Collect every generation, the frozen objects included; the number collected."""
        started = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.fulls += 1
        log.debug("full collection: %d objects, %.0f ms", found,
                  1000 * (time.perf_counter() - started))
        return found

    async def run_fulls(self) -> None:
        """On the serving loop: a full collection every ``full_every`` seconds."""
        while True:
            await asyncio.sleep(self.full_every)
            self.full()


INSTALLED: ServingCollector | None = None
"""The collector policy of this process, once ``boardlab serve`` installed one."""


def install(thresholds: tuple[int, int, int], full_every: float) -> ServingCollector:
    global INSTALLED
    if INSTALLED is not None:
        INSTALLED.uninstall()
    INSTALLED = ServingCollector(thresholds, full_every)
    INSTALLED.install()
    return INSTALLED
