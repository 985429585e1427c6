"""Browser tests: the system Chromium through Playwright against a real server subprocess.

Without /usr/bin/chromium the tests are skipped with a loud notice - unless ``CI`` is set,
where a missing browser fails them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
LAUNCHER = Path(__file__).resolve().parent.parent / "server" / "serve_sealed.py"
# Screenshots go to build/screenshots (ignored by git) so that a test run leaves the tree
# clean; `BOARDLAB_SCREENSHOTS=docs/screenshots make test` refreshes the ones in the docs.
SCREENSHOTS = Path(
    os.environ.get("BOARDLAB_SCREENSHOTS")
    or Path(__file__).resolve().parents[2] / "build" / "screenshots"
)
SCREENSHOTS.mkdir(parents=True, exist_ok=True)


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_collection_modifyitems(config, items):
    if Path(CHROMIUM).exists():
        return
    mine = [i for i in items if "tests/browser" in str(i.fspath)]
    if not mine:
        return
    if _in_ci():
        return  # the browser fixture fails them
    notice = (f"\n{'!' * 78}\n!! BROWSER TESTS SKIPPED: {CHROMIUM} is missing. Install Debian's "
              f"chromium to run them.\n{'!' * 78}")
    print(notice, file=sys.stderr)
    warnings.warn(notice, stacklevel=1)
    for item in mine:
        item.add_marker(pytest.mark.skip(reason=f"LOUD: {CHROMIUM} not found - browser "
                                                "tests skipped"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def base_url(tmp_path_factory):
    """A real server (uvicorn subprocess) on a free loopback port with a temp database."""
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'db.sqlite'}"
    port = _free_port()
    proc = subprocess.Popen([sys.executable, str(LAUNCHER), url, str(port)])
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail("the server did not start")
    yield base
    proc.kill()
    proc.wait(10)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        if _in_ci():
            pytest.fail(f"CI is set but {CHROMIUM} is missing: browser tests cannot run")
        pytest.skip(f"LOUD: {CHROMIUM} not found - browser tests skipped")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    # bypass_csp: Playwright's wait_for_function evaluates strings, which the app's CSP
    # (script-src 'self') forbids; tests with contexts of their own run under the real CSP
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    # the states of a game are shown at once (no pacing) so that tests stay fast
    ctx.add_init_script("localStorage.setItem('boardlab:pace', '0')")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors: {errors}"


def seat_url(base: str, table: dict, seat: int) -> str:
    """The address that opens ``table`` (a ``new_table`` answer) as ``seat`` in a fresh browser."""
    return base + table["seats"][seat]["invite"]


def new_table(base: str, game: str, seats: list[dict], start: bool = True, **kw) -> dict:
    if "seed" in kw:  # a chosen seed is only allowed at a practice table
        kw["practice"] = True
    r = httpx.post(base + "/api/tables", json={"game": game, "players": len(seats),
                                               "seats": seats, "start": start, **kw})
    assert r.status_code == 201, r.text
    return r.json()
