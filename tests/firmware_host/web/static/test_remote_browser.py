"""Three pages play a remote game in Debian's headless chromium (see static/test_browser.py):
each is its own server, all on one loopback broker. One hosts from the dialog and
shows the code, the second joins with that code and plays the host's move from its
lights, the third watches read-only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from tests.firmware_host.web.remote_pages import BROKER_URL, remote_session
from tests.firmware_host.web.static.test_browser import (
    ARTIFACTS,
    LiveServer,
    browser,
    drag,
    led_fill,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[LiveServer, LiveServer, LiveServer]]:
    broker = LoopbackBroker()
    lives = tuple(LiveServer(lambda: remote_session(broker)) for _ in range(3))
    for live in lives:
        live.start()
    yield lives[0], lives[1], lives[2]
    for live in lives:
        live.stop()


def ready(browser: BrowserContext, server: LiveServer) -> Page:
    page = browser.new_page()
    page.goto(server.url)
    page.wait_for_function("() => document.body.dataset.phase === 'play'")
    return page


def ask(page: Page, mode: str, code: str = "") -> None:
    """The dialog: the broker, host, join or watch, the code."""
    page.click("#remote-game summary")
    page.fill("#remote-broker", BROKER_URL)
    page.check(f"input[name='remote-mode'][value='{mode}']")
    if code:
        page.fill("#remote-code-input", code)
    page.click("#remote-form button[type=submit]")


def moves(page: Page, count: int) -> list[str]:
    page.wait_for_function("n => document.body.dataset.moves === String(n)", arg=count)
    return page.locator("#moves li").all_inner_texts()


def guide_lit(page: Page, move: str) -> None:
    """The page's state lights ``move`` for the person here to play."""
    page.wait_for_function(
        "m => window.kiban.page.state && window.kiban.page.state.guide === m", arg=move
    )
    colour = DEFAULT_PALETTE.colours[Meaning.GUIDE].hex()
    page.wait_for_function(
        "([s, c]) => document.querySelector(`#board circle.led[data-spots='${s}']`)"
        ".getAttribute('fill') === c",
        arg=[move[:2], colour],
    )
    assert led_fill(page, move[:2]) == colour


def test_a_hosted_game_joined_by_its_code_played_from_the_lights_and_watched(
    browser: BrowserContext, servers: tuple[LiveServer, LiveServer, LiveServer]
) -> None:
    hosting, joining, watching = servers
    host = ready(browser, hosting)
    assert host.locator("#remote").is_hidden()
    ask(host, "host")
    host.wait_for_selector("#remote:not([hidden]) #remote-code:not(:empty)")
    code = host.inner_text("#remote-code")
    assert host.inner_text("#remote-role") == "Hosting game"
    command = host.inner_text("#remote-command")
    assert command == f"kiban sim dobutsu --remote {BROKER_URL} --join {code}"
    assert "no board has joined" in host.inner_text("#remote-status")
    assert host.locator("#remote-game").get_attribute("open") is None  # closed once hosted
    ARTIFACTS.mkdir(exist_ok=True)
    host.screenshot(path=str(ARTIFACTS / "web-remote-host.png"), full_page=True)

    guest = ready(browser, joining)
    ask(guest, "join", code)
    guest.wait_for_function(
        "c => document.getElementById('remote-code').textContent === c", arg=code
    )
    assert guest.inner_text("#remote-role") == "Playing game"
    assert guest.locator("#remote-invite").is_hidden()
    assert "this board plays B (gote)" in guest.inner_text("#remote-status")

    spectator = ready(browser, watching)
    ask(spectator, "watch", code)
    spectator.wait_for_function("() => document.body.dataset.watching === 'true'")
    assert spectator.inner_text("#remote-role") == "Watching game"
    assert "read-only" in spectator.inner_text("#remote-status")
    assert spectator.locator("#tray").is_hidden()
    for control in ("#takeback", "#resign", "#draw", "#hint", "#guide-form button"):
        assert spectator.locator(control).first.is_disabled(), control

    host.wait_for_function(
        "() => !document.getElementById('remote-status').textContent.includes('no board')"
    )
    drag(host, "2c", "2b")
    assert moves(host, 1) == ["2c2b"]
    guide_lit(guest, "2c2b")
    drag(guest, "2c", "2b")
    assert moves(guest, 1) == ["2c2b"]
    drag(guest, "2a", "2b")
    assert moves(guest, 2) == ["2c2b", "2a2b"]
    guide_lit(host, "2a2b")
    drag(host, "2a", "2b")
    assert moves(host, 2) == ["2c2b", "2a2b"]
    assert moves(spectator, 2) == ["2c2b", "2a2b"]
    spectator.screenshot(path=str(ARTIFACTS / "web-remote-watching.png"), full_page=True)
    # the spectator's hands played both moves; its own hands move nothing
    drag(spectator, "3d", "3c")
    assert spectator.locator("#board g.stone[data-spot='3d']").count() == 1
    assert spectator.locator("#moves li").count() == 2
    for page in (host, guest, spectator):
        page.close()


def test_a_refusal_is_said_in_the_dialog_at_its_field(
    browser: BrowserContext, servers: tuple[LiveServer, LiveServer, LiveServer]
) -> None:
    page = ready(browser, servers[0])
    page.click("#remote-game summary")
    page.fill("#remote-broker", "http://broker.example")
    page.click("#remote-form button[type=submit]")
    page.wait_for_selector("#remote-note.error")
    assert "mqtt://HOST" in page.inner_text("#remote-note")
    assert page.evaluate("() => document.activeElement.id") == "remote-broker"
    assert page.locator("#remote-game").get_attribute("open") is not None
    page.screenshot(path=str(ARTIFACTS / "web-remote-dialog.png"), full_page=True)
    page.close()
