"""The lobby's list (finished tables stay, abandoned ones say so) and replays of finished
tables: the spectator's view step by step, a seat's own view only after the last choice,
nothing for a table still being played (boardlab/server/players.py)."""

from __future__ import annotations

import time

import pytest

from boardlab.engine.registry import get_game
from boardlab.server import players

from .helpers import new_table, played_out


def _bots_game(client, game="geometry", n=3):
    seats = [{"kind": "bot", "bot": "random"} for _ in range(n)]
    t = new_table(client, players=n, seats=seats, game=game, claim=[], seed=5)
    tid = t["table"]["id"]
    for _ in range(200):
        if client.get(f"/api/tables/{tid}").json()["status"] == "over":
            break
        time.sleep(0.02)
    return tid


@pytest.fixture
def client(make_client):
    return make_client()


def test_replay_steps_through_a_finished_record(client):
    tid = _bots_game(client)
    record = client.get(f"/api/tables/{tid}/record").json()
    n = len(record["actions"])
    game = get_game("geometry")
    first = client.get(f"/api/tables/{tid}/replay", params={"step": 0}).json()
    assert first["step"] == 0 and first["steps"] == n and first["result"] is None
    assert first["view"] == game.view(game.new_game(record["config"], record["seed"]), None)
    mid = client.get(f"/api/tables/{tid}/replay", params={"step": n // 2}).json()
    assert mid["moved"] == record["actions"][n // 2 - 1][0] and mid["result"] is None
    end = client.get(f"/api/tables/{tid}/replay").json()
    assert end["step"] == n and end["result"] == record["result"]
    # every seat's own view after the end: its shape is there
    for seat in range(3):
        mine = client.get(f"/api/tables/{tid}/replay", params={"seat": seat}).json()
        assert "shape" in mine["view"]["seats"][seat]["cards"]
        assert mine["seat"] == seat
    # before the end a seat's view is refused, and so are steps outside the record
    r = client.get(f"/api/tables/{tid}/replay", params={"step": 1, "seat": 0})
    assert r.status_code == 403 and "after the last choice" in r.json()["detail"]
    r = client.get(f"/api/tables/{tid}/replay", params={"step": n + 1})
    assert r.status_code == 400 and str(n) in r.json()["detail"]
    assert client.get(f"/api/tables/{tid}/replay", params={"seat": 9}).status_code == 400


def test_no_replay_while_a_table_is_played(client):
    t = new_table(client, players=3, game="geometry",
                  seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    r = client.get(f"/api/tables/{t['table']['id']}/replay")
    assert r.status_code == 409
    assert client.get("/api/tables/nosuch/replay").status_code == 404


def test_lobby_keeps_finished_tables_and_marks_abandoned_ones(client, monkeypatch):
    done = _bots_game(client)
    t = new_table(client, players=3, game="geometry",
                  seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    running = t["table"]["id"]
    rows = {r["id"]: r for r in client.get("/api/lobby").json()}
    assert rows[done]["status"] == "over" and rows[running]["status"] == "running"
    assert not rows[running]["abandoned"] and not rows[done]["abandoned"]
    later = time.time() + players.IDLE_SECONDS + 5
    monkeypatch.setattr(players.time, "time", lambda: later)
    rows = {r["id"]: r for r in client.get("/api/lobby").json()}
    assert rows[running]["abandoned"] and not rows[done]["abandoned"]
    # someone there: not abandoned, however long since the last choice
    seat_token = t["tokens"][0]
    with client.websocket_connect(f"/ws/tables/{running}") as ws:
        ws.send_json({"seat": 0, "token": seat_token})
        ws.receive_json()
        rows = {r["id"]: r for r in client.get("/api/lobby").json()}
        assert not rows[running]["abandoned"]


def test_rematch_same_seats_new_deal_one_click_each(client):
    old, tokens = played_out(client)
    assert client.get(f"/api/tables/{old}/rematch").status_code == 404
    # a wrong token, a bot's seat, an empty ask: refused, nothing opened
    bad = client.post(f"/api/tables/{old}/rematch", json={"seats": {"0": tokens[1]}})
    assert bad.status_code == 403
    assert client.post(f"/api/tables/{old}/rematch", json={"seats": {}}).status_code == 400
    assert client.get(f"/api/tables/{old}/rematch").status_code == 404
    first = client.post(f"/api/tables/{old}/rematch", json={"seats": {"0": tokens[0]}}).json()
    new = first["table"]
    assert new != old and first["status"] == "open"
    assert first["joined"] == [0] and first["waiting"] == [1]
    assert [c["seat"] for c in first["claimed"]] == [0]
    # the others see it and join with one click; the last one in starts it
    seen = client.get(f"/api/tables/{old}/rematch").json()
    assert seen["table"] == new and "claimed" not in seen
    second = client.post(f"/api/tables/{old}/rematch", json={"seats": {"1": tokens[1]}}).json()
    assert second["table"] == new and second["status"] == "running" and second["waiting"] == []
    info = client.get(f"/api/tables/{new}").json()
    before = client.get(f"/api/tables/{old}").json()
    assert [(s["kind"], s["bot"], s["name"]) for s in info["seats"]][2][0] == "bot"
    assert [s["name"] for s in info["seats"]][:2] == ["Ann", "Bo"]
    assert info["config"] == before["config"] and info["players"] == before["players"]
    assert info["commitment"] != before["commitment"]  # a new deal
    # the new tokens play the new table; asking again changes nothing
    tok = second["claimed"][0]["token"]
    st = client.get(f"/api/tables/{new}/state", params={"seat": 1}, headers={"X-Seat-Token": tok})
    assert st.status_code == 200
    again = client.post(f"/api/tables/{old}/rematch", json={"seats": {"1": tokens[1]}}).json()
    assert again["table"] == new and again["claimed"] == []


def test_no_rematch_before_the_end(client):
    t = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    r = client.post(f"/api/tables/{t['table']['id']}/rematch",
                    json={"seats": {"0": t["tokens"][0]}})
    assert r.status_code == 409 and "over" in r.json()["detail"]


def test_a_guest_names_their_seat(client):
    t = new_table(client, players=3, game="geometry",
                  seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], claim=[0])
    tid = t["table"]["id"]
    code = next(s for s in t["seats"] if s["seat"] == 1)["invite"].split("claim=")[1]
    guest = client.post(f"/api/tables/{tid}/claim", json={"code": code}).json()
    r = client.post(f"/api/tables/{tid}/seats/1/name", json={"name": "  小明  "},
                    headers={"X-Seat-Token": guest["token"]})
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["name"] == "小明"
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "小明"
    # another seat's token, a bot's seat, an empty or control-character name: refused, unchanged
    assert client.post(f"/api/tables/{tid}/seats/1/name", json={"name": "X"},
                       headers={"X-Seat-Token": t["tokens"][0]}).status_code == 403
    assert client.post(f"/api/tables/{tid}/seats/2/name", json={"name": "X"},
                       headers={"X-Seat-Token": guest["token"]}).status_code == 403
    for bad in ("   ", "a\nb", ""):
        r = client.post(f"/api/tables/{tid}/seats/1/name", json={"name": bad},
                        headers={"X-Seat-Token": guest["token"]})
        assert r.status_code == 422, (bad, r.text)
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "小明"


def test_table_chat_and_reactions(make_client):
    # past CHAT_KEPT lines in one go: more requests than the per-address burst (200), which a
    # fast machine sends before the bucket refills (429s); the rate limit has its own tests
    client = make_client(rate=1e6)
    t = new_table(client, players=3, game="geometry",
                  seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    tid, tok = t["table"]["id"], t["tokens"]
    say = lambda seat, token, text: client.post(  # noqa: E731
        f"/api/tables/{tid}/chat", json={"seat": seat, "text": text}, headers={"X-Seat-Token": token})
    assert say(0, tok[0], "  你好  ").json()["text"] == "你好"
    line = say(1, tok[1], "👍").json()
    assert line["reaction"] and line["seat"] == 1 and line["n"] == 1
    # a seat speaks only with its own token; nothing empty or with control characters
    assert say(1, tok[0], "x").status_code == 403
    assert say(0, "", "x").status_code == 403
    assert say(0, tok[0], "   ").status_code == 422
    assert say(0, tok[0], "a\x07b").status_code == 422
    got = client.get(f"/api/tables/{tid}/chat").json()
    assert [x["text"] for x in got["lines"]] == ["你好", "👍"] and got["next"] == 2
    assert "👍" in got["reactions"]
    assert [x["n"] for x in client.get(f"/api/tables/{tid}/chat", params={"since": 1}).json()["lines"]] == [1]
    for i in range(players.CHAT_KEPT + 5):
        say(0, tok[0], f"m{i}")
    got = client.get(f"/api/tables/{tid}/chat").json()
    assert len(got["lines"]) == players.CHAT_KEPT and got["lines"][-1]["text"] == f"m{players.CHAT_KEPT + 4}"


def test_no_chat_where_the_game_forbids_table_talk(client):
    t = new_table(client, players=3, game="cat", options={"variant_e": True},
                  seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    tid = t["table"]["id"]
    r = client.post(f"/api/tables/{tid}/chat", json={"seat": 0, "text": "hi"},
                    headers={"X-Seat-Token": t["tokens"][0]})
    assert r.status_code == 409 and "table talk" in r.json()["detail"]
    assert client.get(f"/api/tables/{tid}/chat").status_code == 409
