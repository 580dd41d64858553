"""Pairing in a real browser: the code typed once, a token of the device's own in its
cookie, another device forgotten from the page, and this one unpaired."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.web.gate.pairing import COOKIE, Device, Pairing
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static.test_browser import ARGUMENTS, CHROMIUM, WAIT, LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CODE = "123456"


@pytest.fixture(scope="module")
def network() -> Iterator[tuple[LiveServer, Pairing]]:
    """A server that takes every browser for a device on the network."""
    pairing = Pairing(CODE, is_local_peer=lambda peer: False)
    store = GameStore(":memory:")
    live = LiveServer(
        lambda: SimSession(find_game("dobutsu"), store, resume=False, timing=PATIENT), pairing
    )
    live.start()
    yield live, pairing
    live.stop()
    store.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing: `make browser` installs it with apt-get")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGUMENTS
        )
        yield browser
        browser.close()


def paired_page(chromium: Browser, url: str) -> Page:
    """A device of its own (its own cookies) that types the code on the pairing page."""
    context = chromium.new_context(bypass_csp=True)
    context.set_default_timeout(WAIT)
    page = context.new_page()
    page.goto(url)
    assert "needs its pairing code" in page.content()
    page.fill("input[name=token]", CODE)
    page.click("button[type=submit]")
    page.wait_for_function("() => document.body.dataset.phase === 'play'")
    assert "token=" not in page.url  # the code does not stay in the address
    cookies = {c["name"]: c["value"] for c in context.cookies()}
    assert cookies[COOKIE] != CODE
    page.wait_for_selector("#devices:not([hidden])")
    return page


def shows(page: Page, text: str) -> None:
    """Wait for the page to say ``text`` (polling: a page in the background gets no frames)."""
    page.wait_for_function("t => document.body.textContent.includes(t)", arg=text, polling=100)


def test_devices_pair_forget_each_other_and_unpair_from_the_page(
    network: tuple[LiveServer, Pairing], chromium: Browser
) -> None:
    server, pairing = network
    first = paired_page(chromium, server.url)
    second = paired_page(chromium, server.url)
    assert len(pairing.devices) == 2
    first.click("#devices summary")
    first.reload()  # the list as it stands now, both devices in it
    first.wait_for_function("() => document.querySelectorAll('#devices-list li').length === 2")
    first.click("#devices summary")
    assert first.locator("#devices-list li", has_text="(this device)").count() == 1
    first.click("#devices-actions button:has-text('Forget the other devices')")
    # the other device's socket closes and its page turns into the pairing page
    shows(second, "This device was unpaired")
    kept: tuple[Device, ...] = pairing.devices  # read afresh after each action
    assert len(kept) == 1
    first.on("dialog", lambda dialog: dialog.accept())
    first.click("#devices-actions button:has-text('Unpair this device')")
    shows(first, "needs its pairing code")  # the cookie is gone with the token
    left: tuple[Device, ...] = pairing.devices
    assert left == ()
    assert pairing.failures == 0
    for page in (first, second):
        page.context.close()
