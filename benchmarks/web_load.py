"""Web load benchmark (issue 9): many live tables of scripted human clients and bots against
the real server (``boardlab serve``), measured from the clients' side.

Each human seat is a scripted client that does what the browser does (``web/static``):
the table's creator takes seat 0 in the create call (``claim``, as the lobby does), the
other human seats use their one-time invite codes (``/claim``, as an invite link does); each
seat opens ``/ws/tables/ID``, says who it is in its first message, merges the incremental
log and the view's changed parts (``log_from``, ``view_from``) as ``connection.js`` does, and
when a push asks it to choose, waits its think time and POSTs one random legal choice with
its ``step`` and the ``view_tag`` it holds (``have``: an incremental answer, as ``table.js``
asks; a server without ``view_tag`` gets the old request) to ``/act``. A finished table
is replaced by a new one, so the number of live tables stays constant.

Figures (per load level, i.e. per think time):

* choice-to-broadcast latency: from the moment a human's ``/act`` is sent to the arrival, at
  each human socket of the table, of the first push that shows the table at (or past) the
  version the ``/act`` answer reported; p50/p95/p99 per delivery and for the last socket
  of the table (the broadcast complete);
* the ``/act`` round trip (acknowledgement latency);
* accepted choices/s, humans' and bots' (table versions advanced in the window);
* push sizes (bytes of each WebSocket message) and ``/act`` answer sizes;
* durability: after the run every acknowledged choice is looked up in the database.

Every client sends its own ``X-Forwarded-For`` address and the server trusts loopback as a
proxy, so the server's per-client rate limit sees one client per seat, as in real use.
All clients run in this process (uvloop when available); its CPU time is printed too,
because on a 2-core machine client and server share the cores.

    python benchmarks/web_load.py [--tables 100] [--think 0.5,0.2] [--seconds 15]
                                  [--db postgres [--pg-fsync] [--sqlite-reference]]
                                  [--database-url postgresql+psycopg://...] [--workers 2]

``--db postgres`` (``make bench-web DB=postgres``) starts a throwaway PostgreSQL cluster
(``initdb`` in a temp dir, as ``.ci/run`` does: a free loopback port, the unprivileged
``postgres`` user when run as root, ``fsync=off`` unless ``--pg-fsync``) with a fresh
database for each server loaded, and stops it afterwards. ``--sqlite-reference`` loads a
SQLite server (one worker) the same way right after: PostgreSQL / SQLite in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import glob
import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
import websockets

from boardlab.server.delta import rebuild

ROOT = Path(__file__).resolve().parents[1]
BOARDLAB = Path(sys.executable).with_name("boardlab")


# ---- the server --------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data_dir: Path, port: int, database_url: str | None = None,
                 source: Path | None = None, workers: int = 1) -> subprocess.Popen:
    """``boardlab serve`` on ``data_dir`` (SQLite) or ``database_url``; loopback is a
    trusted proxy so each scripted client's ``X-Forwarded-For`` is its address. ``source``:
    another tree whose ``src`` is imported instead of ours."""
    env = {**os.environ, "BOARDLAB_DATA_DIR": str(data_dir)}
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(source).resolve() / "src"), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    if database_url:
        env["BOARDLAB_DATABASE_URL"] = database_url
    else:
        env.pop("BOARDLAB_DATABASE_URL", None)
    cmd = [str(BOARDLAB), "serve", "--host", "127.0.0.1", "--port", str(port),
           "--trusted-proxy", "127.0.0.1"] + (["--workers", str(workers)] if workers > 1 else [])
    proc = subprocess.Popen(cmd, env=env, start_new_session=True, stdout=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    stop_server(proc)
    raise RuntimeError("the server did not start within 120 s")


def stop_server(proc: subprocess.Popen, kill: bool = False) -> None:
    """Stop the server: SIGINT (a clean shutdown), or with ``kill`` SIGKILL to every process
    of it at once (kill -9: nothing flushed or closed, what a crash leaves)."""
    if kill:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(15)
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


CLUSTERS: dict[str, Path] = {}  # a throwaway cluster's URL -> its postmaster.pid


def cluster_pid(url: str | None) -> int | None:
    """The postmaster's pid of the throwaway cluster whose database ``url`` names (its CPU
    and its backends' are the database's share of a choice), or None (SQLite, or a cluster
    not started here)."""
    if not url:
        return None
    base = sa.engine.make_url(url).set(database="postgres").render_as_string(
        hide_password=False)
    pidfile = CLUSTERS.get(base)
    try:
        return int(pidfile.read_text().split()[0]) if pidfile else None
    except (OSError, ValueError, IndexError):
        return None


@contextlib.contextmanager
def throwaway_postgres(fsync: bool = False) -> Any:
    """A PostgreSQL cluster of its own for the run (as ``.ci/run`` starts one): yields its
    URL; stopped (immediate) and removed afterwards."""
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                  key=lambda b: [int(x) for x in Path(b).parent.name.split(".") if x.isdigit()])
    pgbin = Path(bins[-1]) if bins else None
    if pgbin is None or not (pgbin / "initdb").exists():
        raise RuntimeError("no PostgreSQL server here (Debian: apt-get install postgresql)")
    tmp = Path(tempfile.mkdtemp(prefix="boardlab-pg-"))
    as_pg: list[str] = []
    if os.getuid() == 0:  # PostgreSQL refuses to run as root
        import shutil
        shutil.chown(tmp, "postgres")
        as_pg = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data = tmp / "data"
    try:
        subprocess.run([*as_pg, str(pgbin / "initdb"), "-D", str(data), "-A", "trust", "-U",
                        "postgres", "-E", "UTF8"], check=True, stdout=subprocess.DEVNULL)
        opts = (f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c max_connections=300 "
                f"-c fsync={'on' if fsync else 'off'}")
        subprocess.run([*as_pg, str(pgbin / "pg_ctl"), "-D", str(data), "-l",
                        str(tmp / "log"), "-w", "-o", opts, "start"], check=True,
                       stdout=subprocess.DEVNULL)
        url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
        CLUSTERS[url] = data / "postmaster.pid"
        yield url
    finally:
        subprocess.run([*as_pg, str(pgbin / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import shutil
        shutil.rmtree(tmp, ignore_errors=True)


def fresh_database(base_url: str) -> str:
    """A new, empty database in the cluster at ``base_url``; its URL."""
    name = f"load_{os.getpid()}_{int(time.time() * 1000) % 10**9}"
    engine = sa.create_engine(base_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.exec_driver_sql(f"CREATE DATABASE {name}")
    engine.dispose()
    return sa.engine.make_url(base_url).set(database=name).render_as_string(
        hide_password=False)


# ---- what the clients record ---------------------------------------------------------------

@dataclass
class Act:
    table: str
    seat: int
    step: int
    sent: float
    acked: float = 0.0
    status: int = 0
    version: int = 0  # the table's version in the answer (the choice and any bot replies)
    size: int = 0
    # held for an undo (``Game.undoable``): the answer's version is the one the choice was
    # made at; the table is pushed to the choosing seat's own sockets only (nobody else may
    # tell), so only that seat's delivery is due
    held: bool = False


@dataclass
class Record:
    """Everything the clients saw; figures are computed from it afterwards."""

    acts: list[Act] = field(default_factory=list)
    # (table, seat) -> arrival times and versions of its pushes, in order
    pushes: dict[tuple[str, int], tuple[list[float], list[int]]] = field(default_factory=dict)
    push_sizes: list[tuple[float, int]] = field(default_factory=list)
    versions: dict[str, list[tuple[float, int]]] = field(default_factory=dict)
    humans: dict[str, list[int]] = field(default_factory=dict)  # table -> its human seats
    errors: list[str] = field(default_factory=list)
    lag: list[tuple[float, float]] = field(default_factory=list)  # the clients' loop delays

    def saw(self, table: str, when: float, version: int) -> None:
        self.versions.setdefault(table, []).append((when, version))


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU seconds of a process and every process under it (the workers of
    ``serve --workers``); Linux /proc, NaN elsewhere."""
    if pid is None:
        return float("nan")
    stats: dict[int, tuple[int, float]] = {}  # pid -> (parent, its CPU seconds)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12]))
                                  / os.sysconf("SC_CLK_TCK"))
    if pid not in stats:
        return float("nan")
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats[p][1]
        todo += [c for c, (parent, _cpu) in stats.items() if parent == p]
    return total


