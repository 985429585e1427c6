"""The burgle board a newcomer can read, in a real browser at 1280 px and on a 390x844 phone,
in zh and en: large tiles whose full names are never clipped, action buttons clear of the
tile's icon, name and number, A-D / 1-4 coordinates, the team's floor first (tabs put any
floor first), the guard's route numbered as guard_path walks it with his destination marked,
alarms, cracked numbers and safe dice on the tiles, both sides of every character at the
choice and in the team panel, event names (never ids) after the Spotter's peek, and an end
summary in words (P1..Pn, the turn the header counts).

The table tests play through the server; the state tests draw a state set up by the rules'
overrides with the renderer itself (the same module, styles and words the table loads)."""

from __future__ import annotations

import re

import pytest

from boardlab.games.burgle import GAME, data, guard_path

from .conftest import SCREENSHOTS, new_table
from .test_burgle import wait_until
from .test_words import UNTIPPED, problems

pytestmark = pytest.mark.browser

DEVICES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
LABELS = GAME.labels()
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")

# Cells whose name, number or icon something covers or cuts, and buttons on them.
LAYOUT_FAULTS = r"""() => {
  const out = [];
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  for (const cell of document.querySelectorAll('[data-cell]')) {
    const box = cell.getBoundingClientRect();
    const parts = [...cell.querySelectorAll('.ic, .nm, .num, .dice, .tok > *, .acts button, .step')];
    for (const el of parts) {
      if (!el.getClientRects().length) continue;
      const r = el.getBoundingClientRect();
      if (!inside(r, box)) out.push(cell.dataset.cell + ' cut: ' + el.className + ' ' + el.textContent);
      if (el.scrollWidth > el.clientWidth + 1 && el.classList.contains('nm')) out.push(cell.dataset.cell + ' name overflows');
    }
    const marks = [...cell.querySelectorAll('.ic, .nm, .num, .dice')].filter(e => e.getClientRects().length);
    for (const b of cell.querySelectorAll('.acts button'))
      for (const m of marks)
        if (meets(b.getBoundingClientRect(), m.getBoundingClientRect())) out.push(cell.dataset.cell + ' button on ' + m.className);
  }
  return out;
}"""

HARNESS = r"""async ([payload, lang]) => {
  localStorage.setItem('boardlab:lang', lang);
  const link = document.createElement('link'); link.rel = 'stylesheet'; link.href = '/static/style.css';
  const loaded = new Promise(res => { link.onload = res; });
  document.head.innerHTML = ''; document.head.append(link);
  document.body.innerHTML = '<main><div class="layout"><div class="board" id="slot"></div></div></main>';
  await loaded;
  const i18n = await import('/static/i18n.js');
  const words = await import('/static/words.js');
  const r = await import('/static/games/burgle.js');
  words.setGameInfo(await (await fetch('/api/games/burgle')).json());
  words.setBoardIcons(r.icons);
  const slot = document.getElementById('slot');
  const ui = { lang, t: i18n.t, h: i18n.h, seat: 0, seatName: s => `P${s + 1}`, label: words.label, figure: words.figure,
    act: a => { window.acted = a; }, redraw: () => draw() };
  function draw() {
    slot.innerHTML = '';
    if (payload.result) slot.append(r.final(payload, ui));
    const c = r.controls(payload, ui);
    if (c) slot.append(c);
    slot.append(r.render(payload, ui));
    words.addTooltips(slot);
  }
  draw();
}"""


def _payload(state, seat: int) -> dict:
    legal = [{"action": a, "label": {lang: GAME.describe_action(state, seat, a, lang) for lang in ("zh", "en")}}
             for a in GAME.legal_actions(state, seat)]
    out = {"view": GAME.view(state, seat), "legal": legal, "table": {"seats": []}}
    if GAME.is_over(state):
        out["result"] = GAME.result(state).model_dump(mode="json")
    return out


def _show(page, base_url: str, state, seat: int, lang: str) -> None:
    page.goto(base_url + "/api/health")
    page.evaluate(HARNESS, [_payload(state, seat), lang])
    page.wait_for_selector("#burgle-floors")


def _context(browser, lang: str, device: str):
    ctx = browser.new_context(viewport=DEVICES[device], bypass_csp=True)
    ctx.add_init_script(f"localStorage.setItem('boardlab:lang', '{lang}'); "
                        "localStorage.setItem('boardlab:pace', '0')")
    return ctx


def _page(ctx):
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    return pg, errors


# ---------------------------------------------------------------- a state with everything on it

