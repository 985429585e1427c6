"""Storage: three tables (tables, seats, choices) with SQLAlchemy Core; Alembic migrations.

A table is its config + seed + the accepted choices in order; the state is rebuilt by replay.
The database is the one source of truth: every change (a choice, a seat, the status) bumps the
table's ``rev`` in the same transaction, under the row's lock and a ``WHERE rev = old`` check,
so several workers never overwrite each other. ``(table_id, step)`` is the primary key of a
choice, so a choice is stored once or not at all. Secrets (host, seat and invite tokens) are
stored only as SHA-256 digests.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import sqlite3
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

T = TypeVar("T")

metadata = sa.MetaData()

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("config", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("host_token", sa.String(64), nullable=False),  # SHA-256 of the host token
    sa.Column("name", sa.String(80), nullable=False, server_default=""),
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),  # accepted choices
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("rev", sa.Integer, nullable=False, server_default="0"),  # every change
    sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("seed_nonce", sa.String(64), nullable=False, server_default=""),
    sa.Column("commitment", sa.String(64), nullable=False, server_default=""),
    sa.Column("reason", sa.Text, nullable=True),  # why a table failed
    sa.Column("turn_seconds", sa.Integer, nullable=True),
    sa.Column("updated_at", sa.Float, nullable=False, server_default="0"),
    sa.Column("bot_steps", sa.Integer, nullable=False, server_default="0"),
    # a keyed digest of the creator's address (open tables per client), never the address
    sa.Column("creator", sa.String(64), nullable=False, server_default=""),
    # choices rewritten in place (a sealed choice changed before its reveal): a worker whose
    # copy has fewer replays the table instead of catching up from its last step
    sa.Column("rewrites", sa.Integer, nullable=False, server_default="0"),
    # the turn's choices held for their seat's undo ([version, [[seat, action], ...]]): not
    # in the record (``choices``) until a choice that is not undoable stores them
    sa.Column("held", sa.JSON, nullable=True),
)

seats = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("bot", sa.String(40), nullable=True),
    sa.Column("name", sa.String(40), nullable=False, server_default=""),
    sa.Column("token", sa.String(64), nullable=False),  # SHA-256 of the seat token, "" = none
    sa.Column("claimed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("invite", sa.String(64), nullable=True),  # SHA-256 of a one-time claim code
    sa.Column("timeout_bot", sa.String(40), nullable=True),
    # when a socket of the seat was last open (any worker): its player is away past a grace
    sa.Column("seen_at", sa.Float, nullable=True),
    # a bot plays the seat while its player is away; the player's token may take it back
    sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()),
)

# Every seat claim, device move, hand-over to a bot and return, in order: public, shown to
# every seat and spectator (a host cannot hold a seat and pass it on unseen).
seat_events = sa.Table(
    "seat_events", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("detail", sa.String(40), nullable=True),
    sa.Column("started", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("at", sa.Float, nullable=False),
)

choices = sa.Table(
    "choices", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("step", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")
HEAD = "0008"
# pg_advisory_xact_lock key: only one process migrates at a time (several workers start at once)
MIGRATION_LOCK = 0x626F61726C6162


def is_sqlite(engine_or_url: Engine | str) -> bool:
    url = engine_or_url if isinstance(engine_or_url, str) else str(engine_or_url.url)
    return url.startswith("sqlite")


class Combiner:
    """Small jobs of many threads done together (flat combining): a thread that finds no
    batch running runs every job queued so far, its own included, in one call of
    ``run(jobs) -> outcomes`` (per job None or the exception its thread raises); the others
    wait for their job's outcome, and one of them runs the next batch. An exception of
    ``run`` itself is every job's outcome.

    The web server stores SQLite play changes this way: under load, the changes that queued
    while one transaction ran share the next, so SQLite's single writer (and the GIL, which
    each statement gives up and takes back) is crossed once per batch instead of once per
    change - that queue was the longest wait in the web load's slowest answers."""

    _PENDING = object()

    def __init__(self, run: Callable[[list[Any]], list[BaseException | None]]) -> None:
        self._run = run
        self._cond = threading.Condition()
        self._queue: list[list[Any]] = []
        self._busy = False

    def submit(self, job: Any) -> None:
        """Return once ``job`` was done; raise what its outcome says."""
        entry = [job, self._PENDING]
        with self._cond:
            self._queue.append(entry)
            while entry[1] is self._PENDING:
                if self._busy:
                    self._cond.wait()
                    continue
                self._busy = True
                batch, self._queue = self._queue, []
                # (what the batch's jobs get if this thread is interrupted while it runs)
                outcomes: list[BaseException | None] = [
                    RuntimeError("the batch storing this change was interrupted")] * len(batch)
                self._cond.release()
                try:
                    outcomes = self._outcomes(batch)
                finally:
                    self._cond.acquire()
                    for e, outcome in zip(batch, outcomes, strict=True):
                        e[1] = outcome
                    self._busy = False
                    self._cond.notify_all()
        if entry[1] is not None:
            raise entry[1]

    def _outcomes(self, batch: list[list[Any]]) -> list[BaseException | None]:
        try:
            outcomes = self._run([e[0] for e in batch])
        except Exception as exc:  # (a BaseException - an interrupt - goes up as it is)
            return [exc] * len(batch)
        if len(outcomes) != len(batch):
            return [RuntimeError("Combiner: run gave a wrong number of outcomes")] * len(batch)
        return outcomes


