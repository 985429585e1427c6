"""PostgreSQL's play path on plain psycopg connections (``db.RawPostgres``): the same stored
rows and answers as the row-locked SQLAlchemy path it replaced, every other worker told at
commit, errors as SQLAlchemy raises them (a failed pipeline keeps nothing), a connection the
server dropped replaced. Skipped loudly without ``BOARDLAB_TEST_PG_URL`` (as every
PostgreSQL run)."""

from __future__ import annotations

import random
import time
from typing import Any

import psycopg
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from boardlab.server import create_app
from boardlab.server import tables as tables_mod
from boardlab.server.db import Mismatch, Raw, RawPostgres, make_engine, migrate
from support.pg import drop_schema, need_postgres, pg_schema_url

from .conftest import ids, lookup
from .helpers import TOYS_SEATS, act, new_table, play_toys, state


@pytest.fixture
def pg_url():
    base = need_postgres()
    url, schema = pg_schema_url(base)
    yield url
    drop_schema(base, schema)


def _stored(url: str, tid: str) -> tuple[Any, list[tuple[Any, ...]]]:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        row = conn.execute(sa.text(
            "SELECT rev, version, status, reason, bot_steps, rewrites, held FROM tables "
            "WHERE id = :t"), {"t": tid}).one()
        choices = conn.execute(sa.text(
            "SELECT step, seat, action FROM choices WHERE table_id = :t ORDER BY step"),
            {"t": tid}).all()
    engine.dispose()
    return tuple(row), [tuple(c) for c in choices]


def test_the_raw_path_stores_and_answers_what_the_sqlalchemy_path_did(monkeypatch):
    used: list[int] = []
    real = Raw.transaction

    def counted(self: Raw, run: Any) -> Any:
        used.append(1)
        return real(self, run)

    monkeypatch.setattr(Raw, "transaction", counted)
    results = []
    for plain in (True, False):
        base = need_postgres()
        url, schema = pg_schema_url(base)
        try:
            app = create_app(url, games=lookup, game_ids=ids)
            if not plain:  # a listener on the engine's statements: the SQLAlchemy path
                sa.event.listen(app.state.tables.engine, "before_cursor_execute",
                                lambda *a: None)
            notes: list[str] = []  # what the other workers are told (LISTEN, as they do)
            listener = psycopg.connect(sa.engine.make_url(base).set(
                drivername="postgresql").render_as_string(hide_password=False),
                autocommit=True)
            listener.execute(f"LISTEN {tables_mod.NOTIFY_CHANNEL}")
            used.clear()
            with TestClient(app) as client:
                assert (client.app.state.tables._plain() is not None) is plain
                tid, answers = play_toys(client, 30, seed=11)
                final = state(client, tid)
            notes = [n.payload.split(":", 1)[1] for n in listener.notifies(timeout=1.0)]
            listener.close()
            assert (len(used) >= 20) is plain  # raw writes only where nobody listens
            stored = _stored(url, tid)
        finally:
            drop_schema(base, schema)
        assert notes.count(tid) >= len(answers) // 2  # (a choice held for an undo: none)
        for a in answers + [final]:  # the table's id differs between the two runs
            a.pop("online", None)
            a["table"] = {k: v for k, v in a["table"].items()
                          if k not in ("id", "created_at", "deadline", "commitment",
                                       "seat_log")}
        results.append((stored, answers, final, notes.count(tid)))
    (raw_rows, raw_answers, raw_final, raw_notes), (sa_rows, sa_answers, sa_final,
                                                    sa_notes) = results
    assert raw_rows == sa_rows and len(raw_rows[1]) >= 20
    assert raw_answers == sa_answers and raw_final == sa_final
    assert raw_notes == sa_notes


