"""The lobby and seat rules of the API, and every refusal."""

from __future__ import annotations

from boardlab.server import db

from .helpers import act, new_table, play_first, state, watch


def test_games_and_openapi(client):
    games = client.get("/api/games").json()
    sealed = next(g for g in games if g["id"] == "sealed")
    assert sealed["min_players"] == 2 and "random" in sealed["bots"]
    assert "rounds" in sealed["config_schema"]["properties"]
    assert client.get("/openapi.json").json()["info"]["title"] == "boardlab"
    assert client.get("/docs").status_code == 404  # no Swagger UI from a CDN
    assert client.get("/api/games/nope").status_code == 404


def test_create_list_join_start(client):
    t = new_table(client, 3, start=False, claim=[0],
                  seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid = t["table"]["id"]
    assert [s["seat"] for s in t["seats"]] == [1]  # an invite only for the seat not claimed
    assert t["seats"][0]["invite"].startswith(f"/t/{tid}#claim=")
    listed = client.get("/api/tables").json()
    assert [x["id"] for x in listed] == [tid] and listed[0]["status"] == "open"
    assert "token" not in str(listed) and t["host_token"] not in str(listed)
    assert [s["claimed"] for s in listed[0]["seats"]] == [True, False, True]
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0}).status_code == 409
    j = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bo"})
    assert j.status_code == 200 and j.json()["token"] not in (t["tokens"][0], t["host_token"])
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 1}).status_code == 409
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 2}).status_code == 409
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 9}).status_code == 404
    # not started: no deal to see (nothing private exists yet), no choices
    assert state(client, tid, 0, t["tokens"][0])["view"] is None
    r = act(client, tid, 0, t["tokens"][0], {"type": "bid", "card": 1}, 0)
    assert r.status_code == 409 and "not started" in r.json()["detail"]
    assert client.post(f"/api/tables/{tid}/start").status_code == 403
    assert client.post(f"/api/tables/{tid}/start",
                       headers={"X-Host-Token": "x" * 32}).status_code == 403
    r = client.post(f"/api/tables/{tid}/start", headers={"X-Host-Token": t["host_token"]})
    assert r.status_code == 200 and r.json()["status"] == "running"
    assert client.post(f"/api/tables/{tid}/start",
                       headers={"X-Host-Token": t["host_token"]}).status_code == 409
    # the bot already bid in the simultaneous round
    assert state(client, tid)["view"]["submitted"] == [2]


def test_bad_configs(client):
    base = {"game": "sealed", "players": 3}
    assert client.post("/api/tables", json={**base, "players": 9}).status_code == 400
    assert client.post("/api/tables", json={**base, "options": {"nope": 1}}).status_code == 400
    assert client.post("/api/tables", json={**base, "game": "zzz"}).status_code == 404
    r = client.post("/api/tables", json={**base, "seats": [{"kind": "bot", "bot": "genius"}] * 3})
    assert r.status_code == 400 and "genius" in r.json()["detail"]
    assert client.post("/api/tables", json={**base, "seats": [{}]}).status_code == 400


def test_seat_sees_own_view_and_legal(client):
    t = new_table(client, 3)
    tid = t["table"]["id"]
    s0 = state(client, tid, 0, t["tokens"][0])
    assert s0["view"]["hand"] and s0["legal"] and s0["step"] == 0
    assert s0["legal"][0]["label"]["zh"].startswith("出")
    spectator = state(client, tid)
    assert spectator["view"]["hand"] is None and spectator["legal"] == []


def test_refusals_change_nothing(client):
    t = new_table(client, 3)
    tid, tok = t["table"]["id"], t["tokens"]
    s0 = state(client, tid, 0, tok[0])
    before = state(client, tid)
    good = s0["legal"][0]["action"]
    # wrong token: another seat's, a made-up one, none
    assert act(client, tid, 0, tok[1], good, 0).status_code == 403
    assert act(client, tid, 0, "nope", good, 0).status_code == 403
    assert client.post(f"/api/tables/{tid}/act",
                       json={"seat": 0, "action": good, "step": 0}).status_code == 403
    assert client.get(f"/api/tables/{tid}/state", params={"seat": 0}).status_code == 403
    # illegal and malformed
    r = act(client, tid, 0, tok[0], {"type": "bid", "card": 99}, 0)
    assert r.status_code == 422 and "illegal" in r.json()["detail"]
    assert act(client, tid, 0, tok[0], {"type": "fly"}, 0).status_code == 422
    assert client.post(f"/api/tables/{tid}/act", json={"seat": 0, "action": [1], "step": 0},
                       headers={"X-Seat-Token": tok[0]}).status_code == 422
    assert client.post(f"/api/tables/{tid}/act", content=b"{not json",
                       headers={"X-Seat-Token": tok[0],
                                "Content-Type": "application/json"}).status_code == 422
    # wrong step (future)
    assert act(client, tid, 0, tok[0], good, 5).status_code == 409
    assert state(client, tid) == before
    # accepted once, then the same choice again is a duplicate
    assert act(client, tid, 0, tok[0], good, 0).status_code == 200
    r = act(client, tid, 0, tok[0], good, 0)
    assert r.status_code == 409 and "duplicate" in r.json()["detail"]
    # late: seat 0 already chose this round; with the right step it is still refused
    r = act(client, tid, 0, tok[0], state(client, tid, 0, tok[0])["view"]["hand"] and good, 1)
    assert r.status_code == 422 and "nothing to decide" in r.json()["detail"]
    assert state(client, tid)["table"]["version"] == 1
    assert client.get(f"/api/tables/{tid}/record").status_code == 409


