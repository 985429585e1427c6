"""Where boardlab keeps its data: one database shared by the web app and the lab.

``BOARDLAB_DATA_DIR`` (default ``./data``) holds the SQLite file; ``BOARDLAB_DATABASE_URL``
overrides the database entirely (e.g. ``postgresql+psycopg://user:pw@host/db``).
``BOARDLAB_GC_THRESHOLDS`` (three whole numbers, e.g. ``10000,20,10``) replaces a serving
process's garbage-collector thresholds (``boardlab.server.app.SERVE_GC_THRESHOLDS``).
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


def gc_thresholds(default: tuple[int, int, int]) -> tuple[int, int, int]:
    """``BOARDLAB_GC_THRESHOLDS`` as three whole numbers (``gc.set_threshold``'s), else
    ``default``. Raises ``ValueError`` saying what is wrong with a malformed value."""
    raw = os.environ.get("BOARDLAB_GC_THRESHOLDS", "").strip()
    if not raw:
        return default
    parts = [p.strip() for p in raw.split(",")]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"BOARDLAB_GC_THRESHOLDS must be three whole numbers separated by "
                         f"commas (e.g. 10000,20,10), not {raw[:40]!r}")
    first, second, third = (int(p) for p in parts)
    if not 100 <= first <= 10_000_000 or not 1 <= second <= 100_000 or not 1 <= third <= 100_000:
        raise ValueError("BOARDLAB_GC_THRESHOLDS: the first number must be 100 to 10000000 "
                         "(new containers between young collections), the others 1 to 100000")
    return first, second, third
