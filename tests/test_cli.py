"""The `boardlab` command: terminal play to the end, replay and its exit codes."""

from __future__ import annotations

import json

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