class Http1:
    """One keep-alive HTTP/1.1 connection, one request at a time, as a page's ``fetch``
    uses one: a few lines instead of a general client, so that the clients' own CPU (they
    share the machine with the server) stays small."""

    def __init__(self, base: str) -> None:
        hostport = base.split("://", 1)[1].rstrip("/")
        self.host, _, port = hostport.partition(":")
        self.port = int(port or 80)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: Any, headers: dict[str, str]) -> tuple[int, bytes]:
        data = json.dumps(body).encode()
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        raw = (f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n{head}\r\n"
               ).encode() + data
        for attempt in (0, 1):
            reused = self.writer is not None
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            assert self.reader is not None
            self.writer.write(raw)
            try:
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionResetError("closed")
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if reused and attempt == 0:  # the server dropped an idle connection: again
                    continue                  # (a repeat is refused by its step anyway)
                raise
            return await self._rest(int(status_line.split()[1]))
        raise ConnectionResetError("unreachable")

    async def _rest(self, status: int) -> tuple[int, bytes]:
        assert self.reader is not None
        length, chunked, close = 0, False, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
            elif name == "connection" and value == "close":
                close = True
        if chunked:
            body = b""
            while size := int((await self.reader.readline()).strip() or b"0", 16):
                body += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        else:
            body = await self.reader.readexactly(length)
        if close:
            await self.close()
        return status, body

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()
        self.reader = self.writer = None


