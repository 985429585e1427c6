"""The `boardlab` command: terminal play to the end, replay and its exit codes."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardlab.cli import app
from boardlab.engine.registry import all_game_ids, get_game

runner = CliRunner()


@pytest.mark.parametrize("game_id", all_game_ids())
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_terminal_game_plays_to_the_final_scores(game_id, lang):
    # the human always takes the first choice on the menu; bots fill the other seats
    res = runner.invoke(
        app, ["play", game_id, "--seed", "7", "--lang", lang, "--seat", "1"],
        input="1\n" * 5000,
    )
    assert res.exit_code == 0, res.output[-2000:]
    assert ("P2（你）" if lang == "zh" else "P2 (you)") in res.output  # --seat 1: people count from 1
    # a winner is crowned; a cooperative game may end with the whole team losing
    assert "🏆" in res.output or (getattr(get_game(game_id), "cooperative", False)
                                  and ("无人获胜" if lang == "zh" else "nobody wins") in res.output)


def test_play_refuses_unknown_bot_and_game():
    res = runner.invoke(app, ["play", "toys", "--bots", "nobody"])
    assert res.exit_code != 0 and "no bot 'nobody'" in res.output
    res = runner.invoke(app, ["play", "chess"])
    assert res.exit_code != 0


def test_replay_reports_failures_and_exit_code(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(json.dumps({
        "game": "toys", "config": {"players": 4},
        "steps": [{"expect": {"exposure": 0, "night": 1}}],
    }))
    res = runner.invoke(app, ["replay", str(good)])
    assert res.exit_code == 0, res.output
    assert "1 passed, 0 failed" in res.output
    bad = tmp_path / "bad.yaml"
    bad.write_text(json.dumps({
        "game": "toys", "config": {"players": 4},
        "steps": [{"expect": {"exposure": 3}}],
    }))
    res = runner.invoke(app, ["replay", str(tmp_path)])
    assert res.exit_code == 1
    assert "step 0: exposure expected 3, got 0" in res.output
    res = runner.invoke(app, ["replay", str(tmp_path / "missing")])
    assert res.exit_code == 2
    res = runner.invoke(app, ["replay", "--json", str(good)])
    assert json.loads(res.output)[0]["ok"] is True


# Each command imports only what it needs (issue 9): the web stack only for `serve` and
# `verify`, plotting only for `report`, the store and the statistics only for the lab
# commands that run. Checked in fresh interpreters: one for the light commands in turn
# (each checked right after it ran), one per heavier command.
WEB = ("fastapi", "starlette", "uvicorn")
PLOTS = ("matplotlib",)
LAB = ("sqlalchemy", "alembic", "numpy", "scipy", "pandas", "statsmodels", "ray")

IMPORTS = textwrap.dedent('''
    import json, sys
    from typer.testing import CliRunner
    from boardlab.cli import app

    commands, forbidden = json.loads(sys.argv[1]), json.loads(sys.argv[2])
    for args in commands:
        out = CliRunner().invoke(app, args, input="1\\n" * 3000)
        loaded = sorted(f for f in forbidden
                        if any(m == f or m.startswith(f + ".") for m in sys.modules))
        print(json.dumps({"args": args, "exit": out.exit_code, "loaded": loaded,
                          "output": out.output[-500:]}))
''')


def imports_of(commands: list[list[str]], forbidden: tuple[str, ...], tmp_path) -> list[dict]:
    import os
    import subprocess
    import sys

    env = {**os.environ, "BOARDLAB_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", IMPORTS, json.dumps(commands),
                          json.dumps(forbidden)], capture_output=True, text=True,
                         timeout=300, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_light_commands_import_neither_the_web_stack_nor_the_lab(tmp_path):
    scenario = sorted((Path(__file__).parent.parent / "scenarios" / "toys").glob("*.yaml"))[0]
    helps = [[name, "--help"] for name in (
        "replay", "play", "bots", "options", "simulate", "runs", "show", "export", "report",
        "check", "balance", "arena")]
    # a command's help needs neither the engine nor the games
    for got in imports_of(helps, WEB + PLOTS + LAB + ("boardlab.engine", "boardlab.games"),
                          tmp_path):
        assert got["exit"] == 0, got
        assert got["loaded"] == [], got
    runs = [["games"], ["replay", str(scenario)], ["play", "toys", "--seed", "3"],
            ["bots", "toys"], ["options", "toys"], ["games", "--help"]]
    for got in imports_of(runs, WEB + PLOTS + LAB, tmp_path):
        assert got["exit"] == 0, got
        assert got["loaded"] == [], got


def test_simulate_and_check_import_neither_the_web_stack_nor_plotting(tmp_path):
    commands = [["simulate", "toys", "--games", "4", "--workers", "1", "--no-store"],
                ["check", "tests.lab.dicegame:GAME", "--games", "10", "--walks", "3",
                 "--workers", "1", "--json"]]
    for got in imports_of(commands, WEB + PLOTS + ("ray",), tmp_path):
        assert got["exit"] == 0, got
        assert got["loaded"] == [], got


def test_a_stored_simulation_does_not_import_the_web_stack(tmp_path):
    got, = imports_of([["simulate", "toys", "--games", "4", "--workers", "1"]],
                      WEB + PLOTS, tmp_path)
    assert got["exit"] == 0, got
    assert got["loaded"] == [], got


def test_the_web_commands_and_the_full_list_do_not_import_plotting(tmp_path):
    # `boardlab --help` lists every command with its help, so it loads every command
    # module (the server's too); it still draws no plot
    got = imports_of([["serve", "--help"], ["verify", "--help"], ["--help"]], PLOTS + LAB[2:],
                     tmp_path)
    assert [g["exit"] for g in got] == [0, 0, 0] and got[-1]["loaded"] == [], got


def test_the_command_table_names_what_each_module_registers():
    import importlib

    import typer

    from boardlab.cli import COMMAND_MODULES

    for module, names in COMMAND_MODULES.items():
        sub = typer.Typer()
        importlib.import_module(module).register(sub)
        assert tuple(typer.main.get_group(sub).commands) == names, module
    res = runner.invoke(app, ["--help"])
    assert res.exit_code == 0
    for names in COMMAND_MODULES.values():
        for name in names:
            assert name in res.output
