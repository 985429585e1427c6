"""Run the web app (with the test game ``sealed``) in a subprocess: ``serve_sealed.py URL PORT``."""

from __future__ import annotations

import sys
from pathlib import Path

import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from sealed import GAME  # noqa: E402

from boardlab.engine import registry  # noqa: E402
from boardlab.server import create_app  # noqa: E402


def lookup(game_id: str):
    return GAME if game_id == "sealed" else registry.get_game(game_id)


if __name__ == "__main__":
    url, port = sys.argv[1], int(sys.argv[2])
    app = create_app(url, games=lookup, game_ids=lambda: ["sealed", *registry.all_game_ids()])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
