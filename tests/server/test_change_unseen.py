"""A sealed choice changed before its reveal is seen by nobody else: the same game is played
twice through the server's API - once with seat 0 choosing another card or bid first and then
changing it (POST /api/tables/{id}/change), once with seat 0 choosing the final one at once -
and every byte the other seats and the spectators are sent is the same in both: each answer
to their choices (incremental, relative to the payload they hold), their states, the table's
summary, every WebSocket message (whole and incremental, the steps the bots take between, the
view tags), the record at the end. cat (a card played face down) and hotel (a sealed bid),
with a human seat choosing after seat 0 and random bots, whose choices after the reveal the
hub pushes step by step."""

from __future__ import annotations

import json
import random
import time
import types
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient

from boardlab.engine.protocol import GameRecord
from boardlab.engine.registry import get_game
from boardlab.server import create_app
from boardlab.server import tables as tables_module

from .helpers import Everyone, database, drain_states, masked, new_table

CHANGER, WATCHER = 0, 1  # seat 0 changes its sealed choices; seat 1 is a human who sees it all


def _play(url, monkeypatch, game_id: str, players: int, seed: int, change: bool):
    """One game to its end (or 250 choices); what seat 0 does differs by ``change`` only.
    Returns every text the other seats and the spectators were sent, and how many sealed
    choices seat 0 changed."""
    clock = types.SimpleNamespace(time=lambda: 1_800_000_000.0, monotonic=time.monotonic)
    monkeypatch.setattr(tables_module, "time", clock)  # (times are in summaries)
    game = get_game(game_id)
    app = create_app(url,
                     rate=1e6, burst=10**6, bot_move_seconds=60.0)
    changed = 0
    seats = [{"kind": "human"}, {"kind": "human"}] + [
        {"kind": "bot", "bot": "random"} for _ in range(players - 2)]
    with TestClient(app) as client:
        tables = app.state.tables
        tables.bot_budget = 60.0  # the bots' turns within the request: the same steps each run
        made = new_table(client, players=players, game=game_id, seed=seed, seats=seats)
        tid, tok = made["table"]["id"], made["tokens"]
        rng = random.Random(seed)

        with ExitStack() as stack:
            everyone = Everyone(client, tid, tok, [WATCHER, None]).open(stack)
            look, seen = everyone.look, everyone.seen
            for _ in range(250):
                t = tables.get(tid)
                if t.status != "running":
                    break
                movers = [s for s in game.to_move(t.state) if s in (CHANGER, WATCHER)]
                assert movers, "the bots left a human seat's turn undone"
                seat = movers[0]
                legal = json.loads(look(seat).content)["legal"]
                action = legal[rng.randrange(len(legal))]["action"]
                after = game.replay(GameRecord(game=game_id, config=t.config, seed=t.seed,
                                               actions=[*map(list, t.actions), [seat, action]]))
                # seat 0 first chooses another card or bid, when the choice is a sealed one
                # and seat 1 is still to choose after it (so the window stays open)
                sealed = (seat == CHANGER and len(legal) > 1 and game.changeable(after, seat)
                          and WATCHER in game.to_move(after))
                first = action
                if sealed and change:
                    first = next(c["action"] for c in legal if c["action"] != action)
                body = {"seat": seat, "action": first, "step": t.seat_steps(seat)}
                if seat == WATCHER and everyone.tag(WATCHER):
                    body["have"] = everyone.tag(WATCHER)
                r = client.post(f"/api/tables/{tid}/act", json=body,
                                headers={"X-Seat-Token": tok[seat]})
                assert r.status_code == 200, r.text
                if seat == WATCHER:
                    seen.append(r.text)
                if first != action:
                    r = client.post(f"/api/tables/{tid}/change", json={
                        "seat": seat, "action": action}, headers={"X-Seat-Token": tok[seat]})
                    assert r.status_code == 200, r.text
                    changed += 1
                everyone.step()
        record = client.get(f"/api/tables/{tid}/record")
        if record.status_code == 200:
            seen.append(record.text)
        final = tables.get(tid)
        secret = [tid, final.commitment, final.nonce]
    out = masked(seen, secret)  # (they differ between the two runs)
    return out, changed


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
@pytest.mark.parametrize("game_id,players,seed", [("cat", 4, 3), ("hotel", 4, 5)])
def test_a_changed_sealed_choice_is_seen_by_nobody_else(tmp_path, monkeypatch, game_id,
                                                        players, seed, backend):
    with database(tmp_path, backend, "n.sqlite") as url:
        plain, none = _play(url, monkeypatch, game_id, players, seed, change=False)
    with database(tmp_path, backend, "c.sqlite") as url:
        changed, count = _play(url, monkeypatch, game_id, players, seed, change=True)
    assert none == 0 and count >= 3, count  # (seat 0 changed several choices)
    assert len(changed) == len(plain)
    for i, (a, b) in enumerate(zip(changed, plain, strict=True)):
        assert a == b, (i, a[:600], b[:600])
    # the view tags were sent and compared too (every message names its view)
    assert sum('"view_tag"' in text for text in plain) > 20


