"""Rematches and chat are stored in the database (boardlab.server.social): two servers over one
database (two workers) serve the same ones, a restart or a kill -9 keeps them, and two workers
receiving a table's first rematch ask at once open one rematch."""

from __future__ import annotations

import threading

import httpx
import pytest
import sqlalchemy as sa

from boardlab.server import db, social

from .helpers import new_table, played_out, state
from .test_restart import free_port, launch, stop


def ask(client, old, seats):
    return client.post(f"/api/tables/{old}/rematch",
                       json={"seats": {str(k): v for k, v in seats.items()}})


def say(client, tid, seat, token, text):
    return client.post(f"/api/tables/{tid}/chat", json={"seat": seat, "text": text},
                       headers={"X-Seat-Token": token})


def rematch_rows(url):
    eng = sa.create_engine(url)
    try:
        with eng.connect() as conn:
            return conn.execute(sa.select(social.rematches.c.old_table,
                                          social.rematches.c.new_table)).all()
    finally:
        eng.dispose()


def open_tables(url):
    eng = sa.create_engine(url)
    try:
        with eng.connect() as conn:
            return conn.execute(sa.select(db.tables.c.id)
                                .where(db.tables.c.status == "open")).scalars().all()
    finally:
        eng.dispose()


def test_rematch_asked_at_one_worker_is_joined_at_the_other(make_client):
    a, b = make_client(), make_client()
    old, tok = played_out(a)
    assert b.get(f"/api/tables/{old}/rematch").status_code == 404
    first = ask(a, old, {0: tok[0]})
    assert first.status_code == 200, first.text
    new = first.json()["table"]
    # b knows it at once: who is in, who is to come
    seen = b.get(f"/api/tables/{old}/rematch").json()
    assert seen == {"table": new, "status": "open", "joined": [0], "waiting": [1]}
    second = ask(b, old, {1: tok[1]}).json()
    assert second["table"] == new and second["status"] == "running"
    assert [c["seat"] for c in second["claimed"]] == [1]
    # the tokens handed out at either worker play the new table at the other one
    mine = first.json()["claimed"][0]["token"]
    assert state(b, new, 0, mine)["view"] is not None
    assert state(a, new, 1, second["claimed"][0]["token"])["view"] is not None
    assert a.get(f"/api/tables/{old}/rematch").json()["status"] == "running"
    # asking again at either worker changes nothing; a wrong token is refused
    again = ask(a, old, {1: tok[1]}).json()
    assert again["table"] == new and again["claimed"] == []
    assert ask(b, old, {0: tok[1]}).status_code == 403


def test_a_restart_keeps_rematch_and_chat(make_client):
    a = make_client()
    old, tok = played_out(a)
    new = ask(a, old, {0: tok[0]}).json()["table"]
    assert say(a, old, 0, tok[0], "gg").status_code == 200
    assert say(a, old, 1, tok[1], "👏").status_code == 200
    a.__exit__(None, None, None)
    b = make_client()  # a server started anew over the same database
    assert b.get(f"/api/tables/{old}/rematch").json()["waiting"] == [1]
    got = b.get(f"/api/tables/{old}/chat").json()
    assert [(x["n"], x["seat"], x["text"], x["reaction"]) for x in got["lines"]] == [
        (0, 0, "gg", False), (1, 1, "👏", True)]
    assert got["next"] == 2
    joined = ask(b, old, {1: tok[1]}).json()
    assert joined["table"] == new and joined["status"] == "running"