class GroupSync:
    """Group commit for SQLite in WAL mode with ``synchronous=NORMAL``.

    With FULL every commit flushes the WAL to disk itself, one flush after another (~6 ms
    each here), so commits queue behind each other's flushes. With NORMAL a commit only
    writes its frames to the WAL; :meth:`wait` then returns once an ``fdatasync`` of the WAL
    that *began after* the caller's commit has finished, so the caller's choice is on disk
    exactly as with FULL before anyone is told it was accepted. Commits that finish while a
    flush runs share the next one: one flush for many tables' choices. (Checkpoints under
    NORMAL flush the WAL before copying it and the database after, so a commit already
    checkpointed away is on disk too.)"""

    def __init__(self, database: str) -> None:
        self.wal = database + "-wal"
        self.directory = os.path.dirname(os.path.abspath(database))
        self._cond = threading.Condition()
        self._started = 0  # flushes begun
        self._done = 0  # flushes finished
        self._busy = False
        self._inode: int | None = None

    def wait(self) -> None:
        """Block until everything committed before this call is on disk."""
        with self._cond:
            need = self._started + 1  # a flush that starts after this point
            while self._done < need:
                if self._busy:
                    self._cond.wait()
                    continue
                self._busy = True
                self._started += 1
                number = self._started
                self._cond.release()
                try:
                    self._flush()
                finally:
                    self._cond.acquire()
                    self._busy = False
                    self._done = number
                    self._cond.notify_all()

    def _flush(self) -> None:
        try:  # read-write: Windows flushes only handles that may write
            fd = os.open(self.wal, os.O_RDWR | getattr(os, "O_BINARY", 0))
        except FileNotFoundError:  # no WAL: everything is checkpointed (and flushed) already
            return
        try:
            getattr(os, "fdatasync", os.fsync)(fd)  # macOS and Windows have no fdatasync
            inode = os.fstat(fd).st_ino
        finally:
            os.close(fd)
        if inode != self._inode:  # a new WAL file: its directory entry must last too
            try:
                dfd = os.open(self.directory, os.O_RDONLY)
            except OSError:  # Windows cannot open a directory (NTFS journals its entries)
                self._inode = inode
                return
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
            self._inode = inode


class Mismatch(Exception):
    """A statement of a raw transaction changed another number of rows than it expected
    (the transaction was rolled back)."""