def test_simultaneous_round_and_game_over(client):
    t = new_table(client, 2, options={"rounds": 2})
    tid, tok = t["table"]["id"], t["tokens"]
    for _ in range(2):
        for seat in (1, 0):
            assert play_first(client, tid, seat, tok[seat]).status_code == 200
    final = state(client, tid)
    assert final["table"]["status"] == "over" and final["result"]["winners"]
    assert any(e["kind"] == "reveal" for e in final["log"])
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert len(rec["actions"]) == 4
    assert play_first.__name__  # nothing more to choose:
    r = act(client, tid, 0, tok[0], {"type": "bid", "card": 1}, 2)
    assert r.status_code == 409 and "over" in r.json()["detail"]
    assert client.get("/api/tables", params={"status": "over"}).json()[0]["id"] == tid


def test_hand_seat_to_bot(make_client):
    client = make_client(away_seconds=0)  # no grace: a seat without a socket is away
    t = new_table(client, 3)
    tid, tok = t["table"]["id"], t["tokens"]
    assert play_first(client, tid, 0, tok[0]).status_code == 200
    path = f"/api/tables/{tid}/seats/1/bot"
    assert client.post(path, json={"bot": "random"}).status_code == 403
    assert client.post(path, json={"bot": "zzz"},
                       headers={"X-Host-Token": t["host_token"]}).status_code == 400
    r = client.post(path, json={"bot": "random"}, headers={"X-Host-Token": t["host_token"]})
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "bot"
    assert r.json()["seats"][1]["away"] is True
    assert r.json()["seat_log"][-1]["text"]["en"] == (
        "The host handed P2 to a bot: its player was away")
    assert client.post(path, json={"bot": "random"},
                       headers={"X-Host-Token": t["host_token"]}).status_code == 409
    assert state(client, tid)["view"]["submitted"] == [0, 1]
    # the player's token no longer acts for the seat while the bot plays it...
    assert play_first(client, tid, 2, tok[2]).status_code == 200
    r = act(client, tid, 1, tok[1], {"type": "bid", "card": 1}, 0)
    assert r.status_code == 409 and "take it back" in r.json()["detail"]
    # ...but takes it back (nobody else can)
    back = f"/api/tables/{tid}/seats/1/back"
    assert client.post(back, headers={"X-Seat-Token": tok[2]}).status_code == 403
    assert client.post(back, headers={"X-Host-Token": t["host_token"]}).status_code == 403
    r = client.post(back, headers={"X-Seat-Token": tok[1]})
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "human"
    assert r.json()["seat_log"][-1]["kind"] == "back"
    step = state(client, tid, 1, tok[1])["step"]
    r = act(client, tid, 1, tok[1], {"type": "bid", "card": 1}, step)  # (the bot bid already)
    assert r.status_code == 422 and "bot" not in r.json()["detail"]
    assert client.post(back, headers={"X-Seat-Token": tok[1]}).status_code == 409


def test_all_bots_play_to_the_end(client):
    t = new_table(client, 4, seats=[{"kind": "bot"}] * 4)
    s = state(client, t["table"]["id"])
    assert s["table"]["status"] == "over" and s["result"] is not None


def test_bots_are_deterministic(make_client):
    c = make_client()
    a = new_table(c, 3, seats=[{"kind": "bot"}] * 3, seed=11)
    b = new_table(c, 3, seats=[{"kind": "bot"}] * 3, seed=11)
    ra = c.get(f"/api/tables/{a['table']['id']}/record").json()
    rb = c.get(f"/api/tables/{b['table']['id']}/record").json()
    assert ra["actions"] == rb["actions"]


