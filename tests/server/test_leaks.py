"""Many random games of every game: each seat and each spectator gets exactly the game's own
view of it (and its visible log), legal choices only when it must choose, and no token."""

from __future__ import annotations

import json
import random

import pytest

from boardlab.engine.protocol import GameRecord
from boardlab.server.delta import rebuild

from .conftest import ids, lookup
from .helpers import act, new_table, state

GAMES = {"sealed": 20, "toys": 8, "cat": 8}


@pytest.mark.parametrize("game_id", [g for g in GAMES if g in ids()])
def test_no_leaks(make_client, db_url, game_id):
    client = make_client(rate=1e6, burst=10**6)
    # PostgreSQL runs the same checks on fewer games (the storage differs, not the views)
    games = GAMES[game_id] if db_url.startswith("sqlite") else max(2, GAMES[game_id] // 4)
    live = client.app.state.tables.live
    game = lookup(game_id)
    rng = random.Random(game_id)
    for i in range(games):
        n = rng.randint(game.min_players, min(game.max_players, 4))
        seats = [{"kind": "human"} if s % 2 == 0 else {"kind": "bot"} for s in range(n)]
        t = new_table(client, n, seats=seats, game=game_id, seed=1000 + i)
        tid, tok = t["table"]["id"], t["tokens"]
        secrets = set(tok.values()) | {t["host_token"]}
        for _ in range(3000):
            rec = client.get(f"/api/tables/{tid}").json()
            payloads = {s: state(client, tid, s, tok[s]) for s in tok}
            payloads[None] = state(client, tid)
            cfg = rec["config"]
            actions = payloads[None]["table"]["version"]
            assert actions == rec["version"]
            for seat, p in payloads.items():
                text = json.dumps(p)
                assert not any(x in text for x in secrets), "a token leaked"
                assert set(p) == {"table", "seat", "view", "log", "to_move", "legal", "step",
                                  "result", "online"}
                if seat is None or seat not in p["to_move"]:
                    assert p["legal"] == []
                # (a seat's own choices held for an undo: it alone sees the state after them)
                now = live[tid].held_state if live[tid].held_by(seat) else live[tid].state
                own = json.loads(json.dumps(game.view(now, seat)))
                assert p["view"] == own
                assert p["log"] == json.loads(json.dumps(game.visible_log(now, seat)))
            # the game's own view, from an independent replay of the stored record
            if rec["status"] == "over":
                record = client.get(f"/api/tables/{tid}/record").json()
                st = game.replay(GameRecord(game=game_id, config=cfg, seed=record["seed"],
                                            actions=record["actions"]))
                for seat, p in payloads.items():
                    assert p["view"] == json.loads(json.dumps(game.view(st, seat)))
                break
            movers = [s for s in payloads[None]["to_move"] if s in tok]
            seat = rng.choice(movers)
            p = payloads[seat]
            choice = rng.choice(p["legal"])["action"]
            assert act(client, tid, seat, tok[seat], choice, p["step"]).status_code == 200
        else:
            pytest.fail("game did not end")


def _drain(ws, held, version: int, secrets: set[str]) -> tuple[dict, list[dict]]:
    """Receive until the socket's state reaches ``version``; every message checked for
    secrets as it travels, rebuilt as connection.js does."""
    got = []
    while held is None or held["table"]["version"] < version:
        raw = ws.receive_text()
        assert not any(x in raw for x in secrets), "a token leaked"
        if json.loads(raw).get("type") == "seats":  # who is online: nothing else in it
            assert set(json.loads(raw)) == {"type", "online"}
            continue
        held = rebuild(held, json.loads(raw))
        got.append(held)
    return held, got


@pytest.mark.parametrize("game_id", [g for g in GAMES if g in ids()])
def test_no_leaks_in_incremental_messages(make_client, db_url, game_id):
    """The incremental pushes (a socket that asked for deltas) and /act answers (``have``)
    hold nothing a seat may not see: rebuilt, each is the game's own view and visible log
    of that seat at that step (an independent replay), legal choices only when it must
    choose; the /act answer rebuilt is the seat's full /state."""
    client = make_client(rate=1e6, burst=10**6)
    game = lookup(game_id)
    rng = random.Random(game_id + "delta")
    for i in range(2 if db_url.startswith("sqlite") else 1):
        n = rng.randint(game.min_players, min(game.max_players, 4))
        seats = [{"kind": "human"} if s % 2 == 0 else {"kind": "bot"} for s in range(n)]
        t = new_table(client, n, seats=seats, game=game_id, seed=2000 + i)
        tid, tok = t["table"]["id"], t["tokens"]
        secrets = set(tok.values()) | {t["host_token"]}
        live = client.app.state.tables.live[tid]
        sockets = {s: client.websocket_connect(f"/ws/tables/{tid}") for s in [*tok, None]}
        held: dict = {}
        try:
            for s, ws in sockets.items():
                ws.__enter__()
                ws.send_json({"delta": True} if s is None else
                              {"seat": s, "token": tok[s], "delta": True})
                held[s] = None
            for _ in range(200):
                version = state(client, tid)["table"]["version"]
                for s, ws in sockets.items():
                    held[s], got = _drain(ws, held[s], version, secrets)
                    record = GameRecord(game=game_id, config=live.config, seed=live.seed,
                                        actions=[list(a) for a in live.actions])
                    for m in got:
                        st = game.replay(record, upto=m["table"]["version"])
                        assert m["view"] == json.loads(json.dumps(game.view(st, s)))
                        assert m["log"] == json.loads(json.dumps(game.visible_log(st, s)))
                        assert m["legal"] == [] or (s is not None and s in m["to_move"])
                if held[None]["table"]["status"] != "running":
                    break
                movers = [s for s in held[None]["to_move"] if s in tok]
                seat = rng.choice(movers)
                p = held[seat]
                if p["table"]["version"] != version or not p["legal"]:
                    continue
                r = client.post(f"/api/tables/{tid}/act", json={
                    "seat": seat, "action": rng.choice(p["legal"])["action"],
                    "step": p["step"], "have": p["view_tag"]},
                    headers={"X-Seat-Token": tok[seat]})
                assert r.status_code == 200, r.text
                assert not any(x in r.text for x in secrets), "a token leaked"
                answer = rebuild(p, r.json())
                full = state(client, tid, seat, tok[seat])
                if full["table"]["version"] == answer["table"]["version"]:
                    for key in ("table", "view", "log", "legal", "to_move", "step", "result"):
                        assert answer[key] == full[key], key
            else:
                pytest.fail("game did not end")
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
