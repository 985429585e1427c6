"""Runs in the project database (SQLite by default, PostgreSQL via BOARDLAB_DATABASE_URL).

The lab's two tables share the project database with the web server's; one set of Alembic
migrations (``boardlab/server/migrations``, revision 0003 for these) creates and upgrades
them all, whichever of the two opens the database first.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections.abc import Iterator
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    delete,
    insert,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from boardlab.settings import database_url


class Base(DeclarativeBase):
    metadata = MetaData()


class LabRun(Base):
    __tablename__ = "lab_runs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    game: Mapped[str] = mapped_column(String(200), index=True)
    kind: Mapped[str] = mapped_column(String(20))  # simulate | balance
    games: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(40))
    code_version: Mapped[str] = mapped_column(String(200))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)  # RunSpec, variants, workers...
    summary: Mapped[dict[str, Any]] = mapped_column(JSON)


class LabGame(Base):
    __tablename__ = "lab_games"

    run_id: Mapped[str] = mapped_column(ForeignKey("lab_runs.id", ondelete="CASCADE"),
                                        primary_key=True)
    variant: Mapped[int] = mapped_column(Integer, primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[str] = mapped_column(String(24))  # 63-bit seeds overflow some INTEGERs
    row: Mapped[dict[str, Any]] = mapped_column(JSON)


_INSERT_GAME = insert(LabGame.__table__)
_engines: dict[str, Engine] = {}

_encode_row = json.JSONEncoder(check_circular=False, separators=(",", ":")).encode
"""A row as the JSON text the store keeps: ``json.dumps`` without the spaces and without
the check for cycles (a row is the runner's dict of plain values, never cyclic) - 1.2-1.4x
cheaper than SQLAlchemy's ``json.dumps``, the larger half of storing a game; read back,
the same dict."""

# Per dialect, the raw insert of one game (see RunWriter.add); None: use Core's insert.
_RAW_INSERT: dict[str, str | None] = {}


def _raw_insert(eng: Engine) -> str | None:
    """``INSERT INTO lab_games ... VALUES (...)`` in the driver's own paramstyle, the row
    given as its JSON text (cast to JSON where the column's type is a real JSON type),
    for SQLite and PostgreSQL; None for any other database."""
    name = eng.dialect.name
    if name not in _RAW_INSERT:
        marks = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(eng.dialect.paramstyle)
        if name not in ("sqlite", "postgresql") or marks is None:
            _RAW_INSERT[name] = None
        else:
            prep = eng.dialect.identifier_preparer
            cols = ", ".join(prep.quote(c) for c in ("run_id", "variant", "index", "seed",
                                                     "row"))
            row = f"CAST({marks} AS JSON)" if name == "postgresql" else marks
            _RAW_INSERT[name] = (f"INSERT INTO {prep.format_table(LabGame.__table__)} "
                                 f"({cols}) VALUES ({marks}, {marks}, {marks}, {marks}, {row})")
    return _RAW_INSERT[name]


def engine(url: str | None = None) -> Engine:
    url = url or database_url()
    if url not in _engines:
        from boardlab.server.db import make_engine, migrate

        eng = make_engine(url)
        migrate(eng)
        _engines[url] = eng
    return _engines[url]


def save_run(game: str, kind: str, config: dict[str, Any], rows: list[dict[str, Any]],
             summary: dict[str, Any], code_version: str, seed: int, games: int) -> str:
    run_id = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
    with Session(engine()) as s, s.begin():
        s.add(LabRun(id=run_id, created=dt.datetime.now(dt.UTC), game=game, kind=kind,
                     games=games, seed=str(seed), code_version=code_version,
                     config={**config, "seed": seed}, summary=summary))
        s.flush()
        s.add_all([LabGame(run_id=run_id, variant=r["variant"], index=r["index"],
                           seed=str(r["seed"]), row=r) for r in rows])
    return run_id


class RunWriter:
    """A run stored while it is played: the run's record first, then each batch of rows
    in its own transaction (:meth:`add`, a sink for ``runner.stream``), the summary last
    (:meth:`finish`). Nothing is held between batches, so memory does not grow with the
    number of games."""

    def __init__(self, game: str, kind: str, config: dict[str, Any], code_version: str,
                 seed: int, games: int) -> None:
        self.run_id = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        self.rows = 0
        with Session(engine()) as s, s.begin():
            s.add(LabRun(id=self.run_id, created=dt.datetime.now(dt.UTC), game=game,
                         kind=kind, games=games, seed=str(seed), code_version=code_version,
                         config={**config, "seed": seed}, summary={}))

    def add(self, rows: list[dict[str, Any]]) -> None:
        # One executemany through the driver, each row's JSON made here (_encode_row):
        # the ORM's unit of work (an object, identity-map entry and flush bookkeeping per
        # row) and then Core's per-row bind processing (its own json.dumps, the parameter
        # dict) cost more than the insert itself. Read back through the JSON column, a row
        # is the same dict either way (tests/lab/test_store_backends.py).
        if not rows:
            return
        run_id = self.run_id
        eng = engine()
        sql = _raw_insert(eng)
        with eng.begin() as conn:
            if sql is None:
                conn.execute(_INSERT_GAME, [
                    {"run_id": run_id, "variant": r["variant"], "index": r["index"],
                     "seed": str(r["seed"]), "row": r} for r in rows])
            else:
                encode = _encode_row
                conn.exec_driver_sql(sql, [
                    (run_id, r["variant"], r["index"], str(r["seed"]), encode(r))
                    for r in rows])
        self.rows += len(rows)

    def discard(self) -> None:
        """Remove the run and whatever rows it stored (a run that failed half-way)."""
        with Session(engine()) as s, s.begin():
            s.execute(delete(LabGame).where(LabGame.run_id == self.run_id))
            s.execute(delete(LabRun).where(LabRun.id == self.run_id))

    def finish(self, summary: dict[str, Any]) -> str:
        with Session(engine()) as s, s.begin():
            s.get(LabRun, self.run_id).summary = summary  # type: ignore[union-attr]
        return self.run_id


def iter_rows(run_id: str, batch: int = 500) -> Iterator[dict[str, Any]]:
    """A stored run's rows in (variant, index) order, read ``batch`` at a time."""
    with Session(engine()) as s:
        q = select(LabGame.row).where(LabGame.run_id == run_id).order_by(
            LabGame.variant, LabGame.index).execution_options(yield_per=batch)
        yield from s.scalars(q)


def list_runs(limit: int = 50) -> list[LabRun]:
    with Session(engine()) as s:
        return list(s.scalars(select(LabRun).order_by(LabRun.created.desc()).limit(limit)))


def find_run(run_id: str) -> LabRun:
    """A run by id or unique id prefix (``last`` is the newest)."""
    with Session(engine()) as s:
        if run_id == "last":
            got = s.scalars(select(LabRun).order_by(LabRun.created.desc()).limit(1)).all()
        else:
            got = s.scalars(select(LabRun).where(LabRun.id.startswith(run_id))).all()
    if len(got) != 1:
        raise KeyError(f"no run {run_id!r}" if not got else f"{run_id!r} is ambiguous")
    return got[0]


def load_rows(run_id: str) -> list[dict[str, Any]]:
    with Session(engine()) as s:
        q = select(LabGame.row).where(LabGame.run_id == run_id).order_by(
            LabGame.variant, LabGame.index)
        return list(s.scalars(q))
