"""What players met at the table (issue 24), in Chromium at 1280 px, 1366 px and on a 390x844
phone, in zh and en: the phone's choices sheet (foldable, never over a place to tap, the seat
pill whole), cat's card played face down, geometry's legend and rules following the table's
options (one meaning per glyph, the hidden cards shown at the end), hotel's final table in its
card, tooltips following the language, the lobby (no raw ids, options grouped, finished and
abandoned tables, your own tables), replays, and zh glyphs on zh pages."""

from __future__ import annotations

import contextlib
import random
import re
import time

import httpx
import pytest

from .conftest import SCREENSHOTS, new_table, seat_url

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def context(browser, viewport=None, lang="zh"):
    ctx = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, bypass_csp=True)
    ctx.add_init_script("localStorage.setItem('boardlab:pace', '0');"
                        f"if (!localStorage.getItem('boardlab:lang')) localStorage.setItem('boardlab:lang', '{lang}')")
    return ctx


def ann_here_bo_by_api(browser, base_url: str, game: str, seed: int):
    """A table of Ann (seat 0, this browser's context), Bo (seat 1, played through the API)
    and a bot: the table id, both seats' tokens and the context holding Ann's seat."""
    t = new_table(base_url, game, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"},
                                   {"kind": "bot"}], seed=seed, claim=[0, 1])
    tid = t["table"]["id"]
    tokens = {s["seat"]: s["token"] for s in t["claimed"]}
    ctx = context(browser)
    ctx.add_init_script(f"localStorage.setItem('boardlab:t:{tid}', JSON.stringify({{seats: {{0: '{tokens[0]}'}}}}))")
    return tid, tokens, ctx


def set_lang(page, lang: str) -> None:
    if page.evaluate("document.documentElement.lang") != lang:
        page.click("#lang")
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")


def bots_only(base: str, game: str, n: int, **kw) -> dict:
    info = httpx.get(f"{base}/api/games/{game}").json()
    seats = [{"kind": "bot", "bot": b} for b in info["default_bots"][str(n)]]
    t = new_table(base, game, seats, **kw)
    tid = t["table"]["id"]
    for _ in range(300):
        if httpx.get(f"{base}/api/tables/{tid}").json()["status"] == "over":
            return t
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


# ---- the phone's choices sheet ------------------------------------------------------------

COVERED = """(() => {
  // every place to tap, brought into view the way a finger scrolls to it: is its middle
  // the place itself (not the sheet or anything else over it)?
  const out = [];
  for (const el of document.querySelectorAll('#board [data-act]')) {
    el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(el === hit || el.contains(hit))) out.push((el.dataset.act || '').slice(0, 60) + ' under ' + (hit ? (hit.id || hit.className) : 'nothing'));
  }
  return out; })()"""


@pytest.mark.parametrize("game", ["cat", "toys"])
def test_phone_sheet_folds_and_never_covers_a_target(browser, base_url, game):
    t = new_table(base_url, game, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}], seed=5)
    ctx = context(browser, PHONE)
    try:
        page = ctx.new_page()
        page.goto(seat_url(base_url, t, 0))
        page.wait_for_selector("#board [data-act]")
        for lang in ("zh", "en"):
            set_lang(page, lang)
            assert page.locator("#sheet-toggle").count() == 1
            covered = page.evaluate(COVERED)
            assert not covered, f"{game} ({lang}): places under the sheet: {covered[:5]}"
            # a real tap on each of a few targets reaches it (nothing intercepts the click)
            for el in page.locator("#board [data-act]").all()[:4]:
                el.click(trial=True, timeout=2000)
            # the seat pill is whole, not "🙂…"
            who = page.evaluate("(() => { const w = document.querySelector('#who'); return [w.scrollWidth, w.clientWidth, w.innerText]; })()")
            assert who[0] <= who[1] + 1 and "Ann" in who[2], who
        # folded: only the prompt is left, the page gets the room, and it stays folded on reload
        full = page.evaluate("document.querySelector('#choices').getBoundingClientRect().height")
        page.click("#sheet-toggle")
        page.wait_for_selector("#choices.collapsed")
        folded = page.evaluate("document.querySelector('#choices').getBoundingClientRect().height")
        assert folded < full and folded <= 90, (full, folded)
        main_bottom = page.evaluate("document.querySelector('main').getBoundingClientRect().bottom")
        sheet_top = page.evaluate("document.querySelector('#choices').getBoundingClientRect().top")
        assert main_bottom <= sheet_top + 1
        assert not page.evaluate(COVERED)
        page.reload()
        page.wait_for_selector("#choices.collapsed")
        page.click("#sheet-toggle")
        page.wait_for_selector("#choices:not(.collapsed)")
    finally:
        ctx.close()


