"""``deploy/nginx/boardlab.conf`` in front of a test server (the system nginx; skipped when
it is not installed), probed as the server is: slow headers, floods, a forged
``X-Forwarded-For``, WebSockets, NUL paths, the headers. Only the ports of the shipped file
are changed."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from security.test_server_probes import (
    ATTACKER,
    _closed_by_server,
    _connect,
    _frame,
    _ws_open,
    served,
)
from server.test_restart import free_port
from support.pg import in_ci

SHIPPED = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "boardlab.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)



@pytest.fixture(autouse=True)
def _nginx() -> None:
    """Skipped without nginx, loudly; under CI (``.ci/run`` installs it) a failure."""
    if NGINX is None:
        if in_ci():
            pytest.fail("CI is set but nginx is not installed: the proxy probes cannot be "
                        "skipped in CI (.ci/run installs nginx-light)")
        pytest.skip("LOUD: nginx is not installed (apt-get install nginx-light): the "
                    "deploy/nginx probes are skipped")


@contextlib.contextmanager
def proxied(app_port: int, tmp: Path):
    port = free_port()
    conf = SHIPPED.read_text()
    assert "listen 80;" in conf and "server 127.0.0.1:8000;" in conf
    conf = conf.replace("listen 80;", f"listen 127.0.0.1:{port};").replace(
        "server 127.0.0.1:8000;", f"server 127.0.0.1:{app_port};")
    (tmp / "boardlab.conf").write_text(conf)
    temps = " ".join(f"{k}_temp_path {tmp / k};" for k in
                     ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp / "nginx.conf").write_text(
        f"daemon off; master_process off; worker_processes 1; pid {tmp / 'nginx.pid'};\n"
        f"error_log {tmp / 'error.log'} warn;\nevents {{ worker_connections 1024; }}\n"
        f"http {{ access_log off; {temps} include {tmp / 'boardlab.conf'}; }}\n")
    proc = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 20
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1
                             ).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None:
                pytest.fail(f"nginx did not start: {proc.stderr.read().decode()[-800:]}")
            assert time.time() < deadline, "nginx did not answer"
            time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def test_the_shipped_nginx_config_under_the_probes(db_url, tmp_path):
    env = {"BOARDLAB_TRUSTED_PROXIES": "127.0.0.1", "SEALED_TABLES_PER_MINUTE": "5"}
    with served(db_url, **env) as (app_port, _err), proxied(app_port, tmp_path) as port:
        base = f"http://127.0.0.1:{port}"
        # the app's headers pass through; a NUL path is a 4xx
        r = httpx.get(f"{base}/api/games")
        assert r.status_code == 200 and "frame-ancestors 'none'" in r.headers[
            "content-security-policy"] and r.headers["referrer-policy"] == "no-referrer"
        assert 400 <= httpx.get(f"{base}/api/tables/%00/state").status_code < 500
        # a body over the cap is refused at the proxy
        assert httpx.post(f"{base}/api/tables", content=b"x" * 20_000,
                          headers={"Content-Type": "application/json"}).status_code == 413
        # a forged X-Forwarded-For does not make a new client: the 6th table in a minute
        # from one address is refused by the app, whatever the header said
        codes, last = [], None
        with httpx.Client(transport=httpx.HTTPTransport(local_address=ATTACKER)) as c:
            for i in range(6):
                last = c.post(f"{base}/api/tables", json={"game": "sealed", "players": 2},
                              headers={"X-Forwarded-For": f"10.0.0.{i}"})
                codes.append(last.status_code)
        assert codes == [201] * 5 + [429] and "a minute per client" in last.json()["detail"]
        # a socket through the proxy: upgraded, its first state comes
        tid = httpx.post(f"{base}/api/tables", json={"game": "sealed", "players": 2}).json()
        s = _ws_open(port, f"/ws/tables/{tid['table']['id']}", source="127.0.0.1")
        s.sendall(_frame(1, b"{}"))
        s.settimeout(5)
        assert s.recv(1)[0] == 0x81  # a text frame (the state)
        s.close()
        # a NUL in the socket's path: nginx answers 400 itself (the app would close 4404)
        s = _connect(port, "127.0.0.1")
        s.sendall(b"GET /ws/tables/%00 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                  b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  b"Sec-WebSocket-Version: 13\r\n\r\n")
        s.settimeout(5)
        assert s.recv(12) == b"HTTP/1.1 400"
        s.close()
        # a request flood from one address meets 429 at the proxy; others are served
        from concurrent.futures import ThreadPoolExecutor

        with httpx.Client(transport=httpx.HTTPTransport(local_address=ATTACKER)) as c, \
                ThreadPoolExecutor(8) as pool:
            flood = list(pool.map(lambda _: c.get(f"{base}/api/health").status_code,
                                  range(400)))
        assert flood.count(429) > 100 and httpx.get(f"{base}/api/health").status_code == 200
        # slow headers: 50 half-sent requests are dropped at the header timeout (10 s)
        conns = []
        for _ in range(50):
            c = _connect(port)
            c.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
            conns.append(c)
        try:
            assert httpx.get(f"{base}/api/health").status_code == 200
            began = time.monotonic()
            still = [c for c in conns if not _closed_by_server(c, 0.01)]
            while still and time.monotonic() - began < 14:
                still = [c for c in still if not _closed_by_server(c, 0.2)]
            assert not still, f"{len(still)} slow connections still open after 14 s"
        finally:
            for c in conns:
                with contextlib.suppress(OSError):
                    c.close()


def test_the_shipped_config_parses():
    """``nginx -t`` on the file as shipped (its upstream need not be up)."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        (tmp / "nginx.conf").write_text(
            f"pid {tmp / 'nginx.pid'}; error_log {tmp / 'error.log'};\n"
            f"events {{}}\nhttp {{ include {SHIPPED}; }}\n")
        out = subprocess.run([NGINX, "-t", "-p", str(tmp), "-c", str(tmp / "nginx.conf")],
                             capture_output=True, text=True, timeout=30)
        assert out.returncode == 0, out.stderr
