"""Storage: three tables (tables, seats, choices) with SQLAlchemy Core; Alembic migrations.

A table is its config + seed + the accepted choices in order; the state is rebuilt by replay.
Each accepted choice is written in the same transaction that bumps the table's version, and
``(table_id, step)`` is the primary key, so a choice is stored once or not at all.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

metadata = sa.MetaData()

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("config", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("host_token", sa.String(64), nullable=False),
    sa.Column("name", sa.String(80), nullable=False, server_default=""),
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()),
)

seats = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("bot", sa.String(40), nullable=True),
    sa.Column("name", sa.String(40), nullable=False, server_default=""),
    sa.Column("token", sa.String(64), nullable=False),
    sa.Column("claimed", sa.Boolean, nullable=False, server_default=sa.false()),
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


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL and full sync so a kill -9 loses nothing."""
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record) -> None:  # pragma: no cover - trivial
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest revision (run at every start)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