class Raw:
    """Plain DB-API connections for the statements every choice runs (the server's hot
    path): SQLAlchemy Core costs more Python time per statement (connection checkout and
    reset, parameter processing, result wrapping) than the database takes to run it.

    The connections are opened by the engine (its connect hooks run: SQLite's pragmas, a
    PostgreSQL URL's options such as a ``search_path``), then detached from its pool. Reads
    take an idle connection (each statement its own snapshot, as with the engine's
    autocommit reads); writes run on one writer connection, in one transaction: committed
    when ``transaction`` returns, rolled back when it raises. Durability is the caller's as
    before (SQLite: ``GroupSync.wait`` after the commit, before any answer; PostgreSQL: its
    commit). Errors come back as SQLAlchemy's exceptions (``IntegrityError``,
    ``OperationalError``), so callers and the app's handlers treat both paths alike.

    The SQL texts are written once, in ``qmark`` style (``?``); a driver of another style
    gets them rewritten (so a text never holds a literal ``?`` or ``%``)."""

    KEEP = 64  # idle read connections kept (as many as the threads that read at once)
    error: type[Exception] = Exception  # the driver's base error
    style = "qmark"

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._idle: list[Any] = []
        self._writer: Any = None
        self._texts: dict[str, str] = {}

    def sql(self, text: str) -> str:
        """``text`` in the driver's parameter style."""
        if self.style == "qmark":
            return text
        out = self._texts.get(text)
        if out is None:
            out = self._texts[text] = text.replace("?", "%s")
        return out

    def _open(self, writer: bool) -> Any:
        fairy = self.engine.raw_connection()  # through the engine: its connect hooks run
        conn = fairy.driver_connection
        fairy.detach()  # ours from now on; the pool opens another when it needs one
        return conn

    def _read(self, conn: Any, sql: str, params: tuple[Any, ...]) -> Any:
        return conn.execute(sql, params).fetchone()

    def scalar(self, sql: str, params: tuple[Any, ...]) -> Any:
        """The first column of the first row (None without a row)."""
        sql = self.sql(sql)
        row = self._reading(lambda conn: self._read(conn, sql, params), sql, params)
        return None if row is None else row[0]

    def _reading(self, read: Callable[[Any], T], sql: str, params: Any) -> T:
        """``read(conn)`` on an idle read connection (a new one if none is idle), which is
        then kept for the next read. An idle connection the server closed (a restart)
        fails its first statement: the read runs once more on a new connection (a read
        changes nothing, so running it again is always safe)."""
        try:
            conn, kept = self._idle.pop(), True
        except IndexError:
            conn, kept = self._open(writer=False), False
        while True:
            try:
                out = read(conn)
                break
            except self.error as exc:
                broken = kept and self._broken(conn)
                with contextlib.suppress(self.error):
                    conn.close()
                if not broken:
                    raise self._wrapped(sql, params, exc) from exc
                conn, kept = self._open(writer=False), False
        if len(self._idle) < self.KEEP:
            self._idle.append(conn)
        else:
            conn.close()
        return out

    def transaction(self, run: Callable[[Any], T]) -> T:
        """``run(conn)`` in one write transaction on the writer connection (the caller
        holds the write lock, SQLite, or runs one transaction at a time: ``Combiner``); what
        it returns.

        A writer connection the server closed while it sat idle (the database restarted)
        fails the first statement sent on it: then the transaction runs once more on a new
        connection. Only when it failed before its commit was sent - a connection lost
        before the commit aborts the transaction, so nothing of it was kept and the second
        run cannot apply it twice; a commit that fails may have been applied, and is not
        tried again. A ``run`` whose statement commits itself (autocommit) raises
        ``_Sent`` from the error when that statement failed after it was sent: as a failed
        commit, it is not tried again."""
        for attempt in (0, 1):
            conn = self._writer
            kept = conn is not None
            if conn is None:
                conn = self._writer = self._open(writer=True)
            committing = False
            try:
                out = run(conn)
                committing = True
                conn.commit()
                return out
            except BaseException as raised:
                exc = raised
                if isinstance(raised, _Sent) and raised.__cause__ is not None:
                    committing, exc = True, raised.__cause__
                broken = self._broken(conn)  # (before the rollback: it closes nothing)
                with contextlib.suppress(self.error):
                    conn.rollback()
                if not isinstance(exc, self.error):
                    raise
                if self._integrity(exc):
                    raise self._wrapped("(write transaction)", (), exc) from exc
                self._writer = None  # a broken connection (or one in doubt): anew
                with contextlib.suppress(self.error):
                    conn.close()
                if attempt == 0 and kept and broken and not committing:
                    continue
                raise self._wrapped("(write transaction)", (), exc) from exc
        raise AssertionError("unreachable")

    def write(self, steps: list[tuple[str, list[tuple[Any, ...]], int | None]]) -> None:
        """One write transaction of ``steps``, each ``(sql, rows, expected)``: the statement
        run for every row (an ``executemany``); if ``expected`` is not None and the rows it
        changed in all are another number, nothing is kept (:class:`Mismatch`)."""
        steps = [(self.sql(sql), rows, n) for sql, rows, n in steps]
        self.transaction(lambda conn: self._run(conn, steps))

    def _run(self, conn: Any, steps: list[tuple[str, list[tuple[Any, ...]], int | None]]
             ) -> None:
        """The steps in order, each row count checked before the next step."""
        for sql, rows, expected in steps:
            n = conn.executemany(sql, rows).rowcount
            if expected is not None and n != expected:
                raise Mismatch(sql)

    def _integrity(self, exc: BaseException) -> bool:
        raise NotImplementedError

    def _broken(self, conn: Any) -> bool:
        """Whether ``conn`` died under us (not the statement's fault)."""
        return False

    def _wrapped(self, sql: str, params: Any, exc: Exception) -> Exception:
        """``exc`` as the SQLAlchemy exception the engine would have raised."""
        return sa.exc.DBAPIError.instance(sql, params, exc, self.error)

    def close(self) -> None:
        conns, self._idle = self._idle, []
        if self._writer is not None:
            conns.append(self._writer)
            self._writer = None
        for conn in conns:
            with contextlib.suppress(self.error):
                conn.close()


