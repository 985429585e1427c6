"""Play changes of several tables stored in one transaction (``db.Combiner`` and
``Tables._store_played``, on SQLite and on PostgreSQL's raw path): every job gets the outcome
it would have had alone - stored, ``_Stale`` for a stale rev, ``IntegrityError`` for a
refused choice - and a batch that fails keeps nothing of itself."""

from __future__ import annotations

import json
import threading
import time

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from boardlab.server import tables as tables_mod
from boardlab.server.db import Combiner, Raw, RawPostgres

from .helpers import new_table


def test_every_job_gets_its_own_outcome_and_waiting_jobs_share_a_batch():
    batches: list[list[int]] = []

    def run(jobs: list[int]) -> list[BaseException | None]:
        batches.append(list(jobs))
        time.sleep(0.002)  # while this runs, others queue for the next batch
        return [ValueError(f"job {j}") if j % 7 == 0 else None for j in jobs]

    combiner = Combiner(run)
    got: dict[int, str] = {}

    def worker(base: int) -> None:
        for j in range(base, base + 40):
            try:
                combiner.submit(j)
                got[j] = "ok"
            except ValueError as exc:
                got[j] = str(exc)

    threads = [threading.Thread(target=worker, args=(k * 1000,)) for k in range(12)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    assert not any(th.is_alive() for th in threads)
    assert len(got) == 12 * 40
    assert all(v == (f"job {j}" if j % 7 == 0 else "ok") for j, v in got.items())
    assert sorted(j for b in batches for j in b) == sorted(got)  # each job run once
    assert max(len(b) for b in batches) > 1  # jobs that waited went together


def test_a_failing_run_fails_its_batch_and_an_interrupted_one_releases_the_others():
    combiner = Combiner(lambda jobs: (_ for _ in ()).throw(OSError("disk")))
    with pytest.raises(OSError, match="disk"):
        combiner.submit(1)

    gate = threading.Event()
    started = threading.Event()

    def run(jobs: list[str]) -> list[BaseException | None]:
        if "leader" in jobs:
            started.set()
            gate.wait(10)
            raise KeyboardInterrupt  # (an interrupt is not an outcome: it goes up)
        return [None] * len(jobs)

    combiner = Combiner(run)
    outcome: dict[str, BaseException | None] = {}

    def submit(job: str) -> None:
        try:
            combiner.submit(job)
            outcome[job] = None
        except BaseException as exc:  # noqa: BLE001 - recorded for the asserts
            outcome[job] = exc

    leader = threading.Thread(target=submit, args=("leader",))
    leader.start()
    assert started.wait(10)
    others = [threading.Thread(target=submit, args=(f"j{i}",)) for i in range(3)]
    for th in others:
        th.start()
    time.sleep(0.05)  # they queue behind the running batch
    gate.set()
    for th in [leader, *others]:
        th.join(10)
        assert not th.is_alive()
    assert isinstance(outcome["leader"], KeyboardInterrupt)
    assert all(outcome[f"j{i}"] is None for i in range(3))  # the next batch stored them


def _rows(url: str, sql: str, *params):
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        out = [tuple(r) for r in conn.exec_driver_sql(sql, params).all()]
    engine.dispose()
    return out


@pytest.fixture
def store(db_url):
    from fastapi.testclient import TestClient

    from boardlab.server import create_app

    from .conftest import ids, lookup

    url = db_url
    with TestClient(create_app(url, games=lookup, game_ids=ids)) as client:
        client.app.state.tables.bot_budget = 600.0
        yield client, url


def _job(tid: str, old: int, steps: list[int]) -> tuple[tuple, list[tuple], None]:
    now = time.time()
    bump = (old + 1, len(steps), "running", None, now, 0, 0, tid, old)
    rows = [(tid, s, 0, json.dumps({"type": "pass"}), now) for s in steps]
    return bump, rows, None


def test_a_batch_stores_every_change_in_one_transaction_or_each_alone(store, monkeypatch,
                                                                     caplog):
    client, url = store
    tables = client.app.state.tables
    tids = [new_table(client, 2, seed=100 + i)["table"]["id"] for i in range(4)]
    revs = dict(_rows(url, "SELECT id, rev FROM tables"))
    calls: list[int] = []
    assert tables._plain() is not None  # the raw path (SQLite, PostgreSQL on psycopg)
    real = Raw.transaction

    def counted(self, run):
        calls.append(1)
        return real(self, run)

    monkeypatch.setattr(Raw, "transaction", counted)
    # all fine: one transaction for all four
    out = tables._store_played([_job(t, revs[t], [0]) for t in tids])
    assert out == [None] * 4 and len(calls) == 1
    assert {r[0] for r in _rows(url, "SELECT table_id FROM choices")} == set(tids)
    # one stale rev, one refused choice (its step is taken): those two fail, the rest stored
    calls.clear()
    jobs = [_job(tids[0], revs[tids[0]] + 1, [1, 2]),  # ok
            _job(tids[1], revs[tids[1]], [1]),  # stale: its rev moved on above
            _job(tids[2], revs[tids[2]] + 1, [0]),  # refused: step 0 is stored
            _job(tids[3], revs[tids[3]] + 1, [1])]  # ok
    out = tables._store_played(jobs)
    assert out[0] is None and out[3] is None
    assert isinstance(out[1], tables_mod._Stale) and isinstance(out[2], IntegrityError)
    assert len(calls) == 1 + 4  # the batch (rolled back), then each alone
    # (psycopg's pipeline closed in order: no "error ignored terminating pipeline")
    assert not [r for r in caplog.records if "terminating" in r.getMessage()]
    stored = _rows(url, "SELECT table_id, step FROM choices ORDER BY table_id, step")
    assert sorted(stored) == sorted([(tids[0], 0), (tids[0], 1), (tids[0], 2), (tids[1], 0),
                                     (tids[2], 0),
                                     (tids[3], 0), (tids[3], 1)])
    revs_now = dict(_rows(url, "SELECT id, rev FROM tables"))
    assert [revs_now[t] - revs[t] for t in tids] == [2, 1, 1, 2]  # failed ones unchanged


def test_a_batch_locks_its_rows_in_one_order_and_a_failed_batch_goes_alone(store, monkeypatch):
    """Two workers' batches take the tables' row locks in the same (id) order, so they never
    deadlock; a batch the database refuses anyway (a deadlock, a serialization failure) is
    stored change by change, each with its own outcome."""
    client, url = store
    tables = client.app.state.tables
    tids = [new_table(client, 2, seed=200 + i)["table"]["id"] for i in range(5)]
    revs = dict(_rows(url, "SELECT id, rev FROM tables"))
    seen: list[list[str]] = []
    real = Raw.write

    def refusing(self, steps):
        ids = [bump[-2] for bump in steps[0][1]]
        seen.append(ids)
        if len(ids) > 1:
            raise sa.exc.OperationalError("(batch)", (), Exception("deadlock detected"))
        return real(self, steps)

    monkeypatch.setattr(Raw, "write", refusing)
    real_play = RawPostgres.play

    def refusing_play(self, jobs, channel):
        ids = [bump[-2] for bump, _rows, _note in jobs]
        seen.append(ids)
        if len(ids) > 1:
            raise sa.exc.OperationalError("(batch)", (), Exception("deadlock detected"))
        return real_play(self, jobs, channel)

    monkeypatch.setattr(RawPostgres, "play", refusing_play)
    out = tables._store_played([_job(t, revs[t], [0]) for t in reversed(tids)])
    assert out == [None] * 5
    assert seen[0] == sorted(tids) and len(seen) == 1 + 5  # the batch in id order, then alone
    assert sorted(r[0] for r in _rows(url, "SELECT table_id FROM choices")) == sorted(tids)


def test_a_change_the_database_fails_alone_fails_alone(store, monkeypatch):
    """A batch refused as a whole goes change by change; if the database then fails one of
    them (its connection lost), that change alone gets the error: the others were
    committed, each in its own transaction, and are answered as stored (every change of
    the batch used to be told that error, the stored ones too)."""
    client, url = store
    tables = client.app.state.tables
    tids = sorted(new_table(client, 2, seed=400 + i)["table"]["id"] for i in range(3))
    revs = dict(_rows(url, "SELECT id, rev FROM tables"))
    lost = sa.exc.OperationalError("(write)", (), Exception("server closed the connection"))

    def failing(ids: list[str]) -> None:
        if len(ids) > 1:
            raise sa.exc.OperationalError("(batch)", (), Exception("deadlock detected"))
        if ids == [tids[1]]:
            raise lost

    real_write, real_play = Raw.write, RawPostgres.play

    def write(self, steps):
        failing([bump[-2] for bump in steps[0][1]])
        return real_write(self, steps)

    def play(self, jobs, channel):
        failing([bump[-2] for bump, _rows, _note in jobs])
        return real_play(self, jobs, channel)

    monkeypatch.setattr(Raw, "write", write)
    monkeypatch.setattr(RawPostgres, "play", play)
    out = tables._store_played([_job(t, revs[t], [0]) for t in tids])
    assert out[0] is None and out[2] is None and out[1] is lost
    assert sorted(r[0] for r in _rows(url, "SELECT table_id FROM choices")) == [tids[0],
                                                                                 tids[2]]


def test_on_postgresql_a_stale_change_is_refused_alone_and_the_batch_kept(store, monkeypatch):
    """Two workers may take simultaneous choices of one table (toys' simultaneous moves):
    one finds its rev stale. On PostgreSQL each change of a batch is one statement whose
    choices go in only if its bump found its rev, so that change alone is refused (its
    worker reads the table again and retries) and the rest of the batch is stored in the
    same transaction - not the whole batch rolled back and stored again change by change."""
    client, url = store
    tables = client.app.state.tables
    if not tables.postgres:
        pytest.skip("SQLite has one worker: a batch never holds a stale change")
    tids = [new_table(client, 2, seed=300 + i)["table"]["id"] for i in range(4)]
    revs = dict(_rows(url, "SELECT id, rev FROM tables"))
    # another worker stored step 0 of tids[1] meanwhile (its rev moved on)
    assert tables._store_played([_job(tids[1], revs[tids[1]], [0])]) == [None]
    calls: list[int] = []
    real = Raw.transaction

    def counted(self, run):
        calls.append(1)
        return real(self, run)

    monkeypatch.setattr(Raw, "transaction", counted)
    out = tables._store_played([_job(t, revs[t], [0, 1]) for t in tids])
    assert out[0] is None and out[2] is None and out[3] is None
    assert isinstance(out[1], tables_mod._Stale)
    assert len(calls) == 1  # one transaction: the others kept, the stale one wrote nothing
    stored = _rows(url, "SELECT table_id, step FROM choices ORDER BY table_id, step")
    assert sorted(stored) == sorted([(t, s) for t in tids for s in (0, 1) if t != tids[1]]
                                    + [(tids[1], 0)])
    revs_now = dict(_rows(url, "SELECT id, rev FROM tables"))
    assert [revs_now[t] - revs[t] for t in tids] == [1, 1, 1, 1]
