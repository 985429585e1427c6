"""A serving process (``app_from_env``, what ``boardlab serve`` runs) freezes start-up's
objects and collects cycles less often; an app made by ``create_app`` (tests, embedding)
leaves the process's collector alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = """
import gc, json, sys
before = gc.get_threshold()
from boardlab.server.app import SERVE_GC_THRESHOLDS, app_from_env, create_app
create_app()
untouched = gc.get_threshold() == before and gc.get_freeze_count() == 0
app_from_env()
print(json.dumps([untouched, list(gc.get_threshold()), list(SERVE_GC_THRESHOLDS),
                  gc.get_freeze_count()]))
"""


def test_a_serving_process_tunes_the_collector_and_create_app_does_not(tmp_path):
    env = {**os.environ, "BOARDLAB_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite'}",
           "BOARDLAB_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                         text=True, timeout=120, check=True).stdout.strip().splitlines()[-1]
    untouched, threshold, wanted, frozen = json.loads(out)
    assert untouched
    assert threshold == wanted and wanted[0] > 700  # less often than Python's default
    assert frozen > 10_000  # start-up's objects (modules, games) are no longer scanned


def test_the_thresholds_can_be_set_for_a_serving_process(tmp_path):
    env = {**os.environ, "BOARDLAB_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite'}",
           "BOARDLAB_DATA_DIR": str(tmp_path), "BOARDLAB_GC_THRESHOLDS": " 12000, 7,3 "}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                         text=True, timeout=120, check=True).stdout.strip().splitlines()[-1]
    untouched, threshold, _default, _frozen = json.loads(out)
    assert untouched and threshold == [12000, 7, 3]


def test_malformed_thresholds_are_refused_before_serving(monkeypatch):
    from typer.testing import CliRunner

    from boardlab.cli import app
    from boardlab.settings import gc_thresholds

    for bad in ("10000,20", "a,b,c", "10000,20,10,1", "5,20,10", "10000,0,10", "-1,2,3"):
        monkeypatch.setenv("BOARDLAB_GC_THRESHOLDS", bad)
        try:
            gc_thresholds((1, 2, 3))
        except ValueError as exc:
            assert "BOARDLAB_GC_THRESHOLDS" in str(exc)
        else:
            raise AssertionError(f"{bad!r} was accepted")
        result = CliRunner().invoke(app, ["serve", "--port", "1"])
        assert result.exit_code == 2, result.output
        assert "BOARDLAB_GC_THRESHOLDS" in result.output and "Traceback" not in result.output
    monkeypatch.delenv("BOARDLAB_GC_THRESHOLDS")
    assert gc_thresholds((1, 2, 3)) == (1, 2, 3)


POLICY = """
import asyncio, gc, json
from boardlab.server.collector import ServingCollector
c = ServingCollector((700, 10, 10), 0.05)
c.install()
frozen = gc.get_freeze_count()
keep = [[i] for i in range(5000)]  # survivors: frozen after the young collections
grew = gc.get_freeze_count() - frozen

class Node:
    pass

a, b = Node(), Node()
a.other, b.other = b, a  # a cycle, alive now: frozen by the next young collection
junk = [[j] for j in range(2000)]
del junk
gc.collect(0)
frozen_cycle = gc.get_freeze_count()
del a, b  # now garbage, but frozen: young collections no longer see it
young_found = gc.collect(0)
full_found = c.full()

async def main():
    before = c.fulls
    task = asyncio.create_task(c.run_fulls())
    await asyncio.sleep(0.3)
    task.cancel()
    return c.fulls - before

print(json.dumps([grew, young_found, full_found, c.young > 0, asyncio.run(main()),
                  gc.get_threshold()]))
"""


def test_young_collections_freeze_their_survivors_and_full_ones_find_frozen_cycles():
    out = subprocess.run([sys.executable, "-c", POLICY], capture_output=True, text=True,
                         timeout=120, check=True).stdout.strip().splitlines()[-1]
    grew, young_found, full_found, counted, fulls, threshold = json.loads(out)
    assert grew >= 4000  # the survivors went to the permanent generation
    assert young_found == 0  # the frozen cycle is out of the young collections' sight
    assert full_found >= 2  # the full collection found it (the two objects)
    assert counted and fulls >= 2 and threshold == [700, 10, 10]
