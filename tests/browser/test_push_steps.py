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
