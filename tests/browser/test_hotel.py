"""The hotel board in a real browser: event, contract wall, vault, seats, own hand."""

from __future__ import annotations

import pytest

from .conftest import new_table

pytestmark = pytest.mark.browser


def test_hotel_board_one_human_with_bots(page, base_url):
    t = new_table(base_url, "hotel", [{"kind": "human", "name": "Wick"}, {"kind": "bot"},
                                      {"kind": "bot"}, {"kind": "bot"}], seed=4)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base_url + t["seats"][0]["invite"])
    page.wait_for_selector("#hotel-wall")
    assert page.locator("#hotel-event").count() == 1
    assert page.locator("[data-com]").count() == 5  # players + 1 contracts
    assert page.locator("[data-seat-box]").count() == 4
    assert page.locator("#hotel-vault").count() == 1
    # my own five technique cards are face up; nobody else's hand is shown
    assert page.locator("#hotel-hand .ht-card:not(.used)").count() == 5
    assert page.locator("#hotel-intel").count() == 1
    # bids are made on the contracts themselves: one row of bid chips per contract
    assert page.locator("#hotel-wall [data-bid-row]").count() == 5
    assert page.locator("#hotel-wall [data-bid-row] [data-act]").count() >= 5
    # (played to the end in test_words, in both languages)


def test_hotel_board_on_a_phone_in_chinese(browser, base_url):
    t = new_table(base_url, "hotel", [{"kind": "human", "name": "温斯顿"}, {"kind": "bot"},
                                      {"kind": "bot"}], seed=7)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    try:
        # Chinese from the first load: a reload right after opening the one-time invite could
        # race the claim and land as a spectator
        ctx.add_init_script("localStorage.setItem('boardlab:lang', 'zh')")
        pg = ctx.new_page()
        pg.goto(base_url + t["seats"][0]["invite"])
        pg.wait_for_selector("#hotel-wall")
        assert "今夜事件" in pg.inner_text("#hotel-event")
        assert "金库" in pg.inner_text("#hotel-vault")
        # no horizontal scrolling on a phone
        assert pg.evaluate("document.documentElement.scrollWidth") <= 392
    finally:
        ctx.close()
