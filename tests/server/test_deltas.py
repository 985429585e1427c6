"""Incremental messages (``boardlab.server.delta``): what a client rebuilds from them is the
full payload, at every step of a random game of every game, whichever earlier payload the
message is relative to (the hub skips steps that show a seat nothing new)."""

from __future__ import annotations

import json
import random

import pytest
import sqlalchemy as sa

from boardlab.server.delta import Shown, dumps, message, rebuild, tag_of
from boardlab.server.tables import Live, Seat, Tables

from .conftest import ids, lookup

FIELDS = ("table", "seat", "view", "log", "to_move", "legal", "step", "result")


def _tables() -> Tables:
    return Tables(sa.create_engine("sqlite://"), lookup, ids)


def _random_step(game, t: Live, rng: random.Random) -> bool:
    """One random legal choice at table ``t`` (False when its game is over)."""
    if game.is_over(t.state):
        return False
    seat = rng.choice(game.to_move(t.state))
    action = rng.choice(game.legal_actions(t.state, seat))
    game.apply_in_place(t.state, seat, action, check=False)
    t.actions.append((seat, action))
    return True


def _wire(msg: dict) -> dict:
    return json.loads(dumps(msg))  # what travels: JSON text


@pytest.mark.parametrize("game_id", ids())
def test_rebuilt_payload_equals_the_full_one_at_every_step(game_id):
    game = lookup(game_id)
    tables = _tables()
    rng = random.Random(game_id)
    for players in sorted({game.min_players, min(game.max_players, 4)}):
        cfg = game.make_config({"players": players})
        t = Live("t", game, cfg.model_dump(mode="json"), 5, "running", "", "", 0.0,
                 [Seat(s, "human", None, f"P{s}", "", True) for s in range(players)],
                 game.setup(cfg, 5, None))
        observers: list[int | None] = [*range(players), None]
        held: dict[int | None, dict | None] = {s: None for s in observers}
        base: dict[int | None, Shown | None] = {s: None for s in observers}
        deltas = 0
        for step in range(400):
            t.rev = step
            for seat in observers:
                now = Shown(tables._payload(t, seat), tag_of(t.rev, t.version, t.status))
                # a message is relative to the last one this observer got; now and then
                # one is skipped (the hub sends a step only if it shows something new)
                if step and rng.random() < 0.2:
                    continue
                msg = _wire(message(now, base[seat]))
                deltas += "view_from" in msg
                held[seat] = rebuild(held[seat], msg)
                full = _wire(now.payload)
                for key in FIELDS:
                    assert held[seat][key] == full[key], (game_id, step, seat, key)
                assert msg["log_from"] in (0, len(base[seat].payload["log"]) if base[seat]
                                           else 0)
                base[seat] = now
            if not _random_step(game, t, rng):
                break
        if isinstance(game.view(t.state, None), dict):
            assert deltas, "no message was incremental"


def test_a_message_for_another_view_is_refused():
    game = lookup("toys")
    tables = _tables()
    cfg = game.make_config({"players": 3})
    t = Live("t", game, cfg.model_dump(mode="json"), 1, "running", "", "", 0.0,
             [Seat(s, "human", None, f"P{s}", "", True) for s in range(3)],
             game.setup(cfg, 1, None))
    rng = random.Random(3)
    first = Shown(tables._payload(t, 0), tag_of(0, 0, "running"))
    held = rebuild(None, _wire(message(first, None)))
    for _ in range(30):  # to a step whose message is incremental
        seat = rng.choice(game.to_move(t.state))
        game.apply_in_place(t.state, seat, rng.choice(game.legal_actions(t.state, seat)),
                            check=False)
        t.actions.append((seat, None))
        second = Shown(tables._payload(t, 0), tag_of(t.version, t.version, "running"))
        msg = _wire(message(second, first))
        if "view_from" in msg:
            break
        first, held = second, rebuild(held, msg)
    assert msg["view_from"] == first.tag
    with pytest.raises(ValueError):
        rebuild({**held, "view_tag": "9.9.running"}, msg)
    with pytest.raises(ValueError):
        rebuild(None, {**msg, "log_from": len(held["log"]) + 1})
    assert rebuild(held, msg)["view"] == _wire(second.payload)["view"]


def test_the_fast_act_path_answers_as_the_route(client):
    """``/act`` with a JSON body goes through ``FastAct``; a body of another JSON content
    type (``application/...+json``) goes on to FastAPI's route. Refusals are the same either way, and an accepted choice's answer is
    the seat's full /state (online included)."""
    from .helpers import new_table, state

    t = new_table(client, 2)
    tid, tok = t["table"]["id"], t["tokens"]
    p = state(client, tid, 0, tok[0])
    good = {"seat": 0, "action": p["legal"][0]["action"], "step": p["step"]}
    cases = [
        (tid, {**good, "step": 5}, tok[0]),  # not reached yet
        (tid, good, tok[1]),  # another seat's token
        (tid, good, None),
        (tid, {**good, "action": {"type": "nonsense"}}, tok[0]),
        ("nosuchtable", good, tok[0]),
        (tid, {**good, "seat": "0"}, tok[0]),  # a validation error
        (tid, {**good, "extra": 1}, tok[0]),
        (tid, [1, 2], tok[0]),
    ]
    for table, body, token in cases:
        headers = {"X-Seat-Token": token} if token else {}
        fast = client.post(f"/api/tables/{table}/act", json=body, headers=headers)
        route = client.post(f"/api/tables/{table}/act", content=json.dumps(body).encode(),
                            headers={**headers, "Content-Type": "application/vnd.x+json"})
        assert fast.status_code == route.status_code != 200, (body, fast.text)
        assert fast.json() == route.json()
        assert fast.headers["content-type"] == route.headers["content-type"]
    r = client.post(f"/api/tables/{tid}/act", json=good, headers={"X-Seat-Token": tok[0]})
    assert r.status_code == 200 and r.json() == state(client, tid, 0, tok[0])