# ---- cat: the card played face down -------------------------------------------------------

def test_cat_face_down_card_leaves_the_hand_and_shows_no_code(browser, base_url):
    """P2, a second human played here through the API, draws but holds back its play: the
    reveal waits for it, so my card stays face down on the page."""
    tid, tokens, ctx = ann_here_bo_by_api(browser, base_url, "cat", seed=4)

    def second_player_draws() -> None:
        st = httpx.get(f"{base_url}/api/tables/{tid}/state", params={"seat": 1},
                       headers={"X-Seat-Token": tokens[1]}).json()
        moves = [x["action"] for x in st["legal"] if x["action"]["type"] != "play"]
        if moves and not [x for x in st["legal"] if x["action"]["type"] == "play"]:
            httpx.post(f"{base_url}/api/tables/{tid}/act", json={"seat": 1, "action": moves[0], "step": st["step"]},
                       headers={"X-Seat-Token": tokens[1]})
    try:
        page = ctx.new_page()
        page.goto(base_url + f"/t/{tid}")
        page.wait_for_selector("#board")
        before = 0
        for _ in range(80):
            if page.locator("#my-play").count():
                break
            second_player_draws()
            before = page.locator("#my-hand .hand .pcard").count()
            target = page.locator(".cat-room.can, .cat-pile.can, #controls button")
            if target.count():
                with contextlib.suppress(Exception):
                    target.first.click(timeout=1500)
            page.wait_for_timeout(150)
        page.wait_for_selector("#my-play")
        for lang in ("zh", "en"):
            set_lang(page, lang)
            text = page.inner_text("#my-hand")
            assert not re.search(r"\b[LKB]\d\b", text), text  # never the card's code
            assert ("已暗出" in text) if lang == "zh" else ("face down" in text)
        assert page.locator("#my-hand .hand .pcard").count() == before - 1
        assert page.locator("#my-play .pcard").count() == 1
    finally:
        ctx.close()


# ---- geometry: the table's options, one meaning per glyph, the end ------------------------

def test_geometry_legend_and_rules_follow_the_options(browser, base_url):
    t = new_table(base_url, "geometry", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "bold"},
                                         {"kind": "bot", "bot": "cautious"}], seed=6,
                  options={"win_points": 3, "penalties_out": 4})
    ctx = context(browser)
    try:
        page = ctx.new_page()
        page.goto(seat_url(base_url, t, 0))
        page.wait_for_selector("#geo-legend")
        page.evaluate("document.querySelector('#rules').open = true")
        for lang, win, out in (("zh", "3 个获胜", "4 个出局"), ("en", "3 win", "4 and out")):
            set_lang(page, lang)
            page.evaluate("document.querySelector('#rules').open = true")
            legend, rules = page.inner_text("#geo-legend"), page.inner_text("#rules")
            assert win in legend and out in legend, legend
            assert win in rules and out in rules, rules
            assert "2 个获胜" not in rules + legend and "2 win" not in rules + legend
            assert "{" not in rules
            # one meaning per glyph: ✖ the empty card, ▫ a penalty slot, 🔑 the leader
            gloss = dict(page.evaluate("[...document.querySelectorAll('#rules .glossary li')].map(li => [li.querySelector('.gi').textContent.replace(/\\uFE0F/g, ''), li.innerText])"))
            assert "✖" in gloss and "▫" in gloss and "🔑" in gloss and "👑" not in gloss
            assert gloss["▫"] != gloss["✖"]
            assert "👑" not in page.inner_text("#board")
            assert "🔑" in page.inner_text("#geo-doors")
    finally:
        ctx.close()