def _ip(n: int) -> str:
    return f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"


class Human:
    """One scripted human seat: its socket, its choices (one at a time, as the page sends)."""

    def __init__(self, base: str, rec: Record, table: str, seat: int, token: str, ip: str,
                 think: list[float], rng: random.Random):
        self.base, self.rec = base, rec
        self.http: Http1 | None = None
        self.stopping = False
        self.table, self.seat, self.token, self.ip = table, seat, token, ip
        self.think, self.rng = think, rng
        self.log: list[Any] = []
        self.state: dict[str, Any] | None = None  # the state rebuilt from the pushes
        self.sending = False
        self.acted_step = -1  # the last step this seat sent and had accepted
        self.latest: dict[str, Any] | None = None  # the newest state seen (push or answer)
        self.over = asyncio.Event()
        self.times, self.vers = rec.pushes.setdefault((table, seat), ([], []))

    async def run(self, stop: asyncio.Event) -> None:
        url = self.base.replace("http", "ws", 1) + f"/ws/tables/{self.table}"
        self.http = Http1(self.base)  # its own connection, as each player's browser has
        async with websockets.connect(url, additional_headers={"X-Forwarded-For": self.ip},
                                      max_size=2**22, compression=None) as ws:
            await ws.send(json.dumps({"seat": self.seat, "token": self.token, "delta": True}))
            reader = asyncio.ensure_future(self._read(ws))
            stopper = asyncio.ensure_future(stop.wait())
            done = asyncio.ensure_future(self.over.wait())
            await asyncio.wait([reader, stopper, done], return_when=asyncio.FIRST_COMPLETED)
            if reader.done() and not reader.cancelled() and reader.exception() is not None:
                self.rec.errors.append(f"reader: {reader.exception()!r}")
            self.stopping = True
            for task in (reader, stopper, done):
                task.cancel()
        await self.http.close()

    async def _read(self, ws: Any) -> None:
        async for raw in ws:
            now = time.perf_counter()
            msg = json.loads(raw)
            if msg.get("type") != "state":
                continue
            try:  # as connection.js rebuilds it: the log's new entries, the view's changes
                self.state = rebuild(self.state, msg)
            except ValueError:  # lost track: the next push comes whole
                self.state = None
                await ws.send("full")
                continue
            msg = self.state
            self.log = msg["log"]
            version = msg["table"]["version"]
            self.times.append(now)
            self.vers.append(version)
            self.rec.push_sizes.append((now, len(raw)))
            self.rec.saw(self.table, now, version)
            if msg["table"]["status"] != "running":
                self.over.set()
                return
            self._newest(msg)
            self._maybe_act(msg)

    def _newest(self, msg: dict[str, Any]) -> None:
        if self.latest is None or msg["table"]["version"] >= self.latest["table"]["version"]:
            self.latest = msg

    def _maybe_act(self, msg: dict[str, Any]) -> None:
        if self.sending or not msg["legal"] or msg["step"] <= self.acted_step:
            return
        self.sending = True
        asyncio.ensure_future(self._act(msg["step"], self.rng.choice(msg["legal"])["action"],
                                        msg))

    async def _act(self, step: int, action: Any, base: dict[str, Any]) -> None:
        try:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think[0])
            if self.stopping or self.http is None:
                return
            a = Act(self.table, self.seat, step, time.perf_counter())
            body = {"seat": self.seat, "action": action, "step": step}
            if base.get("view_tag"):  # as table.js asks: an incremental answer
                body["have"] = base["view_tag"]
            status, content = await self.http.post(
                f"/api/tables/{self.table}/act", body,
                {"X-Seat-Token": self.token, "X-Forwarded-For": self.ip})
            a.acked, a.status, a.size = time.perf_counter(), status, len(content)
            self.rec.acts.append(a)
            if status == 200:
                answer = json.loads(content)  # the page draws from it (table.js: p = res)
                if "have" in body:
                    answer = rebuild(base, answer)
                a.version = answer["table"]["version"]
                a.held = a.version == base["table"]["version"]
                self.rec.saw(self.table, a.acked, a.version)
                self.acted_step = step
                self._newest(answer)
            elif status != 409:  # 409: a stale push (the table moved on); else report
                self.rec.errors.append(f"act {status}: {content[:200]!r}")
        except Exception as exc:  # the run goes on; the error is reported
            if not self.stopping:
                self.rec.errors.append(f"act: {type(exc).__name__}: {exc}")
        finally:
            self.sending = False
        # a push that came while this choice was on its way may already ask for the next
        if self.latest is not None and self.latest["table"]["status"] == "running":
            self._maybe_act(self.latest)


