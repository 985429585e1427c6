"""boardlab's web app: lobby, tables, seats, bots, WebSocket pushes (``boardlab serve``)."""

from boardlab.server.app import create_app

__all__ = ["create_app"]