def test_chat_said_at_one_worker_is_read_at_the_other(make_client):
    a, b = make_client(rate=1e6), make_client(rate=1e6)
    t = new_table(a, players=3, game="geometry",
                  seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    tid, tok = t["table"]["id"], t["tokens"]
    assert say(a, tid, 0, tok[0], "  你好  ").json()["n"] == 0
    line = say(b, tid, 1, tok[1], "hi Ann").json()
    assert line["n"] == 1 and line["text"] == "hi Ann" and not line["reaction"]
    for srv in (a, b):
        got = srv.get(f"/api/tables/{tid}/chat").json()
        assert [(x["n"], x["seat"], x["text"]) for x in got["lines"]] == [
            (0, 0, "你好"), (1, 1, "hi Ann")]
        assert got["next"] == 2
        assert [x["n"] for x in srv.get(f"/api/tables/{tid}/chat",
                                        params={"since": 1}).json()["lines"]] == [1]
    # seat tokens, sizes and control characters are checked at every worker
    assert say(b, tid, 1, tok[0], "x").status_code == 403
    assert say(b, tid, 0, "", "x").status_code == 403
    assert say(b, tid, 0, tok[0], "   ").status_code == 422
    assert say(b, tid, 0, tok[0], "a\x07b").status_code == 422
    assert say(b, tid, 0, tok[0], "x" * 201).status_code == 422
    assert say(b, tid, 7, tok[0], "x").status_code == 404
    assert b.get(f"/api/tables/{tid}/chat", params={"since": -1}).status_code == 422
    assert b.get("/api/tables/nosuchtable00/chat").status_code == 404
    # lines said at both workers at once: each one number, none lost, none twice
    errors: list[str] = []

    def talk(srv, seat, k):
        for i in range(k):
            r = say(srv, tid, seat, tok[seat], f"{seat}-{i}")
            if r.status_code != 200:
                errors.append(r.text)
    threads = [threading.Thread(target=talk, args=(srv, seat, 15))
               for srv, seat in ((a, 0), (b, 1), (a, 1), (b, 0))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    got = b.get(f"/api/tables/{tid}/chat").json()
    assert [x["n"] for x in got["lines"]] == list(range(62)) and got["next"] == 62
    assert sorted(x["text"] for x in got["lines"][2:]) == sorted(
        f"{s}-{i}" for s in (0, 1) for i in range(15) for _ in (0, 1))
    # the last CHAT_KEPT lines are kept, numbered on
    for i in range(social.CHAT_KEPT):
        say(a if i % 2 else b, tid, 0, tok[0], f"m{i}")
    got = a.get(f"/api/tables/{tid}/chat").json()
    assert len(got["lines"]) == social.CHAT_KEPT and got["next"] == 62 + social.CHAT_KEPT
    assert got["lines"][0]["n"] == 62 and got["lines"][-1]["text"] == f"m{social.CHAT_KEPT - 1}"


@pytest.mark.parametrize("rounds", range(3))
def test_two_workers_asked_at_once_open_one_rematch(make_client, db_url, rounds):
    """The first ask reaches both workers at the same moment: one rematch table, both
    seats in it, the game started; the losing worker's table is gone."""
    a, b = make_client(), make_client()
    old, tok = played_out(a)
    before = set(open_tables(db_url))
    go = threading.Barrier(2)
    got: dict[int, httpx.Response] = {}

    def one(srv, seat):
        go.wait()
        got[seat] = ask(srv, old, {seat: tok[seat]})
    threads = [threading.Thread(target=one, args=(a, 0)),
               threading.Thread(target=one, args=(b, 1))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert got[0].status_code == 200 and got[1].status_code == 200, (got[0].text, got[1].text)
    new = got[0].json()["table"]
    assert got[1].json()["table"] == new
    assert rematch_rows(db_url) == [(old, new)]
    assert set(open_tables(db_url)) == before  # no stray open table left behind
    for srv in (a, b):
        shown = srv.get(f"/api/tables/{old}/rematch").json()
        assert shown["status"] == "running" and shown["joined"] == [0, 1]


def test_the_worker_that_loses_the_race_joins_the_winners_rematch(make_client, db_url,
                                                                  monkeypatch):
    """Deterministically the race above: b looked (no rematch yet), then a opened one, then b
    created its own table - b's insert fails, b deletes its table and seats the player at
    a's."""
    a, b = make_client(), make_client()
    old, tok = played_out(a)
    before = set(open_tables(db_url))
    made = ask(a, old, {0: tok[0]}).json()["table"]
    real = social.Rematches._new_id
    calls = []

    def looked_before(self, old_id):
        calls.append(old_id)
        return None if len(calls) == 1 else real(self, old_id)
    monkeypatch.setattr(social.Rematches, "_new_id", looked_before)
    joined = ask(b, old, {1: tok[1]})
    assert joined.status_code == 200, joined.text
    assert joined.json()["table"] == made and joined.json()["status"] == "running"
    assert rematch_rows(db_url) == [(old, made)]
    assert set(open_tables(db_url)) == before
    assert calls and calls[0] == old


def test_kill_9_keeps_an_answered_rematch_and_chat(db_url):
    port = free_port()
    proc = launch(db_url, port)
    try:
        c = httpx.Client(base_url=f"http://127.0.0.1:{port}")
        old, tok = played_out(c)
        first = ask(c, old, {0: tok[0]}).json()
        assert say(c, old, 1, tok[1], "again?").status_code == 200
    finally:
        stop(proc)  # kill -9 right after the answers
    port = free_port()
    proc = launch(db_url, port)
    try:
        c = httpx.Client(base_url=f"http://127.0.0.1:{port}")
        shown = c.get(f"/api/tables/{old}/rematch").json()
        assert shown["table"] == first["table"] and shown["joined"] == [0]
        assert [x["text"] for x in c.get(f"/api/tables/{old}/chat").json()["lines"]] == [
            "again?"]
        mine = first["claimed"][0]["token"]
        assert c.get(f"/api/tables/{first['table']}/state", params={"seat": 0},
                     headers={"X-Seat-Token": mine}).status_code == 200
        assert c.get(f"/api/tables/{first['table']}/state", params={"seat": 0},
                     headers={"X-Seat-Token": tok[0]}).status_code == 403
        assert ask(c, old, {1: tok[1]}).json()["status"] == "running"
    finally:
        stop(proc)


def test_a_rematch_that_closed_unstarted_is_opened_anew(make_client, db_url):
    """Nobody came before the open tables' time ran out (expire_open closed it): the next ask,
    at either worker, opens a fresh rematch table in its place, once."""
    a, b = make_client(), make_client()
    old, tok = played_out(a)
    first = ask(a, old, {0: tok[0]}).json()
    closed = a.app.state.tables.expire_open(now=10**12)
    assert first["table"] in closed
    assert b.get(f"/api/tables/{old}/rematch").json()["status"] == "closed"
    again = ask(b, old, {1: tok[1]}).json()
    assert again["table"] != first["table"] and again["status"] == "open"
    assert again["joined"] == [1] and again["waiting"] == [0]
    assert rematch_rows(db_url) == [(old, again["table"])]
    done = ask(a, old, {0: tok[0]}).json()
    assert done["table"] == again["table"] and done["status"] == "running"
    assert [c["seat"] for c in done["claimed"]] == [0]