# ---- the texts against the dict-based messages they replaced ------------------------------

def _old_dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _old_message(now: dict, now_view, now_log_key, now_tag, base, delta: bool) -> dict:
    """The message as the dict-based ``delta.message`` built it from payload trees (``base``:
    (payload, view without log, log key, tag) or None)."""
    msg = {k: now[k] for k in ("table", "seat", "to_move", "legal", "step", "result")}
    start = 0
    if base is not None:
        old = base[0]["log"]
        n = len(old)
        start = n if n <= len(now["log"]) and now["log"][:n] == old else 0
    msg["log"] = now["log"][start:] if start else now["log"]
    msg["log_from"] = start
    msg["view_log"] = now_log_key
    msg["view_tag"] = now_tag

    def same_keys(a, b):
        return (isinstance(a, dict) and isinstance(b, dict) and len(a) == len(b)
                and all(x == y for x, y in zip(a, b, strict=True)))

    def changed(a, b):
        return {k: v for k, v in a.items() if not (b[k] is v or b[k] == v)}

    if delta and base is not None and base[2] == now_log_key and same_keys(now_view, base[1]):
        msg["view"] = changed(now_view, base[1])
        msg["view_from"] = base[3]
    else:
        msg["view"] = now_view
    if delta and base is not None and same_keys(now["table"], base[0]["table"]):
        msg["table"] = changed(now["table"], base[0]["table"])
        msg["table_from"] = base[3]
    return msg


@pytest.mark.parametrize("game_id", ids())
def test_texts_are_the_dict_messages_they_replaced(game_id):
    """``Shown`` keeps JSON texts only: its body, pushes and answers are byte for byte what
    the payload trees gave (``json.dumps`` of the payload and of the dict message), and
    ``same_sight`` is the trees' comparison; at every step of random games of every game,
    relative to the last payload and to one a few steps back."""
    from boardlab.server.delta import message_text, without_log

    game = lookup(game_id)
    tables = _tables()
    rng = random.Random(game_id + "texts")
    for players in sorted({game.min_players, min(game.max_players, 4)}):
        cfg = game.make_config({"players": players})
        t = Live("t", game, cfg.model_dump(mode="json"), 9, "running", "", "", 0.0,
                 [Seat(s, "human", None, f"P{s}", "", True) for s in range(players)],
                 game.setup(cfg, 9, None))
        history: dict = {s: [] for s in [*range(players), None]}
        for step in range(300):
            t.rev = step
            for seat, past in history.items():
                tree = tables._payload(t, seat)
                wire = json.loads(_old_dumps(tree))
                tag = t.view_tag(seat)
                # the log's texts encoded anew, and kept across payloads (the table's own)
                assert Shown(tree, tag).body() == _old_dumps(tree).encode()
                now = tables._shown(t, seat)
                assert now.body() == _old_dumps(tree).encode()
                view, key = without_log(tree["view"], tree["log"])
                # relative to nothing, to this seat's last payloads, to another seat's (whose
                # log need not be a start of this one)
                other = history[rng.choice(list(history))]
                for base in [None, *past[-1:], *past[-4:-3], *other[-1:]]:
                    for delta in (True, False):
                        old = _old_message(tree, view, key, tag,
                                           None if base is None else base[1], delta)
                        text = message_text(now, None if base is None else base[0], delta,
                                            kind="state", online=[0])
                        assert text == _old_dumps({"type": "state", **old, "online": [0]})
                        assert json.loads(text)["view"] == json.loads(_old_dumps(old))["view"]
                    if base is not None:
                        b = base[1][0]
                        same = (len(tree["log"]) == len(b["log"])
                                and tree["to_move"] == b["to_move"]
                                and tree["legal"] == b["legal"]
                                and tree["result"] == b["result"] and view == base[1][1])
                        assert now.same_sight(base[0]) == same
                past.append((now, (wire, json.loads(_old_dumps(view)), key, tag)))
            if not _random_step(game, t, rng):
                break


def test_texts_of_keys_and_values_are_json_dumps():
    """The encoder made once and the keys' texts write what ``json.dumps`` writes, keys
    that Python counts as one (``1``, ``True``, ``1.0``) included; NaN is refused."""
    from boardlab.server.delta import key_json, parts_of

    data = {1: "a", "t": [1, 2.5, None, True], "é\"x": {"k": False}, None: -0.0, 2.0: "z"}
    for key in [1, True, 1.0, None, "é\"x", 2.0, False, 0]:
        assert key_json(key) == _old_dumps({key: 0})[1:-3]
    assert dumps(data) == _old_dumps(data)
    parts = parts_of({"a": [1, {"b": "é"}], "c": None})
    assert parts == {"a": '[1,{"b":"é"}]', "c": "null"}
    with pytest.raises(ValueError):
        dumps({"x": float("nan")})
    with pytest.raises(TypeError):
        dumps({"x": object()})
