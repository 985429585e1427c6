"""uvicorn's HTTP protocol with two limits uvicorn lacks: a deadline for a request's
headers, and a cap on the connections one address holds open.

uvicorn arms its keep-alive timeout only after an answer, so a client that opens a
connection and sends its headers a byte at a time (or never) holds it, and its file
descriptor, for ever: a few thousand such connections starve every other client. Here a
connection must finish each request's headers within ``BOARDLAB_HEADER_SECONDS`` (default
10) of its first byte (of the connection, for the first request), and one address may hold
at most ``BOARDLAB_CONNECTIONS_PER_ADDRESS`` (default 64) HTTP connections at once; the
configured reverse proxies (``BOARDLAB_TRUSTED_PROXIES``) are not capped - their clients
are the proxy's to limit. A connection upgraded to a WebSocket leaves this count (the app
caps sockets per client itself). ``boardlab serve`` uses it (``uvicorn_options``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


def _number(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if value > 0 else default


def _proxies() -> list[Any]:
    out = []
    for p in os.environ.get("BOARDLAB_TRUSTED_PROXIES", "").split(","):
        if p.strip():
            try:
                out.append(ipaddress.ip_network(p.strip(), strict=False))
            except ValueError:
                continue
    return out


class GuardedHttp(HttpToolsProtocol):
    """``HttpToolsProtocol`` with a header deadline and connections capped per address."""

    header_seconds = _number("BOARDLAB_HEADER_SECONDS", 10.0)
    per_address = int(_number("BOARDLAB_CONNECTIONS_PER_ADDRESS", 64))
    proxies = _proxies()
    open_by_address: dict[str, int] = {}  # this process's connections, per peer address

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._peer: str | None = None
        peer = self.client[0] if self.client else None
        if peer is not None and not self._trusted(peer):
            held = self.open_by_address.get(peer, 0)
            if held >= self.per_address:
                transport.abort()  # (connection_lost follows; nothing was counted)
                return
            self.open_by_address[peer] = held + 1
            self._peer = peer
        self._arm()

    def _trusted(self, peer: str) -> bool:
        try:
            ip = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(ip in net for net in self.proxies)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        deadline = getattr(self, "_deadline", None)
        if deadline is not None:
            deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        """The headers did not arrive in time: the connection is dropped (no answer is
        owed to a request that never finished asking)."""
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def _release(self) -> None:
        peer, self._peer = getattr(self, "_peer", None), None
        if peer is not None:
            held = self.open_by_address.get(peer, 1) - 1
            if held > 0:
                self.open_by_address[peer] = held
            else:
                self.open_by_address.pop(peer, None)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()  # a request's headers are due within the deadline of its first byte

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        self._release()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._release()
        super().connection_lost(exc)
