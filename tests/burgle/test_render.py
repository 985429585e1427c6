"""The terminal board (``boardlab play burgle``) in the board's words: floors apart with A-D /
1-4 coordinates, tiles by name, the guard's route as guard_path walks it, P1..Pn, every
chosen character's ability, event names (never ids), and nothing wider than a terminal."""

from __future__ import annotations

import random
import re

import pytest

from boardlab.games.burgle import GAME, data, guard_path
from boardlab.games.burgle.render import _width, render_terminal

LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_]+")
ALLOWED_ZH = re.compile(r"^(P\d+|[A-Z]\d+)$")
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _states(seeds, steps=80, players=2):
    """States along random games (each a fresh game per seed, every few steps)."""
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.new_game({"players": players}, seed)
        for i in range(steps):
            if GAME.is_over(s):
                break
            seat = GAME.to_move(s)[0]
            if i % 7 == 0:
                yield s, seat
            GAME.apply_in_place(s, seat, rng.choice(GAME.legal_actions(s, seat)))


def _grid_lines(text: str) -> list[str]:
    return [x for x in text.splitlines() if re.match(r"^( \d |   )[|+]", x)]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_floors_apart_with_coordinates_names_route_and_seats(lang):
    zh = lang == "zh"
    seen_route = 0
    for s, seat in _states(range(6), players=3):
        view = GAME.view(s, seat)
        out = render_terminal(view, lang)
        for f in range(3):
            head = f"== {f + 1} 楼 ==" if zh else f"== Floor {f + 1} =="
            assert sum(line.startswith(head) for line in out.splitlines()) == 1
        for f, fl in enumerate(view["floors"]):
            g = fl["guard"]
            if g:
                walls = [(a, b) for a, b in fl["walls"]]
                route = [f"{f + 1}{c}" for c in guard_path(walls, g["at"][1:], g["dest"][1:])]
                words = " -> ".join(route) if route else ("已在目的地" if zh else "at his destination")
                assert (f"路线 {words}" if zh else f"route {words}") in out
                seen_route += bool(route)
            for c in fl["cells"]:
                if c["revealed"]:
                    name = data.TILES[c["tile"]][1 if zh else 2]
                    assert name.split()[0] in out, name
        if any(fl["guard"] or any(c["revealed"] for c in fl["cells"]) for fl in view["floors"]):
            assert re.search(r"^\s+A\s+B\s+C\s+D$", out, re.M), out
            rows = [int(m) for m in re.findall(r"^ (\d) \|", out, re.M)]
            assert set(rows) == {1, 2, 3, 4}
        for k, p in enumerate(view["players"]):
            assert f"P{k + 1}" in out
            if p["character"]:
                basic, advanced = data.CHARACTERS[p["character"]][2:]
                ability = (basic if p["side"] == "basic" else advanced)[0 if zh else 1]
                assert ability in out
        assert "P0" not in out and "0-3" not in out
        assert not RAW_ID.search(out), RAW_ID.search(out)
        for line in _grid_lines(out):
            assert _width(line) <= 80, line
        if zh:
            bad = [w for w in LATIN.findall(out) if not ALLOWED_ZH.match(w)]
            assert not bad, bad
        else:
            assert not re.search(r"[\u3400-\u9fff]", out)
    assert seen_route


def test_walls_and_marks_are_drawn_where_the_view_has_them():
    s = GAME.new_game({"players": 1}, 2, {"characters": [["peterman", "basic"]]})
    GAME.apply_in_place(s, 0, {"type": "entrance", "at": "1A1"})
    view = GAME.view(s, 0)
    out = render_terminal(view, "en")
    rows = _grid_lines(out)
    # the Bank job's floor 1 has a wall A1|B1: the first row's first boundary is a wall
    assert ["A1", "B1"] in view["floors"][0]["walls"]
    first = next(x for x in rows if x.startswith(" 1 |"))
    assert first[4 + 13] == "#"
    g = view["floors"][0]["guard"]
    assert g is not None
    assert "P1" in out and "guard on " + g["at"] in out


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_spotters_peek_names_the_event_card(lang):
    s = GAME.new_game({"players": 2}, 1, {"characters": [["spotter", "advanced"], ["hacker", "basic"]],
                                          "events": ["heads_up"]})
    GAME.apply_in_place(s, 0, GAME.legal_actions(s, 0)[0])
    spot = next(a for a in GAME.legal_actions(s, 0) if a["type"] == "ability" and a["name"] == "spot")
    GAME.apply_in_place(s, 0, spot)
    out = render_terminal(GAME.view(s, 0), lang)
    assert data.EVENTS["heads_up"][0 if lang == "zh" else 1] in out
    assert "heads_up" not in out


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_character_choice_spells_out_both_sides(lang):
    s = GAME.new_game({"players": 2}, 4)
    view = GAME.view(s, 0)
    out = render_terminal(view, lang)
    for offer in view["offers"]:
        for c in offer:
            zh_name, en_name, basic, advanced = data.CHARACTERS[c]
            i = 0 if lang == "zh" else 1
            assert (zh_name, en_name)[i] in out and basic[i] in out and advanced[i] in out