def test_raw_errors_are_sqlalchemy_errors_a_failed_batch_keeps_nothing(pg_url, caplog):
    engine = make_engine(pg_url, group_commit=True)
    migrate(engine)
    raw = RawPostgres(engine)
    assert raw.sql("UPDATE t SET x = ? WHERE y = ?") == "UPDATE t SET x = %s WHERE y = %s"
    raw.transaction(lambda c: c.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)"))
    raw.write([("INSERT INTO t VALUES (?)", [(1,), (2,)], None)])
    with pytest.raises(sa.exc.IntegrityError):  # the second step fails in the pipeline
        raw.write([("INSERT INTO t VALUES (?)", [(3,)], None),
                   ("INSERT INTO t VALUES (?)", [(4,), (1,)], None)])
    for n in (1, 50):  # the error arrives while later steps are still being sent: the
        with pytest.raises(sa.exc.IntegrityError):  # pipeline is ended in order all the same
            raw.write([("INSERT INTO t VALUES (?)", [(1,)], None),
                       ("INSERT INTO t VALUES (?)", [(i,) for i in range(10, 10 + n)], None),
                       ("SELECT pg_notify('x', ?)", [("y",)] * n, None)])
    assert not [r for r in caplog.records if "terminating" in r.getMessage()]
    with pytest.raises(Mismatch):  # a step changed fewer rows than expected
        raw.write([("INSERT INTO t VALUES (?)", [(5,)], None),
                   ("UPDATE t SET x = x + 100 WHERE x = ?", [(1,), (99,)], 2)])
    with pytest.raises(sa.exc.ProgrammingError):
        raw.scalar("SELECT nothing FROM nowhere", ())
    raw.write([("INSERT INTO t VALUES (?)", [(6,)], 1)])
    assert raw.scalar("SELECT string_agg(x::text, ',' ORDER BY x) FROM t", ()) == "1,2,6"
    raw.close()
    engine.dispose()


def test_a_connection_the_server_dropped_is_replaced(pg_url):
    """What a restart of the database does to the kept connections: a read runs again on a
    new one; so does a write whose connection was gone before its commit was sent (nothing
    of it was kept: it is applied once), but never one whose commit failed (it may have been
    applied)."""
    engine = make_engine(pg_url)
    migrate(engine)
    raw = RawPostgres(engine)

    def drop() -> None:
        pids = [c.info.backend_pid for c in raw._idle]
        if raw._writer is not None:
            pids.append(raw._writer.info.backend_pid)
        with engine.connect() as conn:
            for pid in pids:
                conn.execute(sa.text("SELECT pg_terminate_backend(:p)"), {"p": pid})

    raw.transaction(lambda c: c.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)"))
    assert raw.scalar("SELECT 1", ()) == 1
    assert raw.fetch([("SELECT 1 AS one", ())]) == [[{"one": 1}]]
    drop()
    assert raw.scalar("SELECT 2", ()) == 2  # a read retried on a new connection
    drop()
    assert raw.fetch([("SELECT 3 AS x", ()), ("SELECT 4 AS y", ())]) == [[{"x": 3}], [{"y": 4}]]
    drop()
    runs: list[int] = []

    def insert(c: Any) -> str:
        runs.append(c.info.backend_pid)
        c.execute("INSERT INTO t VALUES (1)")
        return "done"

    assert raw.transaction(insert) == "done"  # the dead writer, then a new one: stored once
    assert len(runs) == 2 and runs[0] != runs[1]
    assert raw.scalar("SELECT count(*) FROM t", ()) == 1
    raw.write([("INSERT INTO t VALUES (?)", [(2,)], None)])  # the new writer goes on

    class Gone(psycopg.OperationalError):
        pass

    def lost_at_commit(c: Any) -> None:  # as if the commit's answer never came
        runs.append(c.info.backend_pid)
        c.execute("INSERT INTO t VALUES (3)")
        real_commit = c.commit

        def commit() -> None:
            real_commit()
            c.close()
            raise Gone("the connection was lost during the commit")

        c.commit = commit

    runs.clear()
    with pytest.raises(sa.exc.OperationalError):  # not run again: it may have been applied
        raw.transaction(lost_at_commit)
    assert len(runs) == 1 and raw._writer is None
    with pytest.raises(sa.exc.OperationalError):  # a fresh connection that fails: raised
        raw.transaction(lambda c: (c.close(), c.execute("SELECT 1")))
    assert raw.scalar("SELECT string_agg(x::text, ',' ORDER BY x) FROM t", ()) == "1,2,3"
    raw.close()
    engine.dispose()


