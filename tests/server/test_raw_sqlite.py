"""The SQLite hot path on plain sqlite3 connections (``db.RawSqlite``): a choice's rev check
and writes skip SQLAlchemy Core. Checked against the SQLAlchemy path it replaced: the same
stored rows and payloads, one transaction, errors as SQLAlchemy raises them, and a change
made behind the cache still seen."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from boardlab.server import create_app
from boardlab.server import tables as tables_mod
from boardlab.server.db import RawSqlite, make_engine, migrate

from .conftest import ids, lookup
from .helpers import TOYS_SEATS, act, new_table, play_toys, state


def _stored(url: str, tid: str) -> tuple[Any, list[tuple[Any, ...]]]:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        row = conn.exec_driver_sql(
            "SELECT rev, version, status, reason, bot_steps FROM tables WHERE id = ?",
            (tid,)).one()
        choices = conn.exec_driver_sql(
            "SELECT step, seat, action FROM choices WHERE table_id = ? ORDER BY step",
            (tid,)).all()
    engine.dispose()
    return tuple(row), [tuple(c) for c in choices]


def test_the_raw_path_stores_and_answers_what_the_sqlalchemy_path_did(tmp_path, monkeypatch):
    used: list[int] = []
    real = RawSqlite.transaction

    def counted(self: RawSqlite, run: Any) -> None:
        used.append(1)
        real(self, run)

    monkeypatch.setattr(RawSqlite, "transaction", counted)
    results = []
    for plain in (True, False):
        url = f"sqlite:///{tmp_path / f'{plain}.sqlite'}"
        app = create_app(url, games=lookup, game_ids=ids)
        if not plain:  # a listener on the engine's statements: everything goes through it
            sa.event.listen(app.state.tables.engine, "before_cursor_execute",
                            lambda *a: None)
        used.clear()
        with TestClient(app) as client:
            tid, answers = play_toys(client, 30, seed=11)
            final = state(client, tid)
        # raw writes only where nobody listens (fewer than the answers: a lone teddy's move
        # held for an undo is no choice written)
        assert (len(used) >= 20) is plain
        stored = _stored(url, tid)
        for a in answers + [final]:  # the table's id differs between the two runs
            a.pop("online", None)
            a["table"] = {k: v for k, v in a["table"].items()
                          if k not in ("id", "created_at", "deadline", "commitment",
                                       "seat_log")}
        results.append((stored, answers, final))
    (raw_rows, raw_answers, raw_final), (sa_rows, sa_answers, sa_final) = results
    assert raw_rows == sa_rows and len(raw_rows[1]) >= 30
    assert raw_answers == sa_answers and raw_final == sa_final


def test_a_failed_raw_write_stores_nothing_and_is_a_503(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'f.sqlite'}"
    with TestClient(create_app(url, games=lookup, game_ids=ids)) as client:
        t = new_table(client, 4, seats=TOYS_SEATS, game="toys", seed=3)
        tid, tok = t["table"]["id"], t["tokens"]
        before = _stored(url, tid)
        seat = next(s for s in (0, 1) if s in state(client, tid)["to_move"])
        s = state(client, tid, seat, tok[seat])
        # the second statement fails after the bump ran: the transaction must roll back
        monkeypatch.setattr(tables_mod, "_ADD_CHOICE_SQL", "INSERT INTO no_such_table VALUES (?)")
        r = act(client, tid, seat, tok[seat], s["legal"][0]["action"], s["step"])
        assert r.status_code == 503 and "database" in r.json()["detail"]
        assert _stored(url, tid) == before
        assert state(client, tid, seat, tok[seat]) == s  # memory did not run ahead
        monkeypatch.undo()
        r = act(client, tid, seat, tok[seat], s["legal"][0]["action"], s["step"])
        assert r.status_code == 200, r.text
        assert _stored(url, tid)[0][1] > before[0][1]


def test_raw_errors_are_sqlalchemy_errors_and_the_writer_goes_on(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'e.sqlite'}", group_commit=True)
    migrate(engine)
    raw = RawSqlite(engine)
    assert raw.scalar("PRAGMA synchronous", ()) == 1  # the engine's hooks ran: NORMAL
    assert raw.scalar("PRAGMA foreign_keys", ()) == 1
    raw.transaction(lambda c: c.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)"))
    raw.transaction(lambda c: c.execute("INSERT INTO t VALUES (1)"))

    def twice(c: Any) -> None:
        c.execute("INSERT INTO t VALUES (2)")
        c.execute("INSERT INTO t VALUES (1)")

    with pytest.raises(sa.exc.IntegrityError):
        raw.transaction(twice)
    with pytest.raises(sa.exc.OperationalError):
        raw.scalar("SELECT nothing FROM nowhere", ())
    raw.transaction(lambda c: c.execute("INSERT INTO t VALUES (3)"))
    assert raw.scalar("SELECT group_concat(x) FROM t", ()) == "1,3"  # 2 rolled back
    raw.close()
    engine.dispose()


def test_a_change_behind_the_cache_is_still_seen(tmp_path):
    url = f"sqlite:///{tmp_path / 'b.sqlite'}"
    with TestClient(create_app(url, games=lookup, game_ids=ids)) as client:
        t = new_table(client, 4, seats=TOYS_SEATS, game="toys", seed=5)
        tid = t["table"]["id"]
        tables = client.app.state.tables
        assert tables.get(tid).status == "running"
        other = sa.create_engine(url)  # another writer (the cache does not know)
        with other.begin() as conn:
            conn.exec_driver_sql("UPDATE tables SET status = 'closed', rev = rev + 1 "
                                 "WHERE id = ?", (tid,))
        other.dispose()
        assert tables.get(tid).status == "closed"
        assert state(client, tid)["table"]["status"] == "closed"
