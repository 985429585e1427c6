"""Choices held for an undo reach the seat's other devices, and only them; a held turn is
not replayed on the screens that were shown it; a turn timer keeps the held choices.

Seat 0 of a burgle table has two sockets (two devices with its token: one taking the view's
changes, one whole states), seat 1 and a spectator one each. A move back onto the known
entrance is held: both of seat 0's sockets are sent it (the table's version unchanged), then
the undo point after an undo, then two held moves (the entrance and back); seat 1 and the
spectator are sent nothing until the turn is stored. When it is, seat 0's sockets get the
steps after the held moves only (no replay of moves they showed), seat 1 every step."""

from __future__ import annotations

import json
import time

import anyio
from fastapi.testclient import TestClient

from boardlab.engine.registry import get_game
from boardlab.server import create_app
from boardlab.server.delta import rebuild

from .helpers import new_table, would_hold


async def _next(ws, seconds: float):
    with anyio.fail_after(seconds):
        return await ws._send_rx.receive()


def receive(ws, seconds: float = 10.0) -> dict:
    """The socket's next state message (who-is-online messages passed over); fails after
    ``seconds`` instead of waiting for ever."""
    while True:
        msg = json.loads(ws.portal.call(_next, ws, seconds)["text"])
        if msg.get("type") == "state":
            return msg


class Sock:
    """A socket and the payload its messages rebuild (as connection.js does)."""

    def __init__(self, ws, hello: dict) -> None:
        self.ws, self.held = ws, None
        ws.send_json(hello)
        self.next()

    def next(self) -> dict:
        self.held = rebuild(self.held, receive(self.ws))
        return self.held


def _burgle_at_its_turn(client):
    """A 2-seat burgle table with seat 0 in its actions, moved onto a face-down tile (the
    move stored: it turned the tile), its tokens and the entrance tile."""
    made = new_table(client, players=2, game="burgle", seed=6, turn_seconds=60,
                     seats=[{"kind": "human", "timeout_bot": "random"}, {"kind": "human"}])
    tid, tok = made["table"]["id"], made["tokens"]

    def look(seat):
        r = client.get(f"/api/tables/{tid}/state", params={"seat": seat},
                       headers={"X-Seat-Token": tok[seat]})
        assert r.status_code == 200, r.text
        return r.json()

    def act(seat, action):
        r = client.post(f"/api/tables/{tid}/act", json={
            "seat": seat, "action": action, "step": look(seat)["step"]},
            headers={"X-Seat-Token": tok[seat]})
        assert r.status_code == 200, r.text
        return r.json()

    for _ in range(10):  # characters, the entrance
        mine = look(0)
        if mine["view"]["phase"] == "actions" and 0 in mine["to_move"]:
            break
        seat = mine["to_move"][0]
        act(seat, look(seat)["legal"][0]["action"])
    entrance = mine["view"]["players"][0]["at"]
    act(0, next(c["action"] for c in mine["legal"] if c["action"]["type"] == "move"))
    return tid, tok, look, act, entrance


def test_held_choices_reach_the_seats_other_devices_only_and_are_not_replayed(fast_client):
    client = fast_client
    tid, tok, look, act, entrance = _burgle_at_its_turn(client)
    tables = client.app.state.tables
    game = get_game("burgle")
    v = tables.get(tid).version
    tile = look(0)["view"]["players"][0]["at"]
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b, \
            client.websocket_connect(f"/ws/tables/{tid}") as w, \
            client.websocket_connect(f"/ws/tables/{tid}") as spec:
        dev_a = Sock(a, {"seat": 0, "token": tok[0], "delta": True})
        dev_b = Sock(b, {"seat": 0, "token": tok[0]})
        other = Sock(w, {"seat": 1, "token": tok[1], "delta": True})
        watcher = Sock(spec, {"delta": True})
        for s in (dev_a, dev_b, other, watcher):
            assert s.held["table"]["version"] == v
        start_other, start_watcher = other.held, watcher.held

        held = act(0, {"type": "move", "to": entrance})  # back onto the known entrance: held
        assert held["table"]["version"] == v
        for dev in (dev_a, dev_b):  # both devices of seat 0 see it
            got = dev.next()
            assert got["table"]["version"] == v and got["step"] == held["step"]
            assert got["view"]["players"][0]["at"] == entrance
            assert got["view"] == look(0)["view"]
        r = client.post(f"/api/tables/{tid}/undo", json={"seat": 0},
                        headers={"X-Seat-Token": tok[0]})
        assert r.status_code == 200, r.text
        for dev in (dev_a, dev_b):  # and the undo point again
            assert dev.next()["view"]["players"][0]["at"] == tile
        act(0, {"type": "move", "to": entrance})  # held again, and back onto the tile
        for dev in (dev_a, dev_b):
            assert dev.next()["view"]["players"][0]["at"] == entrance
        act(0, {"type": "move", "to": tile})
        for dev in (dev_a, dev_b):
            assert dev.next()["view"]["players"][0]["at"] == tile
        t = tables.get(tid)
        assert len(t.held_by(0)) == 2
        now = t.held_state
        # a choice that is not undoable stores the turn: the held move, then it
        final = next(c["action"] for c in look(0)["legal"]
                     if not would_hold(game, now, 0, c["action"]))
        act(0, final)
        after = tables.get(tid).version
        assert after >= v + 3 and not tables.get(tid).held
        for dev in (dev_a, dev_b):  # not shown the held moves again: the next step first
            got = dev.next()
            assert got["table"]["version"] >= v + 3, got["table"]["version"]
            while got["table"]["version"] < after:
                got = dev.next()
        # seat 1 and the spectator were sent nothing before the turn was stored, and then
        # every step from the held move on
        for sock, start in ((other, start_other), (watcher, start_watcher)):
            assert sock.held == start
            got = sock.next()
            assert got["table"]["version"] == v + 1
            assert got["view"]["players"][0]["at"] == entrance
            while got["table"]["version"] < after:
                got = sock.next()


