"""Issue 8, findings 1, 2, 4 and 7: seats that are yours alone, provably fair deals, nothing
one request or one broken table can break, no secret in a URL, security headers, turn timers."""

from __future__ import annotations

import hashlib
import json
import time

import pytest
import sqlalchemy as sa
from starlette.websockets import WebSocketDisconnect

from .helpers import act, new_table, play_first, state, watch

# ---- 1. seats -------------------------------------------------------------------------------


def test_the_host_holds_no_seat_it_did_not_claim(client):
    t = new_table(client, 3, start=True, claim=[0])
    tid, host = t["table"]["id"], t["host_token"]
    created = json.dumps(t)
    invite = next(s for s in t["seats"] if s["seat"] == 1)
    assert "#claim=" in invite["invite"] and "token" not in invite
    # a stranger claims seat 1 with the invite: its token appears nowhere the host saw
    r = client.post(f"/api/tables/{tid}/claim", json={"code": invite["code"], "name": "Bo"})
    assert r.status_code == 200 and r.json()["seat"] == 1
    stranger = r.json()["token"]
    assert stranger not in created
    # the host token neither reads nor acts for the seat; neither does seat 0's token
    for key in (host, t["tokens"][0]):
        r = client.get(f"/api/tables/{tid}/state", params={"seat": 1},
                       headers={"X-Seat-Token": key})
        assert r.status_code == 403
        assert act(client, tid, 1, key, {"type": "bid", "card": 1}, 0).status_code == 403
    assert "hand" in state(client, tid, 1, stranger)["view"]
    # ...while the host token still does what a host does
    assert client.post(f"/api/tables/{tid}/close", headers={"X-Seat-Token": stranger}
                       ).status_code == 403
    assert client.post(f"/api/tables/{tid}/close", headers={"X-Host-Token": host}
                       ).json()["status"] == "closed"


def test_an_invite_is_claimed_once(client):
    t = new_table(client, 2, start=False, claim=[])
    tid = t["table"]["id"]
    code = t["seats"][1]["code"]
    assert client.post(f"/api/tables/{tid}/claim", json={"code": code}).status_code == 200
    r = client.post(f"/api/tables/{tid}/claim", json={"code": code})
    assert r.status_code == 403 and "already used" in r.json()["detail"]
    # a claimed seat is not offered in the lobby, and cannot be joined
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["claimed"] for s in seats] == [False, True]
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 1}).status_code == 409
    # the free seat 0 can be joined once; its invite then no longer works
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0}).status_code == 200
    assert client.post(f"/api/tables/{tid}/claim",
                       json={"code": t["seats"][0]["code"]}).status_code == 403


def test_a_device_link_moves_the_seat_and_rotates_its_secret(client):
    t = new_table(client, 2)
    tid, old = t["table"]["id"], t["tokens"][0]
    with watch(client, tid, 0, old) as phone:
        phone.receive_json()
        r = client.post(f"/api/tables/{tid}/seats/0/link", headers={"X-Seat-Token": old})
        assert r.status_code == 200 and r.json()["link"].startswith(f"/t/{tid}#claim=")
        assert client.post(f"/api/tables/{tid}/seats/0/link",
                           headers={"X-Host-Token": t["host_token"]}).status_code == 403
        new = client.post(f"/api/tables/{tid}/claim", json={"code": r.json()["code"]})
        assert new.status_code == 200
        laptop = new.json()["token"]
        # the old device's socket is closed, its token refused; the new one plays
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(10):
                phone.receive_json()
        assert closed.value.code == 4403
    assert client.get(f"/api/tables/{tid}/state", params={"seat": 0},
                      headers={"X-Seat-Token": old}).status_code == 403
    assert play_first(client, tid, 0, laptop).status_code == 200


