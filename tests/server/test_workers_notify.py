"""The other workers' changes as the LISTEN thread reads them (``notify.Listener``): a
worker's own notices skipped, the tables of one read told once each and together, in the
order they came; after the server closed its connection it listens again on a new one.
Skipped loudly without ``BOARDLAB_TEST_PG_URL`` (as every PostgreSQL run)."""

from __future__ import annotations

import threading
import time
import uuid

import psycopg
import sqlalchemy as sa

from boardlab.server.notify import Listener
from boardlab.server.tables import NOTIFY_CHANNEL
from support.pg import need_postgres


def _wait(cond, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def test_the_listener_tells_of_other_workers_tables_once_per_read_and_reconnects():
    base = need_postgres()
    name = "listen_" + uuid.uuid4().hex[:8]  # (only this listener's connection is closed)
    url = sa.engine.make_url(base).update_query_dict({"application_name": name})
    engine = sa.create_engine(url)
    told: list[list[str]] = []
    lock = threading.Lock()

    def changed(table_ids: list[str]) -> None:
        with lock:
            told.append(table_ids)

    listener = Listener(engine, "me", changed)
    listener.WAIT = 0.05
    dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    sender = psycopg.connect(dsn, autocommit=True)

    def listening() -> bool:
        return bool(sender.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND "
            "query ILIKE 'LISTEN%%'", (name,)).fetchone()[0])

    def notify(*payloads: str) -> None:  # one transaction: delivered in one read
        with sender.transaction():
            for p in payloads:
                sender.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, p))

    try:
        listener.start()
        assert _wait(listening)
        notify("other:t1", "me:t2", "other:t3", "third:t1", "other:t4")
        assert _wait(lambda: told)
        time.sleep(0.2)
        assert told == [["t1", "t3", "t4"]]  # t2 was this worker's own; t1 once
        notify("me:t5")  # only its own: nothing to tell
        notify("other:t6")
        assert _wait(lambda: len(told) == 2)
        assert told[1] == ["t6"]
        killed = sender.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
            "application_name = %s AND pid <> pg_backend_pid()", (name,)).fetchall()
        assert killed
        assert _wait(listening, 15.0)  # listening again, on a new connection
        notify("other:t7")
        assert _wait(lambda: told[-1] == ["t7"])
    finally:
        listener.stop.set()
        listener.thread.join(5)
        sender.close()
        engine.dispose()
    assert not listener.thread.is_alive()
