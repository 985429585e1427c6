"""Difficulty levels for a bot seat: easy / normal / hard -> the bot that plays it.

* ``easy``: ``random`` (uniform among the legal choices);
* ``normal``: the rulebook's style for that seat (``game.default_bots(players)``);
* ``hard``: ``strong`` (:mod:`boardlab.bots.strong`: a fixed number of playouts a move per
  game, ``STRONG_SEARCH.budget`` in ``games/<id>/bots.py``, about 100 ms of CPU a move or
  less (``benchmarks/README.md``, leaderboard) and never much past its 0.3 s CPU guard - well
  inside the web server's per-move bot limit) where the game can be searched; a game without
  ``determinize`` or without competitive seats keeps its own best bot for the seat
  (``HARD_BOT`` in ``games/<id>/bots.py`` if named, else the rulebook's style).

The terminal (``boardlab play --level``) and the web server use this one mapping.
"""

from __future__ import annotations

import importlib

LEVELS = ("easy", "normal", "hard")

LEVEL_WORDS = {"easy": ("简单", "easy"), "normal": ("普通", "normal"), "hard": ("困难", "hard")}

# Names of the game-independent bots as players read them (a game's own bots carry their
# names in the game's labels).
BOT_WORDS = {"random": ("随机", "random"), "montecarlo": ("蒙特卡洛", "Monte Carlo"),
             "ismcts": ("信息集树搜索", "IS-MCTS"), "strong": ("强手", "strong")}


def level_word(level: str, lang: str) -> str:
    zh, en = LEVEL_WORDS[level]
    return zh if lang == "zh" else en


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown difficulty {level!r}; choose from {', '.join(LEVELS)}")
    return level


def bot_for_level(game, level: str, players: int, seat: int) -> str:
    """The bot name that plays ``seat`` of a ``players``-seat table at ``level``."""
    from boardlab.bots.registry import bot_factories, determinizable

    check_level(level)
    if level == "easy":
        return "random"
    style = game.default_bots(players)[seat]
    if level == "normal":
        return style
    hard = _game_hard_bot(game)
    if hard and hard in bot_factories(game):
        return hard
    if determinizable(game) and not getattr(game, "cooperative", False):
        return "strong"
    return style


def _game_hard_bot(game) -> str | None:
    try:
        module = importlib.import_module(f"{type(game).__module__}.bots")
    except ImportError:
        return None
    return getattr(module, "HARD_BOT", None)
