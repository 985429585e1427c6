"""Lab tests use their own data dir, so runs land in a temp SQLite file."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# The test game is named ``tests.lab.dicegame:GAME``; worker processes (and Ray workers,
# which get our sys.path as PYTHONPATH) import it by that name from the repository root.
ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDLAB_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("BOARDLAB_DATABASE_URL", raising=False)
    return tmp_path


@pytest.fixture(params=["sqlite", "postgresql"])
def lab_db(request, tmp_path, monkeypatch) -> Iterator[str]:
    """Point the lab at one database for the test (and forget engines of other tests): a
    SQLite file, then a fresh PostgreSQL schema (``support.pg``)."""
    from boardlab.lab import store
    from support.pg import drop_schema, need_postgres, pg_schema_url

    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'lab.sqlite'}"
        schema = base = None
    else:
        base = need_postgres()
        url, schema = pg_schema_url(base)
    monkeypatch.setenv("BOARDLAB_DATABASE_URL", url)
    yield url
    engine = store._engines.pop(url, None)
    if engine is not None:
        engine.dispose()
    if schema is not None:
        drop_schema(base, schema)