class RawSqlite(Raw):
    """:class:`Raw` on ``sqlite3``: the connections get the engine's pragmas (WAL, the
    same ``synchronous``, foreign keys); writes run under the caller's write lock."""

    error = sqlite3.Error

    def _integrity(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.IntegrityError)


# Play changes of several tables on PostgreSQL (``RawPostgres.play``) in one statement: the
# jobs' rev bumps (each only over the rev it was read at), the choices of the bumps that
# found their rev (a data-modifying WITH: its rows are the bump's), those tables' notices to
# the other workers; the statement's rows are the tables stored. The jobs and the choices
# come as two JSON arrays of arrays ($1: [id, old rev, rev, version, status, reason,
# updated_at, bot_steps, rewrites, notice or null]; $2: [table_id, step, seat, the action's
# JSON text, created_at]), $3 is the notices' channel.
_PLAY_SQL = (
    "WITH j AS (SELECT e->>0 AS id, (e->>1)::integer AS old, (e->>2)::integer AS rev, "
    "(e->>3)::integer AS version, e->>4 AS status, e->>5 AS reason, "
    "(e->>6)::float8 AS updated_at, (e->>7)::integer AS bot_steps, "
    "(e->>8)::integer AS rewrites, e->>9 AS note FROM json_array_elements($1::json) AS e), "
    "b AS (UPDATE tables AS t SET rev = j.rev, version = j.version, status = j.status, "
    "reason = j.reason, updated_at = j.updated_at, bot_steps = j.bot_steps, "
    "rewrites = j.rewrites FROM j WHERE t.id = j.id AND t.rev = j.old RETURNING t.id, j.note), "
    "c AS (INSERT INTO choices (table_id, step, seat, action, created_at) "
    "SELECT b.id, (e->>1)::integer, (e->>2)::integer, (e->>3)::json, (e->>4)::float8 "
    "FROM b JOIN json_array_elements($2::json) AS e ON e->>0 = b.id) "
    "SELECT b.id, CASE WHEN b.note IS NULL THEN NULL ELSE pg_notify($3, b.note) END FROM b")

# libpq's parameter types of the Python values the statements below take (0: the server
# infers it from where it stands, as psycopg sends a str)
_PG_TYPES = {str: 0, int: 20, float: 701, bool: 16, type(None): 0}


