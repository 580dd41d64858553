"""The "Play online" dialog in a real headless browser: the token typed into a password
field, kept by the board (0600) and cleared from the page at once, and forgotten again."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from engine.registry import find_game
from firmware_host.online.credentials import token_path
from firmware_host.store.storage import GameStore
from firmware_host.web.sim_session import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.test_web_browser import (  # noqa: F401 - the fixtures
    LiveServer,
    browser,
)

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
