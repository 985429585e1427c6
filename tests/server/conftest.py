"""Fixtures: an app over a temporary database that knows the test game ``sealed``.

Every test that takes ``db_url`` runs twice: on a SQLite file and on PostgreSQL (a schema of
its own in the database at ``BOARDLAB_TEST_PG_URL``, which ``.ci/run`` starts). Without that
variable the PostgreSQL runs are skipped with a loud notice - unless ``CI`` is set, where
they fail.
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from boardlab.engine import registry
from boardlab.server import create_app
from support.sealed import GAME as SEALED

PG_URL = os.environ.get("BOARDLAB_TEST_PG_URL", "")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def lookup(game_id: str):
    """The test game plus every real game."""
    if game_id == "sealed":
        return SEALED
    return registry.get_game(game_id)


def ids() -> list[str]:
    return ["sealed", *registry.all_game_ids()]


_warned = False


def need_postgres() -> str:
    """The PostgreSQL URL, or skip loudly (fail under CI)."""
    global _warned
    if PG_URL:
        return PG_URL
    if in_ci():
        pytest.fail("CI is set but BOARDLAB_TEST_PG_URL is not: the PostgreSQL runs of the "
                    "server tests cannot be skipped in CI (.ci/run starts a cluster)")
    if not _warned:
        _warned = True
        print(f"\n{'!' * 78}\n!! POSTGRESQL SERVER TESTS SKIPPED: BOARDLAB_TEST_PG_URL is "
              f"unset (.ci/run sets it).\n{'!' * 78}", file=sys.stderr)
    pytest.skip("LOUD: BOARDLAB_TEST_PG_URL unset - PostgreSQL runs skipped")


def pg_schema_url(base: str) -> tuple[str, str]:
    """A fresh schema in the test cluster and a URL whose connections use only it."""
    schema = "t_" + uuid.uuid4().hex[:12]
    eng = sa.create_engine(base)
    with eng.begin() as conn:
        conn.execute(sa.text(f"create schema {schema}"))
    eng.dispose()
    url = sa.engine.make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False), schema


def drop_schema(base: str, schema: str) -> None:
    eng = sa.create_engine(base)
    with eng.begin() as conn:
        conn.execute(sa.text(f"drop schema if exists {schema} cascade"))
    eng.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite'}"
        return
    base = need_postgres()
    url, schema = pg_schema_url(base)
    yield url
    drop_schema(base, schema)


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'test.sqlite'}"


@pytest.fixture
def make_client(db_url):
    """Build a client (re-building gives a 'restarted' server over the same database)."""
    made: list[TestClient] = []

    def build(**kw) -> TestClient:
        client = TestClient(create_app(db_url, games=lookup, game_ids=ids, **kw))
        client.__enter__()
        made.append(client)
        return client

    yield build
    for c in made:
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client) -> Iterator[TestClient]:
    return make_client()
