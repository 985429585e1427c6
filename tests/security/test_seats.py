"""A host who cannot see the deal, and seats nobody can take from their player."""

from __future__ import annotations

import json
import time

import sqlalchemy as sa

from server.helpers import act, state, watch


def _open(client, players: int = 3, **kw):
    r = client.post("/api/tables", json={"game": "sealed", "players": players, **kw})
    assert r.status_code == 201, r.text
    return r.json()


def test_the_host_reads_no_deal_and_every_claim_and_move_is_public(client, db_url):
    """The attack: the creator takes every invite himself, reads each seat while the table
    is open, starts, then passes the seats on with device links that look like invites."""
    t = _open(client, 3, invite=[0, 1, 2])
    tid, host = t["table"]["id"], t["host_token"]
    assert sorted(s["seat"] for s in t["seats"]) == [0, 1, 2] and t["claimed"] == []
    tokens = {}
    for s in t["seats"]:
        r = client.post(f"/api/tables/{tid}/claim", json={"code": s["code"]})
        assert r.status_code == 200
        tokens[s["seat"]] = r.json()["token"]
    # while open: no deal exists - nothing private, no seed, no commitment, in memory or stored
    for seat, tok in tokens.items():
        p = state(client, tid, seat, tok)
        assert p["view"] is None and p["legal"] == [] and p["log"] == []
        assert p["table"]["commitment"] == "" and "seed" not in p["table"]
    assert client.app.state.tables.get(tid).state is None
    with sa.create_engine(db_url).connect() as conn:
        row = conn.execute(sa.text("select seed, seed_nonce, commitment from tables "
                                   "where id = :i"), {"i": tid}).one()
    assert tuple(row) == (-1, "", "")
    # every claim is public: the seat list and the seat log say who took what, and how
    info = client.get(f"/api/tables/{tid}").json()
    assert [e["kind"] for e in info["seat_log"]] == ["invite"] * 3
    assert all(s["claimed"] for s in info["seats"])
    # the deal is made and committed at the start, and the commitment is shown from then on
    started = client.post(f"/api/tables/{tid}/start", headers={"X-Host-Token": host}).json()
    commitment = started["commitment"]
    assert len(commitment) == 64
    assert state(client, tid)["table"]["commitment"] == commitment
    # the host (holding seat 1) now hands it on with a device link: the move is public
    link = client.post(f"/api/tables/{tid}/seats/1/link", headers={"X-Seat-Token": tokens[1]})
    player = client.post(f"/api/tables/{tid}/claim", json={"code": link.json()["code"]})
    assert player.status_code == 200
    seen = state(client, tid, 1, player.json()["token"])["table"]
    assert seen["seats"][1]["moves"] == 1
    last = seen["seat_log"][-1]
    assert last["kind"] == "moved" and last["started"] is True
    assert last["text"] == {"zh": "P2 的座位换到了一台新设备上（开局之后）",
                            "en": "P2's seat moved to a new device (after the game started)"}
    # spectators see the same
    assert client.get(f"/api/tables/{tid}").json()["seat_log"][-1]["kind"] == "moved"
    # the record's commitment is the one published at the start
    assert client.post(f"/api/tables/{tid}/close", headers={"X-Host-Token": host}
                       ).status_code == 200
    assert client.get(f"/api/tables/{tid}/record").json()["commitment"] == commitment


def test_peek_and_recreate_finds_nothing_to_peek_at(client):
    """Tables of the same options are indistinguishable until started (30 tries)."""
    seen = set()
    for _ in range(30):
        t = _open(client, 2, claim=[0, 1])
        tok = {c["seat"]: c["token"] for c in t["claimed"]}
        p = state(client, t["table"]["id"], 0, tok[0])
        seen.add(json.dumps([p["view"], p["log"], p["legal"], p["table"]["commitment"]]))
    assert seen == {json.dumps([None, [], [], ""])}


