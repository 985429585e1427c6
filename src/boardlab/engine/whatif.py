"""Changed rules for "what if" (``boardlab check GAME --set key=value``), as seen by registers.

A register's :class:`~boardlab.engine.claims.Formula` computes ours from the game's config; to
be re-judged under changed rules it builds that config with :func:`config`, which applies the
options being changed (set by the lab with :func:`rules_changed`) under whatever the claim
fixes itself. With nothing changed, :func:`config` is the plain constructor, so the book's
rules are what every formula reads by default.

Simulated, searched and paired claims need nothing here: the lab re-runs them with the changed
options merged into their own (lab/whatif.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any, TypeVar

_CHANGED: ContextVar[Mapping[str, Any]] = ContextVar("boardlab_changed_rules",
                                                     default=MappingProxyType({}))
C = TypeVar("C")


def changed_rules() -> Mapping[str, Any]:
    """The options being changed now (empty: the book's rules)."""
    return _CHANGED.get()


@contextmanager
def rules_changed(options: Mapping[str, Any]) -> Iterator[None]:
    """Within the block, :func:`config` applies ``options``."""
    token = _CHANGED.set(MappingProxyType(dict(options)))
    try:
        yield
    finally:
        _CHANGED.reset(token)


def config(cls: type[C], **fixed: Any) -> C:
    """``cls(**fixed)`` with the changed options the class has, under ``fixed`` (what a claim
    fixes itself - "with 4 players", "in variant 9.2" - stays as the claim says)."""
    fields = getattr(cls, "model_fields", {})
    changed = {k: v for k, v in changed_rules().items() if k in fields and k not in fixed}
    return cls(**changed, **fixed)
