"""The hotel board in a real browser: event, contract wall, vault, seats, own hand."""

from __future__ import annotations

import random

import pytest

from .conftest import SCREENSHOTS, new_table, seat_url
from .test_table import play_until

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


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["laptop", "phone"])
def test_hotel_execution_is_chosen_on_the_board(browser, base_url, size):
    """A won contract is carried out on the board: a card of the hand (the best one picked
    first, another by tapping it) and the gold to add, as chips on the contract itself,
    each with its fire; no execution button row. In zh and in en."""
    # random bots (named: a plain bot seat plays the game's own styles, which outbid us)
    rnd = {"kind": "bot", "bot": "random"}
    t = new_table(base_url, "hotel", [{"kind": "human", "name": "Wick"}, rnd, rnd, rnd], seed=4)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    ctx.add_init_script("localStorage.setItem('boardlab:pace', '0')")
    ctx.add_init_script("if (!localStorage.getItem('boardlab:lang')) localStorage.setItem('boardlab:lang', 'zh')")
    try:
        page = ctx.new_page()
        page.goto(seat_url(base_url, t, 0))
        page.wait_for_selector("#hotel-wall")
        # bid high on the wall (3 gold wins most contracts) until a contract is ours to carry out
        high = lambda: page.locator(".ht-bid", has_text="🪙3")  # noqa: E731
        play_until(page, lambda: page.locator("#hotel-exec [data-act]").count() > 0
                   or page.locator("#final").count() > 0, random.Random(1), prefer=high)
        assert page.locator("#hotel-exec [data-act]").count(), "never won a contract to carry out"
        # on the contract being carried out, not in a row of buttons
        assert page.locator(".ht-com.now #hotel-exec").count() == 1
        assert page.locator("#controls [data-action*='execute']").count() == 0
        for lang in ("zh", "en"):
            if page.evaluate("document.documentElement.lang") != lang:
                page.click("#lang")
                page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            text = page.inner_text("#hotel-exec")
            assert "🔥" in text and ("补金币" in text if lang == "zh" else "gold to add" in text), text
            # each chip on one line and inside its contract card; nothing wider than the screen
            bad = page.evaluate("""(() => { const com = document.querySelector('.ht-com.now').getBoundingClientRect();
                return [...document.querySelectorAll('#hotel-exec button')].filter(b => { const r = b.getBoundingClientRect();
                  return r.height > 2 * parseFloat(getComputedStyle(b).fontSize) + 12 || r.right > com.right + 1 || r.left < com.left - 1; })
                  .map(b => b.textContent); })()""")
            assert not bad, f"chips wrapped or outside the contract: {bad}"
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 2
        # the picked card is the one shown on the contract; tapping another card picks it
        picks = page.locator("#hotel-hand [data-pick]")
        assert picks.count() >= 1 and page.locator("#hotel-hand .picked").count() == 1
        first = page.get_attribute("[data-picked]", "data-picked")
        assert page.get_attribute("#hotel-hand .picked", "data-pick") == first
        other = page.locator("#hotel-hand [data-pick]:not(.picked)")
        if other.count():
            code = other.first.get_attribute("data-pick")
            # (on a phone the choices sheet covers the foot of the screen: the card goes mid-screen)
            other.first.evaluate("el => el.scrollIntoView({ block: 'center' })")
            other.first.click()
            page.wait_for_function(f"document.querySelector('[data-picked]').dataset.picked === '{code}'")
            assert all(code in (b.get_attribute("data-act") or "") for b in
                       page.locator("#hotel-exec [data-exec='execute']").all())
        name = "hotel-execute" + ("-phone" if size[0] < 600 else "")
        page.locator(".ht-com.now").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=size[0] > 600)
        # one tap on a chip carries the contract out
        chip = page.locator("#hotel-exec [data-act]").first
        chip.evaluate("el => el.scrollIntoView({ block: 'center' })")
        chip.click()
        page.wait_for_function("!document.querySelector('#hotel-exec [data-act]')"
                               " || document.querySelector('#final')")
    finally:
        ctx.close()
