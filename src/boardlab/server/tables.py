"""The tables of the lobby: creating, seating, starting, accepting choices, running bots.

The database is the one source of truth. Each process keeps a cache of replayed states; every
read compares the cached ``rev`` with the stored one and catches up (new choices are applied,
anything else is rebuilt by replay), and every change runs in one transaction that locks the
table's row, re-checks against the stored state, applies the choice *before* storing it, and
bumps ``rev`` with a ``WHERE rev = old`` guard. So several workers (or machines) can serve the
same tables, and a kill -9 between two writes cannot leave half a change.

Secrets: the host token starts, hands seats to bots and closes, but never reads or acts for a
seat. A seat's token is made when someone claims it (an invite code, used once, or a free seat
taken from the lobby) and only its digest is stored, so it exists only with that person. A
seat holder may ask for a claim link to move to another device; claiming it rotates the token.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from boardlab.bots.base import Bot, RandomBot
from boardlab.bots.registry import bot_factories
from boardlab.engine.errors import ConfigError, IllegalAction
from boardlab.engine.match import decision_context
from boardlab.engine.protocol import Game, GameRecord, GameState, SeatLog, log_feed
from boardlab.engine.rng import make_rng
from boardlab.server import db
from boardlab.server.delta import LogTexts, Shown, dumps, parts_of, tag_of
from boardlab.server.fair import commit, draw_seed
from boardlab.server.limits import valid_table_id

log = logging.getLogger("boardlab.server")
GameLookup = Callable[[str], Game]
FINISHED = ("over", "closed", "failed")
NOTIFY_CHANNEL = "boardlab_tables"
SEAT_LOG_SHOWN = 50  # seat events in a table's summary (the newest)


# The statements every choice runs, built once: a statement made anew per call costs more
# Python time (construction, coercion, cache key) than SQLite takes to run it.
_ROW = sa.select(db.tables).where(db.tables.c.id == sa.bindparam("tid"))
_ROW_LOCKED = _ROW.with_for_update()
_ADD_CHOICE = db.choices.insert()
_SET_HELD = db.tables.update().where(db.tables.c.id == sa.bindparam("h_id")).values(
    held=sa.bindparam("h_held"))
_BUMP = db.tables.update().where(
    db.tables.c.id == sa.bindparam("b_id"), db.tables.c.rev == sa.bindparam("b_old")).values(
    rev=sa.bindparam("b_rev"), version=sa.bindparam("b_version"),
    status=sa.bindparam("b_status"), reason=sa.bindparam("b_reason"),
    updated_at=sa.bindparam("b_updated_at"), bot_steps=sa.bindparam("b_bot_steps"),
    rewrites=sa.bindparam("b_rewrites"))
# The same three on a plain DB-API connection (``db.RawSqlite``, ``db.RawPostgres``: one text,
# rewritten to the driver's parameter style): the rev check of a cached table, and a choice's
# two writes (and on PostgreSQL its notice to the other workers, sent at commit). The action
# is stored as SQLAlchemy's JSON type stores it (``json.dumps``).
_SEEN = db.seats.update().where(
    db.seats.c.table_id == sa.bindparam("p_t"), db.seats.c.seat == sa.bindparam("p_s")).values(
    seen_at=sa.bindparam("p_at"))
_REV_SQL = "SELECT rev FROM tables WHERE id = ?"
_BUMP_SQL = ("UPDATE tables SET rev = ?, version = ?, status = ?, reason = ?, updated_at = ?, "
             "bot_steps = ?, rewrites = ? WHERE id = ? AND rev = ?")
_ADD_CHOICE_SQL = ("INSERT INTO choices (table_id, step, seat, action, created_at) "
                   "VALUES (?, ?, ?, ?, ?)")
_NOTIFY_SQL = "SELECT pg_notify(?, ?)"
# another worker's change caught up on PostgreSQL's raw path, in one round trip (``_caught_up``)
_CATCH_UP_SQL = ("SELECT * FROM tables WHERE id = ?",
                 "SELECT * FROM seats WHERE table_id = ? ORDER BY seat",
                 "SELECT * FROM seat_events WHERE table_id = ? ORDER BY n",
                 "SELECT seat, action FROM choices WHERE table_id = ? AND step >= ? ORDER BY step")


class _Writes:
    """The writes of one change, kept until its write transaction (SQLite, see ``_mutate``):
    the change functions only ever write through their connection, never read."""

    __slots__ = ("ops",)

    def __init__(self) -> None:
        self.ops: list[tuple[Any, dict[str, Any]]] = []

    def execute(self, statement: Any, params: dict[str, Any] | None = None) -> None:
        self.ops.append((statement, params or {}))

    def run(self, conn: Connection) -> None:
        """Run them in order; consecutive rows of one statement (a burst's choices) as one
        executemany call."""
        i = 0
        while i < len(self.ops):
            statement, params = self.ops[i]
            j = i + 1
            while j < len(self.ops) and self.ops[j][0] is statement:
                j += 1
            conn.execute(statement, params if j == i + 1 else [p for _, p in self.ops[i:j]])
            i = j

    def choice_rows(self) -> list[tuple[Any, ...]] | None:
        """The rows of ``_ADD_CHOICE_SQL`` when every write is a stored choice (a play
        change: the raw path can run it), else None."""
        rows = []
        for statement, p in self.ops:
            if statement is not _ADD_CHOICE:
                return None
            rows.append((p["table_id"], p["step"], p["seat"], json.dumps(p["action"]),
                         p["created_at"]))
        return rows


class Refused(Exception):
    """A request the server refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class _Stale(Exception):
    """Another worker changed the table between our read and our write: retry."""


class _Replay(Exception):
    """The table cannot be caught up from the reads at hand: read it through ``_sync``."""


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _matches(secret: str | None, stored: str | None) -> bool:
    if not secret or not stored:
        return False
    return hmac.compare_digest(digest(secret), stored)


def _new_token() -> str:
    return secrets.token_urlsafe(32)


def _check_id(table_id: str) -> None:
    """A table id as this server makes them, or 404 before any query: a NUL or another
    value the database refuses never reaches it (PostgreSQL would fail the statement)."""
    if not valid_table_id(table_id):
        raise Refused(404, "there is no such table (a table id is up to 32 letters, digits, "
                      "- or _)")


@dataclass
class Seat:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None
    name: str
    token: str  # SHA-256 of the seat token; "" while nobody holds the seat
    claimed: bool
    invite: str | None = None  # SHA-256 of the one-time claim code, if one is out
    timeout_bot: str | None = None
    seen_at: float | None = None  # a socket of the seat was last open then (any worker)
    away: bool = False  # a bot plays it while its player is away; the player may take it back

    def public(self) -> dict[str, Any]:
        """What anyone may know about a seat (never a secret)."""
        return {"seat": self.seat, "kind": self.kind, "bot": self.bot, "name": self.name,
                "claimed": self.claimed, "away": self.away}


# The public words of each seat event (``db.seat_events``); "P1" is seat 0, as the front
# end names seats (words.withNames)
_SEAT_WORDS: dict[str, tuple[str, str]] = {
    "creator": ("{p} 由开桌者入座", "{p} was taken by the table's creator"),
    "invite": ("{p} 通过邀请链接入座", "{p} was taken with an invite link"),
    "lobby": ("{p} 从大厅入座", "{p} was taken from the lobby"),
    "moved": ("{p} 的座位换到了一台新设备上", "{p}'s seat moved to a new device"),
    "bot": ("房主把 {p} 交给了机器人", "The host handed {p} to a bot"),
    "back": ("{p} 的玩家收回了座位", "{p}'s player took the seat back from the bot"),
}
_BOT_WHY: dict[str, tuple[str, str]] = {
    "away": ("：玩家离线", ": its player was away"),
    "late": ("：回合时间已到", ": its turn time ran out"),
    "empty": ("：座位无人", ": nobody held the seat"),
}


def seat_event_text(e: dict[str, Any]) -> dict[str, str]:
    """One seat event in zh and en."""
    zh, en = _SEAT_WORDS.get(e["kind"], ("{p}", "{p}"))
    p = f"P{e['seat'] + 1}"
    zh, en = zh.format(p=p), en.format(p=p)
    if e["kind"] == "bot" and e.get("detail") in _BOT_WHY:
        why = _BOT_WHY[e["detail"]]
        zh, en = zh + why[0], en + why[1]
    if e["kind"] == "moved" and e.get("started"):
        zh, en = zh + "（开局之后）", en + " (after the game started)"
    return {"zh": zh, "en": en}


@dataclass
class Live:
    """A table in memory: its record, seats and the replayed state (None if it cannot be)."""

    id: str
    game: Game
    config: dict[str, Any]
    seed: int
    status: str  # "open" | "running" | "over" | "closed" | "failed"
    host_token: str  # SHA-256
    name: str
    created_at: float
    seats: list[Seat]
    state: GameState | None
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    public: bool = True
    rev: int = 0
    practice: bool = False
    nonce: str = ""
    commitment: str = ""
    reason: str | None = None
    turn_seconds: int | None = None
    updated_at: float = 0.0
    bot_steps: int = 0
    dirty: bool = False  # changed in memory during the current transaction
    # the change is one nobody else may notice (a seat's device link): stored as a rewrite
    # (``rev`` and ``rewrites`` both, see ``seen_rev``) and pushed to nobody
    unseen: bool = False
    evict: bool = False  # drop from the cache after the transaction (state no longer trusted)
    broken: str | None = None  # why the stored game could not be replayed
    # every seat claim, move, hand-over and return (public; ``db.seat_events``)
    seat_log: list[dict[str, Any]] = field(default_factory=list)
    creator: str = ""  # a digest of the creator's address (open tables per client)
    # stored choices changed in place (``db.tables.rewrites``); each one bumps ``rev`` too
    rewrites: int = 0
    # what each seat sees, by (its view tag, seat): built once per change for the act
    # answer and every push (a step the hub replays has its own version)
    seen: dict[tuple[Any, ...], Shown] = field(default_factory=dict, repr=False)
    # seat -> ((version, rewrites), the mark of its own latest choice): see ``view_tag``
    marks: dict[int, tuple[tuple[int, int], str]] = field(default_factory=dict, repr=False)
    # the turn's choices that may still be taken back (``Game.undoable``), all of one seat:
    # held for that seat alone - not in the record, shown to nobody else - until it makes
    # a choice that is not undoable (then all are stored with it) or undoes them; the state
    # after them; and the version they were made at: any other choice (a seat handed to a
    # bot) leaves them behind - a turn timer stores them first, then its bot plays on
    # from them (``play_late_turns``). Kept with the table (``db.tables.held``)
    # as a change nobody else notices (``unseen``), so every worker serves the same turn.
    held: list[tuple[int, Any]] = field(default_factory=list, repr=False)
    held_state: GameState | None = field(default=None, repr=False)
    held_at: int | None = field(default=None, repr=False)
    # each seat's log of ``state`` kept incrementally (a payload converts only new events);
    # a copy of the table on another state (the hub's replay) must get its own dict
    logs: dict[int | None, SeatLog] = field(default_factory=dict, repr=False)
    # each seat's log entries as JSON texts (``delta.LogTexts``), following ``logs``; a
    # copy of the table on another state must get its own dict too
    log_texts: dict[int | None, LogTexts] = field(default_factory=dict, repr=False)
    # (actions list, how many of it are counted, choices per seat): ``seat_steps`` counts
    # only the choices appended since
    tally: tuple[Any, int, dict[int, int]] | None = field(default=None, repr=False)
    # ((rev, version, status), summary, its entries as JSON texts once asked for): one
    # summary per change for every seat's payload, encoded once
    shared: tuple[tuple[Any, ...], dict[str, Any], dict[str, str] | None] | None = field(
        default=None, repr=False)

    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def seen_rev(self) -> int:
        """The revision every seat and spectator sees: the changes they can see. A choice
        rewritten in place (a sealed choice changed before its reveal) bumps ``rev`` - the
        worker-only revision: another worker's copy reads the table again - and
        ``rewrites`` together, so it leaves this one as it was: nobody else can tell."""
        return self.rev - self.rewrites

    def held_by(self, seat: int | None) -> list[tuple[int, Any]]:
        """``seat``'s choices held for an undo (see ``held``), if they still stand."""
        held = self.held
        if (not held or seat is None or held[0][0] != seat or self.status != "running"
                or self.held_at != len(self.actions) or self.held_state is None
                or self.seats[seat].kind != "human"):
            return []
        return held

    def drop_held(self) -> None:
        self.held, self.held_state, self.held_at = [], None, None

    def view_tag(self, seat: int | None) -> str:
        """The name of ``seat``'s payload (``delta.tag_of`` of what everyone sees), for a
        seat followed by a mark of its own latest choice and of the choices held for its
        undo: a sealed choice changed in place, or a choice held, renames only that seat's
        payload (one name, one content), every other name stays."""
        tag = tag_of(self.seen_rev, self.version, self.status)
        if seat is None:
            return tag
        key = (len(self.actions), self.rewrites)
        got = self.marks.get(seat)
        if got is None or got[0] != key:
            last = next((a for s, a in reversed(self.actions) if s == seat), None)
            mark = hashlib.blake2b(dumps(last).encode(), digest_size=6).hexdigest()
            got = self.marks[seat] = (key, mark)
        held = self.held_by(seat)
        if held:
            text = got[1] + dumps([a for _, a in held])
            return f"{tag}.{hashlib.blake2b(text.encode(), digest_size=6).hexdigest()}"
        return f"{tag}.{got[1]}"

    def seat_steps(self, seat: int) -> int:
        """How many choices ``seat`` has made: the ``step`` its next choice must carry."""
        actions, tally = self.actions, self.tally
        if tally is None or tally[0] is not actions or tally[1] > len(actions):
            tally = (actions, 0, {})  # another list (a copy, a replay's prefix): anew
        if tally[1] < len(actions):
            counts = dict(tally[2])  # (a copy: an older tally may be shared by a copy)
            for s, _ in islice(actions, tally[1], None):
                counts[s] = counts.get(s, 0) + 1
            tally = (actions, len(actions), counts)
        self.tally = tally
        return tally[2].get(seat, 0)

    def shared_summary(self) -> dict[str, Any]:
        """:meth:`summary`, made once per change (rev, version, status) and shared by every
        seat's payload; readers must not change it."""
        key, got = (self.rev, self.version, self.status), self.shared
        if got is None or got[0] != key:
            got = self.shared = (key, self.summary(), None)
        return got[1]

    def summary_parts(self, summary: dict[str, Any]) -> dict[str, str] | None:
        """The entries of ``summary`` as JSON texts (``delta.parts_of``) if it is this
        change's :meth:`shared_summary`, encoded once for every seat's payload; else None."""
        got = self.shared
        if got is None or got[1] is not summary:
            return None
        if got[2] is None:
            got = self.shared = (got[0], summary, parts_of(summary))
        return got[2]

    def deadline(self) -> float | None:
        if self.turn_seconds and self.status == "running":
            return self.updated_at + self.turn_seconds
        return None

    def summary(self) -> dict[str, Any]:
        moves: dict[int, int] = {}
        for e in self.seat_log:
            if e["kind"] == "moved":
                moves[e["seat"]] = moves.get(e["seat"], 0) + 1
        out = {
            "id": self.id, "game": self.game.id, "title": dict(self.game.title),
            "name": self.name, "status": self.status, "players": len(self.seats),
            "config": self.config, "version": self.version, "created_at": self.created_at,
            "seats": [{**s.public(), "moves": moves.get(s.seat, 0)} for s in self.seats],
            "public": self.public,
            "practice": self.practice, "commitment": self.commitment,
            "turn_seconds": self.turn_seconds, "deadline": self.deadline(),
            # the last SEAT_LOG_SHOWN events (every payload carries them; ``moves`` counts all)
            "seat_log": [{"seat": e["seat"], "kind": e["kind"], "started": e["started"],
                          "at": e["at"], "text": seat_event_text(e)}
                         for e in self.seat_log[-SEAT_LOG_SHOWN:]],
        }
        if self.practice and self.seed >= 0:  # a chosen seed is shown to everyone
            out["seed"] = self.seed
        if self.reason:
            out["reason"] = self.reason
        return out


class Tables:
    """Every table, backed by the database (the cache in ``live`` is only a cache)."""

    def __init__(self, engine: Engine, lookup: GameLookup, game_ids: Callable[[], list[str]],
                 *, bot_step_budget: int = 20_000, bot_move_seconds: float = 5.0,
                 max_cached: int = 500):
        self.engine = engine
        self.lookup = lookup
        self.game_ids = game_ids
        self.live: dict[str, Live] = {}
        # One lock per table (striped, so their number stays fixed): a table's state is
        # read and changed under its own lock, and tables do not wait for each other. The
        # cache dict has a short lock of its own; SQLite's writes, which the database takes
        # one at a time anyway, go in turn (a WAL read snapshot cannot become a write once
        # another table's write landed).
        self._stripes = [threading.RLock() for _ in range(64)]
        self._cache_lock = threading.RLock()
        self._write_lock: Any = (contextlib.nullcontext() if engine.dialect.name == "postgresql"
                                 else threading.Lock())
        self.listeners: list[Callable[[str], None]] = []
        # called with (table, seat, its payload, the table's rev) after a change only that
        # seat sees (its choices held for an undo, or undone): its own sockets - its other
        # devices - are sent that payload (``_notify_seat``)
        self.seat_listeners: list[Callable[[str, int, Shown, int], None]] = []
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self.bot_budget = 0.25
        """Seconds of bot thinking per request; the rest continues via ``schedule``."""
        self.bot_step_budget = bot_step_budget
        """Bot choices a table may take in all; past it the table fails (endless games)."""
        self.bot_move_seconds = bot_move_seconds
        """Wall-clock seconds a bot may think about one move; then a random legal choice."""
        self.max_cached = max_cached
        self.schedule: Callable[[str], None] | None = None
        """Set by the app: run ``continue_bots(table_id)`` soon, off the current request."""
        self.worker = secrets.token_hex(4)
        self.postgres = engine.dialect.name == "postgresql"
        self._pool = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="bot")
        # SQLite group commit (db.GroupSync): after a commit and before anything is answered
        # or pushed, wait until it is on disk; the wait runs outside every lock
        self._group_sync = getattr(engine, "group_sync", None)
        self._raw = db.raw_for(engine)
        self._played = db.Combiner(self._store_played)
        self.away_grace = 60.0
        """Seconds a seat's player must have been offline before the host may hand the
        seat to a bot (unless the seat ran out of time on a turn timer)."""
        self.present: Callable[[str], list[int]] = lambda _tid: []
        """Set by the app: the seats of a table with a socket open in this process."""
        self.max_open = 2_000
        """Tables not yet started, in all; past it a new table is refused (429)."""
        self.max_open_per_client = 20
        """Tables not yet started per creator address."""
        self.open_ttl = 6 * 3600.0
        """Seconds a table may stay open without starting; then ``expire_open`` closes it
        and drops it from memory."""

    def shutdown(self) -> None:
        """At shutdown: close the raw connections (the engine's own are disposed apart)."""
        if self._raw is not None:
            self._raw.close()

    def _plain(self) -> db.Raw | None:
        """The raw path (SQLite, PostgreSQL on psycopg), unless the engine was swapped or someone listens to its
        statements (instrumentation, tests that fail a write): those see every statement
        through SQLAlchemy as before."""
        raw = self._raw
        if raw is None or raw.engine is not self.engine:
            return None
        dispatch = self.engine.dispatch
        if dispatch.before_cursor_execute or dispatch.after_cursor_execute:
            return None
        return raw

    def locked(self, table_id: str) -> Any:
        """The lock under which ``table_id``'s cached state is read (payloads) or changed."""
        return self._stripes[zlib.crc32(table_id.encode()) % len(self._stripes)]

    def _durable(self) -> None:
        """Return once every commit made so far is on disk (at once unless grouped)."""
        if self._group_sync is not None:
            self._group_sync.wait()

    @contextlib.contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction of rows beside the tables' own (a rematch's row, chat
        lines): under SQLite's write lock, and on disk once the ``with`` block is left
        without an error - as a table's change is before it is answered."""
        with self._write_lock, self.engine.begin() as conn:
            yield conn
        self._durable()

    def discard_open(self, table_id: str) -> None:
        """Remove a table that never started and was never shown to anyone (a rematch
        table whose race another worker won): its seats, their events and its row (only
        while it is still open), and this process's copy."""
        with self._write_lock, self.engine.begin() as conn:
            for table in (db.seat_events, db.seats):
                conn.execute(table.delete().where(table.c.table_id == table_id))
            conn.execute(db.tables.delete().where(db.tables.c.id == table_id,
                                                  db.tables.c.status == "open"))
        self._uncache(table_id)

    # ---- loading -------------------------------------------------------------------------

    def game(self, game_id: str) -> Game:
        if game_id not in self.game_ids():
            raise Refused(404, f"unknown game {game_id!r}; boardlab has: "
                          + ", ".join(self.game_ids()))
        try:
            return self.lookup(game_id)
        except ConfigError as exc:
            raise Refused(404, str(exc)) from None
        except Exception as exc:  # a game whose code does not load
            log.warning("game %s does not load: %r", game_id, exc)
            raise Refused(503, f"the game {game_id!r} cannot be loaded on this server") from None

    def load_all(self) -> None:
        """Rebuild the open and running tables (finished ones load when asked for).

        A table that cannot be replayed is marked failed with the reason; start-up goes on.
        """
        with self.engine.connect() as conn:
            ids = conn.execute(sa.select(db.tables.c.id).where(
                db.tables.c.status.in_(("open", "running")))).scalars().all()
        for tid in ids:
            try:
                self.get(tid)
            except Exception:  # never let one table stop the server from starting
                log.exception("table %s could not be loaded", tid)

    def get(self, table_id: str) -> Live:
        """The table, up to date with the database."""
        _check_id(table_id)
        with self.locked(table_id):
            t = self._current(table_id) or self._caught_up(table_id)
            if t is not None:
                return t
            with self.engine.connect() as conn:
                return self._sync(conn, table_id)

    def _current(self, table_id: str) -> Live | None:
        """The cached table if the stored ``rev`` is still its own (one raw SELECT,
        what ``_sync`` checks first), else None (then ``_sync`` reads and catches up)."""
        raw = self._plain()
        t = self.live.get(table_id)
        if raw is None or t is None or raw.scalar(_REV_SQL, (table_id,)) != t.rev:
            return None
        t.dirty = t.evict = False
        return t

    def _caught_up(self, table_id: str) -> Live | None:
        """PostgreSQL's raw path: the cached table caught up with new choices (another
        worker's change) from reads sent in one round trip, as ``_sync`` does; None when
        that is not the case (not cached, gone, a rewrite or a record that does not
        apply: then ``_sync`` reads, replays or refuses)."""
        raw = self._plain()
        t = self.live.get(table_id)
        if not self.postgres or raw is None or t is None or t.state is None:
            return None
        rows, seat_rows, event_rows, new = raw.fetch(  # type: ignore[attr-defined]
            list(zip(_CATCH_UP_SQL, [(table_id,)] * 3 + [(table_id, t.version)], strict=True)))
        if not rows or rows[0]["version"] < t.version or rows[0]["rewrites"] != t.rewrites:
            return None
        try:
            return self._sync(None, table_id, pre=(rows[0], seat_rows, event_rows, new))
        except _Replay:
            self._uncache(table_id)  # (its state may hold part of the new choices)
            return None

    def _sync(self, conn: Connection | None, table_id: str, lock_row: bool = False,
              pre: tuple[Any, list[Any], list[Any], list[Any]] | None = None) -> Live:
        """``pre``: the row, seats, seat events and new choices read already (``_caught_up``:
        no ``conn``; a table that needs more raises ``_Replay``)."""
        q = _ROW_LOCKED if lock_row and self.postgres else _ROW
        row = pre[0] if pre else conn.execute(q, {"tid": table_id}).mappings().first()
        if row is None:
            self._uncache(table_id)
            raise Refused(404, f"there is no table {table_id}")
        t = self.live.get(table_id)
        if t is not None and t.rev == row["rev"]:
            t.dirty = t.evict = False
            return t
        seat_rows = pre[1] if pre else conn.execute(sa.select(db.seats).where(
            db.seats.c.table_id == table_id).order_by(db.seats.c.seat)).mappings().all()
        seats = [Seat(r["seat"], r["kind"], r["bot"], r["name"], r["token"], bool(r["claimed"]),
                      r["invite"], r["timeout_bot"], r["seen_at"], bool(r["away"]))
                 for r in seat_rows]
        seat_log = [{"seat": r["seat"], "kind": r["kind"], "detail": r["detail"],
                     "started": bool(r["started"]), "at": r["at"]}
                    for r in (pre[2] if pre else conn.execute(sa.select(db.seat_events).where(
                        db.seat_events.c.table_id == table_id).order_by(
                        db.seat_events.c.n)).mappings())]
        # catching up from the last step is right only while no earlier choice was
        # rewritten in place (players.change_choice); else the table is replayed
        fresh = (t is not None and t.state is not None and row["version"] >= t.version
                 and row["rewrites"] == t.rewrites)
        if fresh:
            try:  # (a stored row that cannot be read: rebuilt below, and failed there)
                new = pre[3] if pre else conn.execute(sa.select(db.choices).where(
                    db.choices.c.table_id == table_id, db.choices.c.step >= t.version
                ).order_by(db.choices.c.step)).mappings().all()
                for r in new:
                    t.game.apply_in_place(t.state, r["seat"], r["action"], check=False)
                    t.actions.append((r["seat"], r["action"]))
            except Exception:  # cannot catch up: rebuild from scratch below
                fresh = False
        if not fresh:
            if pre:
                raise _Replay
            kept = t.seen if t is not None else None
            t = self._build(conn, row, persist=not lock_row)
            if kept is not None:  # (a payload's name is one content: those kept still hold,
                t.seen = kept  # and a seat's next answer does not come whole for a rewrite)
        t.seats, t.seat_log = seats, seat_log
        for key in ("status", "name", "rev", "practice", "reason", "turn_seconds", "updated_at",
                    "bot_steps", "creator", "rewrites"):
            setattr(t, key, row[key])
        t.public = bool(row["public"])
        t.practice = bool(row["practice"])
        self._load_held(t, row["held"])
        if t.broken is not None:  # could not be replayed: failed, whatever the row said
            t.status, t.reason = "failed", t.reason or t.broken
        t.dirty = t.evict = False
        with self._cache_lock:
            self.live[table_id] = t
            self._trim_cache()
        return t

    @staticmethod
    def _load_held(t: Live, stored: Any) -> None:
        """The choices held for an undo as stored (``[version, [[seat, action], ...]]``),
        with the state after them (replayed on a copy) unless this copy has them already."""
        if not stored or t.state is None or stored[0] != t.version:
            t.drop_held()
            return
        held = [(int(seat), action) for seat, action in stored[1]]
        if held == t.held and t.held_at == t.version and t.held_state is not None:
            return
        state = t.state.copy()
        try:
            for seat, action in held:
                t.game.apply_in_place(state, seat, action)
        except Exception:  # (held choices that no longer apply: the undo point stands)
            t.drop_held()
            return
        t.held, t.held_state, t.held_at = held, state, t.version

    def _build(self, conn: Connection, row: Any, persist: bool = True) -> Live:
        try:
            game = self.lookup(row["game"])
        except Exception:
            raise Refused(410, f"table {row['id']} is of a game this server no longer has "
                          f"({row['game']!r})") from None
        state: GameState | None = None
        actions: list[tuple[int, Any]] = []
        reason, broken = row["reason"], None
        # no deal before the start (a table still open, or closed before it started, has
        # none; an open table of an older revision drew one at creation: never used)
        dealt = row["status"] != "open" and bool(row["commitment"])
        try:
            if dealt:
                actions = [(r["seat"], r["action"]) for r in conn.execute(
                    sa.select(db.choices.c.seat, db.choices.c.action).where(
                        db.choices.c.table_id == row["id"]).order_by(
                        db.choices.c.step)).mappings()]
                state = game.replay(GameRecord(game=game.id, config=row["config"],
                                               seed=row["seed"], actions=actions))
        except (sa.exc.OperationalError, sa.exc.InterfaceError):
            raise  # the database is down: not this table's fault
        except Exception as exc:  # the rules changed under a stored game, a rules bug, or a
            # stored choice that cannot be read: this table fails, the others go on
            log.warning("table %s (%s) cannot be replayed: %r", row["id"], game.id, exc)
            state, actions = None, []
            broken = reason or (f"the stored game no longer replays: {type(exc).__name__}: "
                                f"{str(exc)[:300]}")
            reason = broken
            if row["status"] != "failed" and persist:  # (never under our own row lock)
                self._mark_failed_apart(row["id"], reason)
        t = Live(row["id"], game, row["config"], row["seed"],
                 "failed" if broken else row["status"], row["host_token"],
                 row["name"], row["created_at"], [], state, actions, bool(row["public"]),
                 row["rev"], bool(row["practice"]), row["seed_nonce"], row["commitment"],
                 reason)
        t.broken = broken
        return t

    def _mark_failed_apart(self, table_id: str, reason: str) -> None:
        """Record a failure found while reading (its own transaction; best effort)."""
        try:
            with self._write_lock, self.engine.begin() as conn:
                conn.execute(db.tables.update().where(db.tables.c.id == table_id).values(
                    status="failed", reason=reason[:2000], rev=db.tables.c.rev + 1))
        except Exception:
            log.exception("could not mark table %s failed", table_id)

    def _uncache(self, table_id: str) -> None:
        with self._cache_lock:
            self.live.pop(table_id, None)

    def _trim_cache(self) -> None:
        if len(self.live) <= self.max_cached:
            return
        # finished tables first, then tables not started (no state: cheap to read again)
        for statuses in (FINISHED, ("open",)):
            for tid in [k for k, v in self.live.items() if v.status in statuses]:
                self.live.pop(tid, None)
                if len(self.live) <= self.max_cached:
                    return

    # ---- one change, one transaction ---------------------------------------------------

    def _mutate(self, table_id: str, change: Callable[[Connection, Live], Any]) -> Any:
        """Run ``change`` on the fresh table inside one transaction holding its row lock and
        store the new ``rev``, ``version``, ``status``...; retried if another worker won."""
        _check_id(table_id)
        for _attempt in range(5):
            t: Live | None = None
            try:
                if self.postgres and self._plain() is None:  # (through SQLAlchemy)
                    with self.locked(table_id), self.engine.begin() as conn:
                        t = self._sync(conn, table_id, lock_row=True)
                        old, t.unseen = t.rev, False
                        out = change(conn, t)
                        if not t.dirty:
                            return out
                        t.rewrites += t.unseen
                        self._bump(conn, t, old)
                        if not t.unseen:  # other workers refresh and push (sent at commit)
                            conn.execute(sa.select(sa.func.pg_notify(
                                NOTIFY_CHANNEL, f"{self.worker}:{t.id}")))
                        t.rev = old + 1
                else:
                    # The game's work (checks, the choice, the bots' answers) runs under
                    # the table's own lock only, its writes are kept and then run in a short
                    # write transaction. SQLite takes one write at a time, so the time spent
                    # under the write lock bounds every table's throughput; each statement
                    # there also gives up the GIL and waits to get it back (PostgreSQL: a
                    # round trip). The stored ``rev`` guard (``_bump``) still refuses a
                    # change made from a stale read, so this is the same check as reading
                    # inside the write (PostgreSQL's row lock, above).
                    with self.locked(table_id):
                        t = self._current(table_id) or self._caught_up(table_id)
                        if t is None:
                            with self.engine.connect() as rconn:
                                t = self._sync(rconn, table_id, lock_row=True)
                        old, t.unseen = t.rev, False
                        writes = _Writes()
                        out = change(writes, t)  # type: ignore[arg-type]
                        if not t.dirty:
                            return out
                        t.rewrites += t.unseen
                        self._store(t, old, writes)  # (it takes the write lock)
                        t.rev = old + 1
                if t.evict:
                    self._uncache(table_id)
                self._durable()
                if not t.unseen:
                    self._notify(table_id)
                return out
            except (_Stale, IntegrityError):
                self._uncache(table_id)
                continue
            except BaseException:
                if t is not None and (t.dirty or t.evict):
                    self._uncache(table_id)  # memory ran ahead of what was stored
                raise
        raise Refused(409, "the table changed meanwhile; reload and choose again")

    def _store(self, t: Live, old: int, writes: _Writes) -> None:
        """The new rev and the change's writes in one transaction (SQLite: under the write
        lock); a play change (only choices) on the raw connection, batched with the play
        changes of other tables that wait meanwhile (``_store_played``), anything else
        through SQLAlchemy. Both refuse a stale rev (``_Stale``) and roll back on error;
        on PostgreSQL both tell the other workers at commit (unless nobody else notices)."""
        raw = self._plain()
        rows = writes.choice_rows() if raw is not None else None
        note = f"{self.worker}:{t.id}" if self.postgres and not t.unseen else None
        if raw is None or rows is None:
            with self._write_lock, self.engine.begin() as conn:
                self._bump(conn, t, old)
                writes.run(conn)
                if note is not None:
                    conn.execute(sa.select(sa.func.pg_notify(NOTIFY_CHANNEL, note)))
            return
        bump = (old + 1, t.version, t.status, t.reason, t.updated_at, t.bot_steps, t.rewrites,
                t.id, old)
        self._played.submit((bump, rows, note))

    def _store_played(self, jobs: list[tuple[tuple[Any, ...], list[tuple[Any, ...]],
                                             str | None]]) -> list[BaseException | None]:
        """Play changes of several tables (each ``(bump, choice rows, notice or None)``;
        never two of one table: a change holds its table's lock until stored) in one
        transaction: every rev bump in one ``executemany``, then every choice, then the
        notices; on PostgreSQL one statement per change (``_play_postgres``). If a bump
        finds a stale rev or a choice is refused, nothing of the batch is kept and each
        change is stored alone (the same outcome it would have had by itself: ``_Stale``,
        ``IntegrityError``, the database's error, or stored). Runs under the write lock
        (SQLite), on the raw writer connection."""
        raw = self._raw
        assert raw is not None

        def store(batch: list[tuple[tuple[Any, ...], list[tuple[Any, ...]], str | None]]
                  ) -> None:
            steps: list[tuple[str, list[tuple[Any, ...]], int | None]] = [
                (_BUMP_SQL, [bump for bump, _, _ in batch], len(batch))]
            rows = [r for _, job_rows, _ in batch for r in job_rows]
            if rows:
                steps.append((_ADD_CHOICE_SQL, rows, None))
            notes = [(NOTIFY_CHANNEL, note) for _, _, note in batch if note is not None]
            if notes:
                steps.append((_NOTIFY_SQL, notes, None))
            try:
                raw.write(steps)
            except db.Mismatch:
                raise _Stale from None

        outcomes: list[BaseException | None] = [None] * len(jobs)
        with self._write_lock:
            if self.postgres:
                return self._play_postgres(raw, jobs)
            if len(jobs) > 1:
                try:  # (rows locked in one order: two workers' batches never deadlock)
                    store(sorted(jobs, key=lambda job: job[0][-2]))
                    return outcomes
                except (_Stale, sa.exc.DBAPIError):
                    pass  # one of them (or the batch: a deadlock): each alone, to tell which
            for i, job in enumerate(jobs):
                try:
                    store([job])
                except (_Stale, sa.exc.DBAPIError) as exc:  # (this change's alone)
                    outcomes[i] = exc
        return outcomes

    @staticmethod
    def _play_postgres(raw: Any, jobs: list[tuple[tuple[Any, ...], list[tuple[Any, ...]],
                                                  str | None]]) -> list[BaseException | None]:
        """``_store_played`` on PostgreSQL: one statement per change (``RawPostgres.play``),
        so a stale one (another worker took a simultaneous choice of its table) is refused
        alone and the rest of the batch is kept; a batch the database refuses as a whole (a
        deadlock, a refused choice) is stored change by change, each with its own outcome
        (one that fails then - refused, or the database gone - fails alone: those stored
        before it were committed and are answered so)."""
        order = sorted(range(len(jobs)), key=lambda i: jobs[i][0][-2])  # (rows in id order)
        outcomes: list[BaseException | None] = [None] * len(jobs)
        try:
            stored = dict(zip(order, raw.play([jobs[i] for i in order], NOTIFY_CHANNEL),
                              strict=True))
        except sa.exc.DBAPIError:
            if len(jobs) == 1:
                raise
            stored = {}
            for i in order:
                try:
                    stored[i] = raw.play([jobs[i]], NOTIFY_CHANNEL)[0]
                except sa.exc.DBAPIError as exc:
                    outcomes[i] = exc
        for i, ok in stored.items():
            if not ok:
                outcomes[i] = _Stale()
        return outcomes

    def _bump(self, conn: Connection, t: Live, old: int) -> None:
        """Store the table's new rev, version, status...; only over the rev it was read at."""
        res = conn.execute(_BUMP, {
            "b_id": t.id, "b_old": old, "b_rev": old + 1, "b_version": t.version,
            "b_status": t.status, "b_reason": t.reason,
            "b_updated_at": t.updated_at, "b_bot_steps": t.bot_steps,
            "b_rewrites": t.rewrites})
        if res.rowcount != 1:
            raise _Stale

    # ---- lobby ---------------------------------------------------------------------------

    def create(self, game_id: str, players: int, options: dict[str, Any],
               seats: list[dict[str, Any]], name: str = "", seed: int | None = None,
               public: bool = True, *, practice: bool = False, claim: Iterable[int] = (),
               turn_seconds: int | None = None, invite: Iterable[int] | None = None,
               creator: str = "") -> tuple[Live, str, dict[int, str], dict[int, str]]:
        """A new open table. Returns it, the host token, invite codes of the human seats
        listed in ``invite`` (None: every human seat nobody claimed) and the tokens of the
        seats the creator claimed (``claim``). No deal exists yet: the seed is drawn and
        committed to when the game starts (``start``), so nothing private can be read while
        the table is open. ``creator`` (a digest of the address) counts open tables."""
        game = self.game(game_id)
        if seed is not None and not practice:
            raise Refused(400, "a chosen seed is only allowed at a practice table "
                          "(\"practice\": true), whose seed everyone sees")
        try:
            cfg = game.make_config({**options, "players": players})
        except ConfigError as exc:
            raise Refused(400, str(exc)) from None
        if len(seats) != cfg.players:
            raise Refused(400, f"{len(seats)} seats given for {cfg.players} players")
        kinds = bot_factories(game)
        # a bot seat without a named bot plays the game's own style for that seat
        styles = game.default_bots(cfg.players)
        made: list[Seat] = []
        for i, spec in enumerate(seats):
            kind = spec.get("kind", "human")
            bot = spec.get("bot") or (styles[i] if kind == "bot" else None)
            if kind not in ("human", "bot"):
                raise Refused(400, f"seat {i}: kind must be 'human' or 'bot', not {kind!r}")
            if kind == "bot" and bot not in kinds:
                raise Refused(400, f"seat {i}: {game.id} has no bot {bot!r}; choose from "
                              + ", ".join(sorted(kinds)))
            timeout_bot = spec.get("timeout_bot") or "random"
            if timeout_bot not in kinds:
                raise Refused(400, f"seat {i}: {game.id} has no bot {timeout_bot!r} to play "
                              "late turns; choose from " + ", ".join(sorted(kinds)))
            default = f"P{i} 🤖 {bot}" if kind == "bot" else f"P{i}"
            made.append(Seat(i, kind, bot if kind == "bot" else None,
                             str(spec.get("name") or default)[:40], "", kind == "bot",
                             None, timeout_bot))
        claimed: dict[int, str] = {}
        for i in sorted(set(claim)):
            if not 0 <= i < len(made) or made[i].kind != "human":
                raise Refused(400, f"claim: seat {i} is not a human seat of this table")
            claimed[i] = _new_token()
            made[i].token, made[i].claimed = digest(claimed[i]), True
        wanted = ([s.seat for s in made if s.kind == "human" and not s.claimed]
                  if invite is None else sorted(set(invite)))
        invites: dict[int, str] = {}
        for i in wanted:
            if not 0 <= i < len(made) or made[i].kind != "human" or made[i].claimed:
                raise Refused(400, f"invite: seat {i} is not a free human seat of this table")
            invites[i] = secrets.token_urlsafe(24)
            made[i].invite = digest(invites[i])
        config = cfg.model_dump(mode="json")
        try:  # a throwaway deal: are these options playable? (never kept nor shown)
            game.setup(cfg, secrets.randbits(62), None)
        except Exception as exc:  # a rules bug for this config: a clear refusal, no table
            log.exception("setup of %s failed", game.id)
            raise Refused(400, f"{game.id} cannot be set up with these options: "
                          f"{type(exc).__name__}: {exc}") from None
        self._check_open_limits(creator)
        host = _new_token()
        now = time.time()
        for s in made:
            if s.claimed and s.kind == "human":
                s.seen_at = now
        events = [{"seat": i, "kind": "creator", "detail": None, "started": False, "at": now}
                  for i in sorted(claimed)]
        # the seed: a practice table's chosen one (shown to all), else none until the start
        t = Live(secrets.token_hex(8), game, config, -1 if seed is None else int(seed), "open",
                 digest(host), (name or "")[:80], now, made, None, public=public,
                 practice=practice, turn_seconds=turn_seconds, updated_at=now,
                 seat_log=events, creator=creator)
        with self.locked(t.id), self._write_lock, self.engine.begin() as conn:
            conn.execute(db.tables.insert().values(
                id=t.id, game=game.id, config=config, seed=t.seed, status="open",
                host_token=t.host_token, name=t.name, version=0, created_at=t.created_at,
                public=public, rev=0, practice=practice, seed_nonce="",
                commitment="", turn_seconds=turn_seconds, updated_at=now, creator=creator))
            conn.execute(db.seats.insert(), [
                {"table_id": t.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                 "name": s.name, "token": s.token, "claimed": s.claimed, "invite": s.invite,
                 "timeout_bot": s.timeout_bot, "seen_at": s.seen_at} for s in made])
            if events:
                conn.execute(db.seat_events.insert(), [
                    {"table_id": t.id, "n": n, **e} for n, e in enumerate(events)])
        with self._cache_lock:
            self.live[t.id] = t
            self._trim_cache()
        self._durable()
        return t, host, invites, claimed

    def _check_open_limits(self, creator: str) -> None:
        """Refuse a new table past the open tables allowed in all or per creator (429)."""
        c = db.tables.c
        with self.engine.connect() as conn:
            total = conn.execute(sa.select(sa.func.count()).where(c.status == "open")).scalar()
            mine = conn.execute(sa.select(sa.func.count()).where(
                c.status == "open", c.creator == creator)).scalar() if creator else 0
        if total >= self.max_open:
            raise Refused(429, f"this server has {total} tables waiting to start (its limit); "
                          "try again later")
        if mine >= self.max_open_per_client:
            raise Refused(429, f"you have {mine} tables that have not started (the limit per "
                          "client); start or close one first")

    def expire_open(self, now: float | None = None) -> list[str]:
        """Close the tables that stayed open longer than ``open_ttl`` without starting, and
        drop them from memory; returns their ids."""
        now = time.time() if now is None else now
        c = db.tables.c
        with self.engine.connect() as conn:
            ids = list(conn.execute(sa.select(c.id).where(
                c.status == "open", c.created_at < now - self.open_ttl).limit(500)).scalars())
        minutes = round(self.open_ttl / 60)

        def change(_conn: Connection, t: Live) -> None:
            if t.status == "open":
                t.status, t.dirty, t.evict = "closed", True, True
                t.reason = f"expired: not started within {minutes} minutes"
        done = []
        for tid in ids:
            try:
                self._mutate(tid, change)
                done.append(tid)
            except Refused:
                continue
        return done

    def seen(self, table_id: str, seats: Iterable[int], at: float | None = None) -> None:
        """Presence: a socket of these seats is (or was, until now) open at ``at``. Not a
        change of the table (no rev): read when the host asks to hand a seat to a bot."""
        at = time.time() if at is None else at
        rows = [{"p_t": table_id, "p_s": seat, "p_at": at} for seat in seats]
        if not rows or not valid_table_id(table_id):
            return
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(_SEEN, rows)
        t = self.live.get(table_id)
        if t is not None:
            for r in rows:
                if 0 <= r["p_s"] < len(t.seats):
                    t.seats[r["p_s"]].seen_at = at

    def _seen_at(self, table_id: str, seat: int) -> float | None:
        c = db.seats.c
        with self.engine.connect() as conn:
            return conn.execute(sa.select(c.seen_at).where(
                c.table_id == table_id, c.seat == seat)).scalar()

    def listing(self, status: Iterable[str] = ("open", "running"), limit: int = 50,
                offset: int = 0) -> list[dict[str, Any]]:
        """A page of the public tables, newest first, straight from the database (an
        invite-only table is never listed). A row that cannot be read is left out."""
        wanted = list(status)
        cols = [col for col in db.tables.c if col.name != "config"]
        config_text = sa.type_coerce(db.tables.c.config, sa.Text).label("config")
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(*cols, config_text).where(
                db.tables.c.status.in_(wanted), db.tables.c.public == sa.true())
                                .order_by(db.tables.c.created_at.desc(), db.tables.c.id)
                                .limit(limit).offset(offset)).mappings().all()
            ids = [r["id"] for r in rows]
            seat_rows = conn.execute(sa.select(db.seats).where(db.seats.c.table_id.in_(ids))
                                     .order_by(db.seats.c.seat)).mappings().all() if ids else []
        seats_by: dict[str, list[Seat]] = {}
        for r in seat_rows:
            seats_by.setdefault(r["table_id"], []).append(
                Seat(r["seat"], r["kind"], r["bot"], r["name"], "", bool(r["claimed"])))
        out = []
        for r in rows:
            try:
                game = self.lookup(r["game"])
                config = r["config"] if not isinstance(r["config"], str) else json.loads(
                    r["config"])
            except Exception:  # a game no longer here, or a damaged row: not listed
                continue
            t = Live(r["id"], game, config, r["seed"], r["status"], "", r["name"],
                     r["created_at"], seats_by.get(r["id"], []), None, [], bool(r["public"]),
                     r["rev"], bool(r["practice"]), "", r["commitment"], r["reason"],
                     r["turn_seconds"], r["updated_at"])
            summary = t.summary()
            summary["version"] = r["version"]
            out.append(summary)
        return out

    def check_host(self, t: Live, token: str | None) -> None:
        if not _matches(token, t.host_token):
            raise Refused(403, "only the table's host may do that (wrong or missing host token)")

    def check_seat(self, t: Live, seat: int, token: str | None) -> Seat:
        if not 0 <= seat < len(t.seats):
            raise Refused(404, f"there is no seat {seat} at this table")
        s = t.seats[seat]
        if not _matches(token, s.token):
            raise Refused(403, f"this token does not belong to seat {seat}")
        return s

    def _save_seat(self, conn: Connection, t: Live, s: Seat) -> None:
        conn.execute(db.seats.update().where(
            db.seats.c.table_id == t.id, db.seats.c.seat == s.seat).values(
            kind=s.kind, bot=s.bot, name=s.name, claimed=s.claimed, token=s.token,
            invite=s.invite, seen_at=s.seen_at, away=s.away))
        t.dirty = True

    def _event(self, conn: Connection, t: Live, seat: int, kind: str,
               detail: str | None = None) -> None:
        """A public seat event (``seat_log``), stored with the change that made it."""
        e = {"seat": seat, "kind": kind, "detail": detail, "started": t.status != "open",
             "at": time.time()}
        conn.execute(db.seat_events.insert(), {"table_id": t.id, "n": len(t.seat_log), **e})
        t.seat_log.append(e)
        t.dirty = True

    def join(self, table_id: str, seat: int, name: str = "") -> tuple[Seat, str]:
        """Take a free human seat of a public table (from the lobby): a token for it."""
        def change(conn: Connection, t: Live) -> tuple[Seat, str]:
            if t.status in FINISHED:
                raise Refused(409, f"this table is {t.status}")
            if not t.public:
                raise Refused(403, "this table is invite-only: ask the host for an invite link")
            if not 0 <= seat < len(t.seats):
                raise Refused(404, f"there is no seat {seat} at this table")
            s = t.seats[seat]
            if s.kind != "human" or s.claimed:
                raise Refused(409, f"seat {seat} is already taken")
            return s, self._hand_over(conn, t, s, name, "lobby")
        return self._mutate(table_id, change)

    def _hand_over(self, conn: Connection, t: Live, s: Seat, name: str, how: str) -> str:
        """Give seat ``s`` to whoever asked: a fresh secret (only its digest is kept, any
        older one stops working), the invite spent, their name; logged publicly (``how``:
        lobby, invite or moved). Returns the secret."""
        token = _new_token()
        s.claimed, s.token, s.invite, s.seen_at = True, digest(token), None, time.time()
        if name:
            s.name = name[:40]
        self._save_seat(conn, t, s)
        self._event(conn, t, s.seat, how)
        return token

    def claim(self, table_id: str, code: str, name: str = "") -> tuple[Seat, str]:
        """Use a one-time invite or device link: the seat gets a new token (any older one,
        on another device, stops working) and the code is spent."""
        def change(conn: Connection, t: Live) -> tuple[Seat, str]:
            s = next((s for s in t.seats if s.kind == "human" and _matches(code, s.invite)),
                     None)
            if s is None:
                raise Refused(403, "this invite or device link is not valid here: it was "
                              "already used, replaced, or belongs to another table")
            if t.status in FINISHED:
                raise Refused(409, f"this table is {t.status}")
            # a claimed seat's code is a device link: the move is public ("moved")
            return s, self._hand_over(conn, t, s, name, "moved" if s.claimed else "invite")
        return self._mutate(table_id, change)

    def seat_and_start(self, table_id: str, seats: Iterable[int]) -> list[dict[str, Any]]:
        """Seats whose players proved them elsewhere (a rematch: their tokens at the
        finished table): each of ``seats`` that is a human seat nobody holds yet is handed
        over - a fresh token, logged publicly as taken by invite; the change that seats the
        last human also deals and starts the game, as :meth:`start` does (nobody holds such
        a table's host token). The seats handed over now, with their tokens."""
        wanted = sorted(set(seats))

        def change(conn: Connection, t: Live) -> list[dict[str, Any]]:
            if t.status in FINISHED:
                raise Refused(409, f"the rematch table is {t.status}")
            claimed = []
            for seat in wanted:
                if not 0 <= seat < len(t.seats):
                    raise Refused(404, f"there is no seat {seat} at this table")
                s = t.seats[seat]
                if s.kind == "human" and not s.claimed:  # (claimed: this seat is in already)
                    claimed.append({"seat": seat,
                                    "token": self._hand_over(conn, t, s, "", "invite")})
            everyone = all(s.kind != "human" or s.claimed for s in t.seats)
            if t.status == "open" and everyone and self._deal(conn, t):
                t.status, t.updated_at, t.dirty = "running", time.time(), True
                self._run_bots(conn, t)
            return claimed
        return self._mutate(table_id, change)

    def rename_seat(self, table_id: str, seat: int, token: str | None, name: str) -> Live:
        """Seat ``seat`` (its own token; a human seat of a table still being played) takes
        the name ``name`` (public, as the seat is): a change everyone sees."""
        def change(conn: Connection, t: Live) -> Live:
            s = self.check_seat(t, seat, token)
            if s.kind != "human":
                raise Refused(409, f"seat {seat} is played by a bot")
            if t.status in FINISHED:
                raise Refused(409, f"this table is {t.status}")
            if s.name != name:
                s.name = name
                self._save_seat(conn, t, s)  # (marks the table changed)
            return t
        return self._mutate(table_id, change)

    def device_link(self, table_id: str, seat: int, token: str | None) -> str:
        """A one-time code to move ``seat`` to another device (replaces an earlier one)."""
        def change(conn: Connection, t: Live) -> str:
            s = self.check_seat(t, seat, token)
            if s.kind != "human":
                raise Refused(409, f"seat {seat} is played by a bot")
            code = secrets.token_urlsafe(24)
            s.invite = digest(code)
            self._save_seat(conn, t, s)
            t.unseen = True  # (nobody else is told a seat may move)
            return code
        return self._mutate(table_id, change)

    def start(self, table_id: str, host_token: str | None) -> Live:
        def change(conn: Connection, t: Live) -> Live:
            self.check_host(t, host_token)
            if t.status != "open":
                raise Refused(409, f"the table is already {t.status}")
            if not self._deal(conn, t):
                return t
            t.status, t.updated_at, t.dirty = "running", time.time(), True
            self._run_bots(conn, t)
            return t
        return self._mutate(table_id, change)

    def _deal(self, conn: Connection, t: Live) -> bool:
        """At the start: draw the seed (a practice table's chosen one, if any), commit to it
        (the commitment is in every payload from now on), deal. False if the game cannot be
        set up (the table fails)."""
        if t.practice and t.seed >= 0:
            seed, nonce = t.seed, secrets.token_hex(16)
            commitment = commit(seed, nonce)
        else:
            seed, nonce, commitment = draw_seed()
        try:
            state = t.game.setup(t.game.make_config(t.config), seed, None)
        except Exception as exc:
            log.exception("setup of %s failed at table %s", t.game.id, t.id)
            self._fail(t, f"the game could not be set up: {type(exc).__name__}: {exc}")
            return False
        t.seed, t.nonce, t.commitment, t.state, t.actions = seed, nonce, commitment, state, []
        conn.execute(db.tables.update().where(db.tables.c.id == t.id).values(
            seed=seed, seed_nonce=nonce, commitment=commitment))
        t.dirty = True
        return True

    def close(self, table_id: str, host_token: str | None) -> Live:
        """End a table before its game is over (host only); its record is then published."""
        def change(conn: Connection, t: Live) -> Live:
            self.check_host(t, host_token)
            if t.status in FINISHED:
                raise Refused(409, f"the table is already {t.status}")
            t.status, t.reason, t.dirty = "closed", "closed by the host", True
            return t
        return self._mutate(table_id, change)

    def hand_to_bot(self, table_id: str, host_token: str | None, seat: int,
                    bot: str = "random", now: float | None = None) -> Live:
        """Give a seat to a bot (host only; the bot acts at once if it must). A seat nobody
        holds, freely; a seat a player holds only while that player is away - no socket
        open for more than ``away_grace`` seconds, or out of time on the turn timer - and
        the player may take it back (``take_back``). Logged publicly either way."""
        at = time.time() if now is None else now
        online = set(self.present(table_id)) if valid_table_id(table_id) else set()
        seen = self._seen_at(table_id, seat) if valid_table_id(table_id) else None

        def change(conn: Connection, t: Live) -> Live:
            self.check_host(t, host_token)
            if t.status in FINISHED:
                raise Refused(409, f"the table is {t.status}; its seats no longer change")
            if not 0 <= seat < len(t.seats):
                raise Refused(404, f"there is no seat {seat} at this table")
            kinds = bot_factories(t.game)
            if bot not in kinds:
                raise Refused(400, f"{t.game.id} has no bot {bot!r}; choose from "
                              + ", ".join(sorted(kinds)))
            s = t.seats[seat]
            if s.kind == "bot":
                raise Refused(409, f"seat {seat} is already played by a bot")
            if s.claimed and s.token:  # a player holds it: only while they are away
                due = t.deadline()
                late = (t.status == "running" and due is not None and at >= due
                        and seat in t.game.to_move(t.state))
                last = max(x for x in (seen, s.seen_at, 0.0) if x is not None)
                if not late and seat in online:
                    raise Refused(409, f"seat {seat}'s player is online: a seat goes to a bot "
                                  f"only when its player has been away for more than "
                                  f"{self.away_grace:g} seconds or is out of time")
                if not late and at - last < self.away_grace:
                    raise Refused(409, f"seat {seat}'s player left {at - last:.0f} seconds ago; "
                                  f"a seat goes to a bot after {self.away_grace:g} seconds "
                                  "away (or when its turn time runs out)")
                # the player's token stays: they may take the seat back on return
                s.kind, s.bot, s.away = "bot", bot, True
                why = "late" if late else "away"
            else:
                s.kind, s.bot, s.claimed = "bot", bot, True
                s.name = f"P{seat} 🤖 {bot}"
                s.token, s.invite = "", None  # any invite stops working
                why = "empty"
            self._save_seat(conn, t, s)
            self._event(conn, t, seat, "bot", why)
            if t.status == "running":
                self._run_bots(conn, t)
            return t
        return self._mutate(table_id, change)

    def take_back(self, table_id: str, seat: int, token: str | None) -> Live:
        """The player of a seat a bot played while they were away takes it back (their own
        token); logged publicly."""
        def change(conn: Connection, t: Live) -> Live:
            s = self.check_seat(t, seat, token)
            if not (s.kind == "bot" and s.away):
                raise Refused(409, f"seat {seat} is not played by a bot for you")
            if t.status in FINISHED:
                raise Refused(409, f"the table is {t.status}; its seats no longer change")
            s.kind, s.bot, s.away, s.seen_at = "human", None, False, time.time()
            self._save_seat(conn, t, s)
            self._event(conn, t, seat, "back")
            return t
        return self._mutate(table_id, change)

    # ---- play ----------------------------------------------------------------------------

    def act(self, table_id: str, seat: int, token: str | None, action: Any,
            step: int | None) -> Live:
        """Accept one human choice: authenticated, expected step, legal; applied, then stored
        together with the table's new version and status."""
        def change(conn: Connection, t: Live) -> Live:
            s = self.check_seat(t, seat, token)
            if s.kind != "human":
                raise Refused(409, f"seat {seat} is played by a bot" + (
                    " while you were away; take it back first (POST "
                    f"/api/tables/{t.id}/seats/{seat}/back)" if s.away else ""))
            if t.status == "open":
                raise Refused(409, "the game has not started yet")
            if t.status == "over":
                raise Refused(409, "the game is over; no more choices are accepted")
            if t.status != "running":
                raise Refused(409, f"the table is {t.status}"
                              + (f": {t.reason}" if t.reason else ""))
            held = t.held_by(seat)
            now = t.held_state if held else t.state
            expected = t.seat_steps(seat) + len(held)
            if step is None:
                raise Refused(422, "a choice must carry 'step' (your number of choices so far)")
            if step != expected:
                what = "already accepted (duplicate)" if step < expected else "not reached yet"
                raise Refused(409, f"choice {step} of seat {seat} is {what}; "
                              f"the next expected is {expected}")
            try:
                checked = t.game.check_action(now, seat, action)
            except IllegalAction as exc:
                raise Refused(422, f"illegal choice: {exc}") from None
            if self._hold(t, seat, now, checked):  # (kept, but pushed to nobody else, not
                self._store_held(conn, t)  # in the record: only this seat's view changed)
                held_now.append(seat)
                return t
            self._commit_held(conn, t, seat)  # the turn's choices held so far, then this one
            self._accept(conn, t, seat, checked)
            self._run_bots(conn, t)
            return t
        held_now: list[int] = []
        t = self._mutate(table_id, change)
        if held_now:  # the seat's other devices see it too
            self._notify_seat(t, seat)
        if t.status == "failed":
            raise Refused(409, f"the table failed: {t.reason}")
        return t

    def _hold(self, t: Live, seat: int, now: GameState, checked: Any) -> bool:
        """Hold ``seat``'s checked choice for an undo instead of storing it, if the game
        says it reveals nothing (``Game.undoable``) and the seat is the only one to move
        before and after it; ``now`` is the seat's state (after the choices held)."""
        game = t.game
        if type(game).undoable is Game.undoable or game.to_move(now) != [seat]:
            return False  # (a game that declares nothing pays for no copy)
        after = now.copy()
        try:
            game.apply_in_place(after, seat, checked, check=False)
            if (game.is_over(after) or game.to_move(after) != [seat]
                    or not game.undoable(now, seat, checked, after)):
                return False
        except Exception:  # the engine fails on it: stored as any choice (the table fails)
            log.exception("undoable of %s failed at table %s", game.id, t.id)
            return False
        t.held = [*t.held_by(seat), (seat, checked)]
        t.held_state, t.held_at = after, t.version
        return True

    def _commit_held(self, conn: Connection, t: Live, seat: int) -> None:
        """Store ``seat``'s choices held for an undo (if any still stand) as choices
        everyone sees, before a choice of that seat that is not held (its own, or its turn
        timer's bot's); held choices another change left behind are cleared."""
        for who, a in t.held_by(seat):
            self._accept(conn, t, who, a)
        if t.held:
            t.drop_held()
            self._store_held(conn, t, seen=True)

    @staticmethod
    def _store_held(conn: Connection, t: Live, seen: bool = False) -> None:
        """Keep ``t.held`` with the table (none: cleared), as a change nobody else sees
        unless ``seen`` (it goes with choices everyone sees)."""
        value = [t.version, [[who, a] for who, a in t.held]] if t.held else None
        conn.execute(_SET_HELD, {"h_id": t.id, "h_held": value})
        t.dirty = True
        t.unseen = t.unseen or not seen

    def undo(self, table_id: str, seat: int, token: str | None) -> Shown:
        """Take back the choices ``seat`` (its own token) made this turn that revealed
        nothing (held: see ``Live.held``); its payload at the turn's undo point. Nothing was
        stored or shown to anyone else, so nothing is and nobody can tell."""
        def change(conn: Connection, t: Live) -> Live:
            self.check_seat(t, seat, token)
            if not t.held_by(seat):
                raise Refused(409, "nothing to undo: no choice of this turn can be taken back "
                              "(none was made, or the last one revealed something or ended "
                              "the turn)")
            t.drop_held()
            self._store_held(conn, t)
            return t
        t = self._mutate(table_id, change)
        return self._notify_seat(t, seat)  # (the seat's other devices)

    def undo_count(self, table_id: str, seat: int, token: str | None) -> int:
        """How many choices an undo of ``seat`` (its own token) would take back now."""
        with self.locked(table_id):
            t = self.get(table_id)
            self.check_seat(t, seat, token)
            return len(t.held_by(seat))

    def _accept(self, conn: Connection, t: Live, seat: int, checked: Any) -> None:
        """Apply a checked choice, then store it; an engine error fails the table instead."""
        try:
            t.game.apply_in_place(t.state, seat, checked, check=False)
        except Exception as exc:
            log.exception("the engine failed at table %s", t.id)
            self._fail(t, f"the game engine failed on a choice of seat {seat}: "
                       f"{type(exc).__name__}: {exc}")
            return
        conn.execute(_ADD_CHOICE, {"table_id": t.id, "step": t.version, "seat": seat,
                                   "action": checked, "created_at": time.time()})
        t.actions.append((seat, checked))
        t.updated_at, t.dirty = time.time(), True
        if t.game.is_over(t.state):
            t.status = "over"

    def _fail(self, t: Live, reason: str) -> None:
        t.status, t.reason, t.dirty, t.evict = "failed", reason[:2000], True, True

    def _bot(self, t: Live, seat: int, kind: str) -> Bot:
        key = (t.id, seat, kind)
        if key not in self._bots:
            self._bots[key] = bot_factories(t.game)[kind]()
        return self._bots[key]

    def _choose(self, t: Live, seat: int, kind: str) -> Any:
        """One bot decision under the per-move time budget (a random legal choice past it)."""
        rng = make_rng(t.seed, "bot", seat, t.seat_steps(seat))
        bot = self._bot(t, seat, kind)
        if isinstance(bot, RandomBot):
            return bot.choose(decision_context(t.game, t.state, seat, rng))
        # a thinking bot works on its own copy of the state (its view and the worlds it
        # samples come from that copy), so a bot still running past its budget can never
        # touch the live state
        legal = t.game.legal_actions(t.state, seat)
        own = decision_context(t.game, t.state.copy(), seat,
                               make_rng(t.seed, "bot", seat, t.seat_steps(seat)),
                               legal=list(legal))
        future = self._pool.submit(bot.choose, own)
        try:
            return future.result(timeout=self.bot_move_seconds)
        except concurrent.futures.TimeoutError:
            log.warning("bot %s at table %s seat %s took more than %ss: random choice",
                        kind, t.id, seat, self.bot_move_seconds)
            return rng.choice(legal)

    def _bot_move(self, conn: Connection, t: Live, seat: int, kind: str) -> None:
        try:
            action = self._choose(t, seat, kind)
            checked = t.game.check_action(t.state, seat, action)
        except Exception:  # a broken bot must not stall the table: play at random
            log.exception("bot %s failed at table %s seat %s", kind, t.id, seat)
            rng = make_rng(t.seed, "bot", seat, t.seat_steps(seat))
            checked = rng.choice(t.game.legal_actions(t.state, seat))
        self._accept(conn, t, seat, checked)

    def continue_bots(self, table_id: str) -> None:
        """Go on with the bot choices a request left over (slow bots)."""
        try:
            self._mutate(table_id, self._run_bots)
        except Refused:
            pass
        except Exception:
            log.exception("bots of table %s could not go on", table_id)

    def _run_bots(self, conn: Connection, t: Live) -> None:
        """Let bot seats choose, in ascending seat order, until a human must choose.

        A bot's generator is ``make_rng(seed, "bot", seat, step)``: the same decisions
        whether or not the server restarted in between, and however the work is split.
        After ``bot_budget`` seconds the rest is handed to ``schedule`` so one request is
        never held for long by slow bots. Past ``bot_step_budget`` bot choices at one table
        the table fails: an endless all-bot game cannot write forever.
        """
        deadline = time.monotonic() + self.bot_budget
        while t.status == "running":
            movers = [s for s in t.game.to_move(t.state) if t.seats[s].kind == "bot"]
            if not movers:
                return
            if t.bot_steps >= self.bot_step_budget:
                self._fail(t, f"the bots made {self.bot_step_budget} choices at this table "
                           "(its step budget) without the game ending")
                return
            seat = movers[0]
            self._bot_move(conn, t, seat, t.seats[seat].bot or "random")
            t.bot_steps += 1
            if time.monotonic() > deadline:
                if self.schedule is not None:
                    self.schedule(t.id)  # at least one choice per slice, then yield
                    return
                deadline = time.monotonic() + self.bot_budget

    # ---- turn timers ---------------------------------------------------------------------

    def late_tables(self, now: float | None = None) -> list[str]:
        now = time.time() if now is None else now
        c = db.tables.c
        with self.engine.connect() as conn:
            return list(conn.execute(sa.select(c.id).where(
                c.status == "running", c.turn_seconds.is_not(None),
                c.updated_at + c.turn_seconds <= now)).scalars())

    def play_late_turns(self, table_id: str, now: float | None = None) -> None:
        """Each human seat that let its turn time run out is played, for this move, by the
        bot it chose (``timeout_bot``), as Board Game Arena does with zombie turns. The
        seat's choices held for an undo are its own: stored first (as a choice that is not
        undoable would store them), and the bot plays from there."""
        def change(conn: Connection, t: Live) -> None:
            at = time.time() if now is None else now
            due = t.deadline()
            if due is None or at < due:
                return
            for seat in t.game.to_move(t.state):
                s = t.seats[seat]
                if s.kind == "human" and t.status == "running" and seat in t.game.to_move(
                        t.state):
                    self._commit_held(conn, t, seat)
                    if t.status == "running" and seat in t.game.to_move(t.state):
                        self._bot_move(conn, t, seat, s.timeout_bot or "random")
            self._run_bots(conn, t)
        self._mutate(table_id, change)

    # ---- what a seat sees ---------------------------------------------------------------

    def _shown(self, t: Live, seat: int | None) -> Shown:
        payload = self._payload(t, seat)
        # the seat's log texts, kept while its log keeps growing in the same list
        texts, feed = t.log_texts.get(seat), t.logs.get(seat)
        held = t.held_by(seat)
        if held:  # (its log was read from the held state, not kept)
            feed = None
        elif feed is not None and (texts is None or texts.source is not feed.entries):
            texts = t.log_texts[seat] = LogTexts(feed.entries)
        shown = Shown(payload, t.view_tag(seat),
                      t.summary_parts(payload["table"]), texts if feed is not None else None)
        if held:  # (the hub does not replay them to a socket that was shown them)
            shown.held = tuple((who, dumps(a)) for who, a in held)
        return shown

    def shown(self, t: Live, seat: int | None) -> Shown:
        """The payload of ``seat`` with what incremental messages need (``delta.Shown``);
        built once per change and seat, under the table's lock."""
        key = (t.view_tag(seat), seat)
        got = t.seen.get(key)
        if got is None:
            got = self._keep(t, key, self._shown(t, seat))
        return got

    def shown_step(self, step: Live, seat: int | None) -> Shown:
        """:meth:`shown` for a step the hub replays on its own copy of the state: built
        without the table's lock (nothing else reads that copy), kept under it."""
        key = (step.view_tag(seat), seat)
        got = step.seen.get(key)
        if got is None:
            made = self._shown(step, seat)
            with self.locked(step.id):
                got = self._keep(step, key, made)
        return got

    @staticmethod
    def _keep(t: Live, key: tuple[Any, ...], shown: Shown) -> Shown:
        """Under the table's lock: keep ``shown`` (the first one made for ``key`` wins).
        Kept: the current change's seats, the steps the hub replays and the changes before
        (what a client holds when it sends its next choice); past 12 of one seat that
        seat's oldest half goes (a base no longer kept only makes that answer whole). Counted
        per seat: payloads only one seat is shown (a sealed choice changed, choices held for
        an undo) never push another seat's out, which would make that seat's next answer
        whole and tell it something happened. Oldest by version (then by when kept): the
        answers and the pushes of changes made at once (a push builds its steps after the
        current payload, while the next change's answer may be kept) keep theirs in an
        order that is a matter of timing, and so would be which of them go."""
        seat = key[1]
        if key not in t.seen:
            mine = [k for k in t.seen if k[1] == seat]
            if len(mine) >= 12:
                mine.sort(key=lambda k: t.seen[k].version)  # (stable: ties as kept)
                for old in mine[:6]:
                    t.seen.pop(old, None)
        return t.seen.setdefault(key, shown)

    def kept(self, table_id: str, seat: int | None, tag: str) -> Shown | None:
        """The payload named ``tag`` (a ``view_tag`` sent to ``seat``) if this process's copy
        of the table still keeps it (no database read: a name is one content, whatever
        changed since); only ever one that was built for this seat."""
        with self.locked(table_id):
            t = self.live.get(table_id)
            return None if t is None else t.seen.get((tag, seat))

    def _payload(self, t: Live, seat: int | None) -> dict[str, Any]:
        game, state = t.game, t.state
        held = t.held_by(seat)
        if held:  # the seat's own choices held for an undo: its view after them
            state = t.held_state
        if state is None:
            return {"table": t.summary(), "seat": seat, "view": None, "log": [], "to_move": [],
                    "legal": [], "step": t.seat_steps(seat) if seat is not None else None,
                    "result": None}
        over = game.is_over(state)
        movers = [] if t.status != "running" else game.to_move(state)
        legal: list[dict[str, Any]] = []
        if seat is not None and seat in movers:
            describe = game.describe_action
            for a in game.legal_actions(state, seat):
                legal.append({"action": a, "label": {"zh": describe(state, seat, a, "zh"),
                                                     "en": describe(state, seat, a, "en")}})
        # the view's log and the payload's log come from the seat's log kept across changes
        # (only the events since the last payload are looked at), each event's JSON made
        # once for every seat and push (Event.shared_json)
        feed = SeatLog(seat) if held else t.logs.get(seat)
        if feed is None:
            feed = t.logs[seat] = SeatLog(seat)
        with log_feed(state, feed):
            view = game.view(state, seat)
            log = game.visible_log(state, seat)
        return {
            "table": t.shared_summary(), "seat": seat, "view": view,
            "log": log, "to_move": movers, "legal": legal,
            "step": t.seat_steps(seat) + len(held) if seat is not None else None,
            "result": game.result(state).model_dump(mode="json") if over else None,
        }

    def record(self, table_id: str) -> dict[str, Any]:
        """The whole record once the table is finished: config, the seed with its nonce and
        commitment (check with ``boardlab verify``), every choice and the result."""
        t = self.get(table_id)
        if t.status not in FINISHED:
            raise Refused(409, "the record is published when the game is over")
        if not t.commitment:
            raise Refused(409, "this table ended before its game started: there was no deal "
                          "and there is no record")
        over = t.state is not None and t.game.is_over(t.state)
        return {"game": t.game.id, "table": t.id, "status": t.status, "reason": t.reason,
                "config": t.config, "seed": t.seed, "nonce": t.nonce,
                "commitment": t.commitment, "practice": t.practice,
                "actions": [[s, a] for s, a in t.actions],
                "result": t.game.result(t.state).model_dump(mode="json") if over else None}

    # ---- notifications --------------------------------------------------------------------

    def _notify(self, table_id: str) -> None:
        for fn in list(self.listeners):
            fn(table_id)

    def _notify_seat(self, t: Live, seat: int) -> Shown:
        """Tell the listeners of a change only ``seat`` sees, with its payload and the
        table's ``rev`` read together now: the hub sends that very payload, whenever its push
        runs - a push that read the table later would show what the seat did meanwhile, so
        what its sockets are sent would depend on how fast the hub was (and a push that
        found the choices stored by then would send nothing, the next one their steps)."""
        with self.locked(t.id):
            shown, rev = self.shown(t, seat), t.rev
        for fn in list(self.seat_listeners):
            fn(t.id, seat, shown, rev)
        return shown
