"""A sealed choice changed while its window is open (POST /api/tables/{id}/change): only the
changer's view changes - every other seat's view, log, choices and the spectators' are
exactly as they were (view tags included: test_change_unseen), nobody else is sent anything,
and the record keeps only the final choice. Refused, changing nothing: after the reveal, for
a game that declares no sealed choices, with another seat's token, an illegal choice."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from boardlab.server import create_app
from support.sealed import SealedGame

from .helpers import masked, new_table, state


class ChangeableSealed(SealedGame):
    """The test game with its bids declared changeable until the last one is in."""

    id = "sealed2"

    def changeable(self, state, seat):
        return seat in state.bids and len(state.bids) < len(state.hands)


@pytest.fixture
def client(tmp_path):
    from support.sealed import GAME

    lookup = {"sealed2": ChangeableSealed(), "sealed": GAME}
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", games=lookup.__getitem__,
                     game_ids=lambda: list(lookup), bot_move_seconds=30.0)
    with TestClient(app) as c:
        yield c


def _table(client, game="sealed2", rounds=2):
    t = new_table(client, players=3, game=game, options={"rounds": rounds},
                  seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
                  seed=4)
    return t["table"]["id"], t["tokens"]


def _bid(client, tid, seat, token, card):
    st = state(client, tid, seat, token)
    r = client.post(f"/api/tables/{tid}/act", json={"seat": seat, "action": {
        "type": "bid", "card": card}, "step": st["step"]}, headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text


def _seen(client, tid, seat, token):
    """What a seat (or a spectator) is shown, but who is online."""
    got = state(client, tid, seat, token)
    got.pop("online", None)
    return got


def test_a_changed_sealed_choice_shows_nowhere_but_the_changer(client):
    tid, tok = _table(client)
    hand = state(client, tid, 0, tok[0])["view"]["hand"]
    first, other = hand[0], hand[-1]
    assert first != other
    _bid(client, tid, 0, tok[0], first)
    _bid(client, tid, 1, tok[1], state(client, tid, 1, tok[1])["view"]["hand"][0])
    before = {s: _seen(client, tid, s, tok.get(s)) for s in (1, 2, None)}
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"seat": 2, "token": tok[2]})
        hello = ws.receive_json()
        assert hello["type"] == "state"
        r = client.post(f"/api/tables/{tid}/change", json={
            "seat": 0, "action": {"type": "bid", "card": other}},
            headers={"X-Seat-Token": tok[0]})
        assert r.status_code == 200, r.text
        mine = r.json()
        assert mine["view"]["my_bid"] == other and sorted(mine["view"]["hand"]) == sorted(
            [c for c in hand if c != other])
        assert any(str(other) in e["text"]["en"] for e in mine["log"])
        assert not any(f"you bid {first} " in e["text"]["en"] + " " for e in mine["log"])
        # every other seat and the spectators: exactly what they were shown before
        after = {s: _seen(client, tid, s, tok.get(s)) for s in (1, 2, None)}
        assert after == before
        # nothing was sent for the change: the next message seat 2 gets is its own bid's
        _bid(client, tid, 2, tok[2], state(client, tid, 2, tok[2])["view"]["hand"][0])
        nxt = ws.receive_json()
        assert any("reveal" in e["text"]["en"] for e in nxt.get("log", [])), nxt
    # the reveal shows the final choice, and so does the record (the first one is nowhere)
    reveal = [e for e in state(client, tid, 1, tok[1])["log"] if e["text"]["en"].startswith("reveal")]
    assert f"'0': {other}" in reveal[-1]["text"]["en"]
    for s in range(3):  # the second round, to the end
        _bid(client, tid, s, tok[s], state(client, tid, s, tok[s])["view"]["hand"][0])
    record = client.get(f"/api/tables/{tid}/record").json()
    assert len(record["actions"]) == 6
    assert record["actions"][0] == [0, {"type": "bid", "card": other}]


def test_changes_refused_change_nothing(client):
    tid, tok = _table(client)
    hand = state(client, tid, 0, tok[0])["view"]["hand"]
    # nothing chosen yet: nothing to change
    r = client.post(f"/api/tables/{tid}/change", json={"seat": 0, "action": {
        "type": "bid", "card": hand[0]}}, headers={"X-Seat-Token": tok[0]})
    assert r.status_code == 409
    _bid(client, tid, 0, tok[0], hand[0])
    before = _seen(client, tid, 0, tok[0])
    for body, token, code in (
            ({"seat": 0, "action": {"type": "bid", "card": 99}}, tok[0], 422),
            ({"seat": 0, "action": {"type": "bid", "card": hand[-1]}}, tok[1], 403),
            ({"seat": 0, "action": "x"}, tok[0], 422)):
        r = client.post(f"/api/tables/{tid}/change", json=body, headers={"X-Seat-Token": token})
        assert r.status_code == code, (body, r.text)
    assert _seen(client, tid, 0, tok[0]) == before
    # once everyone has chosen the bids are revealed: no change any more
    for s in (1, 2):
        _bid(client, tid, s, tok[s], state(client, tid, s, tok[s])["view"]["hand"][0])
    assert state(client, tid, 0, tok[0])["table"]["status"] == "running"
    r = client.post(f"/api/tables/{tid}/change", json={"seat": 0, "action": {
        "type": "bid", "card": hand[-1]}}, headers={"X-Seat-Token": tok[0]})
    assert r.status_code == 409


def test_a_game_without_sealed_choices_changes_nothing(client):
    tid, tok = _table(client, game="sealed")  # the protocol's default: nothing changeable
    hand = state(client, tid, 0, tok[0])["view"]["hand"]
    _bid(client, tid, 0, tok[0], hand[0])
    r = client.post(f"/api/tables/{tid}/change", json={"seat": 0, "action": {
        "type": "bid", "card": hand[-1]}}, headers={"X-Seat-Token": tok[0]})
    assert r.status_code == 409 and "can no longer be changed" in r.json()["detail"]


def test_the_seat_is_told_what_it_may_change_to_and_nobody_else(client):
    tid, tok = _table(client)
    hand = state(client, tid, 0, tok[0])["view"]["hand"]
    ask = {"seat": 0}
    assert client.get(f"/api/tables/{tid}/change", params=ask,
                      headers={"X-Seat-Token": tok[0]}).json() == {"changeable": False, "choices": []}
    _bid(client, tid, 0, tok[0], hand[0])
    got = client.get(f"/api/tables/{tid}/change", params=ask, headers={"X-Seat-Token": tok[0]}).json()
    assert got["changeable"] and [c["action"]["card"] for c in got["choices"]] == sorted(set(hand))
    assert [c["current"] for c in got["choices"]].count(True) == 1
    assert got["choices"][0]["current"] and got["choices"][0]["label"]["en"] == f"bid {hand[0]}"
    # another seat's token learns nothing of seat 0's choice
    assert client.get(f"/api/tables/{tid}/change", params=ask,
                      headers={"X-Seat-Token": tok[1]}).status_code == 403
    assert client.get(f"/api/tables/{tid}/change", params=ask).status_code == 403


def test_another_worker_sees_the_changed_choice_not_the_first(tmp_path):
    """Two servers over one database (two workers): a choice changed through one is the
    choice in the other's copy of the table, which must replay the record rather than catch
    up from its last step (db.tables.rewrites)."""
    from support.sealed import GAME

    lookup = {"sealed2": ChangeableSealed(), "sealed": GAME}
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"

    def server():
        return TestClient(create_app(url, games=lookup.__getitem__,
                                     game_ids=lambda: list(lookup), bot_move_seconds=30.0))

    with server() as a, server() as b:
        tid, tok = _table(a)
        hand = state(a, tid, 0, tok[0])["view"]["hand"]
        first, other = hand[0], hand[-1]
        _bid(a, tid, 0, tok[0], first)
        assert state(b, tid, 0, tok[0])["view"]["my_bid"] == first  # b holds a copy now
        r = a.post(f"/api/tables/{tid}/change", json={
            "seat": 0, "action": {"type": "bid", "card": other}},
            headers={"X-Seat-Token": tok[0]})
        assert r.status_code == 200, r.text
        assert state(b, tid, 0, tok[0])["view"]["my_bid"] == other
        for s in (1, 2):  # the reveal happens at b
            _bid(b, tid, s, tok[s], state(b, tid, s, tok[s])["view"]["hand"][0])
        reveal = [e for e in state(b, tid, 1, tok[1])["log"]
                  if e["text"]["en"].startswith("reveal")]
        assert f"'0': {other}" in reveal[-1]["text"]["en"]
        for s in range(3):  # the second round, to the end, at b
            _bid(b, tid, s, tok[s], state(b, tid, s, tok[s])["view"]["hand"][0])
        for srv in (a, b):  # the stored record and both copies agree on the final choice
            record = srv.get(f"/api/tables/{tid}/record").json()
            assert record["actions"][0] == [0, {"type": "bid", "card": other}]


def test_at_another_worker_the_other_seats_answers_do_not_change_either(tmp_path, monkeypatch):
    """Seat 1 plays at the second server: its answers there (incremental, relative to the
    payload it holds) are the same whether or not seat 0 changed its bid at the first - that
    server's copy of the table is rebuilt from the record, and keeps the payloads it named."""
    import time
    import types

    from boardlab.server import tables as tables_module
    from support.sealed import GAME

    clock = types.SimpleNamespace(time=lambda: 1_800_000_000.0, monotonic=time.monotonic)
    monkeypatch.setattr(tables_module, "time", clock)  # (times are in summaries)
    lookup = {"sealed2": ChangeableSealed(), "sealed": GAME}
    answers = []
    for change in (False, True):
        url = f"sqlite:///{tmp_path / f'{change}.sqlite'}"

        def server(url=url):
            return TestClient(create_app(url, games=lookup.__getitem__,
                                         game_ids=lambda: list(lookup), bot_move_seconds=30.0))

        def bid(srv, tid, tok, seat, card, have):
            r = srv.post(f"/api/tables/{tid}/act", json={
                "seat": seat, "action": {"type": "bid", "card": card},
                "step": state(srv, tid, seat, tok[seat])["step"], "have": have},
                headers={"X-Seat-Token": tok[seat]})
            assert r.status_code == 200, r.text
            return r

        with server() as a, server() as b:
            tid, tok = _table(a)
            hand = state(a, tid, 0, tok[0])["view"]["hand"]
            _bid(a, tid, 0, tok[0], hand[-1] if change else hand[0])
            first = bid(b, tid, tok, 1, state(b, tid, 1, tok[1])["view"]["hand"][0], "-")
            if change:
                r = a.post(f"/api/tables/{tid}/change", json={
                    "seat": 0, "action": {"type": "bid", "card": hand[0]}},
                    headers={"X-Seat-Token": tok[0]})
                assert r.status_code == 200, r.text
            _bid(b, tid, 2, tok[2], state(b, tid, 2, tok[2])["view"]["hand"][0])  # the reveal
            _bid(b, tid, 0, tok[0], state(b, tid, 0, tok[0])["view"]["hand"][0])
            later = bid(b, tid, tok, 1, state(b, tid, 1, tok[1])["view"]["hand"][0],
                        first.json()["view_tag"])
            assert "view_from" in later.json()  # (incremental: the base was still kept)
            commitment = first.json()["table"]["commitment"]
            answers.append(masked([r.text for r in (first, later)], [tid, commitment]))
    assert answers[0] == answers[1]