def test_geometry_shows_every_hidden_card_at_the_end(browser, base_url):
    t = bots_only(base_url, "geometry", 3, seed=8)
    ctx = context(browser)
    try:
        page = ctx.new_page()
        page.goto(base_url + f"/t/{t['table']['id']}")
        page.wait_for_selector("#final")
        # each seat's shape is shown (three 🔷, one per row) and no card is left face down
        page.wait_for_function("document.querySelectorAll('#geo-doors .geo-card.shape').length === 3")
        assert page.locator("#geo-doors .geo-card:not(.face)").count() == 0
        assert "🔑" not in page.inner_text("#geo-doors")
    finally:
        ctx.close()


# ---- hotel: the final table, Charon --------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hotel_final_table_fits_its_card_at_1366(browser, base_url, lang):
    t = bots_only(base_url, "hotel", 6, seed=3)
    ctx = context(browser, {"width": 1366, "height": 900}, lang)
    try:
        page = ctx.new_page()
        page.goto(base_url + f"/t/{t['table']['id']}")
        page.wait_for_selector("#final table")
        set_lang(page, lang)
        fit = page.evaluate("(() => { const s = document.querySelector('#final .final-scroll'); return [s.scrollWidth, s.clientWidth]; })()")
        assert fit[0] <= fit[1] + 1, f"the final table is cut: {fit}"
        # headers wrap between words only: never one character per line
        # (the lines a cell's text takes: the distinct tops of its text's boxes)
        lines = page.evaluate("""[...document.querySelectorAll('#final th, #final td')].map(c => {
            const r = document.createRange(); r.selectNodeContents(c);
            const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
            return [c.tagName, c.innerText, tops.size, c.innerText.trim().split(/\\s+/).length]; })""")
        broken = [x for x in lines if x[0] == "TH" and x[2] > max(1, x[3])]
        assert not broken, f"headers broken inside a word: {broken[:5]}"
        cells = [x for x in lines if x[0] == "TD" and x[2] > 1]
        assert not cells, f"cells broken over lines: {cells[:5]}"
        if lang == "en":
            page.screenshot(path=str(SCREENSHOTS / "hotel-final.png"), full_page=True)
    finally:
        ctx.close()


def test_hotel_charon_is_cha_lun_in_zh(page, base_url):
    page.goto(base_url + "/")
    names = page.evaluate("""import('/static/games/hotel.js').then(m => Object.entries(m.icons)
        .filter(([k, v]) => /查伦|Charon/.test(v[0] + v[1])).map(([k, v]) => v))""")
    assert names, "no event names Charon"
    for zh, en in names:
        assert "Charon" not in zh and "查伦" in zh and "查伦" not in en


# ---- tooltips follow the language ---------------------------------------------------------

def test_tooltips_follow_the_language(browser, base_url):
    t = new_table(base_url, "toys", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}], seed=5)
    ctx = context(browser)
    try:
        page = ctx.new_page()
        page.goto(seat_url(base_url, t, 0))
        page.wait_for_selector("#board")
        tips = "[...document.querySelectorAll('header .icon, #board .icon')].map(e => e.title)"
        set_lang(page, "zh")
        zh = page.evaluate(tips)
        set_lang(page, "en")
        en = page.evaluate(tips)
        assert zh and en
        assert not [x for x in en if re.search(r"[\u3400-\u9fff]", x)], en
        set_lang(page, "zh")
        back = page.evaluate(tips)
        assert not [x for x in back if re.fullmatch(r"[\x00-\x7f]+", x)], back
        head = page.get_attribute("header .icon", "title")
        assert head == "boardlab：桌游试验场"
    finally:
        ctx.close()


# ---- zh glyphs on zh pages -----------------------------------------------------------------

def test_zh_pages_draw_zh_glyphs(browser, base_url):
    t = new_table(base_url, "hotel", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}], seed=5)
    ctx = context(browser, lang="zh")
    try:
        page = ctx.new_page()
        page.goto(seat_url(base_url, t, 0))
        page.wait_for_selector("#hotel-event")
        set_lang(page, "zh")
        # hotel's 🈵 (full house) as its event box draws it, inside the page's own styles
        page.evaluate("""document.querySelector('#hotel-event').append(Object.assign(document.createElement('span'),
            { id: 'full-house', textContent: '🈵 酒店满房' }))""")
        cdp = ctx.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "#full-house"})["nodeId"]
        fonts = [f["familyName"] for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]]
        assert fonts and not [f for f in fonts if re.search(r"\bJP\b|Japanese", f)], fonts
        assert page.evaluate("document.documentElement.lang") == "zh"
    finally:
        ctx.close()


