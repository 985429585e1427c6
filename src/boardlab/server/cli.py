"""``boardlab serve``: run the web app with uvicorn."""

from __future__ import annotations

import os
from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port to listen on."),
        data_dir: Path | None = typer.Option(None, "--data-dir",
                                             help="Where the SQLite file lives."),
    ) -> None:
        """Serve the lobby and the tables at http://HOST:PORT/ (API docs at /docs)."""
        import uvicorn

        if data_dir is not None:
            os.environ["BOARDLAB_DATA_DIR"] = str(data_dir)
        from boardlab.server.app import create_app

        typer.echo(f"boardlab: http://{host}:{port}/  (API: /docs)")
        uvicorn.run(create_app(), host=host, port=port, log_level="warning")
