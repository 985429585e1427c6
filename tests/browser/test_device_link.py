"""Moving a seat to another device in a real browser: the 📱 one-time link, the new device
plays, the old one falls back to watching (its token was rotated away)."""

from __future__ import annotations

import re

import pytest

from .conftest import new_table

pytestmark = pytest.mark.browser


def test_a_seat_moves_to_another_device(browser, base_url):
    t = new_table(base_url, "sealed", [{"kind": "human"}, {"kind": "human"}], seed=3)
    phone, laptop = browser.new_context(), browser.new_context()
    try:
        a = phone.new_page()
        a.goto(base_url + t["seats"][0]["invite"])
        a.wait_for_selector("#controls button")
        assert "#claim=" not in a.url  # the one-time code is wiped from the address bar
        a.click("#device-link")
        toast = a.locator(".toast", has_text="#claim=")
        toast.wait_for()
        link = re.search(r"https?://\S+#claim=\S+", toast.inner_text()).group(0)
        b = laptop.new_page()
        b.goto(link)
        b.wait_for_selector("#controls button")
        # the phone's key no longer holds: it watches now
        a.locator("#who", has_text=re.compile("Spectat|观战")).wait_for()
        assert a.locator("#controls button").count() == 0
        b.locator("#controls button").first.click()
        b.wait_for_selector("#waiting")
    finally:
        phone.close()
        laptop.close()