def _pg_values(params: tuple[Any, ...] | list[Any]) -> tuple[list[bytes | None], list[int]]:
    """``params`` as libpq's text values and their types (str, int, float, bool, None)."""
    values: list[bytes | None] = []
    types: list[int] = []
    for p in params:
        kind = type(p)
        if kind not in _PG_TYPES:
            raise TypeError(f"a raw statement takes str, int, float, bool or None, not {kind}")
        types.append(_PG_TYPES[kind])
        values.append(None if p is None else (b"t" if p else b"f") if kind is bool
                      else p.encode() if kind is str else repr(p).encode())
    return values, types


_NUMBERED: dict[tuple[str, int], str] = {}


def _numbered(text: str, first: int = 1) -> str:
    """A ``?`` text (qmark) with libpq's numbered parameters ``$first``, ``$first+1``..."""
    out = _NUMBERED.get((text, first))
    if out is None:
        out = _NUMBERED[text, first] = _renumbered(text, first)
    return out


def _renumbered(text: str, first: int) -> str:
    parts = text.split("?")
    out = [parts[0]]
    for i, part in enumerate(parts[1:]):
        out.append(f"${first + i}{part}")
    return "".join(out)


def _readable(fd: int) -> bool:
    """Whether the socket ``fd`` has something to read now (or its end)."""
    if hasattr(select, "poll"):  # (select.select cannot take a descriptor past 1023)
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        return bool(poller.poll(0))
    return bool(select.select([fd], [], [], 0)[0])


class _Sent(Exception):
    """Raised by a write's ``run`` when its statement - its own commit - failed after it was
    sent: it may have been applied, so it is never run again (``Raw.transaction``)."""


