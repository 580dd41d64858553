"""The page's New game dialog in a real browser offers the seats the session started
with, not the last game's, and starts the seats the player chose there (issue 63, 7a)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static import test_browser as browsing

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture
STARTING = "w=level:1"  # as ``kiban sim dobutsu --opponent w=level:1`` starts it


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[browsing.LiveServer]:
    store = GameStore(tmp_path_factory.mktemp("web") / "sim.sqlite3")
    live = browsing.LiveServer(
        lambda: SimSession(
            find_game("dobutsu"),
            store,
            resume=False,
            timing=PATIENT,
            settings={"opponent": STARTING},
        )
    )
    live.start()
    yield live
    live.stop()
    store.close()


def test_the_dialog_offers_the_starting_seats_and_starts_the_ones_chosen(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    # a game in between with another computer: the dialog does not carry it over
    page = browsing.fresh_page(browser, server, settings={"opponent": "w=random"})
    page.click("#new-game summary")
    white = page.locator("#new-game-players select[data-seat='w']")
    black = page.locator("#new-game-players select[data-seat='b']")
    assert white.input_value() == "level:1"
    assert black.input_value() == ""
    # the player chooses people at both seats: the new game has no computer
    game_id = server.session.controller.game_id
    white.select_option("")
    page.click("#new-game-form button[type=submit]")
    deadline = time.monotonic() + browsing.WAIT / 1000
    while server.session.controller.game_id == game_id and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.session.controller.game_id != game_id, "no new game started"
    assert server.session.controller.settings.opponent == ""
    page.close()
