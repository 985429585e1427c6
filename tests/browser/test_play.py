"""Playing in a real browser: full games by clicks, two humans, reload, spectator, language,
hot-seat, the lobby, and screenshots of every game's table."""

from __future__ import annotations

import random
import time

import httpx
import pytest

from .conftest import SCREENSHOTS, new_table

pytestmark = pytest.mark.browser


def click_some_choice(page, rng: random.Random) -> bool:
    """Click one legal choice if there is one; True if clicked."""
    if page.locator("#ready").count():
        page.click("#ready")
        return True
    buttons = page.locator("#controls button")
    n = buttons.count()
    if not n:
        return False
    try:
        buttons.nth(rng.randrange(n)).click(timeout=2000)
    except Exception:  # re-rendered meanwhile: try again next round
        return False
    return True


def play_to_final(page, seed: int = 0, limit: float = 60.0) -> int:
    rng = random.Random(seed)
    clicks, end = 0, time.time() + limit
    while time.time() < end:
        if page.locator("#final").count():
            return clicks
        if click_some_choice(page, rng):
            clicks += 1
            page.wait_for_timeout(30)
        else:
            page.wait_for_timeout(80)
    raise AssertionError(f"no final screen after {clicks} clicks")


def test_toys_one_human_with_bots_to_the_final_screen(page, base_url):
    t = new_table(base_url, "toys", [{"kind": "human", "name": "Woody"},
                                     {"kind": "bot", "bot": "greedy"}, {"kind": "bot"}], seed=5)
    page.goto(base_url + t["seats"][0]["invite"])
    page.wait_for_selector("#toys-room")
    assert page.locator("[data-cell]").count() == 9
    clicks = play_to_final(page, seed=1, limit=90)
    assert clicks > 0
    assert "🏆" in page.inner_text("#final")
    page.screenshot(path=str(SCREENSHOTS / "toys-final.png"), full_page=True)


def test_cat_one_human_with_bots_to_the_final_screen(page, base_url):
    t = new_table(base_url, "cat", [{"kind": "human", "name": "Sally"}, {"kind": "bot"},
                                    {"kind": "bot"}], seed=9)
    page.goto(base_url + t["seats"][0]["invite"])
    page.wait_for_selector("#cat-rooms")
    play_to_final(page, seed=2, limit=90)
    assert page.locator("#final tr").count() == 4


def test_two_humans_simultaneous_and_reload(browser, base_url):
    t = new_table(base_url, "sealed", [{"kind": "human", "name": "A"}, {"kind": "human",
                                                                          "name": "B"}],
                  seed=3, options={"rounds": 2})
    ctxs = [browser.new_context() for _ in range(2)]
    pages = [c.new_page() for c in ctxs]
    try:
        for pg, s in zip(pages, t["seats"], strict=True):
            pg.goto(base_url + s["invite"])
            pg.wait_for_selector("#controls button")
        hand_a = pages[0].inner_text("#board")
        pages[0].locator("#controls button").first.click()
        pages[0].wait_for_selector("#waiting")
        # B sees that A has chosen (pushed), but not what
        pages[1].wait_for_selector(".seat-chip.done[data-seat='0']")
        # a reload restores A exactly: still waiting, same hand
        pages[0].reload()
        pages[0].wait_for_selector("#waiting")
        assert "✅" in pages[0].inner_text("#waiting")
        pages[1].locator("#controls button").first.click()
        for pg in pages:  # the reveal reaches both, and the next round opens
            pg.wait_for_function("document.querySelector('#log').innerText.includes('reveal')"
                                 " || document.querySelector('#log').innerText.includes('亮牌')")
            pg.wait_for_selector("#controls button")
        assert hand_a != pages[0].inner_text("#board")
        for pg in pages:
            pg.locator("#controls button").first.click()
        for pg in pages:
            pg.wait_for_selector("#final")
    finally:
        for c in ctxs:
            c.close()