class RawPostgres(Raw):
    """:class:`Raw` on psycopg 3. The statements every choice runs - the rev check
    (``scalar``), another worker's change caught up (``fetch``) and the play changes
    (``play``) - are each one prepared statement sent on the connection's libpq handle
    (``pgconn.exec_prepared``: one round trip, the GIL given up while it waits): psycopg's
    cursors cost 3-7x their CPU time in Python (the query's generators, the pipeline's
    bookkeeping) - under the web load they were the largest share of the PostgreSQL path.
    ``play`` is one statement in autocommit (its own transaction and commit: one round
    trip), ``fetch`` one query whose columns are each query's rows as JSON.

    Reads run in autocommit on the idle read connections; ``write`` and ``transaction``
    (everything else) on the writer connection: a write's steps go out in one pipeline,
    their row counts are checked, then it commits (a second round trip). At most ``KEEP``
    read connections are open at once (a thread finding none idle waits for one): the
    database's connection limit is shared with the engine's pool and the other workers."""

    KEEP = 12
    style = "format"

    def __init__(self, engine: Engine) -> None:
        import psycopg
        from psycopg.errors import error_from_result

        super().__init__(engine)
        self.error = psycopg.Error
        self._integrity_error = psycopg.IntegrityError
        self._error_from_result = error_from_result
        self._ok = (psycopg.pq.ExecStatus.TUPLES_OK, psycopg.pq.ExecStatus.COMMAND_OK)
        self._bad = psycopg.pq.ConnStatus.BAD
        self._slots = threading.BoundedSemaphore(self.KEEP)
        # per connection: its prepared statements (by text and parameter types) and a
        # psycopg Transformer to load values of other types than the JSON ones
        self._prepared: weakref.WeakKeyDictionary[Any, dict[tuple[str, tuple[int, ...]], bytes]]
        self._prepared = weakref.WeakKeyDictionary()
        self._loaders: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
        self._fetch_texts: dict[tuple[str, ...], str] = {}

    def _open(self, writer: bool) -> Any:
        conn = super()._open(writer)
        if conn.info.transaction_status:  # (idle in a transaction the dialect began)
            conn.rollback()
        conn.autocommit = not writer
        return conn

    def _exec(self, conn: Any, text: str, values: list[bytes | None], types: list[int]
              ) -> Any:
        """``text`` (``$n`` parameters) as a prepared statement of ``conn`` (prepared at its
        first use there), run with ``values`` of ``types`` (``_pg_values``); its result (a
        libpq ``PGresult``). An error the server answers is raised as psycopg raises it; a
        lost connection as psycopg's ``OperationalError`` (and ``conn.broken`` tells)."""
        pg = conn.pgconn
        names = self._prepared.get(conn)
        if names is None:
            names = self._prepared[conn] = {}
        key = (text, tuple(types))
        name = names.get(key)
        if name is None:
            name = f"boardlab_{len(names)}".encode()
            self._check(conn, pg.prepare(name, text.encode(), types))
            names[key] = name
        return self._check(conn, pg.exec_prepared(name, values))

    def _check(self, conn: Any, res: Any) -> Any:
        if res.status not in self._ok:
            raise self._error_from_result(res, encoding=conn.info.encoding)
        return res

    def scalar(self, sql: str, params: tuple[Any, ...]) -> Any:
        text = _numbered(sql)
        values, types = _pg_values(params)

        def read(conn: Any) -> Any:
            res = self._exec(conn, text, values, types)
            if not res.ntuples:
                return None
            loader = self._loaders.get(conn)
            if loader is None:
                from psycopg.adapt import Transformer

                loader = self._loaders[conn] = Transformer(conn)
            loader.set_pgresult(res)
            return loader.load_row(0, tuple)[0]

        with self._slots:
            return self._reading(read, sql, params)

    def _run(self, conn: Any, steps: list[tuple[str, list[tuple[Any, ...]], int | None]]
             ) -> None:
        cursors = [conn.cursor() for _ in steps]

        def send() -> None:
            for cur, (sql, rows, _expected) in zip(cursors, steps, strict=True):
                cur.executemany(sql, rows)

        self._pipelined(conn, send)
        for cur, (sql, _rows, expected) in zip(cursors, steps, strict=True):
            if expected is not None and cur.rowcount != expected:
                raise Mismatch(sql)

    def _pipelined(self, conn: Any, send: Callable[[], Any]) -> None:
        """``send()`` (statements) in one pipeline on ``conn``, then its sync: the first
        error of any statement raised. A statement's error may surface while later ones are
        being sent; it is kept and raised after the pipeline is closed, so the pipeline
        ends in order (psycopg would otherwise log "error ignored terminating pipeline"
        for the abort that follows)."""
        first: BaseException | None = None
        try:
            with conn.pipeline():
                try:
                    send()
                except self.error as exc:
                    first = exc
        except self.error as exc:  # (the sync: the first error, or that the rest aborted)
            if first is None:
                raise
            raise first from exc
        if first is not None:
            raise first

    def play(self, jobs: list[tuple[tuple[Any, ...], list[tuple[Any, ...]], str | None]],
             channel: str) -> list[bool]:
        """Play changes of several tables in one statement (``_PLAY_SQL``), its own
        transaction: one round trip. Per job ``(bump, choice rows, notice or None)`` -
        ``bump`` the parameters of the rev bump (rev, version, status, reason, updated_at,
        bot_steps, rewrites, id, old rev), each choice row (table_id, step, seat, action
        JSON, created_at). A job's choices are inserted and its notice sent only if its
        bump found the rev it was read at. Whether each job was stored (False: its rev was
        stale - another worker changed the table - and nothing of it was written); the
        others are kept either way. Jobs are of distinct tables.

        The statement commits itself, so it is run again on a new connection only when
        the kept writer connection is found closed before anything is sent (the server
        restarted: its socket holds the server's goodbye, or its end); one that fails
        after it was sent may have been applied and is raised (``_Sent``)."""
        bumps = json.dumps([[b[7], b[8], b[0], b[1], b[2], b[3], b[4], b[5], b[6], note]
                            for b, _rows, note in jobs])
        rows = json.dumps([list(r) for _b, job_rows, _note in jobs for r in job_rows])
        ids = [b[7] for b, _rows, _note in jobs]
        values, types = _pg_values((bumps, rows, channel))

        def run(conn: Any) -> list[bool]:
            pg = conn.pgconn
            if _readable(pg.socket):  # an idle writer connection has nothing to read
                conn.close()  # (the server's goodbye, or its end: nothing was sent on it)
                raise self._gone("the server closed the writer connection while it was idle")
            try:
                res = self._exec(conn, _PLAY_SQL, values, types)
            except self.error as exc:
                if self._broken(conn):  # the answer never came: it may have been applied
                    raise _Sent() from exc
                raise  # the server refused it (a duplicate choice, a deadlock): not applied
            stored = {res.get_value(i, 0).decode() for i in range(res.ntuples)}
            return [tid in stored for tid in ids]

        return self.transaction(run)

    def _gone(self, message: str) -> Exception:
        import psycopg

        return psycopg.OperationalError(message)

    def fetch(self, queries: list[tuple[str, tuple[Any, ...]]]) -> list[list[dict[str, Any]]]:
        """The rows (dicts by column name) of each ``(sql, params)``: one prepared query whose
        columns are each query's rows as JSON (``json_agg``, in the query's order), one round
        trip on a read connection (another worker's change caught up: the table's row,
        seats, seat events and new choices). The values are JSON's: numbers, text, booleans,
        null and the JSON columns' values (every column of this schema)."""
        key = tuple(sql for sql, _params in queries)
        text = self._fetch_texts.get(key)
        if text is None:
            parts, n = [], 1
            for sql, params in queries:
                parts.append(f"(SELECT coalesce(json_agg(q), '[]') FROM ({_numbered(sql, n)}) "
                             "AS q)")
                n += len(params)
            text = self._fetch_texts[key] = "SELECT " + ", ".join(parts)
        params = tuple(p for _sql, ps in queries for p in ps)
        values, types = _pg_values(params)

        def read(conn: Any) -> list[list[dict[str, Any]]]:
            res = self._exec(conn, text, values, types)
            return [json.loads(res.get_value(0, i)) for i in range(len(queries))]

        with self._slots:
            return self._reading(read, "(reads)", params)

    def _integrity(self, exc: BaseException) -> bool:
        return isinstance(exc, self._integrity_error)

    def _broken(self, conn: Any) -> bool:
        return bool(conn.broken or conn.closed)


