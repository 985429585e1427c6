"""PostgreSQL for the tests: a fresh schema per test in the cluster at ``BOARDLAB_TEST_PG_URL``
(``.ci/run`` starts one). Without it the PostgreSQL runs are skipped with a loud notice,
unless ``CI`` is set, where they fail: CI must never pass by skipping them."""

from __future__ import annotations

import os
import sys
import uuid

import pytest
import sqlalchemy as sa

PG_URL = os.environ.get("BOARDLAB_TEST_PG_URL", "")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


_warned = False


def need_postgres() -> str:
    """The PostgreSQL URL, or skip loudly (fail under CI)."""
    global _warned
    if PG_URL:
        return PG_URL
    if in_ci():
        pytest.fail("CI is set but BOARDLAB_TEST_PG_URL is not: the PostgreSQL runs of the "
                    "server and lab tests cannot be skipped in CI (.ci/run starts a cluster)")
    if not _warned:
        _warned = True
        print(f"\n{'!' * 78}\n!! POSTGRESQL TEST RUNS SKIPPED: BOARDLAB_TEST_PG_URL is "
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


