"""``boardlab serve`` (the web app with uvicorn) and ``boardlab verify`` (a published record)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer


def uvicorn_options(trusted_proxies: list[str]) -> dict:
    """uvicorn must not rewrite the client address from ``X-Forwarded-For`` itself (it trusts
    loopback by default): the app's rate limit decides, trusting only configured proxies."""
    # timeout_worker_healthcheck: a worker starting on a busy machine (importing every game,
    # replaying open tables) must not be taken for dead and restarted in a loop
    return {"proxy_headers": False, "forwarded_allow_ips": ",".join(trusted_proxies) or None,
            "log_level": "warning", "ws_max_size": 65_536, "timeout_worker_healthcheck": 120}


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port to listen on."),
        data_dir: Path | None = typer.Option(None, "--data-dir",
                                             help="Where the SQLite file lives."),
        workers: int = typer.Option(1, "--workers", min=1, max=64, help=(
            "Worker processes. More than one needs PostgreSQL (BOARDLAB_DATABASE_URL); "
            "SQLite means one worker.")),
        trusted_proxy: list[str] = typer.Option([], "--trusted-proxy", help=(
            "Address or network of a reverse proxy whose X-Forwarded-For is believed "
            "(repeatable). Default: none, the peer address counts.")),
    ) -> None:
        """Serve the lobby and the tables at http://HOST:PORT/ (API schema at /openapi.json)."""
        import uvicorn

        if data_dir is not None:
            os.environ["BOARDLAB_DATA_DIR"] = str(data_dir)
        from boardlab.server.db import is_sqlite
        from boardlab.settings import database_url, gc_thresholds

        try:
            gc_thresholds((0, 0, 0))  # a malformed value is refused here, not in a worker
        except ValueError as exc:
            typer.echo(f"boardlab: {exc}", err=True)
            raise typer.Exit(2) from None

        if workers > 1 and is_sqlite(database_url()):
            typer.echo("boardlab: SQLite means one worker (a SQLite file cannot be shared "
                       "safely by several server processes). Set BOARDLAB_DATABASE_URL to a "
                       "PostgreSQL database for --workers > 1.", err=True)
            raise typer.Exit(2)
        if trusted_proxy:
            os.environ["BOARDLAB_TRUSTED_PROXIES"] = ",".join(trusted_proxy)
        typer.echo(f"boardlab: http://{host}:{port}/  (API schema: /openapi.json, "
                   f"{workers} worker{'s' if workers > 1 else ''})")
        uvicorn.run("boardlab.server.app:app_from_env", factory=True, host=host, port=port,
                    workers=workers, **uvicorn_options(trusted_proxy))

    @app.command()
    def verify(
        record: Path = typer.Argument(..., help="A record downloaded from "
                                      "/api/tables/ID/record (JSON)."),
        commitment: str | None = typer.Option(None, "--commitment", help=(
            "The commitment (64 hex digits) the table published at its start, as you saw "
            "it: the record must carry this one.")),
    ) -> None:
        """Check a finished table's record: the seed matches the commitment published at the
        start (and the one given), every choice is legal on replay, and the result is the
        replayed one. Says when a result is missing and when a record is practice."""
        from boardlab.engine.registry import get_game
        from boardlab.server.fair import verify_record

        if commitment is not None and (len(commitment.strip()) != 64 or any(
                ch not in "0123456789abcdefABCDEF" for ch in commitment.strip())):
            typer.echo("error: --commitment is 64 hex digits (a SHA-256)", err=True)
            raise typer.Exit(2)
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            typer.echo(f"error: cannot read {record}: {exc}", err=True)
            raise typer.Exit(2) from None
        if not isinstance(data, dict):
            typer.echo("error: a record is a JSON object", err=True)
            raise typer.Exit(2)
        verdict = verify_record(data, get_game, commitment)
        for note in verdict.notes:
            typer.echo(f"note: {note}")
        if verdict.ok:
            what = (f"seed matches commitment {data['commitment'][:16]}…"
                    + ("" if commitment is None else " (the one given)"))
            typer.echo(f"OK: {data['game']} record replays ({len(data['actions'])} choices; "
                       f"{what})")
            return
        for p in verdict.problems:
            typer.echo(f"FAIL: {p}", err=True)
        raise typer.Exit(1)
