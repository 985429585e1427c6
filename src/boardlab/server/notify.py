"""Changes across workers: PostgreSQL ``LISTEN``/``NOTIFY``.

Every committed change sends ``NOTIFY boardlab_tables, '<worker>:<table>'`` (in the same
transaction, so it is delivered exactly when the change is visible). Each worker listens on a
connection of its own in a daemon thread and has its hub push the tables to its sockets.

The thread reads the notices straight off the connection's libpq handle: it waits for the
socket, then takes every notice that arrived (psycopg's ``notifies()`` made a ``Notify``
and a wait of its generators per notice - under the web load every worker is told of every
change, its own too). A worker's own notices are skipped, a table told of twice in one
read is told once, and the tables of one read go to ``changed`` together.
"""

from __future__ import annotations

import logging
import select
import threading
import time
from collections.abc import Callable

from sqlalchemy.engine import Engine

from boardlab.server.tables import NOTIFY_CHANNEL

log = logging.getLogger("boardlab.server")


class Listener:
    """``changed(table_ids)`` is called from the listener's thread with the distinct tables
    other workers changed, as their notices arrive (in the order they first came)."""

    WAIT = 0.5  # seconds between looks at ``stop`` while no notice comes

    def __init__(self, engine: Engine, worker: str,
                 changed: Callable[[list[str]], None]) -> None:
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
                    # (notices psycopg took in while it ran the LISTEN: its backlog)
                    early = [n.payload for n in conn.notifies(timeout=0)]
                    self._tell(early)
                    self._listen(conn.pgconn, psycopg.pq.ConnStatus.BAD)
            except Exception:  # the database went away: reconnect in a moment
                if not self.stop.is_set():
                    log.warning("LISTEN connection lost; reconnecting", exc_info=True)
                    time.sleep(1.0)

    def _listen(self, pg: object, bad: object) -> None:
        """Until ``stop``: wait for the socket, read what came, tell of its tables."""
        poller = select.poll() if hasattr(select, "poll") else None
        if poller is not None:
            poller.register(pg.socket, select.POLLIN)  # type: ignore[attr-defined]
        while not self.stop.is_set():
            if poller is not None:
                ready = bool(poller.poll(self.WAIT * 1000))
            else:
                ready = bool(select.select([pg.socket], [], [], self.WAIT)[0])  # type: ignore[attr-defined]
            if not ready:
                continue
            pg.consume_input()  # type: ignore[attr-defined]  (raises once the server is gone)
            if pg.status == bad:  # type: ignore[attr-defined]
                raise ConnectionError("the LISTEN connection was closed")
            payloads = []
            while (note := pg.notifies()) is not None:  # type: ignore[attr-defined]
                payloads.append(note.extra.decode())
            self._tell(payloads)

    def _tell(self, payloads: list[str]) -> None:
        """``changed`` with the distinct tables of ``payloads`` that other workers sent."""
        mine = self.worker + ":"
        tables = dict.fromkeys(p.partition(":")[2] for p in payloads if not p.startswith(mine))
        if tables:
            self.changed(list(tables))
