"""A trained policy as a boardlab bot: ``module:callable`` taking an observation and a mask.

The callable is called as ``policy(observation, mask)`` with the seat's observation
vector and action mask exactly as the RL environments give them (``boardlab.rl``: the
game's declared encoding of the seat's view, float32; the mask over the declared action
space, int8) and returns the index of its choice (an index outside the mask is an error
that names the legal ones). The bot sees what every bot sees - its view and legal
actions - and nothing else.

Where policies come from: importing any ``module:callable`` a name spells would let
whoever names a bot import code, and the web app's tables take bot names from their
players. So a policy is a bot name only once the operator lists it in the environment
variable ``BOARDLAB_POLICIES`` (``module:callable`` specs, or ``name=module:callable``,
separated by commas): ``BOARDLAB_POLICIES=mypkg.agent:act boardlab simulate hotel --bots
mypkg.agent:act,taker,taker`` (worker processes inherit it), and a web app started with it
offers the same names as bot kinds. ``boardlab simulate`` lists the
``module:callable`` names of its own ``--bots`` itself (:func:`allow_from_command_line`):
there the person naming the code is the one running it, so no listing is needed.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import Any

from boardlab.engine.context import DecisionContext
from boardlab.engine.protocol import Action

ENV = "BOARDLAB_POLICIES"


def listed_policies() -> dict[str, str]:
    """Bot name -> ``module:callable`` for every policy the operator listed (see above)."""
    out: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in os.environ.get(ENV, "").split(","))):
        name, sep, spec = item.partition("=")
        name, spec = (name.strip(), spec.strip()) if sep else (item, item)
        module, colon, attr = spec.partition(":")
        if not colon or not module or not attr:
            raise ValueError(f"{ENV}: {item!r} is not module:callable or name=module:callable")
        out[name] = spec
    return out


def allow_from_command_line(names: list[str]) -> None:
    """List the ``module:callable`` names among a command line's ``--bots`` as policies (in
    this process's environment, so the lab's worker processes inherit them). Only for a
    local command: the web app never calls this, so a name a player sends stays unlisted."""
    specs = [n for n in names if ":" in n and n not in listed_policies()]
    if specs:
        have = os.environ.get(ENV, "")
        os.environ[ENV] = ",".join(filter(None, [have, *specs]))


def load_policy(spec: str) -> Callable[..., Any]:
    module, _, attr = spec.partition(":")
    try:
        target: Any = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise ValueError(f"policy {spec!r}: no module {module!r} ({exc})") from None
    for part in attr.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise ValueError(f"policy {spec!r}: {module!r} has no {attr!r}")
    if not callable(target):
        raise ValueError(f"policy {spec!r} is not callable")
    return target


class PolicyBot:
    """Plays ``policy(observation, mask) -> index`` (see the module docstring)."""

    def __init__(self, name: str, policy: Callable[..., Any]):
        self.name = name
        self.policy = policy
        self._codecs: dict[Any, Any] = {}

    def _codec(self, ctx: DecisionContext) -> Any:
        from boardlab.rl.encoding import codec_for  # NumPy: only when a policy plays

        state = getattr(ctx, "_state", None)
        config = getattr(state, "cfg", None) or ctx.game.make_config({})
        codec = self._codecs.get(config)
        if codec is None:
            codec = self._codecs[config] = codec_for(ctx.game, config)
        return codec

    def choose(self, ctx: DecisionContext) -> Action:
        codec = self._codec(ctx)
        legal = codec.legal_indices(ctx.legal)
        observation = codec.observe(ctx.view, ctx.seat, codec.config.players)
        index = self.policy(observation, codec.mask_of(legal))
        try:
            return legal[int(index)]
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"policy {self.name}: index {index!r} is not legal now; legal: "
                             f"{sorted(legal)}") from None


def policy_factories() -> dict[str, Callable[[], PolicyBot]]:
    """A factory per listed policy (the import happens when a bot is made)."""
    return {name: (lambda name=name, spec=spec: PolicyBot(name, load_policy(spec)))
            for name, spec in listed_policies().items()}
