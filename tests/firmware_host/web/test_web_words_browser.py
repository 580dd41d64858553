"""The page in Debian's headless chromium (see test_web_browser.py) shows words on
every surface: a notice of every kind played into its log, and the status line and
the computer's note while the computer thinks, hold no wire name, and the thinking
message names the page's own button."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.web.sim_session import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.test_web_browser import LiveServer, browser
from tests.firmware_host.web.test_web_words import page_messages, published, thinking, wire_words

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests

SHOWN = ("#log li", "#message", "#turn", "#computer-note", "#choices button", "#dice-note")
"""Where the page writes what happens and what it wants."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Serves the page's files; the page itself is given its messages by the test."""
    store = GameStore(tmp_path_factory.mktemp("web-words") / "sim.sqlite3")
    live = LiveServer(lambda: SimSession(find_game("dobutsu"), store, resume=False, timing=PATIENT))
    live.start()
    yield live
    live.stop()
    store.close()


def test_every_surface_of_the_page_speaks_in_words(
    browser: BrowserContext, server: LiveServer
) -> None:
    board, state = page_messages(thinking())
    notices = published()
    page = browser.new_page()
    page.add_init_script("window.KIBAN_OFFLINE = true")
    page.goto(server.url)
    page.evaluate("([b, s]) => window.kiban.render(b, s)", [board, state])
    page.evaluate("ns => ns.forEach((n) => window.kiban.receive(n))", notices)
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) == len(notices)
    texts = [text for selector in SHOWN for text in page.locator(selector).all_inner_texts()]
    assert [text for text in texts if wire_words(text)] == []
    assert "type now" not in page.inner_text("body")
    message = page.inner_text("#message")
    assert "the computer is thinking" in message and "press Move now" in message
    assert page.locator("#move-now").is_visible()  # the button the message names
    assert "the computer is thinking" in page.inner_text("#computer-note")
    page.close()
