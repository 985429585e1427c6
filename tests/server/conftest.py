"""Fixtures: an app over a temporary SQLite file that knows the test game ``sealed``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from boardlab.engine import registry
from boardlab.server import create_app
from support.sealed import GAME as SEALED


def lookup(game_id: str):
    """The test game plus every real game."""
    if game_id == "sealed":
        return SEALED
    return registry.get_game(game_id)


def ids() -> list[str]:
    return ["sealed", *registry.all_game_ids()]


@pytest.fixture
def db_url(tmp_path) -> str:
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
