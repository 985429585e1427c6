"""Bounds on what one client may send (pure ASGI): request body size, request rate, JSON that
the app can safely handle; and the security headers of every answer."""

from __future__ import annotations

import ipaddress
import json
import logging
import math
import threading
import time
from collections.abc import Iterable
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

    def __init__(self, app: Any, rate: float, burst: int,
                 trusted_proxies: Iterable[str] = ()) -> None:
        self.app, self.rate, self.burst = app, rate, burst
        self.proxies = [ipaddress.ip_network(p, strict=False) for p in trusted_proxies]
        self.buckets: dict[str, tuple[float, float]] = {}
        self._known: dict[str, bool] = {}  # address -> is a trusted proxy
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

    def _trusted(self, addr: str) -> bool:
        """``addr`` is a configured proxy; remembered per address (parsing it and testing
        each network was a few % of the server's CPU under load: every request, twice)."""
        known = self._known.get(addr)
        if known is None:
            known = self._is_proxy(addr)
            if len(self._known) >= 10_000:  # (many distinct clients: start over)
                self._known = {}
            self._known[addr] = known
        return known

    def _is_proxy(self, addr: str) -> bool:
        try:
            ip = ipaddress.ip_address(addr)
        except ValueError:
            return False
        return any(ip in net for net in self.proxies)

    def client(self, scope: Scope) -> str:
        """The peer address; ``X-Forwarded-For`` counts only when the peer is a configured
        proxy, and then the right-most address not itself a trusted proxy is the client."""
        peer = (scope.get("client") or ("?", 0))[0]
        if not self.proxies or not self._trusted(peer):
            return peer
        forwarded = [v.decode("latin-1") for k, v in scope.get("headers", [])
                     if k == b"x-forwarded-for"]
        hops = [h.strip() for v in forwarded for h in v.split(",") if h.strip()]
        for hop in reversed(hops):
            if not self._trusted(hop):
                return hop
        return peer

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        counted = scope["type"] in ("http", "websocket") and (
            path.startswith("/api/") or path.startswith("/ws/"))
        if counted:
            client = self.client(scope)
            if not self.allow(client):
                if scope["type"] == "websocket":
                    await receive()
                    await send({"type": "websocket.close", "code": 1013})
                    return
                await _refuse(send, 429, "too many requests; slow down")
                return
        await self.app(scope, receive, send)


_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def valid_table_id(text: str) -> bool:
    """A table id this server could have made (``secrets.token_hex``; up to 32 letters,
    digits, ``-`` or ``_``): anything else - a NUL, other control or non-ASCII characters,
    which PostgreSQL may refuse in a statement - is answered without asking the database."""
    return 0 < len(text) <= 32 and _ID_CHARS.issuperset(text)


def valid_text(text: str) -> bool:
    """Text the databases store as it is: no NUL (PostgreSQL refuses it), no lone surrogate
    (not UTF-8)."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Bucket:
    """Token buckets per key (a client address, a socket): ``rate`` a second, bursts of
    ``burst``; idle keys are forgotten."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, float(burst)
        self.buckets: dict[Any, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def allow(self, key: Any, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        with self.lock:
            tokens, last = self.buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            ok = tokens >= 1.0
            self.buckets[key] = (tokens - 1.0 if ok else tokens, now)
            if len(self.buckets) > 10_000:
                idle = self.burst / self.rate if self.rate > 0 else 3600.0
                self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < idle}
            return ok

    def forget(self, key: Any) -> None:
        with self.lock:
            self.buckets.pop(key, None)


class Counter:
    """How many things (sockets) each key holds now, each key's count capped."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.counts: dict[Any, int] = {}

    def take(self, key: Any) -> bool:
        """One more for ``key`` unless it holds ``cap`` already."""
        n = self.counts.get(key, 0)
        if n >= self.cap:
            return False
        self.counts[key] = n + 1
        return True

    def give(self, key: Any) -> None:
        n = self.counts.get(key, 0) - 1
        if n > 0:
            self.counts[key] = n
        else:
            self.counts.pop(key, None)


class BadJson(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise BadJson(f"{name} is not a JSON number; send a finite number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadJson(f"the number {text[:40]} is too large for a JSON number here")
    return value


def _check_text(value: Any, where: str = "body") -> None:
    """Refuse strings the app cannot store or echo: lone surrogates and NUL characters."""
    if isinstance(value, str):
        if "\x00" in value:
            raise BadJson(f"{where}: text may not contain the NUL character (\\u0000)")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadJson(f"{where}: text holds a lone UTF-16 surrogate (\\ud800-\\udfff), "
                          "which is not a character") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_text(k, where)
            _check_text(v, f"{where}.{k}" if isinstance(k, str) and k.isprintable()
                        and k.isascii() else where)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_text(v, f"{where}[{i}]")


def check_json_text(raw: bytes | str) -> Any:
    """Parse a JSON document strictly (valid UTF-8, finite numbers, no lone surrogates, no
    NUL), raising :class:`BadJson` with a message fit to show the client."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadJson(f"the body is not valid UTF-8 (byte {exc.start})") from None
    try:
        value = json.loads(raw, parse_constant=_reject_constant, parse_float=_finite)
    except BadJson:
        raise
    except RecursionError:
        raise BadJson("the JSON is nested too deeply") from None
    except ValueError as exc:
        raise BadJson(f"the body is not valid JSON: {str(exc)[:120]}") from None
    _check_text(value)
    return value


PARSED = "boardlab.json"  # the scope key under which JsonGuard leaves the parsed body


class JsonGuard:
    """Check JSON request bodies before the app parses them (FastAPI would accept NaN and
    lone surrogates and then fail to answer or to store them)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, receive, send)  # the client went away
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        if body.strip():
            try:
                # kept for an inner handler (app.FastAct) so the body is parsed once
                scope[PARSED] = check_json_text(body)
            except BadJson as exc:
                status = 400 if "UTF-8" in str(exc) else 422
                await _refuse(send, status, str(exc))
                return
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Every HTTP answer: a strict CSP (nothing from other origins; no framing), no Referer
    (a URL never carries a secret, and neither does a Referer), no MIME sniffing."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


class OneLineBadFrames(logging.Filter):
    """uvicorn logs a WebSocket text frame that is not UTF-8 with a whole traceback (it
    closes the socket with 1007 itself): one line is enough, and a client sending many
    must not fill the log with tracebacks."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and "Invalid UTF-8" in str(record.msg):
            record.exc_info, record.exc_text = None, None
            record.msg = "a WebSocket text frame that is not UTF-8 was refused (close 1007)"
            record.args = ()
        return True


def quiet_bad_frames() -> None:
    """Install :class:`OneLineBadFrames` on uvicorn's error log (once)."""
    target = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, OneLineBadFrames) for f in target.filters):
        target.addFilter(OneLineBadFrames())
