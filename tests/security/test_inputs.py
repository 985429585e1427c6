"""Values the databases refuse never reach them; a damaged row fails its table alone; the
lobby lists only public tables; ``boardlab verify`` against the published commitment."""

from __future__ import annotations

import json
import time

import pytest
import sqlalchemy as sa
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from server.helpers import new_table, play_first, state

BAD_IDS = ["%00", "a%00b", "%ED%A0%80", "%FF", "x" * 100, "..%2F..", "%20"]


def test_nul_and_other_refused_values_never_reach_the_database(client):
    """Every path with a table id, the lobby's query, and the socket's URL and hello:
    a 4xx or a close code, never a 5xx (7 ids x 12 paths)."""
    t = new_table(client, 2)
    tid = t["table"]["id"]
    for bad in BAD_IDS:
        base = f"/api/tables/{bad}"
        for method, path, body in [
            ("GET", "", None), ("GET", "/state", None), ("GET", "/state?seat=0", None),
            ("GET", "/record", None), ("POST", "/join", {"seat": 0}),
            ("POST", "/claim", {"code": "x" * 20}), ("POST", "/start", None),
            ("POST", "/close", None), ("POST", "/seats/0/bot", {"bot": "random"}),
            ("POST", "/seats/0/link", None), ("POST", "/seats/0/back", None),
            ("POST", "/act", {"seat": 0, "action": {}, "step": 0}),
        ]:
            r = client.request(method, base + path, json=body,
                               headers={"X-Host-Token": "h", "X-Seat-Token": "s"})
            assert 400 <= r.status_code < 500, (bad, path, r.status_code, r.text)
            assert "Traceback" not in r.text
    for status in ("open%00", "running,%00", "%ED%A0%80"):
        r = client.get(f"/api/tables?status={status}")
        assert r.status_code == 422, r.text
    # NUL inside JSON bodies: refused by the JSON guard
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "a\x00b"})
    assert r.status_code == 422 and "NUL" in r.json()["detail"]
    # the socket: a NUL in its URL, its hello's token or anywhere in its hello
    for url, hello, code in [(f"/ws/tables/{BAD_IDS[0]}", {}, 4404),
                             (f"/ws/tables/{tid}", {"seat": 0, "token": "\x00"}, 4400),
                             (f"/ws/tables/{tid}", {"seat": 0, "token": "t\x00k" * 5}, 4400)]:
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url) as ws:
            ws.send_text(json.dumps(hello))
            ws.receive_json()
        assert closed.value.code == code, (url, hello)
    assert play_first(client, tid, 0, t["tokens"][0]).status_code == 200  # the table is fine


def test_a_damaged_choice_row_fails_its_table_alone(make_client, db_url):
    c = make_client()
    good, bad = new_table(c, 2), new_table(c, 2)
    for t in (good, bad):
        assert play_first(c, t["table"]["id"], 0, t["tokens"][0]).status_code == 200
    damaged = "'{not json'" if db_url.startswith("sqlite") else "'\"garbage\"'::json"
    with sa.create_engine(db_url).begin() as conn:
        conn.execute(sa.text(f"update choices set action = {damaged} where table_id = :t"),
                     {"t": bad["table"]["id"]})
    c2 = make_client()  # a restart: the table is read from the database again
    for _ in range(3):
        info = c2.get(f"/api/tables/{bad['table']['id']}")
        assert info.status_code == 200 and info.json()["status"] == "failed"
        assert c2.get(f"/api/tables/{bad['table']['id']}/state").status_code == 200
    assert play_first(c2, good["table"]["id"], 1, good["tokens"][1]).status_code == 200
    assert good["table"]["id"] in [x["id"] for x in c2.get("/api/tables").json()]


def test_a_damaged_table_row_is_left_out_of_the_lobby(make_client, sqlite_url):
    from fastapi.testclient import TestClient

    from boardlab.server import create_app
    from server.conftest import ids, lookup

    with TestClient(create_app(sqlite_url, games=lookup, game_ids=ids)) as c:
        good = new_table(c, 2, start=False)["table"]["id"]
        bad = new_table(c, 2, start=False)["table"]["id"]
        with sa.create_engine(sqlite_url).begin() as conn:
            conn.execute(sa.text("update tables set config = '{oops' where id = :t"),
                         {"t": bad})
        listed = c.get("/api/tables")
        assert listed.status_code == 200 and [x["id"] for x in listed.json()] == [good]


def test_invite_only_tables_stay_out_of_the_lobby(client):
    hidden = new_table(client, 2, start=False, public=False)["table"]["id"]
    shown = new_table(client, 2, start=False)["table"]["id"]
    for status in ("open", "open,running", "running,over,closed,failed,open"):
        ids = [x["id"] for x in client.get("/api/tables", params={"status": status}).json()]
        assert hidden not in ids
    assert shown in [x["id"] for x in client.get("/api/tables").json()]
    assert client.get(f"/api/tables/{hidden}").status_code == 200  # its link still works


def test_verify_against_the_published_commitment(client, tmp_path):
    from boardlab.cli import app

    def finished(**kw) -> tuple[dict, dict]:  # a real game: the command uses the registry
        r = client.post("/api/tables", json={"game": "toys", "players": 3, "start": True,
                                             "seats": [{"kind": "bot"}] * 3, **kw})
        tid = r.json()["table"]["id"]
        deadline = time.time() + 60
        while client.get(f"/api/tables/{tid}").json()["status"] != "over":
            assert time.time() < deadline
            time.sleep(0.05)
        return r.json()["table"], client.get(f"/api/tables/{tid}/record").json()

    table, rec = finished()
    published = table["commitment"]
    assert rec["result"] is not None and rec["commitment"] == published

    def run(record: dict, *extra: str):
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record))
        return CliRunner().invoke(app, ["verify", str(path), *extra])

    out = run(rec, "--commitment", published)
    assert out.exit_code == 0 and "the one given" in out.output
    out = run(rec, "--commitment", "0" * 64)
    assert out.exit_code == 1 and "not the one given" in out.output
    assert run(rec, "--commitment", "xyz").exit_code == 2
    out = run({**rec, "result": None})  # the result removed
    assert out.exit_code == 1 and "result is missing" in out.output
    out = run({k: v for k, v in rec.items() if k != "result"})
    assert out.exit_code == 1 and "result is missing" in out.output
    # a forged commitment matching a forged seed still fails against the published one
    from boardlab.server.fair import commit

    forged = {**rec, "seed": rec["seed"] + 1, "commitment": commit(rec["seed"] + 1,
                                                                   rec["nonce"])}
    assert run(forged).exit_code in (0, 1)  # (its replay may even hold up by itself)
    assert run(forged, "--commitment", published).exit_code == 1
    # practice: checked, and said
    ptable, prec = finished(practice=True, seed=5)
    out = run(prec, "--commitment", ptable["commitment"])
    assert out.exit_code == 0 and "practice record" in out.output
    out = run({**prec, "nonce": "00" * 16})
    assert out.exit_code == 1 and "does not match" in out.output


def test_a_table_closed_before_its_start_has_no_record(client):
    t = new_table(client, 2, start=False)
    tid = t["table"]["id"]
    assert client.post(f"/api/tables/{tid}/close", headers={"X-Host-Token": t["host_token"]}
                       ).status_code == 200
    r = client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 409 and "no deal" in r.json()["detail"]
    assert state(client, tid)["view"] is None
