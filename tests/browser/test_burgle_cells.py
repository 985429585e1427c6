"""Burgle in a real browser: tools and character abilities with a place are chosen on their
cell (not in the button row), and so is the choice between two equally near alarms, in Chinese
and English; a bot seat with no named bot plays the game's own team bot and says so."""

from __future__ import annotations

import pytest

from .conftest import SCREENSHOTS, new_table
from .test_burgle import wait_until

pytestmark = pytest.mark.browser

WORDS = {
    "zh": {"dynamite": "炸药", "alarm": "触发警报于", "bot": "团队型", "random": "随机"},
    "en": {"dynamite": "Dynamite", "alarm": "trigger an alarm on", "bot": "Team player",
           "random": "Random"},
}


def _context(browser, lang: str):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(f"localStorage.setItem('boardlab:lang', '{lang}'); "
                        "localStorage.setItem('boardlab:pace', '0')")
    return ctx


def _has_class(page, selector: str, name: str) -> bool:
    return name in (page.locator(selector).get_attribute("class") or "").split()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tools_and_abilities_are_chosen_on_their_cells(browser, base_url, lang):
    # seed 3, basic sides: P1 is offered the Rigger (starts with Dynamite), P2 the Juicer;
    # the floor-1 guard starts on B4, so A1 is a free entrance with a wall to B1
    t = new_table(base_url, "burgle", [{"kind": "human"}, {"kind": "human"}], seed=3,
                  options={"sides": "basic"})
    w = WORDS[lang]
    ctxs = [_context(browser, lang) for _ in range(2)]
    try:
        pages = [c.new_page() for c in ctxs]
        errors: list[str] = []
        for pg, s in zip(pages, t["seats"], strict=True):
            pg.on("pageerror", lambda e: errors.append(str(e)))
            pg.goto(base_url + s["invite"])
            pg.wait_for_selector("#burgle-floors")
        p1, p2 = pages
        p1.locator("#controls button[data-action*='rigger']").click()
        p2.locator("#controls button[data-action*='juicer']").click()
        p1.locator('[data-cell="1A1"].can-move').click()  # the entrance, on the board

        # the Dynamite is on the tile behind the wall it blows, not in the button row
        dynamite = p1.locator('[data-cell="1B1"] button[data-kind="tool"]')
        dynamite.wait_for()
        assert w["dynamite"] in dynamite.get_attribute("title")
        assert p1.locator("#controls button[data-action*='\"tool\"']").count() == 0
        assert p1.locator("#controls button[data-action*='\"drop\"']").count() >= 1  # no place
        assert _has_class(p1, '[data-cell="1A1"]', "wr")  # the wall A1|B1 is drawn
        p1.screenshot(path=str(SCREENSHOTS / f"burgle-tools-{lang}.png"))
        dynamite.click()
        wait_until(p1, lambda: _has_class(p1, '[data-cell="1A1"]', "alarm"))
        assert not _has_class(p1, '[data-cell="1A1"]', "wr")  # the wall is gone
        # a choice with no place stays a button
        p1.locator("#controls button[data-action*='\"end\"']").click()

        # the Juicer's free alarm is aimed at a neighbouring cell: a button on that cell
        alarm = p2.locator('[data-cell="1B1"] button[data-kind="ability"]')
        alarm.wait_for(timeout=5000)
        assert w["alarm"] in alarm.get_attribute("title")
        assert p2.locator("#controls button[data-action*='\"ability\"']").count() == 0
        alarm.click()
        wait_until(p2, lambda: _has_class(p2, '[data-cell="1B1"]', "alarm"))

        # a second alarm as near to the guard (on C2) as B1: the team picks, on the board
        p2.locator('[data-cell="1A2"] button[data-kind="ability"]').click()
        pick = p2.locator('[data-cell="1A2"] button[data-kind="choose"]')
        pick.wait_for(timeout=5000)
        assert p2.locator('[data-cell="1B1"] button[data-kind="choose"]').count() == 1
        assert p2.locator("#controls button[data-action*='\"choose\"']").count() == 0
        assert "1A2" in pick.get_attribute("title")
        pick.click()
        wait_until(p2, lambda: "🎯 1A2" in p2.inner_text('[data-guard="1"]'))
        assert not errors, errors
    finally:
        for c in ctxs:
            c.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_plain_bot_seat_plays_the_games_default_bot(browser, base_url, lang):
    t = new_table(base_url, "burgle", [{"kind": "human"}, {"kind": "bot"}], seed=5)
    assert t["table"]["seats"][1]["bot"] == "team"  # the game's default_bots, not random
    ctx = _context(browser, lang)
    try:
        pg = ctx.new_page()
        pg.goto(base_url + t["seats"][0]["invite"])
        pg.wait_for_selector("#burgle-floors")
        chip = pg.locator('.seat-chip[data-seat="1"]')
        chip.wait_for()
        words = WORDS[lang]
        assert words["bot"] in chip.inner_text()
        assert words["random"] not in chip.inner_text()
    finally:
        ctx.close()


