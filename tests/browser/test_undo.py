"""The undo button (↶ 撤销 / Undo) in a real browser: shown only when the server says this
seat's turn holds choices that revealed nothing, it takes them back; the other seat's state
never changes meanwhile. burgle, Ann in this browser and Bo through the API, zh and en, at
1280 px and on a 390×844 phone."""

from __future__ import annotations

import json

import httpx
import pytest

from .conftest import SCREENSHOTS
from .test_players import ann_here_bo_by_api

pytestmark = pytest.mark.browser


def _api(base, tid, tokens):
    def state(seat):
        r = httpx.get(f"{base}/api/tables/{tid}/state", params={"seat": seat},
                      headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200, r.text
        got = r.json()
        got.pop("online", None)
        return got

    def act(seat, action):
        r = httpx.post(f"{base}/api/tables/{tid}/act", json={
            "seat": seat, "action": action, "step": state(seat)["step"]},
            headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200, r.text

    def held(seat):
        return httpx.get(f"{base}/api/tables/{tid}/undo", params={"seat": seat},
                         headers={"X-Seat-Token": tokens[seat]}).json()["undo"]
    return state, act, held


@pytest.mark.parametrize("lang,size", [("zh", (1280, 900)), ("en", (1280, 900)),
                                       ("zh", (390, 844)), ("en", (390, 844))])
def test_undo_takes_back_a_move_onto_a_known_tile_and_nobody_else_sees_it(
        browser, base_url, lang, size):
    tid, tokens, ctx = ann_here_bo_by_api(browser, base_url, "burgle", seed=6)
    tokens = {0: tokens[0], 1: tokens[1]}
    state, act, held = _api(base_url, tid, tokens)
    # characters and the entrance (revealed), then Ann's first move: onto a face-down tile,
    # which reveals it - stored at once, nothing to undo
    for _ in range(10):
        mine = state(0)
        if mine["view"]["phase"] == "actions" and 0 in mine["to_move"]:
            break
        seat = mine["to_move"][0]
        if seat in tokens:  # (the bot's own choices come within the requests)
            act(seat, state(seat)["legal"][0]["action"])
    else:
        raise AssertionError("Ann's turn did not come")
    entrance = mine["view"]["players"][0]["at"]
    move = next(c["action"] for c in mine["legal"] if c["action"]["type"] == "move")
    act(0, move)
    assert held(0) == 0, "a move that reveals a tile is stored at once"
    there = state(0)["view"]["players"][0]["at"]
    assert there != entrance
    bo = state(1)
    ctx.add_init_script(f"localStorage.setItem('boardlab:lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(f"{base_url}/t/{tid}")
        page.wait_for_selector("#burgle-floors")
        assert page.locator("#undo").count() == 0  # nothing to take back yet
        back = json.dumps({"type": "move", "to": entrance}, separators=(",", ":"))
        page.locator(f"[data-act='{back}']").first.click()  # back onto the known tile
        page.wait_for_selector("#undo", timeout=5000)
        label = page.inner_text("#undo")
        assert ("撤销" if lang == "zh" else "Undo") in label
        assert "P1" in page.inner_text(f'[data-cell="{entrance}"]')
        assert held(0) == 1 and state(1) == bo  # Bo sees nothing of it
        if size[0] < 500:
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 2
        page.screenshot(path=str(SCREENSHOTS / f"undo-{lang}-{size[0]}.png"))
        page.click("#undo")
        page.wait_for_selector("#undo", state="detached", timeout=5000)
        page.wait_for_function(
            f"document.querySelector('[data-cell=\"{there}\"]').innerText.includes('P1')")
        assert "P1" not in page.inner_text(f'[data-cell="{entrance}"]')
        assert held(0) == 0 and state(1) == bo
        assert state(0)["view"]["players"][0]["at"] == there
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors: {errors}"


def test_a_stored_turn_does_not_replay_its_held_moves_on_the_players_screen(browser, base_url):
    """Two held moves (onto the known entrance and back), then the end of the turn: once the
    turn is stored, Ann's own screen goes on from where it was - her token never shows on
    the entrance again (the moves she saw held are not animated a second time) - while Bo,
    who never saw them, is sent every step."""
    tid, tokens, ctx = ann_here_bo_by_api(browser, base_url, "burgle", seed=6)
    tokens = {0: tokens[0], 1: tokens[1]}
    state, act, held = _api(base_url, tid, tokens)
    for _ in range(10):
        mine = state(0)
        if mine["view"]["phase"] == "actions" and 0 in mine["to_move"]:
            break
        seat = mine["to_move"][0]
        if seat in tokens:
            act(seat, state(seat)["legal"][0]["action"])
    else:
        raise AssertionError("Ann's turn did not come")
    entrance = mine["view"]["players"][0]["at"]
    act(0, next(c["action"] for c in mine["legal"] if c["action"]["type"] == "move"))
    there = state(0)["view"]["players"][0]["at"]
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(f"{base_url}/t/{tid}")
        page.wait_for_selector("#burgle-floors")

        def click(action):
            text = json.dumps(action, separators=(",", ":"))
            page.locator(f"[data-act='{text}'], [data-action='{text}']").first.click()

        click({"type": "move", "to": entrance})
        page.wait_for_function(
            f"document.querySelector('[data-cell=\"{entrance}\"]').innerText.includes('P1')")
        click({"type": "move", "to": there})
        page.wait_for_function(
            f"document.querySelector('[data-cell=\"{there}\"]').innerText.includes('P1')")
        page.wait_for_selector("#undo", timeout=5000)
        assert held(0) == 2
        # from now on: is Ann's token ever drawn on the entrance again?
        page.evaluate(f"""() => {{
            window.__replayed = false;
            new MutationObserver(() => {{
                const c = document.querySelector('[data-cell="{entrance}"]');
                if (c && c.innerText.includes('P1')) window.__replayed = true;
            }}).observe(document.body, {{subtree: true, childList: true, characterData: true}});
        }}""")
        end = next(c["action"] for c in state(0)["legal"] if c["action"]["type"] == "end")
        click(end)
        page.wait_for_function(
            "!document.querySelector('#undo')", timeout=5000)
        assert held(0) == 0
        page.wait_for_timeout(4000)  # every step the end of the turn set off, at the pace
        assert not page.evaluate("window.__replayed"), "the held moves were animated again"
        assert state(1)["view"]["players"][0]["at"] == there
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors: {errors}"
