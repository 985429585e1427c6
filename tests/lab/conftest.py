"""Lab tests use their own data dir, so runs land in a temp SQLite file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The test game is named ``tests.lab.dicegame:GAME``; worker processes (and Ray workers,
# which get our sys.path as PYTHONPATH) import it by that name from the repository root.
ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDLAB_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("BOARDLAB_DATABASE_URL", raising=False)
    return tmp_path
