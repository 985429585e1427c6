"""Run the web app (with the test game ``sealed``) in a subprocess:
``serve_sealed.py URL PORT [WORKERS]`` - with the options ``boardlab serve`` uses."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import uvicorn

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "support"))

from sealed import GAME  # noqa: E402

from boardlab.engine import registry  # noqa: E402
from boardlab.server import create_app  # noqa: E402
from boardlab.server.cli import uvicorn_options  # noqa: E402


def lookup(game_id: str):
    return GAME if game_id == "sealed" else registry.get_game(game_id)


def factory():
    """One app per worker process (the URL comes through the environment)."""
    return create_app(os.environ["SEALED_DB_URL"], games=lookup,
                      game_ids=lambda: ["sealed", *registry.all_game_ids()],
                      timer_interval=float(os.environ.get("SEALED_TIMER", "1.0")),
                      rate=float(os.environ.get("SEALED_RATE", "30")),
                      burst=int(os.environ.get("SEALED_BURST", "200")),
                      # the per-client limits are off unless a test sets them (load tests
                      # drive many tables and sockets from loopback)
                      tables_per_minute=float(os.environ.get("SEALED_TABLES_PER_MINUTE", "1e9")),
                      max_open_per_client=int(os.environ.get("SEALED_OPEN_PER_CLIENT", "1000000")),
                      ws_per_address=int(os.environ.get("SEALED_WS_PER_ADDRESS", "1000000")),
                      ws_per_table=int(os.environ.get("SEALED_WS_PER_TABLE", "1000000")))


if __name__ == "__main__":
    url, port = sys.argv[1], int(sys.argv[2])
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.environ["SEALED_DB_URL"] = url
    os.environ.setdefault("BOARDLAB_CONNECTIONS_PER_ADDRESS", "1000000")  # (as above)
    uvicorn.run("serve_sealed:factory", factory=True, app_dir=str(HERE), host="127.0.0.1",
                port=port, workers=workers, **uvicorn_options([]))
