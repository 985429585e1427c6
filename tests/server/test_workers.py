"""Issue 8, finding 6 (several workers, the database as the one source of truth) and the part
of finding 7 about X-Forwarded-For, against real uvicorn processes."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from support.pg import drop_schema, need_postgres, pg_schema_url

from .helpers import new_table, state
from .test_restart import HERE, free_port, launch, stop


def fresh(base: str) -> httpx.Client:
    """A client that opens a new connection per request (so requests spread over workers)."""
    return httpx.Client(base_url=base, headers={"Connection": "close"}, timeout=20)


def test_racing_submissions_store_one(db_url):
    port = free_port()
    proc = launch(db_url, port)
    try:
        base = f"http://127.0.0.1:{port}"
        c = fresh(base)
        t = new_table(c, 2)
        tid, tok = t["table"]["id"], t["tokens"]
        me = state(c, tid, 0, tok[0])
        body = {"seat": 0, "action": me["legal"][0]["action"], "step": 0}

        def submit(_i: int) -> int:
            return httpx.post(f"{base}/api/tables/{tid}/act", json=body, timeout=20,
                              headers={"X-Seat-Token": tok[0]}).status_code

        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(submit, range(8)))
        assert codes.count(200) == 1 and set(codes) == {200, 409}, codes
        assert state(c, tid)["table"]["version"] == 1
    finally:
        stop(proc)


def test_two_workers_on_postgresql_play_across():
    base_url = need_postgres()
    url, schema = pg_schema_url(base_url)  # a fresh schema: both workers migrate at once
    port = free_port()
    proc = launch(url, port, workers=2)
    base = f"http://127.0.0.1:{port}"
    try:
        c = fresh(base)
        # The first worker to answer may be up while the other still migrates or imports
        # (under load, seconds later): ask for up to 60 s, each request on a new connection.
        seen: set[str] = set()
        deadline = time.monotonic() + 60
        while len(seen) < 2 and time.monotonic() < deadline:
            seen |= {c.get("/api/health").json()["worker"] for _ in range(20)}
            if len(seen) < 2:
                time.sleep(0.5)
        assert len(seen) == 2, "both workers should answer"
        t = new_table(c, 2, options={"rounds": 2})
        tid, tok = t["table"]["id"], t["tokens"]

        async def watch_to_the_end(n: int) -> list[str]:
            import websockets

            async def one() -> str:
                async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}") as ws:
                    await ws.send("{}")
                    while True:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 20))
                        if msg["table"]["status"] == "over":
                            return msg["table"]["status"]

            return await asyncio.gather(*(one() for _ in range(n)))

        with ThreadPoolExecutor(1) as pool:
            viewers = pool.submit(asyncio.run, watch_to_the_end(6))
            time.sleep(1.0)  # the viewers are connected (to either worker)
            while (s := state(c, tid))["table"]["status"] != "over":
                for seat in s["to_move"]:
                    me = state(c, tid, seat, tok[seat])  # may be the other worker
                    r = c.post(f"/api/tables/{tid}/act", headers={"X-Seat-Token": tok[seat]},
                               json={"seat": seat, "action": me["legal"][0]["action"],
                                     "step": me["step"]})
                    assert r.status_code == 200, r.text
            assert viewers.result(timeout=30) == ["over"] * 6
        for _ in range(6):  # every worker reads the finished table and its record
            assert c.get(f"/api/tables/{tid}/record").json()["status"] == "over"
    finally:
        stop(proc)
        drop_schema(base_url, schema)


def test_serve_says_sqlite_means_one_worker(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from boardlab.cli import app

    monkeypatch.delenv("BOARDLAB_DATABASE_URL", raising=False)
    out = CliRunner().invoke(app, ["serve", "--workers", "2", "--data-dir", str(tmp_path)])
    assert out.exit_code == 2 and "SQLite means one worker" in out.output


def test_forwarded_for_does_not_bypass_the_rate_limit(sqlite_url):
    port = free_port()
    env = {**os.environ, "SEALED_DB_URL": sqlite_url, "SEALED_RATE": "0.5",
           "SEALED_BURST": "8"}
    proc = subprocess.Popen([sys.executable, str(HERE / "serve_sealed.py"), sqlite_url,
                             str(port)], env=env, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                httpx.get(base + "/favicon.ico", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        codes = [httpx.get(f"{base}/api/games", timeout=5,
                           headers={"X-Forwarded-For": f"10.0.{i}.1"}).status_code
                 for i in range(20)]
        assert 429 in codes, codes
    finally:
        stop(proc)