def test_a_held_choice_reaches_the_other_devices_however_late_its_push_runs(
        fast_client, monkeypatch):
    """The push of a choice held for an undo sends the seat's payload as it was right after
    that choice, not the table as the push finds it: here the push is slow (it runs after
    the seat's next choice, which stores the turn), and the other device is still sent
    the held move, then only the steps after it - as when the push is quick. (It used to
    read the table when it ran: then it sent nothing, and the held move came again as a
    step of the next push; what a device was sent depended on the hub's speed.)"""
    client = fast_client
    tid, tok, look, act, entrance = _burgle_at_its_turn(client)
    tables, hub = client.app.state.tables, client.app.state.hub
    game = get_game("burgle")
    v = tables.get(tid).version
    real = hub._seat_messages

    def slow(*args):
        time.sleep(0.5)  # (the seat's next choice is stored meanwhile)
        return real(*args)

    monkeypatch.setattr(hub, "_seat_messages", slow)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as w:
        dev = Sock(a, {"seat": 0, "token": tok[0], "delta": True})
        other = Sock(w, {"seat": 1, "token": tok[1], "delta": True})
        assert dev.held["table"]["version"] == other.held["table"]["version"] == v
        act(0, {"type": "move", "to": entrance})  # held
        now = tables.get(tid).held_state
        final = next(c["action"] for c in look(0)["legal"]
                     if not would_hold(game, now, 0, c["action"]))
        act(0, final)  # stores the turn while the held move's push still runs
        after = tables.get(tid).version
        assert after >= v + 2
        got = dev.next()  # the held move, at the version it was made at
        assert got["table"]["version"] == v and got["view"]["players"][0]["at"] == entrance
        got = dev.next()  # then the steps after it (not the held move again)
        assert got["table"]["version"] >= v + 2, got["table"]["version"]
        while got["table"]["version"] < after:
            got = dev.next()
        got = other.next()  # the other seat: every step, the held move first
        assert got["table"]["version"] == v + 1
        assert got["view"]["players"][0]["at"] == entrance


def test_a_turn_timer_keeps_the_held_choices_and_plays_on_from_them(fast_client):
    client = fast_client
    tid, tok, look, act, entrance = _burgle_at_its_turn(client)
    tables = client.app.state.tables
    v = tables.get(tid).version
    act(0, {"type": "move", "to": entrance})  # held
    assert len(tables.get(tid).held_by(0)) == 1 and tables.get(tid).version == v
    assert tid in tables.late_tables(now=time.time() + 61)
    tables.play_late_turns(tid, now=time.time() + 61)
    t = tables.get(tid)
    assert t.status == "running" and not t.held_by(0)
    # the held move stored first, then the timer's bot choice made from there
    assert t.version >= v + 2
    assert t.actions[v] == (0, {"type": "move", "to": entrance})
    assert t.actions[v + 1][0] == 0
    # the record plays back to the same game: every seat sees what a new server reads
    seen = [look(s) for s in (0, 1)]
    url = tables.engine.url.render_as_string(hide_password=False)
    with TestClient(create_app(url, rate=1e6, burst=10**6)) as again:
        for s in (0, 1):
            r = again.get(f"/api/tables/{tid}/state", params={"seat": s},
                          headers={"X-Seat-Token": tok[s]})
            got = r.json()
            assert got["view"] == seen[s]["view"] and got["step"] == seen[s]["step"]
