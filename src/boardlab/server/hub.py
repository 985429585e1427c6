"""WebSocket connections per table; every change is pushed to each one as its own view.

Changes made by this process call :meth:`Hub.changed` directly; on PostgreSQL, changes made by
other workers arrive through ``LISTEN`` (see :mod:`boardlab.server.notify`). Each push re-reads
the table from the database first, and closes sockets whose seat key no longer holds (the seat
was claimed on another device or handed to a bot).

A burst of choices (bots answering one after another within one request) is pushed as one
message per choice, each with the view after it, so that clients can show the board step by
step at their own pace; a step that changes nothing a seat can see is not sent to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from fastapi import WebSocket

MAX_STEPS = 40  # a longer burst (an all-bot stretch) sends only its last steps one by one


class Hub:
    """Who watches which table, and pushing a fresh payload to each of them."""

    def __init__(self, tables: Any, extra: Callable[[str], dict[str, Any]] | None = None) -> None:
        self.tables = tables
        # table -> socket -> (seat or None, the digest of the seat token it showed)
        self.conns: dict[str, dict[WebSocket, tuple[int | None, str]]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._order: dict[str, asyncio.Lock] = {}  # one push at a time per table, in order
        self._sent_log: dict[WebSocket, int] = {}  # log entries each socket already has
        self._sent_version: dict[WebSocket, int] = {}  # the table version each socket has
        self._sent_seen: dict[WebSocket, int] = {}  # a digest of what it saw last
        self._shown: dict[str, tuple[int, Any]] = {}  # table -> (version, its state then)

    def online(self, table_id: str) -> list[int]:
        return sorted({s for s, _ in self.conns.get(table_id, {}).values() if s is not None})

    async def join(self, table_id: str, ws: WebSocket, seat: int | None, key: str) -> None:
        self.loop = asyncio.get_running_loop()
        self.conns.setdefault(table_id, {})[ws] = (seat, key)
        await self.broadcast(table_id)

    async def leave(self, table_id: str, ws: WebSocket) -> None:
        room = self.conns.get(table_id, {})
        self._forget(ws)
        if room.pop(ws, None) is not None:
            await self.broadcast(table_id)
        if not room:
            self.conns.pop(table_id, None)
            self._order.pop(table_id, None)
            self._shown.pop(table_id, None)

    def _forget(self, ws: WebSocket) -> None:
        for sent in (self._sent_log, self._sent_version, self._sent_seen):
            sent.pop(ws, None)

    def changed(self, table_id: str) -> None:
        """Called (from any thread) after a table changed."""
        loop = self.loop
        if loop is None or loop.is_closed() or table_id not in self.conns:
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            loop.create_task(self.broadcast(table_id))
        else:
            asyncio.run_coroutine_threadsafe(self.broadcast(table_id), loop)

    def _replay_from(self, table_id: str, t: Any) -> tuple[int, Any, Any] | None:
        """Under the tables' lock: keep a copy of the state being pushed for the next push,
        and return what the steps since the last push are replayed from - its version, the
        copy of its state kept then, a snapshot of the table's fields - or None."""
        before = self._shown.pop(table_id, None)
        if t.state is None or t.status not in ("running", "over"):
            return None
        self._shown[table_id] = (t.version, t.state.copy())
        if before is None or before[0] >= t.version:
            return None
        return before[0], before[1], dataclasses.replace(t, actions=list(t.actions))

    @staticmethod
    def _between(version: int, state: Any, t: Any) -> Iterator[Any]:
        """The table after each choice from ``version`` on, before the current one (at most
        the last MAX_STEPS), replayed on the hub's own copy of the state (the stored choices,
        the state's own generator: the same states the table went through); each is used
        before the next choice changes it."""
        try:
            for k in range(version, t.version - 1):
                seat, action = t.actions[k]
                t.game.apply_in_place(state, seat, action, check=False)
                if k >= t.version - 1 - MAX_STEPS:
                    yield dataclasses.replace(t, state=state, actions=t.actions[:k + 1],
                                              status="running")
        except Exception:  # a replay that goes wrong only costs the in-between steps
            return

    def _payloads(self, table_id: str) -> tuple[dict[int | None, list[dict[str, Any]]], set[int]]:
        """Per seat watching, one payload per step since the last push, the current state
        last (built once per change), and seats whose key changed; runs off the event loop
        (it reads the database)."""
        t = self.tables.get(table_id)
        room = dict(self.conns.get(table_id, {}))
        revoked = {seat for seat, key in room.values()
                   if seat is not None and t.seats[seat].token != key}
        online = sorted({s for s, k in room.values() if s is not None and s not in revoked})
        seats = {s for s, _ in room.values() if s not in revoked}
        with self.tables.locked(table_id):
            now = {seat: self.tables.payload(t, seat) for seat in seats}
            replay = self._replay_from(table_id, t)
        out: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in seats}
        for step in self._between(*replay) if replay else ():  # our own copies: no lock
            for seat in seats:
                out[seat].append({"type": "state", **self.tables.payload(step, seat),
                                  "online": online})
        for seat in seats:
            out[seat].append({"type": "state", **now[seat], "online": online})
        return out, revoked

    async def broadcast(self, table_id: str) -> None:
        if not self.conns.get(table_id):
            return
        async with self._order.setdefault(table_id, asyncio.Lock()):
            await self._push(table_id)

    async def _push(self, table_id: str) -> None:
        room = self.conns.get(table_id)
        if not room:
            return
        try:
            payloads, revoked = await asyncio.to_thread(self._payloads, table_id)
        except Exception:  # the table is gone or the database is down: try at the next change
            return
        for ws, (seat, _key) in list(room.items()):
            if seat in revoked:
                room.pop(ws, None)
                self._forget(ws)
                with contextlib.suppress(Exception):  # already closed
                    await ws.close(code=4403, reason="this seat's key changed: it was claimed "
                                   "on another device or handed to a bot")
                continue
            msgs = payloads.get(seat)
            if not msgs:
                continue
            had = self._sent_version.get(ws)
            try:
                for i, msg in enumerate(msgs):
                    # what the seat sees, compared by value (no JSON of the whole view)
                    seen = (msg["view"], len(msg["log"]), msg["to_move"], msg["legal"],
                            msg["result"])
                    if i < len(msgs) - 1 and (  # an in-between step: only if new to this socket
                            had is None or msg["table"]["version"] <= had
                            or seen == self._sent_seen.get(ws)):  # and it shows something
                        continue
                    # incremental: only the log entries this socket has not had yet (a seat's
                    # visible log only grows); "log_from" says where they go
                    log, sent = msg["log"], self._sent_log.get(ws, 0)
                    if sent > len(log):
                        sent = 0
                    view, key = _without_log(msg["view"], log)
                    await ws.send_json({**msg, "view": view, "view_log": key,
                                        "log": log[sent:], "log_from": sent})
                    self._sent_log[ws] = len(log)
                    self._sent_version[ws], self._sent_seen[ws] = msg["table"]["version"], seen
            except Exception:  # a closed socket: forget it
                room.pop(ws, None)
                self._forget(ws)


def _without_log(view: Any, log: list[Any]) -> tuple[Any, str | None]:
    """The view without its copy of the seat's log (the push already carries the log's new
    entries), and the key it was under ("view_log": a client may put the log back there).
    Games keep the log in their view under a name of their own; it is the entry equal to
    the seat's whole log."""
    if not log or not isinstance(view, dict):
        return view, None
    for key, value in view.items():
        if isinstance(value, list) and len(value) == len(log) and value == log:
            return {k: v for k, v in view.items() if k != key}, key
    return view, None
