"""The burgle board in a real browser: three floors with walls, guards, the team, and
moves and peeks clicked on the cells, to a final screen that says in words how the night
ended (tests/browser/test_burgle_board.py checks the board a newcomer reads)."""

from __future__ import annotations

import re

import pytest

from .conftest import SCREENSHOTS, new_table
from .test_play import play_to_final

pytestmark = pytest.mark.browser


def wait_until(page, check, timeout_ms: int = 5000) -> None:
    """Poll ``check`` (the page's CSP forbids evaluated strings)."""
    for _ in range(timeout_ms // 50):
        try:
            if check():
                return
        except Exception:  # re-rendered meanwhile
            pass
        page.wait_for_timeout(50)
    raise AssertionError("the board did not change")


def test_burgle_board_one_human_with_a_bot_to_the_final_screen(page, base_url):
    t = new_table(base_url, "burgle", [{"kind": "human", "name": "Hawk"}, {"kind": "bot"}], seed=4,
                  options={"turn_limit": 40})  # a short night: the final screen comes soon
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base_url + t["seats"][0]["invite"])
    page.wait_for_selector("#burgle-floors")
    assert page.locator("[data-floor]").count() == 3
    assert page.locator("[data-cell]").count() == 48
    assert page.locator("[data-seat-box]").count() == 2
    # pick a character, then the entrance on the board (seat 0 decides for the team)
    page.locator("#controls button").first.click()
    page.wait_for_selector("[data-cell].can-move", timeout=5000)
    page.locator("[data-cell].can-move").first.click()
    page.wait_for_selector("#burgle-team")
    assert play_to_final(page, seed=3, limit=120) >= 0
    assert page.locator("#final").count() == 1
    # the end in words: seats from P1, the turns the header counted, no record dumped
    summary = page.inner_text("#burgle-summary")
    header = int(re.search(r"\d+", page.inner_text("#burgle-title")).group(0))
    assert int(re.search(r"Turns played\D*(\d+)", summary).group(1)) == header
    assert "P1" in page.inner_text("#burgle-crew") and "P2" in page.inner_text("#burgle-crew")
    assert not re.search(r"[{}\[\]]|\bseat\b|\b[a-z]+_[a-z_]+\b", page.inner_text("#final"))
    page.screenshot(path=str(SCREENSHOTS / "burgle-final.png"), full_page=True)


def test_burgle_cells_are_clickable_in_chinese(browser, base_url):
    t = new_table(base_url, "burgle", [{"kind": "human", "name": "鹰眼"}], seed=7)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    try:
        # Chinese from the first load: a reload right after opening the one-time invite could
        # race the claim and land as a spectator
        ctx.add_init_script("localStorage.setItem('boardlab:lang', 'zh')")
        pg = ctx.new_page()
        pg.goto(base_url + t["seats"][0]["invite"])
        pg.wait_for_selector("#burgle-floors")
        assert "金库" in pg.inner_text("#burgle-safes")
        pg.locator("#controls button").first.click()  # a character
        pg.wait_for_selector("[data-cell].can-move")
        pg.locator("[data-cell].can-move").first.click()  # the entrance, on the board
        wait_until(pg, lambda: "📍" in pg.inner_text('[data-stealth="0"]'))
        steps = "[data-cell] .acts button[data-kind=peek], [data-cell] .acts button[data-kind=move]"
        pg.wait_for_selector(steps)
        before = pg.inner_text("#burgle-turn")
        pg.locator(steps).first.click()  # a peek or a move on the board (each costs an action)
        wait_until(pg, lambda: pg.inner_text("#burgle-turn") != before)
        assert pg.evaluate("document.documentElement.scrollWidth") <= 392
        pg.screenshot(path=str(SCREENSHOTS / "burgle-phone-steps.png"))
    finally:
        ctx.close()