def test_the_creator_gets_only_the_codes_he_asked_for(client):
    t = _open(client, 3, claim=[0], invite=[2])
    assert [s["seat"] for s in t["seats"]] == [2] and [c["seat"] for c in t["claimed"]] == [0]
    assert "code" not in json.dumps(t["claimed"]) and "token" not in json.dumps(t["seats"])
    # seat 1 has no code anywhere: it is taken from the lobby, its secret to its taker alone
    tid = t["table"]["id"]
    j = client.post(f"/api/tables/{tid}/join", json={"seat": 1})
    assert j.status_code == 200 and j.json()["token"] not in json.dumps(t)
    r = client.post("/api/tables", json={"game": "sealed", "players": 2, "claim": [0],
                                         "invite": [0]})
    assert r.status_code == 400 and "invite" in r.json()["detail"]
    kinds = [e["kind"] for e in client.get(f"/api/tables/{tid}").json()["seat_log"]]
    assert kinds == ["creator", "lobby"]


def test_an_online_seat_cannot_be_taken_and_an_away_one_comes_back(make_client):
    c = make_client(away_seconds=30)
    t = _open(c, 2, claim=[0, 1], start=True)
    tid, host = t["table"]["id"], {"X-Host-Token": t["host_token"]}
    tok = {x["seat"]: x["token"] for x in t["claimed"]}
    tables = c.app.state.tables
    # online: refused, however often (20 tries), and the player's socket stays open
    with watch(c, tid, 1, tok[1]) as ws:
        ws.receive_json()
        for _ in range(20):
            r = c.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}, headers=host)
            assert r.status_code == 409 and "online" in r.json()["detail"]
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong"}
    # just left: within the grace, still refused
    r = c.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}, headers=host)
    assert r.status_code == 409 and "30 seconds" in r.json()["detail"]
    # past the grace: handed over, publicly; the player's token reads, and takes it back
    later = time.time() + 31
    tables.hand_to_bot(tid, t["host_token"], 1, "random", now=later)
    info = c.get(f"/api/tables/{tid}").json()
    assert info["seats"][1]["kind"] == "bot" and info["seats"][1]["away"] is True
    assert info["seat_log"][-1]["text"]["en"] == "The host handed P2 to a bot: its player was away"
    assert state(c, tid, 1, tok[1])["seat"] == 1
    r = c.post(f"/api/tables/{tid}/seats/1/back", headers={"X-Seat-Token": tok[1]})
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "human"
    assert r.json()["seat_log"][-1]["kind"] == "back"


def test_a_seat_out_of_time_may_go_to_a_bot_while_online(make_client):
    c = make_client(away_seconds=3600)
    t = _open(c, 2, claim=[0, 1], start=True, turn_seconds=60, seed=3, practice=True)
    tid = t["table"]["id"]
    tok = {x["seat"]: x["token"] for x in t["claimed"]}
    tables = c.app.state.tables
    with watch(c, tid, 1, tok[1]) as ws:
        ws.receive_json()
        s0 = state(c, tid, 0, tok[0])
        assert act(c, tid, 0, tok[0], s0["legal"][0]["action"], 0).status_code == 200
        r = c.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"},
                   headers={"X-Host-Token": t["host_token"]})
        assert r.status_code == 409  # on time and online
        tables.hand_to_bot(tid, t["host_token"], 1, "random", now=time.time() + 61)
        info = c.get(f"/api/tables/{tid}").json()
        assert info["seat_log"][-1]["text"]["en"] == (
            "The host handed P2 to a bot: its turn time ran out")


def test_a_seat_online_at_another_worker_is_not_taken(make_client):
    """Two servers over one database (as two workers): the player's socket is open at the
    first; the host asks the second, which knows the player is there from the presence the
    first keeps writing (past the grace, several times over)."""
    a = make_client(away_seconds=1.0, housekeeping_interval=0.1)
    b = make_client(away_seconds=1.0, housekeeping_interval=0.1)
    t = _open(a, 2, claim=[0, 1], start=True)
    tid, host = t["table"]["id"], {"X-Host-Token": t["host_token"]}
    tok = {x["seat"]: x["token"] for x in t["claimed"]}
    with watch(a, tid, 1, tok[1]) as ws:
        ws.receive_json()
        for _ in range(3):
            time.sleep(1.2)  # longer than the grace each time
            r = b.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}, headers=host)
            assert r.status_code == 409, r.text
    time.sleep(1.5)  # gone from every worker for longer than the grace
    r = b.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}, headers=host)
    assert r.status_code == 200 and r.json()["seats"][1]["away"] is True
