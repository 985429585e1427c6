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
                      burst=int(os.environ.get("SEALED_BURST", "200")))


if __name__ == "__main__":
    url, port = sys.argv[1], int(sys.argv[2])
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.environ["SEALED_DB_URL"] = url
    uvicorn.run("serve_sealed:factory", factory=True, app_dir=str(HERE), host="127.0.0.1",
                port=port, workers=workers, **uvicorn_options([]))