def test_no_secret_in_a_url(client):
    t = new_table(client, 2, claim=[0])
    tid, tok = t["table"]["id"], t["tokens"][0]
    for s in t["seats"]:
        path, _, fragment = s["invite"].partition("#")
        assert "?" not in path and fragment.startswith("claim=")  # never sent to a server
    # a token in the query string is not accepted
    r = client.get(f"/api/tables/{tid}/state", params={"seat": 0, "token": tok})
    assert r.status_code == 403
    # the WebSocket takes the token in its first message, not in its URL
    with watch(client, tid, 0, tok) as ws:
        assert ws.receive_json()["seat"] == 0
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tok}") as ws:
        ws.send_text("{}")  # a spectator hello: the query string grants nothing
        assert ws.receive_json()["seat"] is None
        ws.send_bytes(b"\x00")
        ws.receive_json()
    assert closed.value.code == 1003


def test_secrets_are_stored_as_digests(client, db_url):
    t = new_table(client, 2, claim=[0])
    with sa.create_engine(db_url).connect() as conn:
        dump = json.dumps([list(map(str, r)) for name in ("tables", "seats")
                           for r in conn.execute(sa.text(f"select * from {name}"))])
    for secret in (t["host_token"], t["tokens"][0], t["seats"][0]["code"]):
        assert secret not in dump
        assert hashlib.sha256(secret.encode()).hexdigest() in dump


# ---- 2. fair deals --------------------------------------------------------------------------


def test_a_chosen_seed_only_at_a_practice_table_shown_to_all(client):
    body = {"game": "sealed", "players": 2, "seed": 424242}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and "practice" in r.json()["detail"]
    r = client.post("/api/tables", json={**body, "practice": True})
    assert r.status_code == 201
    info = client.get(f"/api/tables/{r.json()['table']['id']}").json()
    assert info["practice"] is True and info["seed"] == 424242


def test_the_seed_is_committed_at_the_start_and_revealed_at_the_end(client, tmp_path):
    from typer.testing import CliRunner

    from boardlab.cli import app
    from boardlab.server.fair import verify_record

    from .conftest import lookup

    r = client.post("/api/tables", json={"game": "toys", "players": 3, "start": True,
                                         "seats": [{"kind": "bot"}] * 3})
    tid = r.json()["table"]["id"]
    info = r.json()["table"]
    assert len(info["commitment"]) == 64 and "seed" not in info and not info["practice"]
    assert str(client.app.state.tables.get(tid).seed) not in json.dumps(info)
    deadline = time.time() + 30
    while client.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.time() < deadline
        time.sleep(0.05)
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert rec["commitment"] == info["commitment"]
    digest = hashlib.sha256(f"{rec['nonce']}:{rec['seed']}".encode()).hexdigest()
    assert digest == info["commitment"]
    assert verify_record(rec, lookup).ok
    path = tmp_path / "record.json"
    path.write_text(json.dumps(rec))
    out = CliRunner().invoke(app, ["verify", str(path)])
    assert out.exit_code == 0 and "OK" in out.output
    path.write_text(json.dumps({**rec, "seed": rec["seed"] + 1}))  # another seed
    out = CliRunner().invoke(app, ["verify", str(path)])
    assert out.exit_code == 1 and "commitment" in out.output
    bad = {**rec, "actions": [*rec["actions"][:-1], [0, {"type": "nonsense"}]]}
    assert not verify_record(bad, lookup).ok


# ---- 4. one request cannot break a table or the server --------------------------------------


def test_game_options_are_bounded(client):
    r = client.post("/api/tables", json={"game": "toys", "players": 4,
                                         "options": {"nights": 100, "cap": 1000}})
    assert r.status_code == 400
    assert "nights" in r.json()["detail"] and "less than or equal to 8" in r.json()["detail"]


def test_every_game_documents_bounds_for_its_numbers(client):
    for g in client.get("/api/games").json():
        for key, spec in g["config_schema"]["properties"].items():
            kinds = [spec] + spec.get("anyOf", [])
            if key == "players" or not any(k.get("type") == "integer" for k in kinds):
                continue
            num = next(k for k in kinds if k.get("type") == "integer")
            if g["id"] == "sealed":
                continue  # the test game
            assert "maximum" in num and "minimum" in num, (g["id"], key)


