"""The attacks of issue 21 against the web app, on SQLite and PostgreSQL (the ``db_url``
fixture of tests/server: ``BOARDLAB_TEST_PG_URL``, which ``.ci/run`` sets). Each attack is
bounded in count (fixed numbers of requests, tables, connections) and in time: every test
here fails after ``BUDGET`` seconds whatever it waits for."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest

from server.conftest import client, db_url, make_client, sqlite_url  # noqa: F401 (fixtures)

BUDGET = 180  # seconds per test (a loaded CI machine starts a server in ~10 s)


@pytest.fixture(autouse=True)
def _time_budget() -> Iterator[None]:
    if not hasattr(signal, "SIGALRM"):  # (Windows: the tests' own deadlines only)
        yield
        return

    def over(_sig, _frame):
        raise TimeoutError(f"a security test ran past its budget of {BUDGET} s")

    before = signal.signal(signal.SIGALRM, over)
    signal.alarm(BUDGET)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