# ---- the lobby --------------------------------------------------------------------------------

def test_lobby_no_raw_ids_and_toys_options_grouped(page, base_url):
    page.goto(base_url + "/")
    page.evaluate("localStorage.setItem('boardlab:lang', 'zh')")
    page.reload()
    page.wait_for_selector("[data-game='toys']")
    games = httpx.get(base_url + "/api/games").json()
    for lang in ("zh", "en"):
        set_lang(page, lang)
        tiles = page.inner_text(".games")
        for g in games:
            assert not re.search(rf"\b{g['id']}\b", tiles), (g["id"], tiles)
    page.click("[data-game='toys']")
    page.wait_for_selector("#create")
    common = page.locator("#common-options [data-opt]").count()
    more = page.locator("#more-options [data-opt]").count()
    toys = next(g for g in games if g["id"] == "toys")
    total = len(toys["config_schema"]["properties"]) - 1
    assert 1 <= common <= 6 and common + more == total, (common, more, total)
    assert not page.locator("#more-options").evaluate("d => d.open")
    assert not page.locator("#more-options [data-opt]").first.is_visible()
    page.click("#more-options summary")
    assert page.locator("#more-options [data-opt]").first.is_visible()


def test_lobby_lists_finished_tables_your_own_and_replays(browser, base_url):
    done = bots_only(base_url, "geometry", 3, seed=9)
    did = done["table"]["id"]
    ctx = context(browser)
    try:
        page = ctx.new_page()
        page.goto(base_url + "/")
        page.click("[data-game='geometry']")
        page.wait_for_selector("#create")
        page.click("#create")
        page.wait_for_selector("#created")
        mine = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boardlab:t:')).map(k => k.slice(11))")[0]
        page.click("#start")
        page.wait_for_url(re.compile(r"/t/"))
        page.goto(base_url + "/")
        for lang in ("zh", "en"):
            set_lang(page, lang)
            page.wait_for_selector(f"[data-table='{mine}'] [data-mine]")
            row = page.inner_text(f"[data-table='{mine}']")
            assert ("你的座位 P1" if lang == "zh" else "Your seat P1") in row
            assert ("观战" not in row) and ("Watch" not in row)
            assert page.locator(f"[data-table='{mine}'] [data-resume]").count() == 1
            page.wait_for_selector(f"#finished-tables ~ [data-table='{did}']")
            fin = page.inner_text(f"[data-table='{did}']")
            assert ("已结束" if lang == "zh" else "over") in fin
            assert not re.search(r"\b" + re.escape(did) + r"\b", page.inner_text("#tables"))
        page.click(f"[data-replay='{did}']")
        page.wait_for_selector("#replay-bar")
        page.wait_for_selector("#geo-doors")
        steps = int(re.search(r"/(\d+)", page.inner_text("#replay-step")).group(1))
        assert steps > 0 and re.search(r"\b0/", page.inner_text("#replay-step"))
        page.click("#replay-next")
        page.wait_for_function("/\\b1\\//.test(document.querySelector('#replay-step').innerText)")
        assert page.locator("#replay-moved").count() == 1
        assert page.locator("#replay-seat").count() == 0  # seats' views only at the end
        page.click("#replay-last")
        page.wait_for_selector("#replay-seat")
        assert page.locator("#geo-doors .geo-card.shape").count() == 0  # the spectator's board
        page.select_option("#replay-seat", "1")
        page.wait_for_function("document.querySelectorAll('#geo-doors .geo-card.shape').length === 1")
        page.screenshot(path=str(SCREENSHOTS / "replay.png"), full_page=True)
    finally:
        ctx.close()


def test_a_running_table_nobody_plays_reads_abandoned(browser, base_url):
    """(The lobby's rule itself - running, nobody there, 20 minutes - is tested on the
    server; here the lobby shows the server's word.)"""
    ctx = context(browser)
    try:
        page = ctx.new_page()
        page.route("**/api/lobby", lambda route: route.fulfill(json=[{
            "id": "t1", "game": "geometry", "title": {"zh": "几何密室", "en": "Geometry Rooms"},
            "status": "running", "abandoned": True, "public": True, "updated_at": time.time() - 7200,
            "seats": [{"seat": 0, "kind": "human", "claimed": True}, {"seat": 1, "kind": "bot", "bot": "bold", "claimed": True}]}]))
        page.goto(base_url + "/")
        for lang, word in (("zh", "无人继续"), ("en", "abandoned")):
            set_lang(page, lang)
            page.wait_for_selector("[data-table='t1'][data-status='abandoned']")
            row = page.inner_text("[data-table='t1']")
            assert word in row and "进行中" not in row and "running" not in row
    finally:
        ctx.close()


