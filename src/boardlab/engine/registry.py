"""Which games boardlab has. Each lives in ``boardlab.games.<id>`` and exports ``GAME``."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from boardlab.engine.errors import ConfigError

GAME_IDS: tuple[str, ...] = ("toys", "cat", "geometry", "hotel", "burgle")


def available(game_id: str) -> bool:
    """Whether the game's package exists. (An import error inside it is not hidden: it is
    raised when the game is loaded.)"""
    return importlib.util.find_spec(f"boardlab.games.{game_id}") is not None


def all_game_ids() -> list[str]:
    """The ids of the games that are implemented, in the project's order."""
    return [g for g in GAME_IDS if available(g)]


@cache
def get_game(game_id: str):  # -> Game
    if game_id not in GAME_IDS or not available(game_id):
        raise ConfigError(
            f"unknown game {game_id!r}; boardlab has: {', '.join(all_game_ids()) or 'none'}"
        )
    module = importlib.import_module(f"boardlab.games.{game_id}")
    return module.GAME
