"""Changes across workers: PostgreSQL ``LISTEN``/``NOTIFY``.

Every committed change sends ``NOTIFY boardlab_tables, '<worker>:<table>'`` (in the same
transaction, so it is delivered exactly when the change is visible). Each worker listens on a
connection of its own in a daemon thread and has its hub push the table to its sockets.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from sqlalchemy.engine import Engine

from boardlab.server.tables import NOTIFY_CHANNEL

log = logging.getLogger("boardlab.server")


class Listener:
    def __init__(self, engine: Engine, worker: str, changed: Callable[[str], None]) -> None:
        self.engine, self.worker, self.changed = engine, worker, changed
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="pg-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while not self.stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self.stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            worker, _, table_id = note.payload.partition(":")
                            if worker != self.worker:
                                self.changed(table_id)
            except Exception:  # the database went away: reconnect in a moment
                if not self.stop.is_set():
                    log.warning("LISTEN connection lost; reconnecting", exc_info=True)
                    time.sleep(1.0)
