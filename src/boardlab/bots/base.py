"""What a bot is: something that picks one legal action from a seat's view.

A bot never receives the game state. It gets its seat's view, the seat's legal actions, its
own seeded generator and - for search bots - ``sample_world``, which returns a
*determinized* state (everything the seat cannot see re-dealt at random by the game).

The view is built only when the bot reads ``ctx.view`` (a random bot never pays for it).
A bot may answer with an index into ``ctx.legal`` instead of an action by defining
``choose_index(ctx) -> int`` (OpenSpiel-style action ids): nothing is compared or
serialised then. ``choose`` stays the one method every bot has.
"""

from __future__ import annotations

from typing import Protocol

from boardlab.engine.context import DecisionContext, StateContext
from boardlab.engine.protocol import Action

__all__ = ["Bot", "DecisionContext", "RandomBot", "StateContext"]


class Bot(Protocol):
    name: str

    def choose(self, ctx: DecisionContext) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions (the same draw either way it is asked)."""

    name = "random"

    def choose(self, ctx: DecisionContext) -> Action:
        return ctx.rng.choice(ctx.legal)

    def choose_index(self, ctx: DecisionContext) -> int:
        # random.choice(seq) is seq[_randbelow(len(seq))]: the same stream as choose.
        return ctx.rng._randbelow(len(ctx.legal))
