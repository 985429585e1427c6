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