async def open_table(http: httpx.AsyncClient, game: str, players: int, humans: int,
                     bot: str, ip: str) -> tuple[str, dict[int, str]]:
    """A started table: seat 0 claimed by its creator, other human seats by invite."""
    seats = [{"kind": "human"} if i < humans else {"kind": "bot", "bot": bot}
             for i in range(players)]
    r = await http.post("/api/tables", json={"game": game, "players": players, "seats": seats,
                                             "claim": [0] if humans else [], "start": True},
                        headers={"X-Forwarded-For": ip})
    r.raise_for_status()
    made = r.json()
    tid = made["table"]["id"]
    tokens = {c["seat"]: c["token"] for c in made["claimed"]}
    for inv in made["seats"]:
        c = await http.post(f"/api/tables/{tid}/claim", json={"code": inv["code"]},
                            headers={"X-Forwarded-For": ip})
        c.raise_for_status()
        tokens[c.json()["seat"]] = c.json()["token"]
    return tid, tokens


async def drive(base: str, rec: Record, slot: int, game: str, players: int, humans: int,
                bot: str, think: list[float], stop: asyncio.Event,
                http: httpx.AsyncClient, seed: int) -> None:
    """Keep one live table going: when its game ends, open the next one."""
    rng = random.Random(seed * 7919 + slot)
    generation = 0
    while not stop.is_set():
        ips = [_ip(slot * 16 + generation % 4 * 4 + s) for s in range(max(1, humans))]
        try:
            tid, tokens = await open_table(http, game, players, humans, bot, ips[0])
        except Exception as exc:
            rec.errors.append(f"open table: {type(exc).__name__}: {exc}")
            await asyncio.sleep(1.0)
            continue
        rec.humans[tid] = sorted(tokens)
        clients = [Human(base, rec, tid, s, tok, ips[s], think, rng)
                   for s, tok in tokens.items()]
        try:
            await asyncio.gather(*(c.run(stop) for c in clients))
        except Exception as exc:
            rec.errors.append(f"socket: {type(exc).__name__}: {exc}")
            await asyncio.sleep(0.5)
        generation += 1


