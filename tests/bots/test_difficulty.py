"""Difficulty levels: easy / normal / hard map to random / the book's style / strong, and
``boardlab play --level`` seats them, named in the player's language."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from boardlab.bots.difficulty import LEVELS, bot_for_level, level_word
from boardlab.bots.registry import bot_factories
from boardlab.cli import app
from boardlab.engine.registry import all_game_ids, get_game

runner = CliRunner()


@pytest.mark.parametrize("game_id", all_game_ids())
def test_every_level_names_a_bot_the_game_has(game_id):
    game = get_game(game_id)
    players = game.make_config({}).players
    for seat in range(players):
        names = [bot_for_level(game, level, players, seat) for level in LEVELS]
        assert all(n in bot_factories(game) for n in names)
        assert names[0] == "random"
        assert names[1] == game.default_bots(players)[seat]
        if not getattr(game, "cooperative", False):
            assert names[2] == "strong"
    with pytest.raises(ValueError, match="difficulty"):
        bot_for_level(game, "impossible", players, 0)


@pytest.mark.parametrize(("lang", "words"), [("zh", ["简单", "困难", "随机", "强手"]),
                                             ("en", ["easy", "hard", "random", "strong"])])
def test_play_seats_the_levels_in_the_players_language(lang, words):
    res = runner.invoke(app, ["play", "geometry", "--players", "3", "--seed", "4", "--lang",
                              lang, "--level", "easy,hard"], input="1\n" * 200)
    assert res.exit_code == 0, res.output[-1500:]
    head = res.output.split("\n")[:4]
    text = "\n".join(head)
    for w in words:
        assert w in text, (w, head)
    if lang == "zh":  # no English word in the seat lines (seats P1.. are fine)
        assert not [w for w in re.findall(r"[A-Za-z]{2,}", text)]
    assert level_word("normal", lang) == ("普通" if lang == "zh" else "normal")


def test_bad_level_or_both_options_is_a_clear_error():
    res = runner.invoke(app, ["play", "geometry", "--level", "expert"], input="")
    assert res.exit_code == 2 and "easy, normal, hard" in res.output
    both = runner.invoke(app, ["play", "geometry", "--level", "easy", "--bots", "bold"])
    assert both.exit_code == 2 and "not both" in both.output
    assert "Traceback" not in res.output + both.output


def test_the_server_lists_the_mapping_and_accepts_its_bots(tmp_path):
    """``/api/games/<id>`` carries difficulty -> bot per seat (the lobby sends it as the
    seat's bot), and a table created with the hard bots opens."""
    from fastapi.testclient import TestClient

    from boardlab.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}")) as client:
        info = client.get("/api/games/cat").json()["difficulty"]
        assert info["levels"] == list(LEVELS)
        assert info["words"]["hard"] == {"zh": "困难", "en": "hard"}
        hard = info["bots"]["hard"]["4"]
        assert hard == ["strong"] * 4
        assert info["bots"]["normal"]["4"] == get_game("cat").default_bots(4)
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": b} for b in hard[1:]]
        res = client.post("/api/tables", json={"game": "cat", "players": 4, "seats": seats})
        assert res.status_code == 201, res.text
