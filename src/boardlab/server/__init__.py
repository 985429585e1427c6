"""boardlab's web app: lobby, tables, seats, bots, WebSocket pushes (``boardlab serve``).

``create_app`` is imported on first use: the lab's stored runs import
``boardlab.server.db`` and must not pull in FastAPI and the rest of the web stack with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlab.server.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from boardlab.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