# ---- figures -------------------------------------------------------------------------------

def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * (len(s) - 1))))]


def figures(rec: Record, start: float, end: float) -> dict[str, Any]:
    """The figures of the window [start, end) (acts sent in it, pushes received in it)."""
    window = end - start
    acts = [a for a in rec.acts if start <= a.sent < end]
    ok = [a for a in acts if a.status == 200]
    per_delivery: list[float] = []
    complete: list[float] = []
    missing = 0
    for a in ok:
        worst = 0.0
        for seat in [a.seat] if a.held else rec.humans.get(a.table, []):
            times, vers = rec.pushes.get((a.table, seat), ([], []))
            i = bisect.bisect_left(times, a.sent)
            while i < len(vers) and vers[i] < a.version:
                i += 1
            if i == len(vers):
                missing += 1
                continue
            lat = times[i] - a.sent
            per_delivery.append(lat)
            worst = max(worst, lat)
        complete.append(worst)
    accepted = 0
    for seen in rec.versions.values():  # a table opened inside the window starts at 0
        inside = [v for t, v in seen if start <= t < end]
        if inside:
            accepted += max(inside) - max((v for t, v in seen if t < start), default=0)
    sizes = [n for t, n in rec.push_sizes if start <= t < end]
    lag = [d for t, d in rec.lag if start <= t < end]
    ms = 1000.0
    return {
        "window_s": round(window, 2),
        "human_choices_per_s": len(ok) / window,
        "accepted_choices_per_s": accepted / window,
        "refused": len(acts) - len(ok),
        "held": sum(a.held for a in ok),
        "broadcast_ms": {q: pct(per_delivery, q) * ms for q in (50, 95, 99)},
        "broadcast_all_seats_ms": {q: pct(complete, q) * ms for q in (50, 95, 99)},
        "ack_ms": {q: pct([a.acked - a.sent for a in ok], q) * ms for q in (50, 95, 99)},
        "push_bytes": {"mean": sum(sizes) / len(sizes) if sizes else float("nan"),
                       "p95": pct(sizes, 95), "max": max(sizes, default=0)},
        "act_answer_bytes": {"mean": (sum(a.size for a in ok) / len(ok)) if ok else
                             float("nan"), "max": max((a.size for a in ok), default=0)},
        "pushes_per_s": len(sizes) / window,
        "missing_pushes": missing,
        "client_lag_ms": {q: pct(lag, q) * ms for q in (50, 99)},
    }


def check_durable(database_url: str, rec: Record) -> tuple[int, int]:
    """Every acknowledged choice is in the database: (acknowledged, found)."""
    from boardlab.server import db

    engine = sa.create_engine(database_url)
    acked = [a for a in rec.acts if a.status == 200]
    found = 0
    with engine.connect() as conn:
        # the turn's choices held for an undo (tables.held: [version, [[seat, action]...]])
        # are stored too, after the record's, until the turn goes on
        held: dict[str, list[int]] = {}
        if "held" in {c["name"] for c in sa.inspect(conn).get_columns("tables")}:
            c = db.tables.c
            for tid, version, h in conn.execute(sa.select(c.id, c.version, c.held).where(
                    c.held.is_not(None))):
                if h and h[0] == version:  # (held at another version: no longer held)
                    held[tid] = [int(seat) for seat, _ in h[1]]
        stored: dict[str, set[tuple[int, int]]] = {}
        for tid in {a.table for a in acked}:
            rows = conn.execute(sa.select(db.choices.c.seat).where(
                db.choices.c.table_id == tid).order_by(db.choices.c.step)).scalars().all()
            # the k-th choice of a seat is its step k
            counts: dict[int, int] = {}
            got = set()
            for seat in [*rows, *held.get(tid, ())]:
                got.add((seat, counts.get(seat, 0)))
                counts[seat] = counts.get(seat, 0) + 1
            stored[tid] = got
        for a in acked:
            found += (a.seat, a.step) in stored.get(a.table, set())
    engine.dispose()
    return len(acked), found