def test_spectator_and_language_switch(page, base_url):
    t = new_table(base_url, "toys", [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
                  seed=8)
    tid = t["table"]["id"]
    page.goto(f"{base_url}/t/{tid}")
    page.wait_for_selector("#toys-room")
    assert page.locator("#controls").count() == 0
    assert page.locator("#my-hand").count() == 0
    page.evaluate("localStorage.setItem('boardlab:lang', 'en')")
    page.reload()
    page.wait_for_selector("#toys-room")
    assert "Spectating" in page.inner_text("#who")
    assert "bookshelf" in page.inner_text("#toys-room")
    page.click("#lang")
    assert "书架" in page.inner_text("#toys-room")
    assert "观战" in page.inner_text("#who")
    page.click("#lang")
    assert "bookshelf" in page.inner_text("#toys-room")


def lobby_two_humans_first_choice(page, base_url, hotseat: bool) -> None:
    """Create a 2-human sealed-bid table in the lobby, start it, make seat 0's first choice."""
    page.goto(base_url + "/")
    page.wait_for_selector("[data-game='sealed']")
    page.click("[data-game='sealed']")
    page.fill("#players", "2")
    page.dispatch_event("#players", "input")
    page.select_option("[data-seat='0']", "human")
    page.select_option("[data-seat='1']", "human")
    if hotseat:
        page.check("#hotseat")
    page.click("#create")
    page.wait_for_selector("#created [data-invite='1']")
    page.click("#start")
    page.wait_for_selector("#controls button")
    page.locator("#controls button").first.click()


def test_lobby_hotseat_hand_over(page, base_url):
    lobby_two_humans_first_choice(page, base_url, hotseat=True)
    page.wait_for_selector("#cover")  # the hand-over screen hides seat 0's view
    assert page.locator("#board").count() == 0
    page.click("#ready")
    page.wait_for_selector("#controls button")
    assert "P1" in page.inner_text("#who")


def test_lobby_lists_and_joins(page, base_url):
    t = new_table(base_url, "cat", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}],
                  start=False)
    tid = t["table"]["id"]
    page.goto(base_url + "/")
    page.wait_for_selector(f"text={tid}")
    row = page.locator(".tables-list .row", has_text=tid)
    row.locator("button").click()
    page.wait_for_url(f"**/t/{tid}?seat=0*")
    page.wait_for_selector("text=⏳")
    httpx.post(f"{base_url}/api/tables/{tid}/start", headers={"X-Host-Token": t["host_token"]})
    page.wait_for_selector("#controls button")


@pytest.mark.parametrize("game_id", ["toys", "cat"])
def test_screenshots(browser, base_url, game_id):
    """docs/screenshots/<id>.png (laptop) and <id>-phone.png, a few choices into the game."""
    t = new_table(base_url, game_id, [{"kind": "human", "name": "Ann"}, {"kind": "bot"},
                                      {"kind": "bot"}, {"kind": "bot"}], seed=4)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name, size in (("", (1280, 900)), ("-phone", (390, 844))):
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  device_scale_factor=1 if not name else 2)
        pg = ctx.new_page()
        pg.goto(base_url + t["seats"][0]["invite"])
        pg.wait_for_selector("#board")
        if not name:
            rng = random.Random(0)
            for _ in range(12 if game_id == "cat" else 2):
                if game_id == "cat" and pg.locator("#cat-controls").count():
                    break
                pg.wait_for_selector("#controls button", timeout=5000)
                click_some_choice(pg, rng)
                pg.wait_for_timeout(150)
        pg.wait_for_timeout(300)
        pg.screenshot(path=str(SCREENSHOTS / f"{game_id}{name}.png"), full_page=True)
        ctx.close()


def test_lobby_screenshot(page, base_url):
    page.goto(base_url + "/")
    page.wait_for_selector("#create")
    page.click("[data-game='toys']")
    page.wait_for_selector("[data-opt='roles']")
    page.screenshot(path=str(SCREENSHOTS / "lobby.png"), full_page=True)


def test_host_hands_an_absent_seat_to_a_bot(page, base_url):
    lobby_two_humans_first_choice(page, base_url, hotseat=False)
    page.wait_for_selector("#waiting")
    # seat 1 never came: the host gives it to a bot, which bids at once
    page.click(".seat-chip[data-seat='1'] button")
    page.wait_for_selector("#controls button")
    assert "🤖" in page.inner_text(".seat-chip[data-seat='1']")



def test_geometry_board_shows_doors_and_own_cards(page, base_url):
    t = new_table(base_url, "geometry", [{"kind": "human", "name": "Ann"}, {"kind": "bot"},
                                         {"kind": "bot"}], seed=4)
    page.goto(base_url + t["seats"][0]["invite"])
    page.wait_for_selector("#geo-doors")
    assert page.locator("[data-door]").count() == 5
    # my own five cards are face up for me (one shape), the others' are backs
    assert page.locator(".geo-card.shape").count() == 1
    assert page.locator(".geo-card.face").count() == 5
    page.screenshot(path=str(SCREENSHOTS / "geometry.png"), full_page=True)
    assert play_to_final(page, seed=3, limit=90) >= 0