def test_oversized_body(client):
    r = client.post("/api/tables", content=b'{"game":"' + b"x" * 40_000 + b'"}',
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 413


def test_rate_limit(make_client):
    c = make_client(rate=1.0, burst=5)
    codes = [c.get("/api/games").status_code for _ in range(8)]
    assert codes[:5] == [200] * 5 and 429 in codes[5:]
    assert c.get("/static/index.html").status_code == 200  # static files are not counted


def test_restart_in_process(make_client):
    c1 = make_client()
    t = new_table(c1, 3, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}])
    tid, tok = t["table"]["id"], t["tokens"]
    assert play_first(c1, tid, 0, tok[0]).status_code == 200
    before = state(c1, tid, 0, tok[0])
    c2 = make_client()
    after = state(c2, tid, 0, tok[0])
    assert after["view"] == before["view"] and after["table"]["version"] == 2
    assert play_first(c2, tid, 2, tok[2]).status_code == 200


def test_websocket_pushes_each_seat_its_view(client):
    t = new_table(client, 2)
    tid, tok = t["table"]["id"], t["tokens"]
    with watch(client, tid, 0, tok[0]) as w0, watch(client, tid) as spec:
        m0 = w0.receive_json()
        assert m0["type"] == "state" and m0["view"]["hand"]
        spec.receive_json()
        while m0["online"] != [0]:
            m0 = w0.receive_json()
        assert play_first(client, tid, 1, tok[1]).status_code == 200
        m0 = w0.receive_json()
        for _ in range(5):
            if m0["view"]["submitted"] == [1]:
                break
            m0 = w0.receive_json()
        assert m0["view"]["submitted"] == [1] and m0["legal"]
        ms = spec.receive_json()
        while ms["view"]["submitted"] != [1]:
            ms = spec.receive_json()
        assert ms["view"]["hand"] is None and ms["legal"] == []


def test_websocket_refuses_wrong_token(client):
    import pytest
    from starlette.websockets import WebSocketDisconnect

    t = new_table(client, 2)
    tid = t["table"]["id"]
    with pytest.raises(WebSocketDisconnect) as closed, watch(client, tid, 0, "bad") as w:
        w.receive_json()
    assert closed.value.code == 4403


def test_an_online_seat_is_not_handed_to_a_bot(make_client):
    c = make_client(away_seconds=0)
    t = new_table(c, 2)
    tid, tok, host = t["table"]["id"], t["tokens"], {"X-Host-Token": t["host_token"]}
    path = f"/api/tables/{tid}/seats/1/bot"
    with watch(c, tid, 1, tok[1]) as w1:
        w1.receive_json()
        r = c.post(path, json={"bot": "random"}, headers=host)
        assert r.status_code == 409 and "online" in r.json()["detail"]
        w1.send_text("ping")
        assert w1.receive_json() == {"type": "pong"}  # still connected
    r = c.post(path, json={"bot": "random"}, headers=host)  # gone (grace 0): now it may
    assert r.status_code == 200 and r.json()["seats"][1]["away"] is True


def test_websocket_message_flood_is_cut(client):
    import pytest
    from starlette.websockets import WebSocketDisconnect

    t = new_table(client, 2)
    with watch(client, t["table"]["id"]) as w, pytest.raises(WebSocketDisconnect):
        w.receive_json()
        for _ in range(500):
            w.send_text("x")
        for _ in range(50):
            w.receive_json()


def test_migrations_ran_and_are_idempotent(db_url, make_client):
    import sqlalchemy as sa

    make_client()
    make_client()  # a second start over the same database
    with sa.create_engine(db_url).connect() as conn:
        version = conn.execute(sa.text("select version_num from alembic_version")).scalar()
        assert version == db.HEAD
        assert {"tables", "seats", "choices", "lab_runs", "lab_games"} <= set(
            sa.inspect(conn).get_table_names())


def test_lab_tables_made_before_migrations_are_kept(tmp_path):
    """A database where the lab once created its tables itself upgrades in place."""
    import sqlalchemy as sa

    from boardlab.lab.store import Base
    from boardlab.server.db import make_engine, migrate

    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    old = sa.create_engine(url)
    Base.metadata.create_all(old)
    with old.begin() as conn:
        conn.execute(sa.text(
            "insert into lab_runs (id, created, game, kind, games, seed, code_version, config,"
            " summary) values ('r1', '2026-01-01', 'toys', 'simulate', 1, '1', 'v', '{}', '{}')"))
    migrate(make_engine(url))
    with old.connect() as conn:
        assert conn.execute(sa.text("select id from lab_runs")).scalar() == "r1"
        version = conn.execute(sa.text("select version_num from alembic_version")).scalar()
        assert version == db.HEAD


