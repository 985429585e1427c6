"""The probes against a real server (``tests/server/serve_sealed.py``: uvicorn with the
options ``boardlab serve`` uses) on SQLite and PostgreSQL: slow headers, connections and
sockets from one address, a frame that is not UTF-8, a NUL in the socket's path. Attack
connections come from 127.0.0.2, the checks that the server still serves from 127.0.0.1."""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from server.test_restart import free_port, stop

SERVE = Path(__file__).resolve().parent.parent / "server" / "serve_sealed.py"
ATTACKER = "127.0.0.2"


@contextlib.contextmanager
def served(db_url: str, **env: str):
    port = free_port()
    log = open(os.devnull, "w")  # noqa: SIM115 (closed below)
    err_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"boardlab-probe-{port}.log"
    err = open(err_path, "w")  # noqa: SIM115
    proc = subprocess.Popen([sys.executable, str(SERVE), db_url, str(port)],
                            env={**os.environ, **env}, stdout=log, stderr=err,
                            start_new_session=True)
    try:
        deadline = time.time() + 90
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.time() < deadline and proc.poll() is None, "the server did not start"
            time.sleep(0.1)
        yield port, err_path
    finally:
        stop(proc)
        log.close()
        err.close()
        err_path.unlink(missing_ok=True)


def _connect(port: int, source: str = ATTACKER) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    return s


def _closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        while True:
            data = s.recv(4096)
            if not data:
                return True
    except TimeoutError:
        return False
    except OSError:  # reset
        return True


def _health(port: int) -> int:
    return httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=5).status_code


def test_slow_headers_and_connections_per_address(db_url):
    with served(db_url, BOARDLAB_HEADER_SECONDS="1.5",
                BOARDLAB_CONNECTIONS_PER_ADDRESS="40") as (port, _err):
        conns = []
        for _ in range(120):  # 120 half-sent requests from one address
            s = _connect(port)
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
            conns.append(s)
        try:
            assert _health(port) == 200  # others are served meanwhile
            began = time.monotonic()
            # past the cap the connections were dropped at once...
            dropped = sum(_closed_by_server(s, 0.05) for s in conns)
            assert dropped >= 80
            # ...and the ones held, still trickling header bytes, go at the header deadline
            open_ = [s for s in conns if not _closed_by_server(s, 0.01)]
            assert len(open_) <= 40
            while open_ and time.monotonic() - began < 6:
                for s in list(open_):
                    try:
                        s.sendall(b"X")
                    except OSError:
                        open_.remove(s)
                        continue
                    if _closed_by_server(s, 0.01):
                        open_.remove(s)
                time.sleep(0.2)
            assert not open_, f"{len(open_)} slow connections still open after 6 s"
            assert _health(port) == 200
            # a whole request from the same address is served again at once
            s = _connect(port)
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            s.settimeout(5)
            assert s.recv(100).startswith(b"HTTP/1.1 200")
            s.close()
        finally:
            for s in conns:
                s.close()


def _ws_open(port: int, path: str, source: str = ATTACKER) -> socket.socket:
    s = _connect(port, source)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade"
               f"\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    s.settimeout(5)
    head = b""
    while not head.endswith(b"\r\n\r\n"):  # (byte by byte: a close frame may follow)
        chunk = s.recv(1)
        assert chunk, "closed during the handshake"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head[:80]
    return s


def _frame(opcode: int, payload: bytes) -> bytes:
    mask = os.urandom(4)
    data = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + data


def _close_code(s: socket.socket, within: float = 5.0) -> int | None:
    """Read frames until a close frame: its code (None if the server just hung up)."""
    s.settimeout(within)
    buf = b""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            chunk = s.recv(65536)
        except OSError:
            return None
        if not chunk:
            return None
        buf += chunk
        while len(buf) >= 2:
            op, n, at = buf[0] & 0x0F, buf[1] & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    break
                n, at = int.from_bytes(buf[2:4], "big"), 4
            elif n == 127:
                if len(buf) < 10:
                    break
                n, at = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < at + n:
                break
            payload, buf = buf[at:at + n], buf[at + n:]
            if op == 8:
                return int.from_bytes(payload[:2], "big")
    return None


def test_socket_floods_bad_frames_and_a_nul_path(db_url):
    with served(db_url, SEALED_WS_PER_ADDRESS="10", SEALED_WS_PER_TABLE="1000") as (port, err):
        t = httpx.post(f"http://127.0.0.1:{port}/api/tables",
                       json={"game": "sealed", "players": 2}).json()
        path = f"/ws/tables/{t['table']['id']}"
        held = [_ws_open(port, path) for _ in range(10)]
        try:
            for s in held:
                s.sendall(_frame(1, b"{}"))
            extra = [_ws_open(port, path) for _ in range(20)]  # past the 10 of this address
            assert [_close_code(s) for s in extra] == [1013] * 20
            for s in extra:
                s.close()
            # another address is not held up by this one
            mine = _ws_open(port, path, source="127.0.0.1")
            mine.sendall(_frame(1, b"{}"))
            # a text frame that is not UTF-8: closed with 1007, one log line, no traceback
            for s in held[:3]:
                s.sendall(_frame(1, b"\xff\xfe\xfd"))
                assert _close_code(s) == 1007
            mine.close()
        finally:
            for s in held:
                s.close()
        # a NUL (and other refused values) in the socket's path: a close code, no traceback
        for bad in ("%00", "a%00", "%ED%A0%80"):
            s = _ws_open(port, f"/ws/tables/{bad}", source="127.0.0.1")
            s.sendall(_frame(1, b"{}"))
            assert _close_code(s) == 4404
            s.close()
        r = httpx.get(f"http://127.0.0.1:{port}/api/tables/%00/state")
        assert r.status_code == 404
        time.sleep(0.3)
        log = err.read_text()
        assert "Traceback" not in log, log[-2000:]
        assert log.count("not UTF-8") == 3, log[-2000:]


def test_the_serving_options_set_uvicorns_limits():
    from boardlab.server.cli import uvicorn_options

    opts = uvicorn_options([])
    assert opts["http"] == "boardlab.server.serving:GuardedHttp"
    assert opts["timeout_keep_alive"] == 5 and opts["h11_max_incomplete_event_size"] == 16_384
    assert 64 <= opts["limit_concurrency"] <= 4_096
    assert uvicorn_options([], 100)["limit_concurrency"] == 100


@pytest.fixture(autouse=True)
def _loopback_aliases():
    """127.0.0.2 must be reachable (Linux routes all of 127/8 to loopback)."""
    try:
        socket.create_connection(("127.0.0.1", 9), timeout=0.2, source_address=(ATTACKER, 0))
    except ConnectionRefusedError:
        pass
    except OSError as exc:
        pytest.skip(f"cannot send from {ATTACKER}: {exc}")
