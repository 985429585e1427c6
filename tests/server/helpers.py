"""Small helpers shared by the server tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any


def new_table(client, players: int = 3, seats: list[dict[str, Any]] | None = None,
              start: bool = True, game: str = "sealed", claim: list[int] | None = None,
              **kw: Any) -> dict[str, Any]:
    """A table whose human seats the creator claims (unless ``claim`` says otherwise); a
    chosen seed (default 7) makes it a practice table."""
    seats = seats or [{"kind": "human"} for _ in range(players)]
    if claim is None:
        claim = [i for i, s in enumerate(seats) if s.get("kind", "human") == "human"]
    seed = kw.pop("seed", 7)
    body = {"game": game, "players": players, "start": start, "seats": seats, "claim": claim,
            **kw}
    if seed is not None:
        body.update(seed=seed, practice=True)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    out = r.json()
    out["tokens"] = {s["seat"]: s["token"] for s in out["claimed"]}
    return out


def state(client, table_id: str, seat: int | None = None, token: str | None = None):
    headers = {"X-Seat-Token": token} if token else {}
    params = {"seat": seat} if seat is not None else {}
    r = client.get(f"/api/tables/{table_id}/state", params=params, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def act(client, table_id: str, seat: int, token: str, action: dict, step: int):
    return client.post(f"/api/tables/{table_id}/act", json={
        "seat": seat, "action": action, "step": step}, headers={"X-Seat-Token": token})


def play_first(client, table_id: str, seat: int, token: str):
    """Play the seat's first legal choice; returns the response."""
    s = state(client, table_id, seat, token)
    return act(client, table_id, seat, token, s["legal"][0]["action"], s["step"])


class StateSocket:
    """A test WebSocket whose ``receive_json`` answers the next state message; the small
    ``{"type": "seats"}`` updates (who is online) it passes are kept in ``seats``."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seats: list[dict[str, Any]] = []

    def receive_json(self) -> Any:
        while True:
            m = self.ws.receive_json()
            if isinstance(m, dict) and m.get("type") == "seats":
                self.seats.append(m)
                continue
            return m

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ws, name)


HUMANS_AND_BOT = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"},
                  {"kind": "bot", "bot": "random"}]


def played_out(client, seats: list[dict[str, Any]] | None = None, rounds: int = 1):
    """A sealed-bids table played to its end through ``client`` (each seat's first legal
    choice); its id and tokens."""
    seats = seats or HUMANS_AND_BOT
    t = new_table(client, players=len(seats), seats=seats, options={"rounds": rounds})
    tid = t["table"]["id"]
    for _ in range(40):
        if client.get(f"/api/tables/{tid}").json()["status"] == "over":
            break
        for seat, token in t["tokens"].items():
            s = state(client, tid, seat, token)
            if s["legal"]:
                client.post(f"/api/tables/{tid}/act", json={
                    "seat": seat, "action": s["legal"][0]["action"], "step": s["step"]},
                    headers={"X-Seat-Token": token})
    assert client.get(f"/api/tables/{tid}").json()["status"] == "over"
    return tid, t["tokens"]


TOYS_SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"},
              {"kind": "bot", "bot": "random"}]


def play_toys(client, moves: int, seed: int) -> tuple[str, list[dict[str, Any]]]:
    """A toys table (2 humans, 2 bots, practice seed) played by seeded random choices of
    the humans; the table's id and every answer's payload."""
    t = new_table(client, 4, seats=TOYS_SEATS, game="toys", seed=seed)
    tid, tokens = t["table"]["id"], t["tokens"]
    rng = random.Random(seed)
    answers = []
    for _ in range(moves):
        seats = [s for s in (0, 1) if s in state(client, tid)["to_move"]]
        if not seats:
            break
        seat = seats[0]
        s = state(client, tid, seat, tokens[seat])
        r = act(client, tid, seat, tokens[seat], rng.choice(s["legal"])["action"], s["step"])
        assert r.status_code == 200, r.text
        answers.append(r.json())
    return tid, answers


def would_hold(game, now, seat, action) -> bool:
    """Whether the server holds ``seat``'s ``action`` from ``now`` for an undo (the tests'
    own reading of ``Game.undoable``'s contract): the seat alone moves before and after it,
    the game goes on, and the game says it reveals nothing."""
    if game.to_move(now) != [seat]:
        return False
    after = now.copy()
    game.apply_in_place(after, seat, action, check=False)
    return (not game.is_over(after) and game.to_move(after) == [seat]
            and game.undoable(now, seat, action, after))


@contextmanager
def watch(client, table_id: str, seat: int | None = None,
          token: str | None = None) -> Iterator[Any]:
    """A WebSocket that said hello (as ``seat`` with its token, or as a spectator)."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({} if seat is None else {"seat": seat, "token": token})
        yield StateSocket(ws)