def test_an_engine_error_fails_the_table_not_the_server(make_client, monkeypatch):
    from support.sealed import GAME

    c = make_client()
    ok = new_table(c, 2)
    t = new_table(c, 2)
    tid, tok = t["table"]["id"], t["tokens"]
    real = type(GAME)._apply

    def broken(self, st, seat, action):
        if action["card"] == -1 or seat == 1:
            raise IndexError("pool ran dry")
        return real(self, st, seat, action)

    monkeypatch.setattr(type(GAME), "_apply", broken)
    r = play_first(c, tid, 1, tok[1])
    assert r.status_code == 409 and "IndexError" in r.json()["detail"]
    info = c.get(f"/api/tables/{tid}").json()
    assert info["status"] == "failed" and "pool ran dry" in info["reason"]
    assert info["version"] == 0  # the choice that broke the engine was not stored
    assert play_first(c, ok["table"]["id"], 0, ok["tokens"][0]).status_code == 200
    monkeypatch.undo()
    c2 = make_client()  # a restart with the failed table in the database
    assert c2.get(f"/api/tables/{tid}").json()["status"] == "failed"
    assert c2.get(f"/api/tables/{tid}/record").json()["status"] == "failed"


def test_a_table_that_no_longer_replays_does_not_stop_start_up(make_client, db_url):
    c = make_client()
    good = new_table(c, 2)
    bad = new_table(c, 2)
    assert play_first(c, bad["table"]["id"], 0, bad["tokens"][0]).status_code == 200
    with sa.create_engine(db_url).begin() as conn:  # the rules changed under a stored game
        conn.execute(sa.text("update choices set action = :a where table_id = :t"),
                     {"a": json.dumps({"type": "bid", "card": 99}), "t": bad["table"]["id"]})
    c2 = make_client()
    info = c2.get(f"/api/tables/{bad['table']['id']}").json()
    assert info["status"] == "failed" and "replay" in info["reason"]
    assert play_first(c2, good["table"]["id"], 0, good["tokens"][0]).status_code == 200


def test_the_last_choice_and_the_status_are_one_transaction(client, monkeypatch):
    t = new_table(client, 2, options={"rounds": 1})
    tid, tok = t["table"]["id"], t["tokens"]
    assert play_first(client, tid, 0, tok[0]).status_code == 200
    engine = client.app.state.tables.engine

    def crash(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith("UPDATE TABLES"):
            raise RuntimeError("killed between two writes")

    sa.event.listen(engine, "before_cursor_execute", crash)
    with pytest.raises(RuntimeError):
        play_first(client, tid, 1, tok[1])
    sa.event.remove(engine, "before_cursor_execute", crash)
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "running" and info["version"] == 1  # nothing half-stored
    assert play_first(client, tid, 1, tok[1]).status_code == 200
    assert client.get(f"/api/tables/{tid}/record").status_code == 200


def test_bots_have_a_step_budget_per_table(make_client):
    c = make_client(bot_step_budget=5)
    t = new_table(c, 4, seats=[{"kind": "bot"}] * 4)
    info = c.get(f"/api/tables/{t['table']['id']}").json()
    assert info["status"] == "failed" and "step budget" in info["reason"]
    assert info["version"] == 5


def test_bots_have_a_time_budget_per_move(make_client, monkeypatch):
    import threading

    release = threading.Event()

    class Slow:
        name = "slow"

        def choose(self, ctx):
            release.wait(60)  # thinks "forever" (until the test ends)
            return ctx.legal[0]

    import boardlab.server.tables as tables_mod

    real = tables_mod.bot_factories
    monkeypatch.setattr(tables_mod, "bot_factories", lambda g: {**real(g), "slow": Slow})
    c = make_client(bot_move_seconds=0.2)
    try:
        began = time.monotonic()
        t = new_table(c, 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "slow"}])
        assert time.monotonic() - began < 30  # the slow bot was not waited for
        assert state(c, t["table"]["id"])["view"]["submitted"] == [1]
    finally:
        release.set()