def test_replay_reads_in_the_players_language(browser, base_url):
    """The stray-words walker (test_words) over the replay screen."""
    from .test_words import UNTIPPED, problems

    t = bots_only(base_url, "cat", 3, seed=2)
    tid = t["table"]["id"]
    ctx = context(browser)
    try:
        page = ctx.new_page()
        page.goto(base_url + f"/t/{tid}?replay")
        page.wait_for_selector("#replay-bar")
        rng = random.Random(1)
        for i in range(6):
            for lang in ("zh", "en"):
                set_lang(page, lang)
                page.wait_for_selector("#board")
                text = page.inner_text("body").replace(page.inner_text("#lang"), "", 1)
                bad = problems(text, lang, {tid, "cat"})
                assert not bad, f"replay step {i} ({lang}): {sorted(set(bad))[:20]}"
                assert not page.evaluate(UNTIPPED), page.evaluate(UNTIPPED)
            page.click("#replay-next" if i < 5 else "#replay-last")
            page.wait_for_timeout(100 + rng.randrange(100))
    finally:
        ctx.close()


# ---- turn alerts, the turn timer ------------------------------------------------------------

def test_turn_timer_from_the_lobby_counts_down_and_my_turn_alerts(browser, base_url):
    ctx = context(browser)
    # what the page asks of the device: vibrations and tones, recorded
    ctx.add_init_script("""window.buzz = []; navigator.vibrate = ms => { window.buzz.push(ms); return true; };
      window.tones = 0; window.AudioContext = class { constructor() { this.currentTime = 0; this.destination = {}; }
        createOscillator() { return { frequency: {}, connect: x => x, start: () => { window.tones++; }, stop: () => {} }; }
        createGain() { return { gain: {}, connect: x => x }; } close() {} };""")
    try:
        page = ctx.new_page()
        page.goto(base_url + "/")
        page.click("[data-game='geometry']")
        page.wait_for_selector("#turn-seconds")
        for lang, word in (("zh", "分钟"), ("en", "min")):
            set_lang(page, lang)
            assert word in page.inner_text("#turn-seconds")
        page.select_option("#turn-seconds", "120")
        page.click("#create")
        page.wait_for_selector("#created")
        page.click("#start")
        page.wait_for_url(re.compile(r"/t/"))
        tid = page.url.rstrip("/").split("/")[-1]
        assert httpx.get(f"{base_url}/api/tables/{tid}").json()["turn_seconds"] == 120
        page.wait_for_selector("#board")
        # a choice of mine (the first leader may be a bot: wait for the table to come round)
        page.wait_for_selector("#choices #countdown", timeout=20000)
        first = page.inner_text("#countdown")
        assert re.fullmatch(r"⏱ [0-2]:\d\d", first), first
        page.wait_for_function(f"document.querySelector('#countdown').innerText !== {first!r}", timeout=5000)
        assert page.title().startswith("🔔")
        assert page.evaluate("window.buzz.length") >= 1
        assert page.evaluate("window.tones") == 0  # the sound only when asked for
        page.check("#ring")
        assert page.evaluate("window.tones") == 1 and page.evaluate("localStorage.getItem('boardlab:ring')") == "1"
        # once chosen, the title is the page's own again
        page.locator("[data-act]").first.click()
        page.wait_for_function("!document.title.startsWith('🔔') || document.querySelector('#board [data-act]')")
    finally:
        ctx.close()


# ---- rematch ----------------------------------------------------------------------------------

