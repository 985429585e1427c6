"""Rematches and table chat, stored in the database (migration 0007) so that every worker
serves the same ones and a restart (or a kill -9) loses nothing that was answered.

- ``rematches``: one row per finished table that somebody asked a rematch of, naming the new
  table. Its primary key is the old table, so two workers receiving the first ask at once
  make one rematch: both create a table, one row is inserted, the other worker's insert
  fails and it deletes its own table (open, never shown to anyone) and joins the winner's.
  The new table keeps no secret here: it is created without invite codes or a host token
  anyone holds, each human seat is handed to its player by the token of that player's seat
  at the old table, and the change that seats the last human also deals and starts the
  game, in one transaction.
- ``chat_lines``: a table's chat, numbered from 0 per table (``(table_id, n)`` is the
  primary key: a number is taken once; a worker that lost the race for it takes the next),
  the last ``CHAT_KEPT`` kept.

Every write commits (and, with SQLite's group commit, is flushed) before it is answered.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from boardlab.server.tables import FINISHED, Refused

metadata = sa.MetaData()

rematches = sa.Table(
    "rematches", metadata,
    sa.Column("old_table", sa.String(32), primary_key=True),
    sa.Column("new_table", sa.String(32), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
)

chat_lines = sa.Table(
    "chat_lines", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("reaction", sa.Boolean, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

CHAT_KEPT = 200
REACTIONS = ("👍", "😂", "😮", "😅", "🤔", "👏", "🎉", "😢")
_RETRIES = 8
CHAT_LOCK = 0x63686174  # pg_advisory_xact_lock(CHAT_LOCK, hashtext(table)): "chat"


class _Lost(Exception):
    """Another worker replaced a closed rematch first."""


class Rematches:
    """The rematches of finished tables (one each), kept in ``rematches``."""

    def __init__(self, tables: Any) -> None:
        self.tables = tables

    def _new_id(self, old_id: str) -> str | None:
        with self.tables.engine.connect() as conn:
            return conn.execute(sa.select(rematches.c.new_table)
                                .where(rematches.c.old_table == old_id)).scalar()

    def _open(self, t: Any) -> str:
        """The rematch table of finished table ``t``: the one stored, or a new one (also in
        place of one that closed unstarted: nobody came before the open tables' time ran
        out)."""
        tables = self.tables
        for _attempt in range(_RETRIES):
            found = self._new_id(t.id)
            if found is not None and tables.get(found).status != "closed":
                return found
            specs = [{"kind": "human", "name": s.name or None,
                      **({"timeout_bot": s.timeout_bot} if s.timeout_bot else {})}
                     if s.kind == "human" else {"kind": "bot", "bot": s.bot}
                     for s in t.seats]
            options = {k: v for k, v in t.config.items() if k != "players"}
            new, _host, _invites, _ = tables.create(
                t.game.id, len(t.seats), options, specs, t.name, None, t.public,
                turn_seconds=t.turn_seconds, invite=[])
            try:
                with tables.writing() as conn:
                    if found is None:
                        conn.execute(rematches.insert().values(
                            old_table=t.id, new_table=new.id, created_at=time.time()))
                    else:  # the closed one replaced, unless another worker did it first
                        won = conn.execute(rematches.update().where(
                            rematches.c.old_table == t.id, rematches.c.new_table == found)
                            .values(new_table=new.id, created_at=time.time())).rowcount
                        if won != 1:
                            raise _Lost
            except (IntegrityError, _Lost):
                # another worker stored its rematch first: ours was never shown to anyone
                tables.discard_open(new.id)
                continue
            return new.id
        raise Refused(409, "the rematch changed meanwhile; ask again")

    def ask(self, old_id: str, held: dict[int, str]) -> dict[str, Any]:
        """Seats ``held`` ({seat: token} at the old table) join its rematch (opened if it is
        the first ask); their tokens at the new table come back. The game starts when every
        human seat is in."""
        tables = self.tables
        t = tables.get(old_id)
        if t.status not in FINISHED:
            raise Refused(409, "a rematch is offered once the game is over")
        if not held:
            raise Refused(400, "name your seat and its token: {\"seats\": {\"0\": TOKEN}}")
        for seat, token in held.items():
            tables.check_seat(t, seat, token)
            if t.seats[seat].kind != "human":
                raise Refused(409, f"seat {seat} is played by a bot")
        # the seats in, each with a fresh token; the last human seat in deals and starts
        claimed = tables.seat_and_start(self._open(t), held)
        return {**self.shown(old_id), "claimed": claimed}

    def shown(self, old_id: str) -> dict[str, Any]:
        """The rematch of ``old_id``: its table, the human seats in and those still to come."""
        new_id = self._new_id(old_id)
        if new_id is None:
            self.tables.get(old_id)  # an unknown table says so
            raise Refused(404, "nobody has asked for a rematch of this table yet")
        new = self.tables.get(new_id)
        humans = [s for s in new.seats if s.kind == "human"]
        return {"table": new_id, "status": new.status,
                "joined": [s.seat for s in humans if s.claimed],
                "waiting": [s.seat for s in humans if not s.claimed]}


class Chat:
    """The tables' chat: numbered lines in ``chat_lines``, the last CHAT_KEPT of each."""

    def __init__(self, tables: Any) -> None:
        self.tables = tables

    def _allowed(self, t: Any) -> None:
        if t.state is not None and t.game.view(t.state, None).get("chat") is False:
            raise Refused(409, "this table plays without table talk (a variant of the game)")

    def say(self, table_id: str, seat: int, token: str | None, text: str) -> dict[str, Any]:
        tables = self.tables
        t = tables.get(table_id)
        tables.check_seat(t, seat, token)
        self._allowed(t)
        clean = " ".join(text.split())
        if not clean or len(clean) > 200 or any(ord(ch) < 32 for ch in text.replace("\n", " ")):
            raise Refused(422, "a message is 1 to 200 characters, without control characters")
        c = chat_lines.c
        line = {"seat": seat, "text": clean, "at": time.time(), "reaction": clean in REACTIONS}
        following = (sa.select(sa.func.coalesce(sa.func.max(c.n), -1) + 1)
                     .where(c.table_id == table_id).scalar_subquery())
        for _attempt in range(_RETRIES):
            try:
                with tables.writing() as conn:
                    if conn.dialect.name == "postgresql":  # one line of a table at a time
                        conn.execute(sa.select(sa.func.pg_advisory_xact_lock(
                            CHAT_LOCK, sa.func.hashtext(table_id))))
                    # one statement takes the next number (SQLite: the write lock first)
                    conn.execute(chat_lines.insert().from_select(
                        ["table_id", "n", "seat", "text", "reaction", "at"],
                        sa.select(sa.literal(table_id, sa.String), following,
                                  sa.literal(seat, sa.Integer), sa.literal(clean, sa.Text),
                                  sa.literal(line["reaction"], sa.Boolean),
                                  sa.literal(line["at"], sa.Float))))
                    n = conn.execute(sa.select(sa.func.max(c.n))
                                     .where(c.table_id == table_id)).scalar()
                    conn.execute(chat_lines.delete().where(c.table_id == table_id,
                                                           c.n <= n - CHAT_KEPT))
            except IntegrityError:  # another worker took that number: the next one
                continue
            return {"n": int(n), **line}
        raise Refused(503, "the chat is busy; say it again")

    def read(self, table_id: str, since: int) -> dict[str, Any]:
        t = self.tables.get(table_id)
        self._allowed(t)
        c = chat_lines.c
        with self.tables.engine.connect() as conn:
            # the last number first: a line said meanwhile is read next time, not skipped
            last = conn.execute(sa.select(sa.func.max(c.n))
                                .where(c.table_id == table_id)).scalar()
            rows = [] if last is None else conn.execute(
                sa.select(c.n, c.seat, c.text, c.at, c.reaction)
                .where(c.table_id == table_id, c.n >= since, c.n <= last)
                .order_by(c.n).limit(CHAT_KEPT)).all()
        lines = [{"n": r.n, "seat": r.seat, "text": r.text, "at": r.at,
                  "reaction": bool(r.reaction)} for r in rows]
        return {"lines": lines, "next": 0 if last is None else int(last) + 1,
                "reactions": list(REACTIONS)}


__all__ = ["CHAT_KEPT", "REACTIONS", "Chat", "Rematches", "chat_lines", "rematches"]