# The board drawn from views the rules make (ruling R53): the guard's line and his numbered
# steps follow the view's speed (this turn's Espresso or Daydreaming counted) and the steps
# his next move takes (the rest greyed).
_RENDER = """async ([view, lang]) => {
  const r = await import("/static/games/burgle.js");
  const ui = {lang, act() {}, redraw() {}, seatName: s => `P${s + 1}`,
              label: x => (typeof x === "string" ? x : x[lang] || x.en),
              t: x => (typeof x === "string" ? x : x[lang] || x.en)};
  const box = document.createElement("div");
  box.id = "r53";
  box.appendChild(r.render({view, legal: [], result: null}, ui));
  document.getElementById("r53")?.remove();
  document.body.appendChild(box);
  const floor = box.querySelector('[data-floor="1"]');
  return {line: box.querySelector('[data-guard="1"]').innerText,
          steps: floor.querySelectorAll(".step").length,
          later: floor.querySelectorAll(".step.later").length};
}"""


def _views():
    from boardlab.games.burgle import GAME
    from burgle.test_kitty_foyer_speed import OPEN, board, walk_interrupted

    views = {ev: GAME.view(walk_interrupted(ev), 0) for ev in ("espresso", "daydreaming")}
    setup = {"characters": [["hawk", "basic"]], "tiles": board(), "walls": OPEN,
             "entrance": "1D1", "patrol": [["D4", "D3", "D4", "D3"]],
             "guards": [{"at": "1A1", "dest": "1A4"}], "donuts": [True, False, False]}
    views["donuts"] = GAME.view(GAME.setup(GAME.make_config({"players": 1}), 1, setup), 0)
    return views


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_guards_speed_and_steps_follow_this_turns_event(browser, base_url, lang):
    views = _views()
    t = new_table(base_url, "burgle", [{"kind": "human"}], seed=1)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    ctx.add_init_script(f"localStorage.setItem('boardlab:lang', '{lang}')")
    try:
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(base_url + t["seats"][0]["invite"])
        pg.wait_for_selector("#burgle-floors")
        # Espresso: die 2 + 2 alarms + 1, 5 steps left of the walk, his route 4 long
        got = pg.evaluate(_RENDER, [views["espresso"], lang])
        assert ("速度 5" if lang == "zh" else "speed 5") in got["line"]
        assert ("浓缩咖啡" if lang == "zh" else "Espresso") in got["line"]
        assert got["steps"] == 4 and got["later"] == 0
        # Daydreaming: 2 + 2 - 1 = 3 steps: the 4th of his route is beyond this move
        got = pg.evaluate(_RENDER, [views["daydreaming"], lang])
        assert ("速度 3" if lang == "zh" else "speed 3") in got["line"]
        assert ("走神" if lang == "zh" else "Daydreaming") in got["line"]
        assert got["steps"] == 4 and got["later"] == 1
        # Donuts: speed 2, but his next move takes no step: all 3 grey, and said so
        got = pg.evaluate(_RENDER, [views["donuts"], lang])
        assert got["steps"] == 3 and got["later"] == 3
        assert ("这次走 0 步" if lang == "zh" else "0 steps this move") in got["line"]
        pg.locator("#r53 [data-floor=\"1\"]").screenshot(
            path=str(SCREENSHOTS / f"burgle-guard-speed-{lang}.png"))  # (under Donuts)
        assert not errors, errors
    finally:
        ctx.close()
