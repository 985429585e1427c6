"""The web load benchmark's client harness (``benchmarks/web_load.py``) against the real
server, at a tiny size; and what its pushes carry (the log once, incrementally)."""

from __future__ import annotations

import asyncio
import importlib.util
import math
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from .helpers import new_table, play_first, state, watch

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


@pytest.fixture(scope="module")
def web_load():
    spec = importlib.util.spec_from_file_location("web_load", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["web_load"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _run_in_own_thread(coro):
    """``asyncio.run`` in a thread of its own: a browser test earlier on the same pytest
    worker (Playwright's sync API) may leave an event loop running on this one."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def test_scripted_clients_play_and_every_acknowledged_choice_is_stored(web_load, tmp_path):
    port = web_load.free_port()
    server = web_load.start_server(tmp_path, port)
    try:
        rec, levels, _cpu = _run_in_own_thread(web_load.load(
            f"http://127.0.0.1:{port}", tables=2, game="toys", players=3, humans=2,
            bot="random", thinks=[0.0], seconds=2.0, warmup=0.5, server_pid=server.pid))
    finally:
        web_load.stop_server(server)
    assert rec.errors == []
    level = levels[0]
    accepted = [a for a in rec.acts if a.status == 200]
    assert len(accepted) >= 4, "the scripted humans made choices"
    assert level["accepted_choices_per_s"] > level["human_choices_per_s"] > 0, \
        "bots answered too"
    assert all(math.isfinite(level["broadcast_ms"][q]) for q in (50, 95, 99))
    assert level["broadcast_ms"][50] <= level["broadcast_ms"][99]
    assert level["push_bytes"]["max"] > 0
    # every acknowledged choice is in the database, found by (seat, step)
    acked, found = web_load.check_durable(f"sqlite:///{tmp_path / 'boardlab.sqlite'}", rec)
    assert acked == len(accepted) and found == acked


def test_latency_figures_pair_a_choice_with_the_first_push_that_shows_it(web_load):
    rec = web_load.Record()
    rec.humans["t"] = [0, 1]
    rec.acts.append(web_load.Act("t", 0, 0, sent=10.0, acked=10.02, status=200, version=3))
    rec.pushes[("t", 0)] = ([9.0, 10.01, 10.03], [1, 2, 3])  # version 2 is an older step
    rec.pushes[("t", 1)] = ([10.05], [4])
    rec.push_sizes += [(10.01, 100), (10.03, 300), (10.05, 200)]
    rec.versions["t"] = [(9.0, 1), (10.02, 3), (10.05, 4)]
    f = web_load.figures(rec, 9.5, 11.5)
    assert f["broadcast_ms"][50] == pytest.approx(30.0)
    assert f["broadcast_all_seats_ms"][99] == pytest.approx(50.0)
    assert f["accepted_choices_per_s"] == pytest.approx(3 / 2.0)
    assert f["push_bytes"]["max"] == 300 and f["missing_pushes"] == 0


def test_pushes_carry_the_log_once(client):
    """The view's own copy of the log is left out of a push ("view_log" names its key);
    the pushed log entries, merged, are the seat's whole log."""
    t = new_table(client, 3, game="toys", seed=3)
    tid, tok = t["table"]["id"], t["tokens"]
    with watch(client, tid, 0, tok[0]) as ws:
        m = ws.receive_json()
        have = list(m["log"])
        for _ in range(3):  # a few choices, so that the log has entries
            now = state(client, tid)
            seat = now["to_move"][0]
            assert play_first(client, tid, seat, tok[seat]).status_code == 200
            while m["table"]["version"] < state(client, tid)["table"]["version"]:
                m = ws.receive_json()
                assert m["log_from"] <= len(have)
                have = have[:m["log_from"]] + m["log"]
        full = state(client, tid, 0, tok[0])
        assert have == full["log"] and have, "the merged pushes are the seat's whole log"
        key = m["view_log"]
        assert key is not None and key in full["view"] and key not in m["view"]
        assert full["view"][key] == full["log"]
        assert {k: v for k, v in full["view"].items() if k != key} == m["view"]


def test_the_targets_together_need_one_level_with_both(web_load):
    def level(think, rate, p99):
        return {"think_s": think, "accepted_choices_per_s": rate, "broadcast_ms": {99: p99}}

    assert "NOT met" in web_load.together([level(1.0, 275, 5.0), level(0.3, 800, 120.0)])
    assert "NOT met" in web_load.together([level(0.5, 499.9, 10.0)])
    line = web_load.together([level(1.0, 275, 5.0), level(0.5, 560, 35.5),
                              level(0.45, 610, 49.0), level(0.3, 800, 120.0)])
    assert "met at think 0.450 s (610 accepted/s, p99 49.0 ms)" in line
