"""Alembic environment: run with the connection handed over by :func:`boardlab.server.db.migrate`."""

from alembic import context

from boardlab.server.db import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