def test_serve_command_is_registered():
    from typer.testing import CliRunner

    from boardlab.cli import app

    out = CliRunner().invoke(app, ["serve", "--help"])
    assert out.exit_code == 0 and "--data-dir" in out.output


def test_front_end_pages(client):
    assert "lobby.js" in client.get("/").text
    assert "table.js" in client.get("/t/abc").text
    for path in ("/static/table.js", "/static/games/toys.js", "/static/games/cat.js",
                 "/static/style.css", "/favicon.ico"):
        assert client.get(path).status_code == 200, path


def test_a_broken_bot_does_not_stall_the_table(client, monkeypatch):
    from boardlab.bots.base import RandomBot

    def broken(self, ctx):
        raise RuntimeError("bot bug")

    for bad in (broken, lambda self, ctx: {"type": "nonsense"}):
        monkeypatch.setattr(RandomBot, "choose", bad)
        t = new_table(client, 2, seats=[{"kind": "human"}, {"kind": "bot"}])
        assert state(client, t["table"]["id"])["view"]["submitted"] == [1]


def test_invite_only_tables(client):
    t = new_table(client, 2, start=False, public=False)
    tid = t["table"]["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0})
    assert r.status_code == 403 and "invite" in r.json()["detail"]
    assert state(client, tid, 0, t["tokens"][0])["table"]["public"] is False


def test_upgrade_from_the_first_schema(sqlite_url):
    """A database made by revision 0001 is upgraded in place and keeps its tables."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from boardlab.server.db import MIGRATIONS, make_engine

    db_url = sqlite_url
    engine = make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(sa.text(
            "insert into tables (id, game, config, seed, status, host_token, name, version,"
            " created_at) values ('old1', 'sealed', :cfg, 5, 'open', 'h', '', 0, 1.0)"),
            {"cfg": '{"players": 2, "rounds": 1}'})
        for s in (0, 1):
            conn.execute(sa.text(
                f"insert into seats (table_id, seat, kind, name, token, claimed) values"
                f" ('old1', {s}, 'human', 'P', 't{s}', 0)"))
    engine.dispose()
    from fastapi.testclient import TestClient

    from boardlab.server import create_app

    from .conftest import ids, lookup

    with TestClient(create_app(db_url, games=lookup, game_ids=ids)) as c:
        info = c.get("/api/tables/old1").json()
        assert info["public"] is True and info["players"] == 2


def test_slow_bots_are_split_across_loop_turns(client):
    import time

    tables = client.app.state.tables
    budget, tables.bot_budget = tables.bot_budget, 0.0  # every choice through the scheduler
    t = new_table(client, 4, seats=[{"kind": "bot"}] * 4, seed=21)
    tid = t["table"]["id"]
    deadline = time.time() + 20
    while state(client, tid)["table"]["status"] != "over":
        assert time.time() < deadline
        time.sleep(0.05)
    tables.bot_budget = budget
    rec = client.get(f"/api/tables/{tid}/record").json()
    t2 = new_table(client, 4, seats=[{"kind": "bot"}] * 4, seed=21)
    assert client.get(f"/api/tables/{t2['table']['id']}/record").json()["actions"] == rec["actions"]


def test_websocket_sends_only_new_log_entries(client):
    t = new_table(client, 2)
    tid, tok = t["table"]["id"], t["tokens"]
    with watch(client, tid, 0, tok[0]) as w0:
        m = w0.receive_json()
        assert m["log_from"] == 0
        have = list(m["log"])
        for seat in (0, 1):
            assert play_first(client, tid, seat, tok[seat]).status_code == 200
        while m["table"]["version"] < 2:
            m = w0.receive_json()
            assert m["log_from"] == len(have)  # never a repeat of what the socket has
            have += m["log"]
        assert have == state(client, tid, 0, tok[0])["log"]
        assert len(m["log"]) < len(have)


def test_search_bots_think_at_live_tables(client, caplog):
    """montecarlo and ismcts seats plan on worlds sampled from their own copy of the state:
    they play whole games at a table with no failure and no random fallback logged."""
    import logging
    import time

    caplog.set_level(logging.WARNING, logger="boardlab.server")
    t = new_table(client, 3, seats=[{"kind": "bot", "bot": "montecarlo"},
                                    {"kind": "bot", "bot": "ismcts"},
                                    {"kind": "bot", "bot": "random"}], seed=3)
    deadline = time.time() + 60  # bot choices past the request's budget go on in the loop
    while state(client, t["table"]["id"])["table"]["status"] != "over":
        assert time.time() < deadline
        time.sleep(0.05)
    assert [r.getMessage() for r in caplog.records] == []
