"""Kill -9 the server mid-game and start it again: every accepted choice survives."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .helpers import act, new_table, state

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(url: str, port: int, workers: int = 1) -> subprocess.Popen:
    # a session of its own: killing the group also kills uvicorn's worker processes
    proc = subprocess.Popen([sys.executable, str(HERE / "serve_sealed.py"), url, str(port),
                             str(workers)], start_new_session=True)
    deadline = time.time() + 90  # a loaded CI machine imports slowly
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    stop(proc)
    raise RuntimeError("the server did not start")


def stop(proc: subprocess.Popen, sig: int = signal.SIGKILL) -> None:
    """kill -9 the server and every worker process it started."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)
    proc.wait(10)


def test_kill_and_resume(db_url):
    url = db_url
    port = free_port()
    proc = launch(url, port)
    try:
        c = httpx.Client(base_url=f"http://127.0.0.1:{port}")
        t = new_table(c, 3, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}],
                      options={"rounds": 3})
        tid, tok = t["table"]["id"], t["tokens"]
        accepted = []
        for seat in (0, 2, 0):
            s = state(c, tid, seat, tok[seat])
            a = s["legal"][-1]["action"]
            assert act(c, tid, seat, tok[seat], a, s["step"]).status_code == 200
            accepted.append((seat, a))
        before = {s: state(c, tid, s, tok[s]) for s in (0, 2)}
        stop(proc)
        proc = launch(url, port)
        c = httpx.Client(base_url=f"http://127.0.0.1:{port}")
        for s in (0, 2):
            after = state(c, tid, s, tok[s])
            assert after["view"] == before[s]["view"] and after["step"] == before[s]["step"]
        assert after["table"]["version"] == before[2]["table"]["version"] == 5
        # the game goes on to the end
        while (st := state(c, tid))["table"]["status"] != "over":
            for s in st["to_move"]:
                me = state(c, tid, s, tok[s])
                assert act(c, tid, s, tok[s], me["legal"][0]["action"], me["step"]).status_code == 200
        rec = c.get(f"/api/tables/{tid}/record").json()
        mine = [(s, a) for s, a in rec["actions"] if s != 1]
        assert [tuple(x) for x in mine[:3]] == accepted
    finally:
        stop(proc)


def test_the_first_choice_after_the_database_restarted_is_stored_once():
    """A PostgreSQL restart closes every connection the server keeps (its raw play path's
    writer and readers, the pool's, the LISTEN one): the next reads and the next choice
    are answered as usual - the choice's transaction, whose connection was gone before
    anything of it reached a live server, runs again on a new one - and stored once."""
    import uuid

    import sqlalchemy as sa
    from fastapi.testclient import TestClient

    from boardlab.server import create_app
    from support.pg import drop_schema, need_postgres, pg_schema_url

    from .conftest import ids, lookup

    base = need_postgres()
    url, schema = pg_schema_url(base)
    name = "restart_" + uuid.uuid4().hex[:8]  # (only this server's connections are closed)
    url = sa.engine.make_url(url).update_query_dict({"application_name": name}).render_as_string(
        hide_password=False)
    admin = sa.create_engine(base)

    def restart() -> int:
        """What a restart of the database does to this server's connections."""
        with admin.connect() as conn:
            return len(conn.execute(sa.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = :n"), {"n": name}).all())

    try:
        with TestClient(create_app(url, games=lookup, game_ids=ids)) as c:
            c.app.state.tables.bot_budget = 600.0
            t = new_table(c, 3, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}],
                          options={"rounds": 3})
            tid, tok = t["table"]["id"], t["tokens"]
            s = state(c, tid, 0, tok[0])
            assert act(c, tid, 0, tok[0], s["legal"][0]["action"], s["step"]).status_code == 200
            s = state(c, tid, 2, tok[2])
            assert restart() >= 2  # (the writer and a reader at least)
            r = act(c, tid, 2, tok[2], s["legal"][0]["action"], s["step"])  # no read first
            assert r.status_code == 200, r.text
            assert restart() >= 1
            after = state(c, tid, 0, tok[0])  # a read first, then a choice
            r = act(c, tid, 0, tok[0], after["legal"][0]["action"], after["step"])
            assert r.status_code == 200, r.text
            version = r.json()["table"]["version"]
            assert restart() >= 1  # and a change that is not a choice (through SQLAlchemy)
            new_table(c, 2)
        with admin.connect() as conn:
            steps = conn.execute(sa.text(
                f"SELECT step, seat FROM {schema}.choices WHERE table_id = :t ORDER BY step"),
                {"t": tid}).all()
        assert [seat for _step, seat in steps if seat != 1] == [0, 2, 0]  # each once
        assert len(steps) == version
    finally:
        admin.dispose()
        drop_schema(base, schema)
