"""Helpers for the RL interface tests: every registered game, at every player count."""

from __future__ import annotations

import pytest

from boardlab.engine.registry import all_game_ids, get_game


def loaded_game(game_id: str):
    """The game, or a loud skip while its package is still being written (no ``GAME``)."""
    try:
        return get_game(game_id)
    except AttributeError as exc:  # a package that exists but exports no GAME yet
        pytest.skip(f"{game_id} is not playable yet: {exc}")


def game_counts() -> list[tuple[str, int]]:
    """(game id, players) for every registered game and player count. Counts come from the
    game class, read without building anything, so a game still being written is listed
    (and skipped loudly) rather than silently missing."""
    out = []
    for gid in all_game_ids():
        try:
            game = get_game(gid)
        except AttributeError:
            out.append((gid, 0))
            continue
        out += [(gid, n) for n in range(game.min_players, game.max_players + 1)]
    return out
