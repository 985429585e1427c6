"""The ``boardlab`` command."""

from __future__ import annotations

import importlib
import importlib.util
import json
from pathlib import Path

import click
import typer
from rich.console import Console
from rich.table import Table
from typer.core import TyperGroup

# Commands that live beside the code they drive: each module defines ``register(app)``, and
# is imported only when one of its commands runs (or when the whole list is shown, as
# ``boardlab --help`` does), so ``replay`` or ``play`` never import the web app
# (``boardlab.server`` imports FastAPI) nor ``games`` the lab. The names here only route a
# command to its module; a command missing here is still found (every module is then
# loaded), and tests/test_cli.py checks the table against what the modules register. A
# module that does not exist (an install without it) is skipped.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "boardlab.play": ("play",),
    "boardlab.lab.cli": ("simulate", "runs", "show", "export", "report", "check", "balance",
                         "bots", "options", "arena"),
    "boardlab.server.cli": ("serve", "verify"),
}


class LazyCommands(TyperGroup):
    """The ``boardlab`` group: this file's commands at once, the others on first use."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._loaded: dict[str, list[str]] = {}

    def _load(self, module: str) -> list[str]:
        if module not in self._loaded:
            names: list[str] = []
            if importlib.util.find_spec(module) is not None:
                sub = typer.Typer(rich_markup_mode=app.rich_markup_mode)
                importlib.import_module(module).register(sub)
                for name, command in typer.main.get_group(sub).commands.items():
                    self.add_command(command, name)
                    names.append(name)
            self._loaded[module] = names
        return self._loaded[module]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            owner = [m for m, names in COMMAND_MODULES.items() if cmd_name in names]
            for module in owner or COMMAND_MODULES:
                self._load(module)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        own = [n for n in super().list_commands(ctx)
               if not any(n in names for names in self._loaded.values())]
        return own + [n for m in COMMAND_MODULES for n in self._load(m)]


app = typer.Typer(
    cls=LazyCommands,
    help=("boardlab：严格按规则书对局、模拟和检查桌游。命令说明只有英文；对局里的文字用"
          " --lang zh（默认）或 --lang en，网页在右上角切换中文 / EN。\n\n"
          "boardlab: play, simulate and check board games exactly by their rulebooks. The"
          " command help is in English only; what a game says follows --lang zh (the default)"
          " or --lang en, and the web app switches 中文 / EN at the top right."),
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


@app.command()
def games() -> None:
    """List the games boardlab has."""
    from boardlab.engine.registry import all_game_ids, get_game

    # a title is never cut mid-word: the zh and en titles on lines of their own, ids and
    # player counts never wrapped (the title column folds only if a line cannot fit at all)
    table = Table("id", "players", "title")
    table.columns[0].no_wrap = table.columns[1].no_wrap = True
    for gid in all_game_ids():
        g = get_game(gid)
        table.add_row(gid, f"{g.min_players}-{g.max_players}", f"{g.title['zh']}\n{g.title['en']}")
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


def main() -> None:
    app()


if __name__ == "__main__":
    main()
