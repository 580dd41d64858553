"""The "Play online" dialog in a real headless browser: the token typed into a password
field, kept by the board (0600) and cleared from the page at once, and forgotten again;
a seek started and stopped from it; a byoyomi clock as the page shows it."""

from __future__ import annotations

import stat
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from engine.registry import find_game
from firmware_host.online.credentials import ApiToken, store_token, token_path
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.web.online_dialog.start import OnlineStarter
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST
from tests.firmware_host.online.threaded import served_on_a_thread
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static.test_browser import (  # noqa: F401 - the fixtures
    LiveServer,
    browser,
)
from tests.firmware_host.web.static.test_told_browser import switch

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SECRET = "lip_BrowserSecret_0042"


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[tuple[LiveServer, Path]]:
    store = GameStore(tmp_path / "sim.sqlite3")
    live = LiveServer(
        lambda: SimSession(
            find_game("dobutsu"), store, resume=False, timing=PATIENT, state_dir=tmp_path
        )
    )
    live.start()
    yield live, tmp_path
    live.stop()
    store.close()


def test_the_token_is_kept_from_the_page_never_shown_and_forgotten(
    browser: BrowserContext,  # noqa: F811
    kept: tuple[LiveServer, Path],
) -> None:
    server, state_dir = kept
    page = browser.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(server.url)
    page.click("#online-game summary")
    status = page.locator("#online-token-state")
    status.filter(has_text="No lishogi token is kept").wait_for()
    assert page.get_attribute("#online-token", "type") == "password"
    page.fill("#online-token", SECRET)
    page.click("#online-token-save")
    status.filter(has_text="A lishogi token is kept").wait_for()
    assert page.input_value("#online-token") == ""
    assert SECRET not in page.content()
    path = token_path(state_dir)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text().strip() == SECRET
    assert page.locator("#online-play").is_hidden()  # no online game runs
    page.click("#online-forget")
    status.filter(has_text="No lishogi token is kept").wait_for()
    assert not path.exists()
    page.close()


def _seeking_session(state_dir: Path, store: GameStore, url: str) -> SimSession:
    session = SimSession(
        find_game("shogi"),
        store,
        resume=False,
        timing=PATIENT,
        state_dir=state_dir,
        settings={"clock": "0 byo 30s x2"},
    )
    session.online_starter = OnlineStarter(url, backoff=FAST)
    return session


def test_a_seek_is_started_and_stopped_from_the_dialog_and_byoyomi_shows_on_the_clocks(
    browser: BrowserContext,  # noqa: F811
    tmp_path: Path,
) -> None:
    fake = FakeLishogi()
    store = GameStore(tmp_path / "sim.sqlite3")
    store_token(tmp_path, ApiToken("alice_token"))
    with served_on_a_thread(fake) as lishogi:
        live = LiveServer(lambda: _seeking_session(tmp_path, store, lishogi.url))
        live.start()
        try:
            page = browser.new_page()
            page.goto(live.url)
            # a byoyomi clock reads as the period and the periods left
            page.locator("#seats [data-clock='1']").filter(has_text="byo 0:30 x2").wait_for()
            page.click("#online-game summary")
            page.locator("#online-find").wait_for()
            page.fill("#online-clock", "10m byo 30s x3")
            page.check("#online-rated")
            page.click("#online-start")
            page.locator("#online-looking").filter(has_text="seeking a rated").wait_for()
            assert page.locator("#online-find").is_hidden()
            deadline = time.monotonic() + 10
            while not fake.seeks and time.monotonic() < deadline:
                time.sleep(0.02)
            assert fake.seeks and fake.seeks[0][1]["periods"] == "3"
            page.click("#online-cancel")
            page.locator("#online-find").wait_for()
            assert page.locator("#online-looking").is_hidden()
            page.close()
        finally:
            live.stop()
            store.close()


def test_the_japanese_page_says_byoyomi_in_japanese(
    browser: BrowserContext,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Issue 63: the Japanese page said "byo" on its clocks. Each place the page shows
    a clock in byoyomi says 秒読み (the status line's clocks: test_clock.py)."""
    store = GameStore(tmp_path / "sim.sqlite3")
    live = LiveServer(lambda: _seeking_session(tmp_path, store, "http://127.0.0.1:9"))
    live.start()
    try:
        page = browser.new_page()
        page.goto(live.url)
        page.locator("#seats [data-clock='1']").filter(has_text="byo 0:30 x2").wait_for()
        switch(page, Language.JAPANESE)
        clock = page.locator("#seats [data-clock='1']")
        clock.filter(has_text="秒読み 0:30（残り2回）").wait_for()
        assert "byo" not in clock.inner_text()
        assert "byo" not in page.locator("#message").inner_text()
        page.close()
    finally:
        live.stop()
        store.close()


def test_the_open_online_menu_does_not_cover_the_panel(
    browser: BrowserContext,  # noqa: F811
    kept: tuple[LiveServer, Path],
) -> None:
    """Issue 63: the open "Play online" menu lay over the panel (a dropdown); it
    takes a line of the header and pushes the panel down, at a laptop's width and a
    phone's."""
    server, _ = kept
    page = browser.new_page()
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(server.url)
        page.locator("#panel").wait_for()
        page.click("#online-game summary")
        body = page.locator("#online-game .online-body")
        body.wait_for()
        menu, panel = body.bounding_box(), page.locator("#panel").bounding_box()
        assert menu is not None and panel is not None
        apart = (
            menu["y"] + menu["height"] <= panel["y"] + 0.5
            or menu["x"] + menu["width"] <= panel["x"] + 0.5
            or panel["x"] + panel["width"] <= menu["x"] + 0.5
        )
        assert apart, (width, menu, panel)
        top = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('#panel') !== null",
            [panel["x"] + panel["width"] / 2, panel["y"] + 5],
        )
        assert top, width  # the panel's top is the panel's, not the menu's
    page.close()
