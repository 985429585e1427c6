"""Every bot a game can be played with: the game-independent ones plus the game's own."""

from __future__ import annotations

from collections.abc import Callable

from boardlab.bots.base import Bot, RandomBot
from boardlab.bots.ismcts import ISMCTSBot
from boardlab.bots.search import MonteCarloBot
from boardlab.bots.strong import StrongBot
from boardlab.engine.protocol import Game


def determinizable(game) -> bool:
    """Whether the game offers ``determinize`` (needed by search bots)."""
    return type(game).determinize is not Game.determinize


def bot_factories(game) -> dict[str, Callable[[], Bot]]:
    """Bots by name for ``game``: ``random``, ``montecarlo``, ``ismcts`` and ``strong`` (if
    the game can be determinized) and the game's own (which may override these names)."""
    bots: dict[str, Callable[[], Bot]] = {"random": RandomBot}
    if determinizable(game):
        bots["montecarlo"] = MonteCarloBot
        bots["ismcts"] = ISMCTSBot
        bots["strong"] = StrongBot
    bots.update(game.bots())
    # trained policies the operator listed in BOARDLAB_POLICIES (bots/policy.py)
    from boardlab.bots.policy import policy_factories

    bots.update(policy_factories())
    return bots


def make_bot(game, name: str) -> Bot:
    factories = bot_factories(game)
    if name not in factories:
        raise ValueError(
            f"{game.id} has no bot {name!r}; choose from {', '.join(sorted(factories))}"
        )
    return factories[name]()
