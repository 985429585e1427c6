"""Bounds on what one client may send: request body size and request rate (pure ASGI)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

Scope = dict[str, Any]


async def _refuse(send: Any, status: int, message: str) -> None:
    body = json.dumps({"detail": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse request bodies larger than ``max_bytes`` with 413, declared or streamed."""

    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_bytes:
                await _refuse(send, 413, f"request body larger than {self.max_bytes} bytes")
                return
        seen = 0
        too_big = False

        async def limited() -> dict[str, Any]:
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    too_big = True
                    raise ValueError("body too large")
            return message

        try:
            await self.app(scope, limited, send)
        except ValueError:
            if not too_big:
                raise
            await _refuse(send, 413, f"request body larger than {self.max_bytes} bytes")


class RateLimit:
    """A token bucket per client address: ``rate`` requests a second, bursts of ``burst``.

    Static files are not counted; API calls and WebSocket connections are.
    """

    def __init__(self, app: Any, rate: float, burst: int) -> None:
        self.app, self.rate, self.burst = app, rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        with self.lock:
            tokens, last = self.buckets.get(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.rate)
            ok = tokens >= 1.0
            self.buckets[client] = (tokens - 1.0 if ok else tokens, now)
            if len(self.buckets) > 10_000:  # forget idle clients
                self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 60}
            return ok

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        counted = scope["type"] in ("http", "websocket") and (
            path.startswith("/api/") or path.startswith("/ws/"))
        if counted:
            client = (scope.get("client") or ("?", 0))[0]
            if not self.allow(client):
                if scope["type"] == "websocket":
                    await receive()
                    await send({"type": "websocket.close", "code": 1013})
                    return
                await _refuse(send, 429, "too many requests; slow down")
                return
        await self.app(scope, receive, send)