# ---- the run -------------------------------------------------------------------------------

async def watch_lag(rec: Record, stop: asyncio.Event, every: float = 0.01) -> None:
    """How late this process's event loop wakes up: every latency above includes it."""
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(every)
        now = time.perf_counter()
        rec.lag.append((now, now - t - every))


async def load(base: str, *, tables: int, game: str, players: int, humans: int, bot: str,
               thinks: list[float], seconds: float, warmup: float, seed: int = 0,
               server_pid: int | None = None, database_pid: int | None = None
               ) -> tuple[Record, list[dict[str, Any]], float]:
    """Run ``tables`` live tables, one measured window per think time; returns what the
    clients saw, the figures per window and the clients' CPU seconds. ``database_pid``: a
    PostgreSQL cluster's postmaster, whose CPU (its backends' too) is measured as the
    server's is (SQLite's work is inside the server's process)."""
    rec = Record()
    stop = asyncio.Event()
    think = [thinks[0]]
    limits = httpx.Limits(max_connections=max(20, tables * humans),
                          max_keepalive_connections=max(20, tables * humans))
    cpu0 = time.process_time()
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        drivers = [asyncio.ensure_future(drive(base, rec, i, game, players, humans, bot, think,
                                               stop, http, seed))
                   for i in range(tables)]
        drivers.append(asyncio.ensure_future(watch_lag(rec, stop)))
        windows = []
        for t in thinks:
            think[0] = t
            await asyncio.sleep(warmup)
            start, cpu_start = time.perf_counter(), cpu_seconds(server_pid)
            db_start = cpu_seconds(database_pid)
            load_start = os.getloadavg()[0]
            await asyncio.sleep(seconds)
            windows.append((t, start, time.perf_counter(), cpu_seconds(server_pid) - cpu_start,
                            cpu_seconds(database_pid) - db_start,
                            (load_start + os.getloadavg()[0]) / 2))
        await asyncio.sleep(3.0)  # the pushes of the last choices of a window arrive
        out = []
        for t, start, end, busy, db_busy, load_average in windows:
            level = {"think_s": t, **figures(rec, start, end)}
            done = level["accepted_choices_per_s"] * level["window_s"]

            def per(cpu: float, done: float = done) -> float:
                return 1000 * cpu / done if done else float("nan")

            level.update(server_cpu_share=busy / level["window_s"],
                         server_cpu_ms_per_choice=per(busy),
                         database_cpu_ms_per_choice=per(db_busy),
                         # the server's and the database's (SQLite's is the server's)
                         total_cpu_ms_per_choice=per(busy + db_busy) if database_pid
                         else per(busy),
                         load_average=load_average)
            out.append(level)
        stop.set()
        await asyncio.wait(drivers, timeout=30)
    return rec, out, time.process_time() - cpu0


def show(level: dict[str, Any], targets: bool) -> None:
    b, ball, ack = level["broadcast_ms"], level["broadcast_all_seats_ms"], level["ack_ms"]
    print(f"think {level['think_s']:.3f} s, window {level['window_s']} s")
    print(f"  accepted choices/s  {level['accepted_choices_per_s']:8.1f}   "
          f"(human {level['human_choices_per_s']:.1f}/s, refused {level['refused']}, "
          f"held for an undo {level['held']})")
    print(f"  choice->push ms     p50 {b[50]:7.1f}  p95 {b[95]:7.1f}  p99 {b[99]:7.1f}   "
          f"(per delivery)")
    print(f"  choice->all seats   p50 {ball[50]:7.1f}  p95 {ball[95]:7.1f}  p99 "
          f"{ball[99]:7.1f}")
    print(f"  /act answer ms      p50 {ack[50]:7.1f}  p95 {ack[95]:7.1f}  p99 {ack[99]:7.1f}")
    p, a = level["push_bytes"], level["act_answer_bytes"]
    print(f"  push bytes          mean {p['mean']:7.0f}  p95 {p['p95']:6d}  max {p['max']:6d}"
          f"   ({level['pushes_per_s']:.0f} pushes/s)")
    print(f"  /act answer bytes   mean {a['mean']:7.0f}  max {a['max']:6d}")
    per = level["server_cpu_ms_per_choice"]
    print(f"  server CPU          {per:7.2f} ms per accepted choice, busy "
          f"{100 * level['server_cpu_share']:.0f}% of one core (machine load average "
          f"{level['load_average']:.1f}); at 100% of one core: {1000 / per:.0f} choices/s")
    db = level.get("database_cpu_ms_per_choice", float("nan"))
    if math.isfinite(db):
        print(f"  database CPU        {db:7.2f} ms per accepted choice (the cluster's "
              f"processes); server + database {level['total_cpu_ms_per_choice']:.2f} ms")
    lag = level["client_lag_ms"]
    print(f"  clients' loop lag   p50 {lag[50]:7.1f}  p99 {lag[99]:7.1f} ms (included above)")
    if level["missing_pushes"]:
        print(f"  pushes never seen for {level['missing_pushes']} deliveries")
    if targets:
        print(f"  target p99 <= 50 ms: {'met' if b[99] <= 50 else 'NOT met'}; "
              f">= 500 accepted/s: "
              f"{'met' if level['accepted_choices_per_s'] >= 500 else 'NOT met'}")


