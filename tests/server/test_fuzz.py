"""Issue 8, finding 5: malformed input gets a clear 4xx, never a 500 or a traceback - the named
cases, then fuzzing: schemathesis over the OpenAPI schema (in-process ASGI, few examples per
operation) and hypothesis over WebSocket frames. Both run on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from .helpers import new_table, play_first

# ---- the named cases ------------------------------------------------------------------------


def post_raw(client, path: str, body: bytes, **headers: str):
    return client.post(path, content=body, headers={"Content-Type": "application/json",
                                                    **headers})


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_non_finite_numbers_are_refused(client, number):
    body = b'{"game": "sealed", "players": 2, "options": {"rounds": ' + number.encode() + b"}}"
    r = post_raw(client, "/api/tables", body)
    assert r.status_code == 422 and ("finite" in r.json()["detail"]
                                     or "too large" in r.json()["detail"])


def test_invalid_utf8_lone_surrogate_and_nul(client):
    r = post_raw(client, "/api/tables", b'{"game": "sealed\xff\xfe", "players": 2}')
    assert r.status_code == 400 and "UTF-8" in r.json()["detail"]
    r = post_raw(client, "/api/tables", b'{"game": "sealed", "players": 2, "name": "a\\ud800b"}')
    assert r.status_code == 422 and "surrogate" in r.json()["detail"]
    assert "\\ud800" not in r.text.lower().replace("\\\\ud800", "") and "\ud800" not in r.text
    r = client.post("/api/tables", json={"game": "sealed", "players": 2, "name": "a\x00b"})
    assert r.status_code == 422 and "NUL" in r.json()["detail"]
    # validation errors never echo the input back
    r = client.post("/api/tables", json={"game": "sealed", "players": "sec" + "ret"})
    assert r.status_code == 422 and "secret" not in r.text
    r = client.post("/api/tables", content=b"1" * 5000,
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 422


def test_booleans_are_not_numbers(client):
    t = new_table(client, 2)
    tid, tok = t["table"]["id"], t["tokens"]
    r = client.post(f"/api/tables/{tid}/act", json={"seat": True, "action": {"type": "bid",
                                                    "card": 1}, "step": 0},
                    headers={"X-Seat-Token": tok[1]})
    assert r.status_code == 422
    assert client.post("/api/tables", json={"game": "sealed", "players": True}).status_code \
        == 422


def test_hand_to_bot_after_the_end_is_refused(client):
    t = new_table(client, 2, options={"rounds": 1})
    tid, tok = t["table"]["id"], t["tokens"]
    for seat in (0, 1):
        assert play_first(client, tid, seat, tok[seat]).status_code == 200
    r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"},
                    headers={"X-Host-Token": t["host_token"]})
    assert r.status_code == 409 and "over" in r.json()["detail"]


def test_database_down_is_503(make_client):
    import sqlalchemy as sa

    c = make_client()
    tables = c.app.state.tables
    real = tables.engine
    tables.engine = sa.create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none",
                                     connect_args={"connect_timeout": 1})
    try:
        r = c.get("/api/tables")
        assert r.status_code == 503 and "database" in r.json()["detail"]
        r = c.post("/api/tables", json={"game": "sealed", "players": 2})
        assert r.status_code == 503
    finally:
        tables.engine.dispose()
        tables.engine = real
    assert c.get("/api/tables").status_code == 200


def test_binary_and_bad_hello_frames(client):
    t = new_table(client, 2)
    tid = t["table"]["id"]
    for first, code in ((b"\x00\xff", 4400), ("not json", 4400), ("[1]", 4400),
                        ('{"seat": true, "token": "x"}', 4400),
                        ('{"seat": 0, "token": "wrong"}', 4403), ('{"seat": 0}', 4400)):
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_bytes(first) if isinstance(first, bytes) else ws.send_text(first)
            ws.receive_json()
        assert closed.value.code == code, first
    assert client.get("/api/health").json()["ok"] is True


# ---- fuzzing --------------------------------------------------------------------------------


def test_openapi_fuzz_never_a_server_error(make_client):
    """Every operation of /openapi.json, a few generated requests each (bounded, in-process)."""
    client = make_client(rate=1e6, burst=10**6)
    new_table(client, 2)  # something to find
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12

    for operation in operations:
        @settings(max_examples=8, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def call(case):
            response = case.call()
            assert response.status_code < 500 or response.status_code == 503, (
                case.method, case.formatted_path, response.status_code, response.text[:300])
            assert "Traceback" not in response.text

        call()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8)
frames = st.one_of(
    st.binary(max_size=40),
    st.text(max_size=60),
    st.sampled_from(["ping", "{}", '{"seat": 0, "token": "x"}', '{"seat": -1, "token": ""}']),
    st.builds(json.dumps, json_values),
    st.builds(lambda s, tok: json.dumps({"seat": s, "token": tok}), json_values, json_values),
)


@pytest.fixture
def fuzz_table(make_client):
    client = make_client(rate=1e6, burst=10**6)
    return client, new_table(client, 2)["table"]["id"]


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sent=st.lists(frames, min_size=1, max_size=4))
def test_websocket_frame_fuzz(fuzz_table, sent):
    client, tid = fuzz_table
    try:
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            for frame in sent:
                ws.send_bytes(frame) if isinstance(frame, bytes) else ws.send_text(frame)
            msg = ws.receive_json()
            assert msg["type"] in ("state", "pong")
    except WebSocketDisconnect as closed:
        assert closed.code in (1000, 1003, 1008, 1009, 4400, 4403, 4404), closed.code
    assert client.get("/api/health").status_code == 200
