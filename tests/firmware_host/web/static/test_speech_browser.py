"""Spoken moves on the page, in a real headless browser: off until "speak moves" is
ticked, then each move in words, in the language the player picks; the box is the
session's switch, which every page shows and a board's speaker obeys."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static import test_browser as browsing

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[browsing.LiveServer]:
    store = GameStore(tmp_path_factory.mktemp("web") / "sim.sqlite3")
    live = browsing.LiveServer(
        lambda: SimSession(find_game("dobutsu"), store, resume=False, timing=PATIENT)
    )
    live.start()
    yield live
    live.stop()
    store.close()


def said(page: Page) -> str | None:
    value = page.evaluate("() => document.body.dataset.said ?? null")
    assert value is None or isinstance(value, str), value  # (a data attribute is a string)
    return value


def wait_said(page: Page, sentence: str) -> None:
    page.wait_for_function("s => document.body.dataset.said === s", arg=sentence)


def speaking_page(browser: BrowserContext, server: browsing.LiveServer) -> Page:
    """A fresh page with "speak moves" ticked, once the server's state says so."""
    page = browsing.fresh_page(browser, server)
    page.check("#speak")
    page.wait_for_function("() => kiban.page.state.speak && kiban.page.state.speak.on === true")
    return page


def test_the_page_speaks_moves_only_when_asked(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    assert not page.is_checked("#speak")  # off by default
    browsing.drag(page, "2c", "2b")
    browsing.wait_moves(page, 1)
    assert said(page) is None
    page.check("#speak")
    # the session's switch: another page shows it ticked, as the server has it
    other = browser.new_page()
    other.goto(server.url)
    other.wait_for_function("() => document.getElementById('speak').checked")
    assert server.session.controller.speaking is True
    browsing.drag(page, "2a", "2b")
    wait_said(page, "B: lion to 2 b, takes chick")
    page.select_option("#language", "ja")
    browsing.drag(page, "hand:b:C", "2c")
    wait_said(page, "せんて、に さん ひよこ うつ")
    page.uncheck("#speak")
    other.wait_for_function("() => !document.getElementById('speak').checked")
    other.close()
    browsing.drag(page, "3a", "3b")
    browsing.wait_moves(page, 4)
    assert said(page) == "せんて、に さん ひよこ うつ"  # nothing more was said
    # the switch is the session's, the language this browser's: both kept for the next visit
    page.reload()
    page.wait_for_function("() => document.body.dataset.phase === 'play'")
    assert not page.is_checked("#speak")
    assert page.input_value("#language") == "ja"
    page.select_option("#language", "en")
    page.close()


def test_the_page_shows_and_says_the_language_chosen(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    page.check("#speak")
    page.select_option("#language", "pl")
    browsing.drag(page, "2c", "2b")
    wait_said(page, "gracz A: mały żółty robot na 2 b, zdobywa: mały żółty robot")
    page.wait_for_function("() => document.body.innerText.includes('ruch 1: 2c2b')")
    page.select_option("#language", "en")
    page.uncheck("#speak")
    page.close()


def test_a_state_the_server_sent_before_it_read_the_switch_does_not_tick_the_box_back(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = speaking_page(browser, server)
    # the socket holds what the page sends, as a busy server does before it reads it
    page.evaluate(
        """() => {
            const ws = kiban.page.ws;
            window.held = [];
            window.sendNow = ws.send.bind(ws);
            ws.send = (data) => window.held.push(data);
        }"""
    )
    page.uncheck("#speak")
    stale = (
        "() => kiban.render(kiban.page.board,"
        " {...kiban.page.state, speak: {on: true, board: false}})"
    )
    page.evaluate(stale)  # a state sent before the server read "off" (a language change's)
    assert not page.is_checked("#speak")
    page.evaluate(
        "() => { window.held.forEach(window.sendNow); kiban.page.ws.send = window.sendNow; }"
    )
    page.wait_for_function("() => kiban.page.state.speak.on === false")
    assert not page.is_checked("#speak")
    assert server.session.controller.speaking is False
    page.evaluate(stale)  # once the server has said "off", its next word stands again
    assert page.is_checked("#speak")
    page.close()


def test_the_page_says_the_clock_warning_the_server_sent_as_its_clock_passes_it(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    # the server's state with the switch on is in, so that it cannot come after the
    # state drawn below and draw over its clock (a loaded machine's order)
    page = speaking_page(browser, server)
    # the server's words and marks: the page keeps none of its own
    page.evaluate(
        """() => {
            const state = {...kiban.page.state, clocks: [30.4, 300], clock_running: 0,
                clock_warnings: [{left: 30, say: "A: half a minute (as the server says)"}]};
            kiban.render(kiban.page.board, state);
        }"""
    )
    wait_said(page, "A: half a minute (as the server says)")
    page.close()