def together(levels: list[dict[str, Any]]) -> str:
    """The issue's two web targets at once: a level with >= 500 accepted choices/s whose
    p99 choice -> push is <= 50 ms (the fastest such level), or that none had both."""
    both = [lv for lv in levels
            if lv["accepted_choices_per_s"] >= 500 and lv["broadcast_ms"][99] <= 50]
    if not both:
        return "targets together (>= 500 accepted/s with p99 <= 50 ms): NOT met at any level"
    best = max(both, key=lambda lv: lv["accepted_choices_per_s"])
    return (f"targets together (>= 500 accepted/s with p99 <= 50 ms): met at think "
            f"{best['think_s']:.3f} s ({best['accepted_choices_per_s']:.0f} accepted/s, p99 "
            f"{best['broadcast_ms'][99]:.1f} ms)")


def run_once(args: argparse.Namespace, thinks: list[float], source: Path | None,
             pg: str | None = None, workers: int = 1
             ) -> tuple[Record, list[dict[str, Any]], float, int, int]:
    """One server (ours, or the tree at ``source``) on SQLite or, with ``pg`` (a cluster's
    URL), a fresh database there; loaded; its figures and durability."""
    with tempfile.TemporaryDirectory(prefix="boardlab-load-") as tmp:
        data = Path(tmp)
        pg_url = fresh_database(pg) if pg else None
        url = pg_url or f"sqlite:///{data / 'boardlab.sqlite'}"
        port = free_port()
        server = start_server(data, port, pg_url, source, workers)
        try:
            try:
                import uvloop
                runner = uvloop.run
            except ImportError:
                runner = asyncio.run
            rec, levels, cpu = runner(load(
                f"http://127.0.0.1:{port}", tables=args.tables, game=args.game,
                players=args.players, humans=args.humans, bot=args.bot, thinks=thinks,
                seconds=args.seconds, warmup=args.warmup, server_pid=server.pid,
                database_pid=cluster_pid(pg_url)))
        finally:
            stop_server(server, kill=args.kill9)
        acked, found = check_durable(url, rec)
    return rec, levels, cpu, acked, found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--game", default="toys")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--humans", type=int, default=2, help="human seats per table (the rest "
                    "are bots)")
    ap.add_argument("--bot", default="random")
    ap.add_argument("--think", default="1.0,0.5,0.4,0.3",
                    help="think times (s) of the scripted humans, one measured window each")
    ap.add_argument("--seconds", type=float, default=15.0, help="measured window per level")
    ap.add_argument("--warmup", type=float, default=5.0)
    ap.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite", help=(
        "postgres: a throwaway cluster of this run's own (make bench-web DB=postgres)"))
    ap.add_argument("--pg-fsync", action="store_true", help="the throwaway cluster with "
                    "fsync=on (default off, as CI's)")
    ap.add_argument("--sqlite-reference", action="store_true", help="also load a SQLite "
                    "server (one worker) right after: PostgreSQL / SQLite in the same run")
    ap.add_argument("--database-url", default=None,
                    help="a PostgreSQL cluster to run against (a fresh database in it for "
                    "each server) instead of a temp SQLite file")
    ap.add_argument("--against", type=Path, default=None, help=(
        "another source tree (e.g. `git archive COMMIT src | tar -x -C DIR`): its server "
        "is loaded the same way right after ours, for a same-run reference"))
    ap.add_argument("--workers", type=int, default=None, help="server worker processes "
                    "(default 2 on PostgreSQL, 1 on SQLite, which takes only one; CPU is "
                    "summed over them)")
    ap.add_argument("--kill9", action="store_true", help="end each server with kill -9 "
                    "(no shutdown) before the durability check")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    thinks = [float(x) for x in args.think.split(",") if x.strip()]
    with contextlib.ExitStack() as stack:
        pg = args.database_url
        if pg is None and args.db == "postgres":
            pg = stack.enter_context(throwaway_postgres(args.pg_fsync))
            print(f"PostgreSQL: a throwaway cluster, fsync={'on' if args.pg_fsync else 'off'}",
                  flush=True)
        args.database_url = pg
        if args.workers is None:
            args.workers = 2 if pg else 1
        return report(args, thinks, pg)


