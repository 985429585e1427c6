"""WebSocket connections per table; every change is pushed to each one as its own view.

Changes made by this process call :meth:`Hub.changed` directly; on PostgreSQL, changes made by
other workers arrive through ``LISTEN`` (see :mod:`boardlab.server.notify`). Each push re-reads
the table from the database first, and closes sockets whose seat key no longer holds (the seat
was claimed on another device or handed to a bot).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from fastapi import WebSocket


class Hub:
    """Who watches which table, and pushing a fresh payload to each of them."""

    def __init__(self, tables: Any, extra: Callable[[str], dict[str, Any]] | None = None) -> None:
        self.tables = tables
        # table -> socket -> (seat or None, the digest of the seat token it showed)
        self.conns: dict[str, dict[WebSocket, tuple[int | None, str]]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._order: dict[str, asyncio.Lock] = {}  # one push at a time per table, in order
        self._sent_log: dict[WebSocket, int] = {}  # log entries each socket already has

    def online(self, table_id: str) -> list[int]:
        return sorted({s for s, _ in self.conns.get(table_id, {}).values() if s is not None})

    async def join(self, table_id: str, ws: WebSocket, seat: int | None, key: str) -> None:
        self.loop = asyncio.get_running_loop()
        self.conns.setdefault(table_id, {})[ws] = (seat, key)
        await self.broadcast(table_id)

    async def leave(self, table_id: str, ws: WebSocket) -> None:
        room = self.conns.get(table_id, {})
        self._sent_log.pop(ws, None)
        if room.pop(ws, None) is not None:
            await self.broadcast(table_id)
        if not room:
            self.conns.pop(table_id, None)
            self._order.pop(table_id, None)

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

    def _payloads(self, table_id: str) -> tuple[dict[int | None, dict[str, Any]], set[int]]:
        """One payload per seat watching (built once per change), and seats whose key
        changed; runs off the event loop (it reads the database)."""
        t = self.tables.get(table_id)
        room = dict(self.conns.get(table_id, {}))
        revoked = {seat for seat, key in room.values()
                   if seat is not None and t.seats[seat].token != key}
        online = sorted({s for s, k in room.values() if s is not None and s not in revoked})
        out: dict[int | None, dict[str, Any]] = {}
        with self.tables.lock:
            for seat in {s for s, _ in room.values() if s not in revoked}:
                out[seat] = {"type": "state", **self.tables.payload(t, seat), "online": online}
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
                self._sent_log.pop(ws, None)
                with contextlib.suppress(Exception):  # already closed
                    await ws.close(code=4403, reason="this seat's key changed: it was claimed "
                                   "on another device or handed to a bot")
                continue
            msg = payloads.get(seat)
            if msg is None:
                continue
            # incremental: only the log entries this socket has not had yet (a seat's visible
            # log only grows); "log_from" says where they go
            log, sent = msg["log"], self._sent_log.get(ws, 0)
            if sent > len(log):
                sent = 0
            try:
                await ws.send_json({**msg, "log": log[sent:], "log_from": sent})
                self._sent_log[ws] = len(log)
            except Exception:  # a closed socket: forget it
                room.pop(ws, None)
                self._sent_log.pop(ws, None)
