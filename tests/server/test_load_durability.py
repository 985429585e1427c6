"""Group commit (issue 9): SQLite commits with synchronous=NORMAL, and nothing is answered
before a WAL flush that began after the commit has finished (``db.GroupSync``)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import sqlalchemy as sa
from fastapi.testclient import TestClient

from boardlab.server import create_app
from boardlab.server.db import GroupSync, make_engine

from .conftest import ids, lookup
from .helpers import new_table, play_first


class Recording(GroupSync):
    """Flushes that take a while and say when they ran."""

    def __init__(self, database: str) -> None:
        super().__init__(database)
        self.flushes: list[tuple[float, float]] = []

    def _flush(self) -> None:
        start = time.perf_counter()
        time.sleep(0.02)
        self.flushes.append((start, time.perf_counter()))


def test_each_waiter_returns_after_a_flush_that_began_after_it_and_flushes_are_shared(tmp_path):
    sync = Recording(str(tmp_path / "x.sqlite"))
    calls: list[tuple[float, float]] = []
    lock = threading.Lock()

    def commit_and_wait(delay: float) -> None:
        time.sleep(delay)
        called = time.perf_counter()
        sync.wait()
        with lock:
            calls.append((called, time.perf_counter()))

    threads = [threading.Thread(target=commit_and_wait, args=(i * 0.003,)) for i in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 24
    for called, returned in calls:
        assert any(called <= start and end <= returned for start, end in sync.flushes), \
            "a waiter returned without a flush that began after its commit"
    assert len(sync.flushes) < len(calls), "waiters share flushes"


def test_the_server_engine_groups_commits_and_the_default_one_syncs_each(tmp_path):
    url = f"sqlite:///{tmp_path / 'g.sqlite'}"
    grouped, plain = make_engine(url, group_commit=True), make_engine(url)
    with grouped.connect() as a, plain.connect() as b:
        assert a.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert b.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    assert isinstance(grouped.group_sync, GroupSync) and plain.group_sync is None
    # a real flush of a real WAL (and of the directory entry the first time)
    with grouped.begin() as conn:
        conn.execute(sa.text("create table t (x integer)"))
    grouped.group_sync.wait()
    grouped.dispose()
    plain.dispose()


def test_a_choice_is_answered_only_after_a_flush_that_covers_it(tmp_path, monkeypatch):
    app = create_app(f"sqlite:///{tmp_path / 's.sqlite'}", games=lookup, game_ids=ids)
    sync = app.state.tables._group_sync
    assert sync is not None
    order: list[str] = []
    real_wait = sync.wait

    def wait() -> None:
        order.append("wait")
        real_wait()
        order.append("flushed")

    monkeypatch.setattr(sync, "wait", wait)
    with TestClient(app) as client:
        t = new_table(client, 2)
        order.clear()
        assert play_first(client, t["table"]["id"], 0, t["tokens"][0]).status_code == 200
        order.append("answered")
    assert order[-3:] == ["wait", "flushed", "answered"]


def test_one_table_does_not_wait_for_another(tmp_path):
    """Each table has its own lock: while one table's lock is held (a long transaction,
    a slow payload), another table is read and played at once."""
    app = create_app(f"sqlite:///{tmp_path / 'l.sqlite'}", games=lookup, game_ids=ids)
    tables = app.state.tables
    with TestClient(app) as client:
        a = new_table(client, 2)["table"]["id"]
        b = new_table(client, 2)
        while tables.locked(b["table"]["id"]) is tables.locked(a):
            b = new_table(client, 2)
        busy = tables.locked(a)
        busy.acquire()  # requests run on worker threads: they would wait for it
        with ThreadPoolExecutor(1) as pool:
            try:
                play = pool.submit(play_first, client, b["table"]["id"], 0, b["tokens"][0])
                assert play.result(timeout=20).status_code == 200
            finally:
                busy.release()