# floor 1 holds the longest names in a row; the safe on A2 (its code: row 2 and column A)
FLOOR_1 = ["computer_fingerprint:4", "secret_door:1", "duct:5", "computer_laser:5",
           "safe:0", "detector:4", "laser:1", "stairs:4",
           "computer_motion:6", "keypad:4", "lavatory:5", "fingerprint:4",
           "deadbolt:1", "thermo:1", "camera:1", "motion:1"]


def _tiles() -> list[list[str]]:
    rest = data.tile_copies()
    for t in FLOOR_1:
        rest.remove(t)
    rest.remove("safe:0")
    rest.remove("safe:0")
    stairs = [t for t in rest if t.startswith("stairs:")]
    others = [t for t in rest if not t.startswith("stairs:")]
    floor_2 = ["safe:0", stairs[0], *others[:14]]
    floor_3 = [*others[14:21], stairs[1], *others[21:28], "safe:0"]
    return [FLOOR_1, floor_2, floor_3]


def _board_state():
    every = [f"{f}{c}{r}" for f in (1, 2, 3) for r in (1, 2, 3, 4) for c in "ABCD"]
    return GAME.new_game({"players": 2}, 5, {
        "tiles": _tiles(), "characters": [["peterman", "basic"], ["spotter", "advanced"]], "entrance": "1A1",
        "revealed": every, "positions": ["1B3", "1A1"], "safe_dice": [2, 0, 0],
        "cracked": ["1B2", "1A3"], "alarms": ["1C2"],
        "guards": [{"at": "1D4", "dest": "1C2"}, {"at": "2A1", "dest": "2D4"}, None]})


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tiles_show_names_alarms_cracked_numbers_safe_dice_and_the_guards_route(browser, base_url, lang, device):
    s = _board_state()
    seat = GAME.to_move(s)[0]
    ctx = _context(browser, lang, device)
    try:
        pg, errors = _page(ctx)
        _show(pg, base_url, s, seat, lang)
        view = GAME.view(s, seat)
        # every tile by its full name, nothing cut, no button over a tile's marks
        for fl in view["floors"]:
            for c in fl["cells"]:
                name = LABELS["tiles"][c["tile"]]["name"][lang]
                assert pg.inner_text(f'[data-cell="{c["at"]}"] .nm') == name
        assert pg.evaluate(LAYOUT_FAULTS) == []
        assert pg.locator("[data-cell] .acts button").count() > 0  # (there are buttons to check)
        # coordinates on every floor, as the log names cells
        for f in (1, 2, 3):
            assert pg.inner_text(f'[data-floor="{f}"] .bg-colax').split() == list("ABCD")
            assert pg.inner_text(f'[data-floor="{f}"] .bg-rowax').split() == list("1234")
        # the alarm, the cracked numbers and the safe's dice on their tiles
        assert "alarm" in pg.get_attribute('[data-cell="1C2"]', "class")
        assert "🚨" in pg.inner_text('[data-cell="1C2"]')
        assert pg.inner_text('[data-cell="1B2"] .num.cracked') == "✔4"
        assert pg.inner_text('[data-cell="1A3"] .num.cracked') == "✔6"
        assert pg.locator('[data-cell="1C2"] .num.cracked').count() == 0
        assert "🎲×2" in pg.inner_text('[data-cell="1A2"]')
        assert "4✔" in pg.inner_text('[data-safe="1"]') and "6✔" in pg.inner_text('[data-safe="1"]')
        # the guard's next steps numbered as he walks them, his destination marked
        for f, (start, goal) in enumerate([("D4", "C2"), ("A1", "D4")]):
            walls = [tuple(w) for w in view["floors"][f]["walls"]]
            route = [f"{f + 1}{c}" for c in guard_path(walls, start, goal)]
            assert route
            for i, at in enumerate(route, 1):
                assert pg.inner_text(f'[data-cell="{at}"] .step') == str(i)
            assert pg.locator(f'[data-floor="{f + 1}"] .step').count() == len(route)
            assert "dest" in pg.get_attribute(f'[data-cell="{f + 1}{goal}"]', "class")
            assert " → ".join(route) in pg.inner_text(f'[data-guard="{f + 1}"]')
            speed = view["floors"][f]["guard"]["speed"]
            later = pg.locator(f'[data-floor="{f + 1}"] .step.later').count()
            assert later == max(0, len(route) - speed)
        # the team: both sides of every character on hover, the side in play spelt out
        for k, pl in enumerate(view["players"]):
            words = LABELS["characters"][pl["character"]]
            box = f'[data-seat-box="{k}"]'
            title = pg.get_attribute(box, "title")
            assert words["basic"][lang] in title and words["advanced"][lang] in title
            assert pg.inner_text(f'[data-ability="{k}"]') == words[pl["side"]][lang]
        text = pg.inner_text("body")
        assert not RAW_ID.search(text), RAW_ID.search(text)
        assert problems(text, lang, set()) == [] and pg.evaluate(UNTIPPED) == []
        if device == "phone":
            assert pg.evaluate("document.documentElement.scrollWidth") <= DEVICES[device]["width"] + 2
        pg.screenshot(path=str(SCREENSHOTS / f"burgle-tiles-{device}-{lang}.png"), full_page=True)
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_spotters_peek_shows_the_cards_name_not_its_id(browser, base_url, lang):
    s = GAME.new_game({"players": 2}, 1, {"characters": [["spotter", "advanced"], ["hacker", "basic"]],
                                          "events": ["heads_up"]})
    GAME.apply_in_place(s, 0, GAME.legal_actions(s, 0)[0])
    spot = next(a for a in GAME.legal_actions(s, 0) if a["type"] == "ability" and a["name"] == "spot")
    GAME.apply_in_place(s, 0, spot)
    ctx = _context(browser, lang, "desktop")
    try:
        pg, errors = _page(ctx)
        _show(pg, base_url, s, 0, lang)
        name = LABELS["events"]["heads_up"]["name"][lang]
        assert name in pg.inner_text("#burgle-known")
        assert name in pg.inner_text("#burgle-ask")
        assert LABELS["pending"]["spot"][lang] in pg.inner_text("#burgle-ask")
        assert "heads_up" not in pg.inner_text("body")
        assert "heads_up" not in (pg.get_attribute("#burgle-known", "title") or "")
        assert not errors, errors
    finally:
        ctx.close()


