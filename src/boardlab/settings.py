"""Where boardlab keeps its data: one database shared by the web app and the lab.

``BOARDLAB_DATA_DIR`` (default ``./data``) holds the SQLite file; ``BOARDLAB_DATABASE_URL``
overrides the database entirely (e.g. ``postgresql+psycopg://user:pw@host/db``).
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    path = Path(os.environ.get("BOARDLAB_DATA_DIR", "data"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def database_url() -> str:
    url = os.environ.get("BOARDLAB_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{(data_dir() / 'boardlab.sqlite').resolve()}"
