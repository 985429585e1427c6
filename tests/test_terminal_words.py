"""The terminal's own words and layout (issue 24): a zh session's prompt complaints are in
zh, cat's board rows line up in terminal columns (Chinese characters take two), a card
played face down leaves the hand and is named (never a code or a dict), hotel's execution
choices show their 🔥 fire as the web board does, ``boardlab games`` never cuts a title
mid-word, and ``boardlab --help`` says in both languages which language it speaks."""

from __future__ import annotations

import random
import re
import unicodedata

from typer.testing import CliRunner

from boardlab.cli import app
from boardlab.engine.registry import all_game_ids, get_game
from boardlab.games.cat.render import render_terminal as cat_board
from boardlab.games.hotel.render import choice_note

runner = CliRunner()


def columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def starts(line: str) -> list[int]:
    """The terminal column where each space-separated field of ``line`` starts."""
    out, col, prev = [], 0, " "
    for ch in line:
        if ch != " " and prev == " ":
            out.append(col)
        col += columns(ch)
        prev = ch
    return out


def test_a_zh_session_complains_in_zh():
    res = runner.invoke(app, ["play", "geometry", "--seed", "3", "--lang", "zh"],
                        input="abc\n999\n" + "1\n" * 300)
    assert res.exit_code == 0, res.output[-800:]
    assert "请输入菜单里的一个数字" in res.output
    assert "Please" not in res.output and "valid integer" not in res.output
    en = runner.invoke(app, ["play", "geometry", "--seed", "3", "--lang", "en"],
                       input="abc\n" + "1\n" * 300)
    assert "Please enter a number from the menu" in en.output
    assert not re.search(r"[\u3400-\u9fff]", en.output)


def _cat_state(players: int, steps: int, seed: int):
    game = get_game("cat")
    state = game.new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.to_move(state)[0]
        game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
    return game, state


def test_cat_rows_line_up_in_both_languages():
    game, state = _cat_state(5, 40, 2)
    for lang in ("zh", "en"):
        lines = cat_board(game.view(state, 0), lang).splitlines()
        head = starts(lines[1])
        rows = [ln for ln in lines[2:] if ln.split()[0] in ("客厅", "厨房", "浴室", "乐趣", "living",
                                                          "kitchen", "bath", "fun")]
        assert len(rows) == 4, lines
        for row in rows:  # every figure under its column's heading
            assert starts(row)[1:] == head[:len(starts(row)) - 1], (lang, lines[1], row)


def test_cat_card_played_face_down_leaves_the_hand_and_is_named():
    game = get_game("cat")
    for seed in range(1, 30):
        state = game.new_game({"players": 4}, seed)
        rng = random.Random(seed)
        for _ in range(200):
            view = game.view(state, 0)
            if view.get("my_play"):
                break
            seat = game.to_move(state)[0]
            game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
        if view.get("my_play"):
            break
    card = view["my_play"]["card"]
    from boardlab.games.cat import data

    for lang in ("zh", "en"):
        text = cat_board(view, lang)
        played = [ln for ln in text.splitlines() if ln.startswith(("已暗出", "played face down"))]
        assert played == [("已暗出：" if lang == "zh" else "played face down: ") + data.card_name(card, lang)]
        hand = next(ln for ln in text.splitlines() if ln.startswith(("手牌", "hand")))
        shown = hand.split("：" if lang == "zh" else ": ", 1)[1]
        names = [] if shown == "—" else shown.split(", ")
        assert len(names) == len(view["hand"]) - 1, (hand, view["hand"], card)
        assert "{" not in text and "'card'" not in text