def test_rematch_one_click_each_same_seats_new_deal(browser, base_url):
    from .test_words import UNTIPPED, problems

    t = new_table(base_url, "sealed", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
                  seed=3, options={"rounds": 1})
    ctxs = [context(browser), context(browser, lang="en")]
    pages = [c.new_page() for c in ctxs]
    try:
        for pg, s in zip(pages, t["seats"], strict=True):
            pg.goto(base_url + s["invite"])
            pg.wait_for_selector("#controls button")
        for pg in pages:
            pg.locator("#controls button").first.click()
        for pg in pages:
            pg.wait_for_selector("#final #rematch")
        pages[0].click("#rematch")
        pages[0].wait_for_url(re.compile(r"/t/(?!" + t["table"]["id"] + ")"))
        new = pages[0].url.rstrip("/").split("/")[-1]
        pages[0].wait_for_selector("#not-started")
        assert "等待其他玩家入座" in pages[0].inner_text("#not-started")
        # the other player's final screen offers to join (it polls), one click
        pages[1].wait_for_selector("#rematch-who")
        assert "Ann" in pages[1].inner_text("#rematch-who")
        assert "Join the rematch" in pages[1].inner_text("#rematch")
        for lang in ("en", "zh"):  # the final screen with the rematch offer, in words
            set_lang(pages[1], lang)
            pages[1].wait_for_selector("#rematch-who")
            # (the test game's own log is not a real game's words: the final card and the header)
            text = pages[1].inner_text("#final") + pages[1].inner_text("header").replace(pages[1].inner_text("#lang"), "", 1)
            assert not problems(text, lang, {t["table"]["id"], "sealed", "Ann", "Bo"}), problems(text, lang, set())
            assert not pages[1].evaluate(UNTIPPED)
        pages[1].click("#rematch")
        pages[1].wait_for_url(f"**/t/{new}")
        for pg in pages:  # both seats in: it started by itself, each on their own seat
            pg.wait_for_selector("#controls button")
        assert "Ann" in pages[0].inner_text("#who") and "Bo" in pages[1].inner_text("#who")
        info = httpx.get(f"{base_url}/api/tables/{new}").json()
        assert info["status"] == "running" and [s["name"] for s in info["seats"]] == ["Ann", "Bo"]
    finally:
        for c in ctxs:
            c.close()


# ---- guest names ------------------------------------------------------------------------------

def test_a_guest_chooses_a_name_everyone_sees(browser, base_url):
    t = new_table(base_url, "geometry", [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                                         {"kind": "bot", "bot": "bold"}], seed=6)
    host, guest = context(browser), context(browser, PHONE, lang="en")
    try:
        a, b = host.new_page(), guest.new_page()
        a.goto(seat_url(base_url, t, 0))
        b.goto(seat_url(base_url, t, 1))
        b.wait_for_selector("#rename")
        assert "P2" in b.inner_text("#who")
        b.click("#rename")
        b.fill("#name-input", "小明")
        b.click("#name-save")
        b.wait_for_function("document.querySelector('#who').innerText.includes('小明')")
        a.locator(".seat-chip[data-seat='1']", has_text="小明").wait_for()
        assert b.evaluate("localStorage.getItem('boardlab:name')") == "小明"
        # the next table this device joins takes the name along
        t2 = new_table(base_url, "geometry", [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                                              {"kind": "bot", "bot": "bold"}], seed=7)
        b.goto(seat_url(base_url, t2, 1))
        b.wait_for_function("document.querySelector('#who') && document.querySelector('#who').innerText.includes('小明')")
        info = httpx.get(f"{base_url}/api/tables/{t2['table']['id']}").json()
        assert info["seats"][1]["name"] == "小明"
    finally:
        host.close()
        guest.close()


# ---- a sealed choice changed before the reveal ------------------------------------------------

def test_a_sealed_bid_is_changed_before_the_reveal(browser, base_url):
    tid, tokens, ctx = ann_here_bo_by_api(browser, base_url, "hotel", seed=5)

    def bo_sees() -> dict:
        st = httpx.get(f"{base_url}/api/tables/{tid}/state", params={"seat": 1},
                       headers={"X-Seat-Token": tokens[1]}).json()
        return {k: st[k] for k in ("view", "log", "to_move", "legal", "result")}
    try:
        page = ctx.new_page()
        page.goto(base_url + f"/t/{tid}")
        page.wait_for_selector(".ht-bid[data-act]")
        page.locator(".ht-bid[data-act]").first.click()
        page.wait_for_selector("#change-choice")
        first = page.inner_text("#hotel-my-choice")
        seen = bo_sees()
        for lang in ("zh", "en"):
            set_lang(page, lang)
            assert ("改选" if lang == "zh" else "Change my choice") in page.inner_text("#change-choice")
        page.click("#change-choice")
        page.wait_for_selector("#change-options [data-change]:not([disabled])")
        assert page.locator("#change-options [data-change][disabled]").count() == 1  # the current one
        page.locator("#change-options [data-change]:not([disabled])").last.click()
        page.wait_for_function(f"document.querySelector('#hotel-my-choice').innerText !== {first!r}")
        assert bo_sees() == seen  # the other player is shown exactly what they were
        page.wait_for_selector("#change-choice")  # and it can be changed again until Bo chooses
    finally:
        ctx.close()