def drain_states(ws, held: dict, version: int, out: list) -> None:
    """The state messages of ``ws`` (texts, appended to ``out``) up to the one that shows
    ``version`` choices; ``held`` is the payload they rebuild (``delta.rebuild``), kept
    across calls. Who-is-online messages are passed over (when the test's sockets join)."""
    import json

    from boardlab.server.delta import rebuild

    while held.get("table", {}).get("version", -1) < version:
        text = ws.receive_text()
        msg = json.loads(text)
        if msg.get("type") != "state":
            continue
        out.append(text)
        new = rebuild(held or None, msg)
        held.clear()
        held.update(new)


class Everyone:
    """A table as everyone but the seats under test sees it, step by step: each watcher -
    a seat (with its token) or None (a spectator) - has two sockets, one taking whole
    states and one the view's changes. :meth:`step`, after each step of the game, drains
    every socket up to the table's version and reads each watcher's state and the table's
    summary. Every text they were sent, in order, is in ``seen`` (the sockets' first
    states too)."""

    def __init__(self, client, table_id: str, tokens: dict[int, str],
                 watchers: list[int | None]) -> None:
        self.client, self.table_id, self.tokens = client, table_id, tokens
        self.watchers = watchers
        self.seen: list[str] = []
        # (seat, takes the view's changes, the socket, the payload its messages rebuild)
        self.socks: list[tuple[int | None, bool, Any, dict[str, Any]]] = []

    def open(self, stack: ExitStack) -> Everyone:
        """Connect the sockets (closed with ``stack``), each drained to its first state."""
        for seat in self.watchers:
            for delta in (False, True):
                ws = stack.enter_context(
                    self.client.websocket_connect(f"/ws/tables/{self.table_id}"))
                hello: dict[str, Any] = {} if seat is None else {
                    "seat": seat, "token": self.tokens[seat]}
                if delta:
                    hello["delta"] = True
                ws.send_json(hello)
                held: dict[str, Any] = {}
                drain_states(ws, held, 0, self.seen)
                self.socks.append((seat, delta, ws, held))
        return self

    def look(self, seat: int | None):
        """``seat``'s state (None: the spectators'), the response."""
        params = {} if seat is None else {"seat": seat}
        headers = {} if seat is None else {"X-Seat-Token": self.tokens[seat]}
        r = self.client.get(f"/api/tables/{self.table_id}/state", params=params,
                            headers=headers)
        assert r.status_code == 200, r.text
        return r

    def step(self) -> None:
        """After a step: every socket's messages up to the table's version, then each
        watcher's state and the table's summary."""
        version = self.client.app.state.tables.get(self.table_id).version
        for _seat, _delta, ws, held in self.socks:
            drain_states(ws, held, version, self.seen)
        for seat in self.watchers:
            self.seen.append(self.look(seat).text)
        self.seen.append(self.client.get(f"/api/tables/{self.table_id}").text)

    def tag(self, seat: int | None) -> str | None:
        """The view tag ``seat``'s incremental socket holds (what a client sends as
        ``have`` with its next choice)."""
        return next(held.get("view_tag") for s, delta, _ws, held in self.socks
                    if s == seat and delta)


def masked(texts: list[str], secrets: list[str]) -> list[str]:
    """``texts`` with each of ``secrets`` (a table's id, its deal commitment and nonce: what
    differs between two runs of one game) replaced by its number."""
    out = []
    for text in texts:
        for i, s in enumerate(secrets):
            if s:
                text = text.replace(s, f"<{i}>")
        out.append(text)
    return out


@contextmanager
def database(tmp_path, backend: str, name: str) -> Iterator[str]:
    """A fresh database of ``backend`` ("sqlite": a file ``name`` in ``tmp_path``;
    "postgresql": a schema of its own in the test cluster, skipped loudly without one)."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / name}"
        return
    from support.pg import drop_schema, need_postgres, pg_schema_url

    base = need_postgres()
    url, schema = pg_schema_url(base)
    try:
        yield url
    finally:
        drop_schema(base, schema)