def test_hotel_execution_choices_show_their_fire():
    game = get_game("hotel")
    found = 0
    for seed in range(1, 40):
        state = game.new_game({"players": 3}, seed)
        rng = random.Random(seed)
        while not game.is_over(state) and found < 3:
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            execs = [a for a in legal if a["type"] == "execute"]
            if execs:
                view = game.view(state, seat)
                c = view["wall"][view["queue"][0]]
                for a in execs:
                    fire = int(a["card"][-1]) + (a["card"][:-1] == c["tag"]) + a["boost"]
                    assert choice_note(view, a, "zh") == f"  🔥{fire}/D{c['d']} " + ("成功" if fire >= c["d"] else "不够")
                    assert f"🔥{fire}/D{c['d']}" in choice_note(view, a, "en")
                assert choice_note(view, next(a for a in legal if a["type"] != "execute"), "zh") == "" \
                    if any(a["type"] != "execute" for a in legal) else True
                found += 1
            game.apply_in_place(state, seat, rng.choice(legal))
        if found >= 3:
            break
    assert found >= 3
    # and the menu of a terminal game shows them
    outs = [runner.invoke(app, ["play", "hotel", "--seed", str(s), "--lang", "zh"], input="1\n" * 400).output
            for s in (3, 4, 5)]
    assert any(re.search(r"打 .* 补 \d+ 金币  🔥\d+/D\d+ (成功|不够)", o) for o in outs)


def test_games_never_cuts_a_title_mid_word():
    res = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert res.exit_code == 0
    lines = res.output.splitlines()
    for gid in all_game_ids():
        title = get_game(gid).title
        assert any(title["zh"] in ln for ln in lines), title["zh"]
        words = title["en"].split()
        cells = [ln.split("│")[-2].strip() for ln in lines if ln.count("│") >= 4]
        joined = " ".join(cells)
        assert title["en"] in joined or all(w in cells_words(cells) for w in words), title["en"]


def cells_words(cells: list[str]) -> set[str]:
    return {w for c in cells for w in c.split()}


def test_help_says_which_language_it_speaks():
    res = runner.invoke(app, ["--help"], env={"COLUMNS": "100"})
    assert res.exit_code == 0
    text = " ".join(res.output.split())
    assert "命令说明只有英文" in text and "help is in English only" in text
    assert "--lang zh" in text


def test_verify_replays_a_record_step_by_step(tmp_path):
    """``boardlab verify --replay``: every choice in order with who made it and the log
    spectators saw, then each seat's own board (its hidden cards, the game being over)."""
    import json

    from boardlab.engine.protocol import GameRecord

    game = get_game("geometry")
    state = game.new_game({"players": 3}, 5)
    rng = random.Random(5)
    actions = []
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        a = rng.choice(game.legal_actions(state, seat))
        actions.append([seat, a])
        game.apply_in_place(state, seat, a)
    from boardlab.server.fair import commit

    record = {"game": "geometry", "config": {"players": 3}, "seed": 5, "nonce": "n0nce",
              "commitment": commit(5, "n0nce"), "practice": False,
              "actions": actions, "result": game.result(state).model_dump(mode="json")}
    assert game.is_over(game.replay(GameRecord(game="geometry", config={"players": 3}, seed=5,
                                               actions=actions)))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for lang in ("zh", "en"):
        res = runner.invoke(app, ["verify", str(path), "--replay", "--lang", lang])
        assert res.exit_code == 0, res.output
        lines = res.output.splitlines()
        steps = [ln for ln in lines if re.match(r"^\d+\. P\d", ln)]
        assert len(steps) == len(actions)
        assert [int(ln.split(".")[0]) for ln in steps] == list(range(1, len(actions) + 1))
        assert [int(re.match(r"^\d+\. P(\d)", ln).group(1)) - 1 for ln in steps] == [s for s, _ in actions]
        views = [ln for ln in lines if ln.startswith("——")]
        assert len(views) == 3
        assert res.output.count("🔷") >= 3  # every seat's shape, on its own board
        if lang == "zh":
            assert "的视角" in res.output
        else:
            assert not re.search(r"[\u3400-\u9fff]", "\n".join(lines[1:]))
    plain = runner.invoke(app, ["verify", str(path)])
    assert plain.exit_code == 0 and not re.search(r"^\d+\. P\d", plain.output, re.M)