# ---- chat and quick reactions -------------------------------------------------------------------

def test_chat_and_quick_reactions_reach_the_table(browser, base_url):
    from .test_words import UNTIPPED, problems

    t = new_table(base_url, "geometry", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"},
                                         {"kind": "bot", "bot": "bold"}], seed=6, public=False)
    a_ctx, b_ctx, w_ctx = context(browser), context(browser, PHONE, lang="en"), context(browser)
    try:
        a, b, w = a_ctx.new_page(), b_ctx.new_page(), w_ctx.new_page()
        a.goto(seat_url(base_url, t, 0))
        b.goto(seat_url(base_url, t, 1))
        w.goto(base_url + f"/t/{t['table']['id']}")
        a.wait_for_selector("#chat-input")
        a.fill("#chat-input", "你好 Bo")
        a.press("#chat-input", "Enter")
        a.click("[data-reaction='👍']")
        b.locator("#chat-lines li", has_text="你好 Bo").wait_for()
        b.locator("#chat-lines li.reaction", has_text="👍").wait_for()
        assert "Ann" in b.inner_text("#chat-lines")
        w.locator("#chat-lines li", has_text="👍").wait_for()  # a spectator reads, but cannot write
        assert not w.locator("#chat-input").is_visible()
        for lang in ("zh", "en"):
            set_lang(a, lang)
            text = a.inner_text("#chat")
            assert not problems(text.replace("你好 Bo", ""), lang, {"Ann"}), text
            assert not [x for x in a.evaluate(UNTIPPED) if "👍" in x or "💬" in x]
            assert a.get_attribute("[data-reaction='👏']", "title") == ("鼓掌" if lang == "zh" else "Well played")
        # what is being typed survives the table's redraws
        b.fill("#chat-input", "wait")
        b.click("#chat-input")
        a.locator("[data-act]").first.click()  # a choice: every page redraws
        b.wait_for_timeout(600)
        assert b.input_value("#chat-input") == "wait"
    finally:
        for c in (a_ctx, b_ctx, w_ctx):
            c.close()


def test_no_chat_where_the_game_forbids_table_talk(browser, base_url):
    t = new_table(base_url, "cat", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}],
                  seed=6, options={"variant_e": True})
    ctx = context(browser)
    try:
        page = ctx.new_page()
        page.goto(seat_url(base_url, t, 0))
        page.wait_for_selector("#board")
        page.wait_for_timeout(500)
        assert page.locator("#chat").count() == 0
    finally:
        ctx.close()


def test_burgle_dice_tooltips_follow_the_language(browser, base_url):
    t = new_table(base_url, "burgle", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}], seed=3)
    ctx = context(browser)
    try:
        page = ctx.new_page()
        page.goto(seat_url(base_url, t, 0))
        page.wait_for_selector("#board")
        # every 🎲 on the board and in the log: the tooltip it shows (its own or its holder's)
        dice = """(() => { const out = [], w = document.createTreeWalker(document.querySelector('#app'), NodeFilter.SHOW_TEXT);
          for (let n = w.nextNode(); n; n = w.nextNode()) if (n.data.includes('🎲') && n.parentElement.closest('[title]'))
            out.push(n.parentElement.closest('[title]').title);
          return out; })()"""
        set_lang(page, "zh")
        zh = page.evaluate(dice)
        set_lang(page, "en")
        en = page.evaluate(dice)
        assert zh and en, "no dice on the board"
        assert all(re.search(r"[\u3400-\u9fff]", x) for x in zh), zh
        assert not [x for x in en if re.search(r"[\u3400-\u9fff]", x)], en
    finally:
        ctx.close()
