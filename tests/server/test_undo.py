"""Undo of a turn's choices that reveal nothing (``Game.undoable``; POST/GET
/api/tables/{id}/undo): the server holds such a choice for its seat alone and stores it with
the turn's first choice that is not undoable.

The same burgle game is played twice through the API - once with seat 0 trying other moves
on its turns and taking them back (an undo rewinds every held choice of the turn, which it
then makes again), once playing straight - and every byte seat 1 and the spectators are sent
is the same in both (answers, states, summaries, whole and incremental WebSocket messages,
the record: only the final choices). Seat 0 itself sees its turn's undo point after an undo.
Seat 1's own moves that reveal nothing are held too (pushed to its sockets alone), so its
sockets also show that such a push does not depend on how fast the hub runs.
Refusals: nothing to undo, another seat's token."""

from __future__ import annotations

import json
import random
import time
import types
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient

from boardlab.engine.registry import get_game
from boardlab.server import create_app
from boardlab.server import tables as tables_module

from .helpers import Everyone, database, masked, new_table, would_hold

MOVER, WATCHER = 0, 1


def _play(url, monkeypatch, seed: int, detours: bool):
    clock = types.SimpleNamespace(time=lambda: 1_800_000_000.0, monotonic=time.monotonic)
    monkeypatch.setattr(tables_module, "time", clock)
    game = get_game("burgle")
    app = create_app(url,
                     rate=1e6, burst=10**6, bot_move_seconds=60.0)
    undone = 0
    with TestClient(app) as client:
        tables = app.state.tables
        tables.bot_budget = 60.0
        made = new_table(client, players=3, game="burgle", seed=seed, seats=[
            {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
        tid, tok = made["table"]["id"], made["tokens"]
        rng = random.Random(seed)

        def held(seat):
            r = client.get(f"/api/tables/{tid}/undo", params={"seat": seat},
                           headers={"X-Seat-Token": tok[seat]})
            assert r.status_code == 200, r.text
            return r.json()["undo"]

        def act(seat, action, have=None):
            body = {"seat": seat, "action": action,
                    "step": json.loads(look(seat).content)["step"]}
            if have:
                body["have"] = have
            r = client.post(f"/api/tables/{tid}/act", json=body,
                            headers={"X-Seat-Token": tok[seat]})
            assert r.status_code == 200, r.text
            return r

        with ExitStack() as stack:
            everyone = Everyone(client, tid, tok, [WATCHER, None]).open(stack)
            look, seen = everyone.look, everyone.seen
            turn_start = None
            for _ in range(300):
                t = tables.get(tid)
                if t.status != "running":
                    break
                seat = game.to_move(t.state)[0]
                assert seat in (MOVER, WATCHER), "the bot left its turn undone"
                mine = json.loads(look(seat).content)
                legal = [c["action"] for c in mine["legal"]]
                action = legal[rng.randrange(len(legal))]
                if seat == MOVER:
                    k = held(MOVER)
                    assert k == len(t.held_by(MOVER))
                    if k == 0:
                        turn_start = look(MOVER).text
                    try_other = rng.random() < 0.5  # (the same draws in both runs)
                    moves = [a for a in legal if a["type"] in ("move", "drop", "pickup")] or legal
                    other = moves[rng.randrange(len(moves))]
                    now = t.held_state if t.held_by(MOVER) else t.state
                    if detours and try_other and would_hold(game, now, MOVER, other):
                        # another choice first, held for the seat alone; then undone
                        before = list(t.held_by(MOVER))
                        act(MOVER, other)
                        assert held(MOVER) == k + 1
                        r = client.post(f"/api/tables/{tid}/undo", json={"seat": MOVER},
                                        headers={"X-Seat-Token": tok[MOVER]})
                        assert r.status_code == 200, r.text
                        assert held(MOVER) == 0 and look(MOVER).text == turn_start
                        undone += 1
                        for _seat, a in before:  # the turn's held choices, again
                            act(MOVER, a)
                        assert held(MOVER) == k
                    act(MOVER, action)
                else:
                    seen.append(act(WATCHER, action, everyone.tag(WATCHER)).text)
                everyone.step()
        record = client.get(f"/api/tables/{tid}/record")
        if record.status_code == 200:
            seen.append(record.text)
        final = tables.get(tid)
        secret = [tid, final.commitment, final.nonce]
        actions = [[s, a] for s, a in final.actions]
    return masked(seen, secret), undone, actions


@pytest.mark.parametrize("seed,backend", [(11, "sqlite"), (5, "sqlite"), (2, "sqlite"),
                                          (11, "postgresql")])
def test_an_undo_is_seen_by_nobody_else_and_the_record_keeps_the_final_choices(
        tmp_path, monkeypatch, seed, backend):
    with database(tmp_path, backend, "p.sqlite") as url:
        plain, none, plain_actions = _play(url, monkeypatch, seed, detours=False)
    with database(tmp_path, backend, "u.sqlite") as url:
        undone, count, actions = _play(url, monkeypatch, seed, detours=True)
    assert none == 0 and count >= 2, count
    assert actions == plain_actions
    assert len(undone) == len(plain)
    for i, (a, b) in enumerate(zip(undone, plain, strict=True)):
        assert a == b, (i, a[:600], b[:600])


def test_undo_refusals_and_a_game_that_declares_nothing(fast_client):
    client = fast_client
    made = new_table(client, players=2, game="burgle", seed=3)
    tid, tok = made["table"]["id"], made["tokens"]
    r = client.post(f"/api/tables/{tid}/undo", json={"seat": 0}, headers={"X-Seat-Token": tok[0]})
    assert r.status_code == 409 and "nothing to undo" in r.json()["detail"]
    for seat, token in ((0, tok[1]), (1, None)):
        headers = {"X-Seat-Token": token} if token else {}
        assert client.post(f"/api/tables/{tid}/undo", json={"seat": seat},
                           headers=headers).status_code == 403
        assert client.get(f"/api/tables/{tid}/undo", params={"seat": seat},
                          headers=headers).status_code == 403
    assert client.post(f"/api/tables/{tid}/undo", json={"seat": "x"}).status_code == 422
    # geometry declares no undoable choice: a choice is stored at once, never held
    made = new_table(client, players=3, game="geometry", seed=3)
    tid, tok = made["table"]["id"], made["tokens"]
    st = client.get(f"/api/tables/{tid}/state", params={"seat": 0},
                    headers={"X-Seat-Token": tok[0]}).json()
    seat = st["to_move"][0]
    st = client.get(f"/api/tables/{tid}/state", params={"seat": seat},
                    headers={"X-Seat-Token": tok[seat]}).json()
    r = client.post(f"/api/tables/{tid}/act", json={"seat": seat, "action": st["legal"][0][
        "action"], "step": st["step"]}, headers={"X-Seat-Token": tok[seat]})
    assert r.status_code == 200 and r.json()["table"]["version"] == 1
    assert client.get(f"/api/tables/{tid}/undo", params={"seat": seat},
                      headers={"X-Seat-Token": tok[seat]}).json() == {"undo": 0}


def test_held_choices_are_the_same_at_every_worker_and_after_a_restart(db_url):
    """A choice held at one server is held at another over the same database (the seat's
    view, its step, the undo there), and still held after both restart; SQLite and
    PostgreSQL."""
    url = db_url

    def server():
        return TestClient(create_app(url, rate=1e6, burst=10**6))

    def look(srv, tid, tok, seat):
        r = srv.get(f"/api/tables/{tid}/state", params={"seat": seat},
                    headers={"X-Seat-Token": tok[seat]})
        assert r.status_code == 200, r.text
        got = r.json()
        got.pop("online")
        return got

    def act(srv, tid, tok, seat, action):
        r = srv.post(f"/api/tables/{tid}/act", json={
            "seat": seat, "action": action, "step": look(srv, tid, tok, seat)["step"]},
            headers={"X-Seat-Token": tok[seat]})
        assert r.status_code == 200, r.text

    def held(srv, tid, tok):
        return srv.get(f"/api/tables/{tid}/undo", params={"seat": 0},
                       headers={"X-Seat-Token": tok[0]}).json()["undo"]

    with server() as a, server() as b:
        made = new_table(a, players=2, game="burgle", seed=6)
        tid, tok = made["table"]["id"], made["tokens"]
        for _ in range(10):  # characters, the entrance
            mine = look(a, tid, tok, 0)
            if mine["view"]["phase"] == "actions" and 0 in mine["to_move"]:
                break
            seat = mine["to_move"][0]
            act(a, tid, tok, seat, look(a, tid, tok, seat)["legal"][0]["action"])
        entrance = mine["view"]["players"][0]["at"]
        act(a, tid, tok, 0, next(c["action"] for c in mine["legal"]
                                 if c["action"]["type"] == "move"))  # onto a face-down tile
        assert held(a, tid, tok) == 0
        start = look(b, tid, tok, 0)
        act(a, tid, tok, 0, {"type": "move", "to": entrance})  # back: held
        assert held(a, tid, tok) == 1 and held(b, tid, tok) == 1
        at_a = look(a, tid, tok, 0)
        assert at_a == look(b, tid, tok, 0) and at_a["step"] == start["step"] + 1
        assert at_a["view"]["players"][0]["at"] == entrance
        r = b.post(f"/api/tables/{tid}/undo", json={"seat": 0}, headers={"X-Seat-Token": tok[0]})
        assert r.status_code == 200, r.text
        assert held(a, tid, tok) == 0 and look(a, tid, tok, 0) == start
        act(b, tid, tok, 0, {"type": "move", "to": entrance})  # held again, at b
        again = look(b, tid, tok, 0)
    with server() as c:  # both gone: a new process reads it from the database
        assert held(c, tid, tok) == 1 and look(c, tid, tok, 0) == again
        record_step = look(c, tid, tok, 1)["table"]["version"]
        assert record_step == start["table"]["version"]  # (not in the record)
