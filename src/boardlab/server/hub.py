"""WebSocket connections per table; every change is pushed to each one as its own view."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from fastapi import WebSocket


class Hub:
    """Who watches which table, and pushing a fresh payload to each of them."""

    def __init__(self, payload: Callable[[str, int | None], dict[str, Any]]) -> None:
        self.payload = payload
        self.conns: dict[str, dict[WebSocket, int | None]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def online(self, table_id: str) -> list[int]:
        return sorted({s for s in self.conns.get(table_id, {}).values() if s is not None})

    async def join(self, table_id: str, ws: WebSocket, seat: int | None) -> None:
        self.loop = asyncio.get_running_loop()
        self.conns.setdefault(table_id, {})[ws] = seat
        await self.broadcast(table_id)

    async def leave(self, table_id: str, ws: WebSocket) -> None:
        self.conns.get(table_id, {}).pop(ws, None)
        await self.broadcast(table_id)

    async def drop_seat(self, table_id: str, seat: int) -> None:
        """Close the connections of a seat whose token was replaced (handed to a bot)."""
        for ws, s in list(self.conns.get(table_id, {}).items()):
            if s == seat:
                self.conns[table_id].pop(ws, None)
                with contextlib.suppress(Exception):  # already closed
                    await ws.close(code=4403, reason="this seat is now played by a bot")

    def changed(self, table_id: str) -> None:
        """Called (from any thread) after a table changed."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            loop.create_task(self.broadcast(table_id))
        else:
            asyncio.run_coroutine_threadsafe(self.broadcast(table_id), loop)

    async def broadcast(self, table_id: str) -> None:
        for ws, seat in list(self.conns.get(table_id, {}).items()):
            try:
                await ws.send_json({"type": "state", **self.payload(table_id, seat)})
            except Exception:  # a closed socket: forget it
                self.conns.get(table_id, {}).pop(ws, None)