def test_two_workers_see_each_others_raw_changes(pg_url, monkeypatch):
    """Each change caught up at the other worker from one pipelined read (``_caught_up``),
    the same state as a server that reads the table from nothing."""
    fetched: list[int] = []
    real = RawPostgres.fetch

    def counted(self: RawPostgres, queries: Any) -> Any:
        fetched.append(1)
        return real(self, queries)

    monkeypatch.setattr(RawPostgres, "fetch", counted)
    with TestClient(create_app(pg_url, games=lookup, game_ids=ids)) as a, \
            TestClient(create_app(pg_url, games=lookup, game_ids=ids)) as b:
        for c in (a, b):
            c.app.state.tables.bot_budget = 600.0
            assert c.app.state.tables._plain() is not None
        t = new_table(a, 4, seats=TOYS_SEATS, game="toys", seed=7)
        tid, tokens = t["table"]["id"], t["tokens"]
        rng = random.Random(7)
        played = 0
        for i in range(12):  # turns played at the two workers in turn
            c = (a, b)[i % 2]
            seats = [s for s in (0, 1) if s in state(c, tid)["to_move"]]
            if not seats:
                break
            s = state(c, tid, seats[0], tokens[seats[0]])
            r = act(c, tid, seats[0], tokens[seats[0]], rng.choice(s["legal"])["action"],
                    s["step"])
            assert r.status_code == 200, r.text
            played += 1
            assert state((b, a)[i % 2], tid) == state(c, tid)  # the other one caught up
        # caught up on the raw path (a choice held for an undo is a rewrite: replayed)
        assert played >= 6 and len(fetched) >= played // 2
        seat = 0
        with TestClient(create_app(pg_url, games=lookup, game_ids=ids)) as fresh:
            assert (state(fresh, tid, seat, tokens[seat]) == state(a, tid, seat, tokens[seat])
                    == state(b, tid, seat, tokens[seat]))


def _a_table(engine: Any, tid: str) -> None:
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO tables (id, game, config, seed, status, host_token, created_at) "
            "VALUES (:t, 'toys', '{}', 1, 'running', 'x', 0)"), {"t": tid})


def _play_job(tid: str, old: int, steps: list[int], note: str | None = None
              ) -> tuple[tuple[Any, ...], list[tuple[Any, ...]], str | None]:
    version = max(steps) + 1 if steps else 0
    bump = (old + 1, version, "running", None, 1.5 + old, 2, 0, tid, old)
    rows = [(tid, s, s % 2, f'{{"type": "move", "to": {s}}}', 0.25 + s) for s in steps]
    return bump, rows, note


def test_play_is_one_statement_its_jobs_stored_or_refused_each_with_its_notice(pg_url):
    engine = make_engine(pg_url)
    migrate(engine)
    for tid in ("ta", "tb", "tc"):
        _a_table(engine, tid)
    raw = RawPostgres(engine)
    listener = psycopg.connect(sa.engine.make_url(pg_url).set(
        drivername="postgresql").render_as_string(hide_password=False), autocommit=True)
    listener.execute("LISTEN chan")
    assert raw.play([_play_job("ta", 0, [0, 1], "w:ta"), _play_job("tb", 0, [0])],
                    "chan") == [True, True]
    # tb's rev is 1 now: a job read at rev 0 is refused alone, the others of its batch kept
    assert raw.play([_play_job("ta", 1, [2], "w:ta"), _play_job("tb", 0, [1], "w:tb"),
                     _play_job("tc", 0, [], "w:tc")], "chan") == [True, False, True]
    notes = [n.payload for n in listener.notifies(timeout=1.0)]
    listener.close()
    assert notes == ["w:ta", "w:ta", "w:tc"]  # the refused job told nobody
    with pytest.raises(sa.exc.IntegrityError):  # a choice stored already: nothing kept
        raw.play([_play_job("tc", 1, [0]), _play_job("ta", 2, [0])], "chan")
    stored = _stored(pg_url, "ta")
    assert stored[0][:3] == (2, 3, "running") and stored[0][4:6] == (2, 0)
    assert stored[1] == [(s, s % 2, {"type": "move", "to": s}) for s in (0, 1, 2)]
    assert _stored(pg_url, "tb")[0][:2] == (1, 1) and _stored(pg_url, "tc")[0][:2] == (1, 0)
    with engine.connect() as conn:
        assert conn.execute(sa.text(
            "SELECT t.updated_at, c.created_at FROM tables t JOIN choices c ON c.table_id = t.id "
            "WHERE t.id = 'ta' AND c.step = 2")).one() == (2.5, 2.25)
    raw.close()
    engine.dispose()


