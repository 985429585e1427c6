"""The attacks of issue 21 against the web app, on SQLite and PostgreSQL (the ``db_url``
fixture of tests/server: ``BOARDLAB_TEST_PG_URL``, which ``.ci/run`` sets). Each attack is
bounded in time and in count."""

from server.conftest import client, db_url, make_client, sqlite_url  # noqa: F401 (fixtures)
