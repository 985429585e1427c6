"""``boardlab serve`` (the web app with uvicorn) and ``boardlab verify`` (a published record)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer


def open_files_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit (at most 65,536):
    every connection and socket is one; returns the soft limit now (1,024 if unknown)."""
    try:
        import resource
    except ImportError:  # (Windows)
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 65_536 if hard == resource.RLIM_INFINITY else min(hard, 65_536)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return 65_536 if soft == resource.RLIM_INFINITY else int(soft)


def uvicorn_options(trusted_proxies: list[str], limit_concurrency: int | None = None) -> dict:
    """uvicorn must not rewrite the client address from ``X-Forwarded-For`` itself (it trusts
    loopback by default): the app's rate limit decides, trusting only configured proxies.

    Limits (README, "Limits / deploying in public"): ``serving.GuardedHttp`` (a deadline for
    a request's headers, connections per address), idle keep-alive connections closed after
    5 s, at most ``limit_concurrency`` connections and tasks at once (uvicorn answers 503
    past it; default: the open-files limit less a reserve for the database and the files
    the app opens, at most 4,096), headers of 16 kB at most (h11), WebSocket messages of
    64 kB at most."""
    # timeout_worker_healthcheck: a worker starting on a busy machine (importing every game,
    # replaying open tables) must not be taken for dead and restarted in a loop
    if limit_concurrency is None:
        limit_concurrency = max(64, min(4_096, open_files_limit() - 256))
    try:
        import httptools  # noqa: F401  (GuardedHttp is built on uvicorn's httptools protocol)

        http = "boardlab.server.serving:GuardedHttp"
    except ImportError:  # h11 only: uvicorn's own limits (no header deadline)
        http = "auto"
    return {"proxy_headers": False, "forwarded_allow_ips": ",".join(trusted_proxies) or None,
            "log_level": "warning", "ws_max_size": 65_536, "timeout_worker_healthcheck": 120,
            "http": http, "timeout_keep_alive": 5, "limit_concurrency": limit_concurrency,
            "h11_max_incomplete_event_size": 16_384, "timeout_graceful_shutdown": 10}


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
        header_seconds: float = typer.Option(10.0, "--header-seconds", min=0.5, help=(
            "A request's headers must arrive within this many seconds of its first byte.")),
        connections_per_address: int = typer.Option(64, "--connections-per-address", min=1,
                                                    help=("HTTP connections one address may "
                                                          "hold open (trusted proxies: no "
                                                          "cap).")),
        limit_concurrency: int | None = typer.Option(None, "--limit-concurrency", min=8, help=(
            "Connections and tasks per worker at once; past it uvicorn answers 503. "
            "Default: from the open-files limit, at most 4096.")),
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
        # read by serving.GuardedHttp in every worker
        os.environ["BOARDLAB_HEADER_SECONDS"] = str(header_seconds)
        os.environ["BOARDLAB_CONNECTIONS_PER_ADDRESS"] = str(connections_per_address)
        typer.echo(f"boardlab: http://{host}:{port}/  (API schema: /openapi.json, "
                   f"{workers} worker{'s' if workers > 1 else ''})")
        uvicorn.run("boardlab.server.app:app_from_env", factory=True, host=host, port=port,
                    workers=workers, **uvicorn_options(trusted_proxy, limit_concurrency))

    @app.command()
    def verify(
        record: Path = typer.Argument(..., help="A record downloaded from "
                                      "/api/tables/ID/record (JSON)."),
        commitment: str | None = typer.Option(None, "--commitment", help=(
            "The commitment (64 hex digits) the table published at its start, as you saw "
            "it: the record must carry this one.")),
        replay: bool = typer.Option(False, "--replay", help="Then tell the game step by step: "
                                    "each choice, the log spectators saw, every seat's own "
                                    "board at the end."),
        lang: str = typer.Option("zh", help="zh or en (for --replay)."),
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
            if replay:
                from boardlab.server.replay_text import replay_lines

                for line in replay_lines(data, get_game(data["game"]), lang):
                    typer.echo(line)
            return
        for p in verdict.problems:
            typer.echo(f"FAIL: {p}", err=True)
        raise typer.Exit(1)