def _caught():
    """P1 with no stealth left, the guard one step away: ending the turn loses the game."""
    s = GAME.new_game({"players": 2}, 5, {
        "characters": [["hawk", "basic"], ["rook", "advanced"]], "positions": ["1B2", "1D4"], "entrance": "1A1",
        "stealth": [0, 3], "guards": [{"at": "1B1", "dest": "1B2"}, None, None]})
    GAME.apply_in_place(s, 0, {"type": "end"})
    assert GAME.is_over(s)
    return s


def _out_of_time():
    s = GAME.new_game({"players": 2, "turn_limit": 10}, 5, {
        "characters": [["hawk", "basic"], ["rook", "advanced"]], "positions": ["1A1", "1A1"], "entrance": "1A1"})
    while not GAME.is_over(s):
        seat = GAME.to_move(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply_in_place(s, seat, next((a for a in legal if a["type"] == "end"), legal[0]))
    return s


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("ending", ["caught", "time"])
def test_the_end_summary_is_worded_with_seats_from_p1_and_the_headers_turn(browser, base_url, lang, ending):
    s = _caught() if ending == "caught" else _out_of_time()
    ctx = _context(browser, lang, "desktop")
    try:
        pg, errors = _page(ctx)
        _show(pg, base_url, s, 0, lang)
        summary = pg.inner_text("#burgle-summary")
        header = int(re.search(r"\d+", pg.inner_text("#burgle-title")).group(0))
        played = int(re.search(r"(?:Turns played|回合数)\D*(\d+)", summary).group(1))
        assert header == played
        sm = GAME.result(s).summary
        if ending == "caught":
            assert sm["loss"]["seat"] == 0
            story = pg.inner_text("#burgle-story")
            assert "P1" in story and "1B2" in story and str(header) in story
            assert "P0" not in summary
        else:
            assert played == 10  # the turn limit: ten turns were played
        # words, not a record: no keys, braces, or bare seat indices
        assert not re.search(r"[{}\[\]]|\bseat\b|座位|None|null", summary)
        assert not RAW_ID.search(summary)
        assert "P1" in pg.inner_text("#burgle-crew") and "P2" in pg.inner_text("#burgle-crew")
        assert problems(pg.inner_text("body"), lang, set()) == [] and pg.evaluate(UNTIPPED) == []
        pg.screenshot(path=str(SCREENSHOTS / f"burgle-end-{ending}-{lang}.png"))
        assert not errors, errors
    finally:
        ctx.close()


# ---------------------------------------------------------------- a table played in the browser

@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_newcomer_at_the_table(browser, base_url, lang, device):
    # seed 3: P1 is offered the Rigger (starts with Dynamite) and the Rook; the floor-1 guard
    # starts on B4, so A1 is a free entrance
    t = new_table(base_url, "burgle", [{"kind": "human", "name": "鹰眼" if lang == "zh" else "Hawk"}, {"kind": "bot"}],
                  seed=3)
    ctx = _context(browser, lang, device)
    try:
        pg, errors = _page(ctx)
        pg.goto(base_url + t["seats"][0]["invite"])
        # the characters are chosen from cards that spell out both sides
        pg.wait_for_selector("#controls .bg-char button")
        wait_until(pg, lambda: LABELS["characters"]["rigger"]["basic"][lang] in pg.inner_text("#controls"))
        cards = pg.locator("#controls .bg-char")
        assert cards.count() == 2
        for i in range(cards.count()):
            card = cards.nth(i)
            words = LABELS["characters"][card.get_attribute("data-char")]
            assert words["basic"][lang] in card.inner_text() and words["advanced"][lang] in card.inner_text()
        pg.screenshot(path=str(SCREENSHOTS / f"burgle-choice-{device}-{lang}.png"))
        pg.locator("#controls button[data-action*='rigger'][data-action*='basic']").click()
        pg.locator('[data-cell="1A1"].can-move').click()
        pg.wait_for_selector('[data-cell="1B1"] button[data-kind="tool"]')
        # the team's floor comes first, its tab lit; the tabs put another floor first
        assert pg.get_attribute(".bg-first [data-floor]", "data-floor") == "1"
        assert "on" in pg.get_attribute('[data-tab="1"]', "class")
        pg.click('[data-tab="3"]')
        wait_until(pg, lambda: pg.get_attribute(".bg-first [data-floor]", "data-floor") == "3")
        pg.click('[data-tab="1"]')
        wait_until(pg, lambda: pg.get_attribute(".bg-first [data-floor]", "data-floor") == "1")
        # on a phone the active floor is on the first screen, above the choices sheet
        if device == "phone":
            grid = pg.locator('[data-floor="1"] .bg-grid').bounding_box()
            sheet = pg.locator("#choices").bounding_box()
            assert grid["y"] < DEVICES[device]["height"] / 2
            assert grid["y"] + grid["height"] / 2 < sheet["y"]  # its first two rows in sight
        # Dynamite blows the wall A1|B1: an alarm on A1, which the guard now heads for
        pg.locator('[data-cell="1B1"] button[data-kind="tool"]').click()
        wait_until(pg, lambda: "alarm" in pg.get_attribute('[data-cell="1A1"]', "class"))
        wait_until(pg, lambda: "dest" in pg.get_attribute('[data-cell="1A1"]', "class")
                   or "👮" in pg.inner_text('[data-cell="1A1"]'))
        # his next steps, numbered on the tiles in the order the guard line lists them
        listed = re.search(r"(?:route|路线) (\S.*)$", pg.inner_text('[data-guard="1"]')).group(1).split(" → ")
        assert listed[-1] == "1A1"
        assert pg.locator('[data-floor="1"] .step').count() == len(listed)
        for i, at in enumerate(listed, 1):
            assert pg.inner_text(f'[data-cell="{at}"] .step') == str(i)
        # the log names cells as the coordinates do
        assert re.search(r"1A1", pg.inner_text("#log"))
        # peeks (or a step when there is none) turn tiles over: their names come on the board
        for _ in range(3):
            before = pg.inner_text("#burgle-turn")
            peeks = pg.locator('[data-cell] .acts button[data-kind="peek"]')
            (peeks if peeks.count() else pg.locator('[data-cell] .acts button[data-kind="move"]')).first.click()
            wait_until(pg, lambda b=before: pg.inner_text("#burgle-turn") != b)
        assert pg.locator('[data-floor="1"] .bg-cell.rev').count() >= 3
        assert pg.evaluate(LAYOUT_FAULTS) == []
        box = pg.get_attribute('[data-seat-box="0"]', "title")
        words = LABELS["characters"]["rigger"]
        assert words["basic"][lang] in box and words["advanced"][lang] in box
        assert not RAW_ID.search(pg.inner_text("body"))
        if device == "phone":
            assert pg.evaluate("document.documentElement.scrollWidth") <= DEVICES[device]["width"] + 2
        name = {"desktop": "burgle", "phone": "burgle-phone"}[device]
        # the docs show the desktop table in English and the phone in Chinese
        if (device, lang) in (("desktop", "en"), ("phone", "zh")):
            pg.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=device == "desktop")
        pg.screenshot(path=str(SCREENSHOTS / f"burgle-table-{device}-{lang}.png"), full_page=True)
        assert not errors, errors
    finally:
        ctx.close()