def raw_for(engine: Engine) -> Raw | None:
    """The raw play path for ``engine``'s database (SQLite, PostgreSQL with psycopg 3), or
    None (other databases go through SQLAlchemy)."""
    if engine.dialect.name == "sqlite":
        return RawSqlite(engine)
    if engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg":
        return RawPostgres(engine)
    return None


def make_engine(url: str, group_commit: bool = False) -> Engine:
    """An engine for ``url``; SQLite gets WAL and full sync so a kill -9 loses nothing.

    ``group_commit`` (the web server): SQLite commits with ``synchronous=NORMAL`` and the
    engine gets a :class:`GroupSync` as ``engine.group_sync``; every writer must call its
    ``wait()`` after committing and before acknowledging anything. Other databases (and
    the default) get ``engine.group_sync = None``: their commit is durable by itself."""
    if is_sqlite(url):
        # a pool as large as the threads that may hold a connection at once (the request
        # threads, the pushes' threads): past the pool, SQLAlchemy opens and closes a
        # connection per use, and each new one runs the pragmas below again
        database = sa.engine.make_url(url).database
        pool = ({"pool_size": 64, "max_overflow": 16} if database and database != ":memory:"
                else {})
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 15},
                                  **pool)
        grouped = group_commit and bool(database) and database != ":memory:"
        sync = "NORMAL" if grouped else "FULL"

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record) -> None:  # pragma: no cover - trivial
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        engine.group_sync = GroupSync(database) if grouped else None  # type: ignore[attr-defined]
        return engine
    engine = sa.create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10,
                              pool_timeout=10)
    engine.group_sync = None  # type: ignore[attr-defined]
    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest revision (run at every start).

    On PostgreSQL the whole upgrade runs under a transaction-scoped advisory lock, so workers
    starting together migrate once and the others wait, then find nothing to do.
    """
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(sa.text("select pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