def _bid(client, tid, tok, seat, have=None):
    st = client.get(f"/api/tables/{tid}/state", params={"seat": seat},
                    headers={"X-Seat-Token": tok[seat]}).json()
    r = client.post(f"/api/tables/{tid}/act", json={
        "seat": seat, "action": st["legal"][0]["action"], "step": st["step"],
        **({"have": have} if have else {})}, headers={"X-Seat-Token": tok[seat]})
    assert r.status_code == 200, r.text
    return r


def _device_run(tmp_path, ask: bool) -> list[str]:
    from support.sealed import GAME

    app = create_app(f"sqlite:///{tmp_path / f'{ask}.sqlite'}", games={"sealed": GAME}.get,
                     game_ids=lambda: ["sealed"], rate=1e6, burst=10**6)
    seen: list[str] = []
    with TestClient(app) as client:
        made = new_table(client, players=3, seed=4)
        tid, tok = made["table"]["id"], made["tokens"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"seat": 1, "token": tok[1], "delta": True})
            held: dict = {}
            drain_states(ws, held, 0, seen)
            first = _bid(client, tid, tok, 1, "-")
            drain_states(ws, held, 1, seen)
            if ask:
                r = client.post(f"/api/tables/{tid}/seats/0/link",
                                headers={"X-Seat-Token": tok[0]})
                assert r.status_code == 200, r.text
            _bid(client, tid, tok, 0)
            drain_states(ws, held, 2, seen)  # (a push for the link would come first)
            _bid(client, tid, tok, 2)
            drain_states(ws, held, 3, seen)
            seen += [first.text, _bid(client, tid, tok, 1, first.json()["view_tag"]).text]
            drain_states(ws, held, 4, seen)
        secret = [tid, first.json()["table"]["commitment"]]
    return masked(seen, secret)


def test_a_device_link_is_seen_by_nobody_else(tmp_path, monkeypatch):
    """Seat 0 asking for a link to move to another device is a change of the table (the
    code's digest is stored) that nobody else may notice: seat 1's socket is sent nothing,
    and its next answers and view tags are the same as when nobody asked."""
    clock = types.SimpleNamespace(time=lambda: 1_800_000_000.0, monotonic=time.monotonic)
    monkeypatch.setattr(tables_module, "time", clock)
    plain, asked = _device_run(tmp_path, False), _device_run(tmp_path, True)
    assert len(plain) == len(asked)
    for i, (a, b) in enumerate(zip(asked, plain, strict=True)):
        assert a == b, (i, a[:400], b[:400])


def test_a_changed_sealed_choice_is_on_disk_before_it_is_answered(tmp_path):
    """The change is written as a table's change is: under SQLite's write lock, and made
    durable (the group commit's flush) after it is committed and before it is answered."""
    import sqlalchemy as sa

    from support.sealed import GAME

    from .helpers import state
    from .test_change_choice import ChangeableSealed

    url = f"sqlite:///{tmp_path / 'd.sqlite'}"
    lookup = {"sealed2": ChangeableSealed(), "sealed": GAME}
    with TestClient(create_app(url, games=lookup.__getitem__, game_ids=lambda: list(lookup),
                               rate=1e6, burst=10**6)) as client:
        tables = client.app.state.tables
        made = new_table(client, players=3, game="sealed2", options={"rounds": 2}, seed=4,
                         seats=[{"kind": "human"} for _ in range(3)])
        tid, tok = made["table"]["id"], made["tokens"]
        hand = state(client, tid, 0, tok[0])["view"]["hand"]
        _bid(client, tid, tok, 0)
        assert state(client, tid, 0, tok[0])["view"]["my_bid"] == hand[0]
        engine = sa.create_engine(url)
        flushed: list[object] = []  # the stored bid each time a flush was asked for
        real = tables._durable

        def durable() -> None:
            with engine.connect() as conn:
                flushed.append(conn.execute(sa.text(
                    "SELECT action FROM choices WHERE table_id = :t AND step = 0"),
                    {"t": tid}).scalar())
            real()

        tables._durable = durable
        try:
            r = client.post(f"/api/tables/{tid}/change", json={
                "seat": 0, "action": {"type": "bid", "card": hand[-1]}},
                headers={"X-Seat-Token": tok[0]})
        finally:
            del tables._durable
            engine.dispose()
        assert r.status_code == 200, r.text
        assert r.json()["view"]["my_bid"] == hand[-1]
        assert [json.loads(a) if isinstance(a, str) else a for a in flushed] == [
            {"type": "bid", "card": hand[-1]}]