def test_a_play_runs_again_only_on_a_writer_found_closed_before_it_was_sent(pg_url):
    """A play commits itself: run again on a new connection when the kept writer's socket
    tells, before anything is sent, that the server closed it (a restart); never when its
    answer was lost after it was sent (it may have been applied)."""
    engine = make_engine(pg_url)
    migrate(engine)
    _a_table(engine, "ta")
    raw = RawPostgres(engine)
    assert raw.play([_play_job("ta", 0, [0])], "chan") == [True]
    pid = raw._writer.info.backend_pid
    with engine.connect() as conn:
        conn.execute(sa.text("SELECT pg_terminate_backend(:p)"), {"p": pid})
    time.sleep(0.3)  # (the server's goodbye reaches the writer's socket)
    assert raw.play([_play_job("ta", 1, [1])], "chan") == [True]
    assert raw._writer.info.backend_pid != pid
    real = raw._exec
    runs: list[int] = []

    def lost_after_sending(conn: Any, *args: Any) -> Any:
        runs.append(conn.info.backend_pid)
        real(conn, *args)
        conn.close()  # as if the answer never came
        raise psycopg.OperationalError("the connection was lost after the play was sent")

    raw._exec = lost_after_sending  # type: ignore[method-assign]
    with pytest.raises(sa.exc.OperationalError):
        raw.play([_play_job("ta", 2, [2])], "chan")
    assert len(runs) == 1 and raw._writer is None
    del raw._exec
    assert [s for s, _seat, _a in _stored(pg_url, "ta")[1]] == [0, 1, 2]  # applied once
    assert raw.play([_play_job("ta", 3, [3])], "chan") == [True]  # a new writer goes on
    raw.close()
    engine.dispose()


def test_reads_give_what_psycopg_gives(pg_url):
    """``scalar`` and ``fetch`` on their prepared statements: the values psycopg's cursors
    read (fetch's rows through JSON: this schema's types), parameters of every kind taken."""
    engine = make_engine(pg_url)
    migrate(engine)
    _a_table(engine, "ta")
    raw = RawPostgres(engine)
    assert raw.play([_play_job("ta", 0, [0, 1, 2])], "chan") == [True]
    assert raw.scalar("SELECT rev FROM tables WHERE id = ?", ("ta",)) == 1
    assert raw.scalar("SELECT rev FROM tables WHERE id = ?", ("nope",)) is None
    assert raw.scalar("SELECT ? + 1", (41,)) == 42
    assert raw.scalar("SELECT ?::float8 * 2", (1.25,)) == 2.5
    assert raw.scalar("SELECT ? AND ?", (True, False)) is False
    assert raw.scalar("SELECT coalesce(?, 'none')", (None,)) == "none"
    assert raw.scalar("SELECT config FROM tables WHERE id = ?", ("ta",)) == {}
    with pytest.raises(TypeError):
        raw.scalar("SELECT ?", ([1, 2],))
    queries = [(q, p) for q, p in zip(tables_mod._CATCH_UP_SQL,
                                      [("ta",)] * 3 + [("ta", 1)], strict=True)]
    got = raw.fetch(queries)
    plain = psycopg.connect(sa.engine.make_url(pg_url).set(
        drivername="postgresql").render_as_string(hide_password=False), autocommit=True)
    from psycopg.rows import dict_row

    want = [plain.cursor(row_factory=dict_row).execute(q.replace("?", "%s"), p).fetchall()
            for q, p in queries]
    plain.close()
    assert got == want and [r["seat"] for r in got[3]] == [1, 0]  # steps 1, 2 in order
    assert raw.fetch([("SELECT ? AS a, ? AS b", ("x", 2)), ("SELECT 1 AS one WHERE false", ())]
                     ) == [[{"a": "x", "b": 2}], []]
    raw.close()
    engine.dispose()
