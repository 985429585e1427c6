"""Fixtures: an app over a temporary database that knows the test game ``sealed``.

Every test that takes ``db_url`` runs twice: on a SQLite file and on PostgreSQL (a schema of
its own in the database at ``BOARDLAB_TEST_PG_URL``, which ``.ci/run`` starts). Without that
variable the PostgreSQL runs are skipped with a loud notice - unless ``CI`` is set, where
they fail.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from boardlab.engine import registry
from boardlab.server import create_app
from support.pg import drop_schema, need_postgres, pg_schema_url
from support.sealed import GAME as SEALED


def lookup(game_id: str):
    """The test game plus every real game."""
    if game_id == "sealed":
        return SEALED
    return registry.get_game(game_id)


def ids() -> list[str]:
    return ["sealed", *registry.all_game_ids()]


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
        # tests make many tables from one address at once: the per-client limits on new
        # and open tables are tested where asked for (tests/security)
        kw.setdefault("tables_per_minute", 1e6)
        kw.setdefault("max_open_per_client", 10**6)
        client = TestClient(create_app(db_url, games=lookup, game_ids=ids, **kw))
        client.__enter__()
        # Bots answer within the request that woke them, however slow a shared CI machine's
        # commits are: the tests read a table right after a choice and expect the bots'
        # answers in it. (Past the production budget of 0.25 s the rest would go to the
        # scheduler and land a moment later; test_slow_bots_are_split_across_loop_turns
        # covers that path by setting the budget to zero.)
        client.app.state.tables.bot_budget = 600.0
        made.append(client)
        return client

    yield build
    for c in made:
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client) -> Iterator[TestClient]:
    return make_client()


@pytest.fixture
def fast_client(make_client) -> Iterator[TestClient]:
    """``client`` without the per-client request rate limit (and so without the limit on a
    socket's messages a second, which follows it): for tests that play whole games from one
    address faster than a person could (the limits have tests of their own, with
    ``make_client(rate=...)``)."""
    return make_client(rate=1e6, burst=10**6)
