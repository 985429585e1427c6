"""One client cannot exhaust the server: open tables per client and in all, expiry and
eviction of tables that never start, sockets per address and per table, the rate of
"full", and connects or leaves that push nothing but a small seat update."""

from __future__ import annotations

import json
import time

import pytest
from starlette.websockets import WebSocketDisconnect

from server.helpers import new_table, watch

BODY = {"game": "sealed", "players": 2}


def test_a_table_flood_meets_the_per_client_and_total_limits(make_client):
    c = make_client(max_open_per_client=3, max_open=1000)
    made = [c.post("/api/tables", json=BODY) for _ in range(10)]
    codes = [r.status_code for r in made]
    assert codes[:3] == [201] * 3 and set(codes[3:]) == {429}
    assert "start or close one" in made[3].json()["detail"]
    # starting one frees its place (running tables are not "waiting to start")
    first = made[0].json()
    c.post(f"/api/tables/{first['table']['id']}/start",
           headers={"X-Host-Token": first["host_token"]})
    assert c.post("/api/tables", json=BODY).status_code == 201
    c2 = make_client(max_open=2)
    codes = [c2.post("/api/tables", json=BODY).status_code for _ in range(5)]
    assert codes.count(201) == 0  # the 4 open tables of before fill the server already
    assert "waiting to start" in c2.post("/api/tables", json=BODY).json()["detail"]


def test_new_tables_per_minute(make_client):
    c = make_client(tables_per_minute=5)
    codes = [c.post("/api/tables", json=BODY).status_code for _ in range(12)]
    assert codes[:5] == [201] * 5 and set(codes[5:]) == {429}


def test_tables_that_never_start_expire_and_leave_memory(make_client):
    c = make_client(open_ttl=60)
    tables = c.app.state.tables
    old = [new_table(c, 2, start=False)["table"]["id"] for _ in range(20)]
    running = new_table(c, 2)["table"]["id"]
    assert set(old) <= set(tables.live)
    expired = tables.expire_open(now=time.time() + 61)
    assert sorted(expired) == sorted(old)
    assert not set(old) & set(tables.live) and running in tables.live
    info = c.get(f"/api/tables/{old[0]}").json()
    assert info["status"] == "closed" and "expired" in info["reason"]
    assert c.get(f"/api/tables/{old[0]}/record").status_code == 409
    assert c.get(f"/api/tables/{running}").json()["status"] == "running"
    assert tables.expire_open(now=time.time() + 61) == []
    # a cache past its size drops tables that never started too (they reload cheaply)
    tables.max_cached = 3
    for _ in range(5):
        new_table(c, 2, start=False)
    assert len(tables.live) <= 4


def _closed(c, path: str) -> int:
    with pytest.raises(WebSocketDisconnect) as closed, c.websocket_connect(path) as ws:
        ws.send_text("{}")
        for _ in range(3):
            ws.receive_json()
    return closed.value.code


def test_sockets_per_table_and_per_address(make_client):
    c = make_client(ws_per_address=6, ws_per_table=4)
    a, b = new_table(c, 2)["table"]["id"], new_table(c, 2)["table"]["id"]
    held = []
    try:
        for _ in range(4):
            held.append(c.websocket_connect(f"/ws/tables/{a}"))
            held[-1].__enter__().send_text("{}")
            held[-1].receive_json()
        assert _closed(c, f"/ws/tables/{a}") == 1013  # the table is full
        for _ in range(2):
            held.append(c.websocket_connect(f"/ws/tables/{b}"))
            held[-1].__enter__().send_text("{}")
            held[-1].receive_json()
        assert _closed(c, f"/ws/tables/{b}") == 1013  # this client holds 6
    finally:
        for ws in held:
            ws.__exit__(None, None, None)
    # everything was given back: 6 new sockets are accepted again
    hub = c.app.state.hub
    assert not hub.conns
    with watch(c, a) as w:
        assert w.receive_json()["type"] == "state"


def test_a_connect_or_leave_pushes_only_a_small_seat_update(make_client):
    c = make_client()
    t = new_table(c, 2)
    tid, tok = t["table"]["id"], t["tokens"]
    with watch(c, tid, 0, tok[0]) as w0:
        w0.receive_json()
        for _ in range(30):  # 30 spectators come and go: seat 0 hears nothing of it
            with watch(c, tid) as spectator:
                assert spectator.receive_json()["type"] == "state"
        w0.send_text("ping")
        assert w0.ws.receive_json() == {"type": "pong"}
        with watch(c, tid, 1, tok[1]) as w1:  # a seat comes: one small update, no state
            assert w1.receive_json()["type"] == "state"
            raw = w0.ws.receive_text()
            assert json.loads(raw) == {"type": "seats", "online": [0, 1]} and len(raw) < 60
        assert w0.ws.receive_json() == {"type": "seats", "online": [0]}  # and goes


def test_full_is_rate_limited_and_answers_only_its_socket(make_client):
    c = make_client(full_every=60.0)
    t = new_table(c, 2)
    tid, tok = t["table"]["id"], t["tokens"]
    with watch(c, tid, 0, tok[0]) as w0, watch(c, tid) as other:
        w0.receive_json()
        other.receive_json()
        for _ in range(10):
            w0.send_text("full")
        got = [w0.ws.receive_json() for _ in range(10)]
        assert [m["type"] for m in got].count("state") == 3  # a burst of 3, then refused
        errors = [m for m in got if m["type"] == "error"]
        assert len(errors) == 7 and set(errors[0]["detail"]) == {"zh", "en"}
        assert all("log_from" in m and m["log_from"] == 0 for m in got if m["type"] == "state")
        other.send_text("ping")
        got = other.ws.receive_json()
        if got.get("type") == "seats":  # seat 0's arrival, told once its presence is marked
            assert got == {"type": "seats", "online": [0]}  # (it may come after our hello)
            got = other.ws.receive_json()
        assert got == {"type": "pong"}  # nothing of the full requests reached the others


def test_the_background_chores_expire_tables_and_mark_presence(make_client, db_url):
    """The serving loop closes tables that never started and records the seats whose
    socket is open here (what another worker reads before a seat may go to a bot)."""
    import sqlalchemy as sa

    c = make_client(housekeeping_interval=0.05, open_ttl=0.5)
    waiting = new_table(c, 2, start=False)["table"]["id"]
    t = new_table(c, 2)
    tid, tok = t["table"]["id"], t["tokens"]

    def seen_at() -> float:
        with sa.create_engine(db_url).connect() as conn:
            return conn.execute(sa.text("select seen_at from seats where table_id = :t and "
                                        "seat = 0"), {"t": tid}).scalar()

    with watch(c, tid, 0, tok[0]) as ws:
        ws.receive_json()
        first = seen_at()
        deadline = time.time() + 20
        while seen_at() <= first:
            assert time.time() < deadline, "presence was not refreshed"
            time.sleep(0.05)
    while c.get(f"/api/tables/{waiting}").json()["status"] != "closed":
        assert time.time() < deadline, "the open table did not expire"
        time.sleep(0.05)
    assert c.get(f"/api/tables/{tid}").json()["status"] == "running"
