"""The server side of the paced board (no browser needed): a burst of choices - my move and
the bots' answers within one request - reaches each socket as one state per choice, in order,
each exactly what that seat would have been shown at that point; a socket that joins gets only
the current state."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from boardlab.engine.protocol import GameRecord
from boardlab.engine.registry import get_game
from boardlab.server import create_app
from server.conftest import ids, lookup
from server.helpers import new_table, play_first, watch


def _until(ws, version: int) -> list[dict]:
    got = [ws.receive_json()]
    while got[-1]["table"]["version"] < version:
        got.append(ws.receive_json())
    return got


def test_a_burst_of_choices_arrives_one_state_per_choice(tmp_path):
    game = get_game("geometry")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", games=lookup,
                               game_ids=ids)) as client:
        t = new_table(client, 3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "bold"},
                                        {"kind": "bot", "bot": "cautious"}],
                      game="geometry", options={"first_leader": "seat0"})
        tid, tok = t["table"]["id"], t["tokens"]
        with watch(client, tid, 0, tok[0]) as me, watch(client, tid) as spectator:
            before = {0: [me.receive_json()], None: [spectator.receive_json()]}
            while before[0][-1]["online"] != [0]:
                before[0].append(me.receive_json())
            start = before[0][-1]["table"]["version"]
            reply = play_first(client, tid, 0, tok[0])
            assert reply.status_code == 200, reply.text
            final = reply.json()["table"]["version"]
            assert final >= start + 3, "the bots did not answer"
            live = client.app.state.tables.live[tid]
            record = GameRecord(game="geometry", config=live.config, seed=live.seed,
                                actions=[list(a) for a in live.actions])
            for seat, ws in ((0, me), (None, spectator)):
                log: list = []
                for m in before[seat]:
                    log = log[:m["log_from"]] + m["log"]
                versions = []
                for m in _until(ws, final):
                    log = log[:m["log_from"]] + m["log"]  # the pushes carry only new entries
                    if m["table"]["version"] <= start:
                        continue
                    versions.append(m["table"]["version"])
                    # each step: the game's own view of the state then, and its log - no more
                    st = game.replay(record, upto=m["table"]["version"])
                    own = json.loads(json.dumps(game.view(st, seat)))
                    if m.get("view_log"):  # the view's copy of the log travels as the log
                        own.pop(m["view_log"])
                    assert m["view"] == own
                    assert log == json.loads(json.dumps(game.visible_log(st, seat)))
                    assert m["legal"] == [] or seat in m["to_move"]
                assert versions == sorted(set(versions)), f"out of order: {versions}"
                assert len(versions) >= 3, f"one jump instead of steps: {versions}"
            # a socket that joins now gets the current state only
            with watch(client, tid) as late:
                assert late.receive_json()["table"]["version"] == final


def test_the_page_rebuilds_each_state_from_incremental_messages(page, base_url):
    """connection.js's rebuild, fed the pushes of a socket that asked for deltas and an
    incremental /act answer, gives the whole state: the same as the Python reference
    (boardlab.server.delta.rebuild) at every message and the seat's full /state at the end."""
    import random

    import httpx
    from websockets.sync.client import connect

    from boardlab.server.delta import rebuild

    made = httpx.post(base_url + "/api/tables", json={
        "game": "toys", "players": 3, "practice": True, "seed": 11, "start": True, "claim": [0],
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                  {"kind": "bot", "bot": "random"}]}).json()
    tid, token = made["table"]["id"], made["claimed"][0]["token"]
    headers = {"X-Seat-Token": token}
    rng = random.Random(4)
    pushes: list[dict] = []
    answers: list[tuple[dict, dict]] = []  # (the state it is relative to, the answer)
    with connect(base_url.replace("http", "ws", 1) + f"/ws/tables/{tid}") as ws:
        ws.send(json.dumps({"seat": 0, "token": token, "delta": True}))
        held = None
        for _ in range(12):
            pushes.append(json.loads(ws.recv(timeout=10)))
            held = rebuild(held, pushes[-1])
            if held["table"]["status"] != "running":
                break
            if held["legal"] and held["table"]["version"] == httpx.get(
                    f"{base_url}/api/tables/{tid}").json()["version"]:
                r = httpx.post(f"{base_url}/api/tables/{tid}/act", headers=headers, json={
                    "seat": 0, "action": rng.choice(held["legal"])["action"],
                    "step": held["step"], "have": held["view_tag"]})
                assert r.status_code == 200, r.text
                answers.append((held, r.json()))
    assert any("view_from" in m for m in pushes) and any("table_from" in m for m in pushes)
    assert answers and any("view_from" in a for _, a in answers)
    page.goto(base_url + "/")
    states = page.evaluate("""async ([pushes, answers]) => {
        const { rebuild } = await import("/static/connection.js");
        let held = null;
        const out = [];
        for (const m of pushes) { held = rebuild(held, m); out.push(held); }
        return [out, answers.map(([base, a]) => rebuild(base, a))];
    }""", [pushes, [[b, a] for b, a in answers]])
    held = None
    for js, m in zip(states[0], pushes, strict=True):
        held = rebuild(held, m)
        for key in ("table", "view", "log", "legal", "to_move", "step", "result"):
            assert js[key] == held[key], key
    for js, (base, a) in zip(states[1], answers, strict=True):
        assert js["view"] == rebuild(base, a)["view"] and js["log"] == rebuild(base, a)["log"]
    full = httpx.get(f"{base_url}/api/tables/{tid}/state", params={"seat": 0},
                     headers=headers).json()
    last = states[0][-1]
    if last["table"]["version"] == full["table"]["version"]:
        for key in ("table", "view", "log", "legal", "to_move", "step", "result"):
            assert last[key] == full[key], key
