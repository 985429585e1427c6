"""The ``boardlab`` command."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(
    help="boardlab: play, simulate and check board games exactly by their rulebooks.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


@app.command()
def games() -> None:
    """List the games boardlab has."""
    from boardlab.engine.registry import all_game_ids, get_game

    table = Table("id", "title", "players")
    for gid in all_game_ids():
        g = get_game(gid)
        table.add_row(gid, f"{g.title['zh']} / {g.title['en']}", f"{g.min_players}-{g.max_players}")
    console.print(table)


@app.command()
def replay(
    path: Path = typer.Argument(..., help="A scenario file or a folder of them."),
    as_json: bool = typer.Option(False, "--json", help="Print each final result as JSON."),
) -> None:
    """Replay scripted scenarios and check every expectation; exit 1 on any failure."""
    from boardlab.engine.scenario import replay_path

    try:
        reports = replay_path(path)
    except Exception as exc:  # a missing path is reported, not a traceback
        console.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps([
            {"path": r.path, "title": r.title, "ok": r.ok, "checks": r.checks,
             "failures": [str(f) for f in r.failures], "result": r.result}
            for r in reports], ensure_ascii=False, indent=2))
    else:
        for r in reports:
            mark = "[green]PASS[/]" if r.ok else "[red]FAIL[/]"
            console.print(f"{mark} {r.path} — {r.title} ({r.checks} checks)")
            for f in r.failures:
                console.print(f"     [red]✗[/] {f}")
    failed = sum(not r.ok for r in reports)
    if not as_json:
        console.print(f"{len(reports) - failed} passed, {failed} failed")
    if failed or not reports:
        raise typer.Exit(1)


# Commands that live beside the code they drive register themselves here: each module
# below defines ``register(app)``. A module that does not exist yet is skipped.
COMMAND_MODULES = ("boardlab.play", "boardlab.lab.cli", "boardlab.server.cli")


def _register_commands() -> None:
    import importlib
    import importlib.util

    for name in COMMAND_MODULES:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(app)


_register_commands()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