def test_finished_tables_load_lazily_and_lists_are_paginated(make_client):
    c = make_client()
    ids = [new_table(c, 2, seats=[{"kind": "bot"}] * 2)["table"]["id"] for _ in range(5)]
    running = new_table(c, 2)["table"]["id"]
    c2 = make_client()
    live = c2.app.state.tables.live
    assert running in live and not set(ids) & set(live)
    assert c2.get(f"/api/tables/{ids[0]}").json()["status"] == "over"
    assert ids[0] in live
    page1 = c2.get("/api/tables", params={"status": "over", "limit": 2}).json()
    page2 = c2.get("/api/tables", params={"status": "over", "limit": 2, "offset": 2}).json()
    page3 = c2.get("/api/tables", params={"status": "over", "limit": 2, "offset": 4}).json()
    got = [x["id"] for x in page1 + page2 + page3]
    assert len(page1) == len(page2) == 2 and sorted(got) == sorted(ids)
    assert c2.get("/api/tables", params={"limit": 10_000}).status_code == 422


# ---- 7. headers, docs, proxies, turn timers -------------------------------------------------


def test_security_headers_and_no_cdn(client):
    for path in ("/", "/t/x", "/api/games", "/static/table.js"):
        h = client.get(path).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"], path
        assert "script-src 'self'" in h["content-security-policy"]
        assert h["referrer-policy"] == "no-referrer" and h["x-frame-options"] == "DENY"
    assert client.get("/docs").status_code == 404
    for path in ("/", "/t/x"):
        page = client.get(path).text.lower()
        assert "cdn" not in page and 'src="http' not in page and 'href="http' not in page


def test_forwarded_for_counts_only_from_a_configured_proxy():
    from boardlab.server.limits import RateLimit

    scope = {"client": ("127.0.0.1", 5), "headers": [(b"x-forwarded-for", b"6.6.6.6")]}
    assert RateLimit(None, 1, 1).client(scope) == "127.0.0.1"
    assert RateLimit(None, 1, 1, ["127.0.0.1"]).client(scope) == "6.6.6.6"
    chain = {**scope, "headers": [(b"x-forwarded-for", b"6.6.6.6, 10.0.0.2")]}
    assert RateLimit(None, 1, 1, ["127.0.0.1", "10.0.0.0/8"]).client(chain) == "6.6.6.6"


def test_a_late_seat_is_played_by_its_chosen_bot(client):
    t = new_table(client, 3, turn_seconds=60,
                  seats=[{"kind": "human"}, {"kind": "human", "timeout_bot": "random"},
                         {"kind": "human"}])
    tid, tok = t["table"]["id"], t["tokens"]
    tables = client.app.state.tables
    assert client.get(f"/api/tables/{tid}").json()["deadline"] is not None
    assert play_first(client, tid, 0, tok[0]).status_code == 200
    assert tid not in tables.late_tables()
    assert tid in tables.late_tables(now=time.time() + 61)
    tables.play_late_turns(tid, now=time.time() + 61)
    s = state(client, tid)
    assert s["table"]["version"] == 3  # seats 1 and 2 were played for this move only
    r = client.post("/api/tables", json={"game": "sealed", "players": 2, "turn_seconds": 1})
    assert r.status_code == 422


def test_turn_timers_run_in_the_background(make_client, db_url):
    c = make_client(timer_interval=0.05)
    t = new_table(c, 2, turn_seconds=30)
    tid = t["table"]["id"]
    with sa.create_engine(db_url).begin() as conn:  # as if the turn began long ago
        conn.execute(sa.text("update tables set updated_at = 0, rev = rev + 1 where id = :i"),
                     {"i": tid})
    deadline = time.time() + 20
    while state(c, tid)["table"]["version"] < 2:
        assert time.time() < deadline, "the late seats were not played"
        time.sleep(0.05)
    assert state(c, tid)["table"]["deadline"] > time.time()  # a fresh turn, a fresh clock