def report(args: argparse.Namespace, thinks: list[float], pg: str | None) -> int:
    """Load each server (ours; the ``--against`` tree; SQLite for reference) and print."""
    runs = [("ours", None)] + ([("against", args.against)] if args.against else [])
    results = {label: run_once(args, thinks, source, pg, args.workers)
               for label, source in runs}
    sources = dict(runs)
    if args.sqlite_reference and pg:
        runs.append(("sqlite", None))
        results["sqlite"] = run_once(args, thinks, None, None, 1)
    if args.json:
        print(json.dumps({label: {"levels": levels, "client_cpu_s": cpu, "acked": acked,
                                  "stored": found, "errors": rec.errors[:20]}
                          for label, (rec, levels, cpu, acked, found) in results.items()},
                         default=str))
        return 0 if all(r[3] == r[4] for r in results.values()) else 1
    print(f"web load: {args.tables} tables of {args.game}, {args.players} seats "
          f"({args.humans} scripted humans, {args.players - args.humans} {args.bot} bots), "
          f"{'PostgreSQL' if args.database_url else 'SQLite'}, {args.workers} server "
          f"worker{'s' if args.workers > 1 else ''}; cores: {os.cpu_count()}")
    for label, (rec, levels, cpu, acked, found) in results.items():
        source = sources.get(label)
        print(f"== {label}" + (f" ({source})" if source else "")
              + (" (SQLite, 1 worker: the same-run reference)" if label == "sqlite" else ""))
        for level in levels:
            show(level, targets=label == "ours")
        wall = sum(level["window_s"] for level in levels) + args.warmup * len(levels)
        print(f"clients' CPU: {cpu:.1f} s over ~{wall:.0f} s (they share the cores with "
              "the server)")
        print(f"durability: {found} of {acked} acknowledged choices found in the database")
        if label == "ours":
            print(together(levels))
        if rec.errors:
            print(f"errors ({len(rec.errors)}), first: " + "; ".join(rec.errors[:3]))
    for other in ("against", "sqlite"):
        if other not in results:
            continue
        print(f"== ours / {other} (same run)")
        for mine, theirs in zip(results["ours"][1], results[other][1], strict=True):
            def ratio(key: str, q: Any = None, a: Any = mine, b: Any = theirs) -> str:
                x, y = (a[key], b[key]) if q is None else (a[key][q], b[key][q])
                return f"{x / y:.2f}x" if y and math.isfinite(x) and math.isfinite(y) else "-"

            print(f"  think {mine['think_s']:.3f} s: server CPU per choice "
                  f"{ratio('server_cpu_ms_per_choice')} (with the database's "
                  f"{ratio('total_cpu_ms_per_choice')}), accepted/s "
                  f"{ratio('accepted_choices_per_s')}, p99 push {ratio('broadcast_ms', 99)}, "
                  f"push bytes {ratio('push_bytes', 'mean')}")
    return 0 if all(r[3] == r[4] for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
