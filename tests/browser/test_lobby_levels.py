"""Difficulty levels in the lobby (issue 26): every bot seat offers easy / normal / hard in zh
and en, at 1280 px and on a 390x844 phone, and a table made with a level has, at each bot
seat, the bot the server names for that level, seat and player count (GET /api/games/<id>,
boardlab/bots/difficulty.py - the mapping `boardlab play --level` uses)."""

from __future__ import annotations

import httpx
import pytest

from .test_players import PHONE, context

pytestmark = pytest.mark.browser

WORDS = {"zh": {"label": "难度", "easy": "简单", "normal": "普通", "hard": "困难"},
         "en": {"label": "Difficulty", "easy": "easy", "normal": "normal", "hard": "hard"}}


def made_table(page, base_url: str) -> dict:
    """Click "create"; the table the server made (its seats' bots)."""
    page.click("#create")
    page.wait_for_selector("#created")
    tid = page.inner_text("#created h2").replace("✅", "").strip()
    return httpx.get(f"{base_url}/api/tables/{tid}").json()


@pytest.mark.parametrize(("lang", "viewport", "levels"), [
    ("zh", None, ("hard", "easy")),
    ("en", None, ("easy", "hard")),
    ("zh", PHONE, ("normal", "hard")),
    ("en", PHONE, ("hard", "normal")),
])
def test_a_table_made_at_a_level_has_bots_of_that_level(browser, base_url, lang, viewport,
                                                         levels):
    info = httpx.get(f"{base_url}/api/games/cat").json()
    mapping = info["difficulty"]["bots"]
    ctx = context(browser, viewport, lang)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(base_url + "/")
        page.click("[data-game='cat']")
        page.fill("#players", "4")
        page.dispatch_event("#players", "input")
        page.wait_for_selector("[data-seat='3']")
        # a level control at every bot seat, none at the human one; the bots start at normal
        assert page.is_hidden("[data-level-box='0']")
        width = (viewport or {"width": 1280})["width"]
        for seat in (1, 2, 3):
            box = page.locator(f"[data-level-box='{seat}']")
            assert box.is_visible()
            assert WORDS[lang]["label"] in box.inner_text()
            shown = page.eval_on_selector(f"[data-level='{seat}']",
                                          "el => [...el.options].filter(o => !o.hidden).map(o => o.text)")
            assert shown == [WORDS[lang][lv] for lv in ("easy", "normal", "hard")]
            assert page.input_value(f"[data-level='{seat}']") == "normal"
            assert page.input_value(f"[data-seat='{seat}']") == "bot:" + mapping["normal"]["4"][seat]
            right = box.bounding_box()
            assert right["x"] + right["width"] <= width + 0.5  # inside the screen, phone too
        # seat 1 and 2 at the levels asked; a player count changed and back keeps them
        page.select_option("[data-level='1']", levels[0])
        page.select_option("[data-level='2']", levels[1])
        page.fill("#players", "3")
        page.dispatch_event("#players", "input")
        page.wait_for_selector("[data-seat='3']", state="detached")
        page.fill("#players", "4")
        page.dispatch_event("#players", "input")
        page.wait_for_selector("[data-seat='3']")
        assert page.input_value("[data-level='1']") == levels[0]
        assert page.input_value("[data-level='2']") == levels[1]
        # a human seat turned into a bot takes the normal level's bot for it
        page.select_option("[data-seat='0']", "human")
        table = made_table(page, base_url)
        bots = {s["seat"]: s["bot"] for s in table["seats"] if s["kind"] == "bot"}
        assert bots == {1: mapping[levels[0]]["4"][1], 2: mapping[levels[1]]["4"][2],
                        3: mapping["normal"]["4"][3]}
        assert table["players"] == 4
    finally:
        ctx.close()
    assert not errors, errors


def test_a_chosen_bot_outside_the_levels_reads_as_chosen_and_a_new_bot_seat_plays_normal(
        page, base_url):
    info = httpx.get(f"{base_url}/api/games/cat").json()
    mapping = info["difficulty"]["bots"]
    page.goto(base_url + "/")
    page.click("[data-game='cat']")
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    page.wait_for_selector("[data-seat='2']")
    outside = next(b for b in info["bots"]
                   if b not in {mapping[lv]["3"][1] for lv in mapping})
    page.select_option("[data-seat='1']", "bot:" + outside)
    assert page.input_value("[data-level='1']") == ""
    assert page.eval_on_selector("[data-level='1'] option[data-custom]", "o => !o.hidden")
    # choosing a level again puts that level's bot back
    page.select_option("[data-level='1']", "hard")
    assert page.input_value("[data-seat='1']") == "bot:" + mapping["hard"]["3"][1]
    # the human seat 0 made a bot: the normal bot for seat 0, level shown
    page.select_option("[data-seat='0']", "bot:random")
    assert page.input_value("[data-seat='0']") == "bot:" + mapping["normal"]["3"][0]
    assert page.input_value("[data-level='0']") == "normal"
    assert page.is_visible("[data-level-box='0']")
    table = made_table(page, base_url)
    assert [s["bot"] for s in table["seats"]] == [
        mapping["normal"]["3"][0], mapping["hard"]["3"][1], mapping["normal"]["3"][2]]
