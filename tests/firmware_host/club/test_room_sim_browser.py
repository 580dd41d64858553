"""``kiban room sim`` seen in Debian's headless chromium (see web/static/test_browser.py):
the one command's spectator page draws every table with its moves as the boards play,
and its organiser's page lists every board online and bound, each table with its board,
no alert (issue 64, "Done means": both pages tested in Chromium on the simulated room)."""

from __future__ import annotations

import subprocess
import time

import pytest
from playwright.sync_api import BrowserContext

from tests.firmware_host.club.test_room_sim import BOARDS, WAIT, started_room_sim
from tests.firmware_host.web.static.test_browser import ARTIFACTS, browser

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests


def test_room_sim_both_pages_in_chromium(browser: BrowserContext) -> None:
    process, out = started_room_sim(90)
    try:
        deadline = time.monotonic() + WAIT
        spectator = out.wait(r"the spectator page: (\S+)", deadline)
        organiser = out.wait(r"the organiser's page \(keep its address secret\): (\S+)", deadline)
        page = browser.new_page()
        page.goto(spectator)
        page.wait_for_function(
            "n => document.body.dataset.tables === String(n) && [...document.querySelectorAll("
            "'article[data-table]')].every(card => Number(card.dataset.moves) >= 2)",
            arg=BOARDS,
            timeout=int(WAIT * 1000),
        )
        cards = page.locator("article[data-table]")
        assert sorted(str(cards.nth(i).get_attribute("data-table")) for i in range(BOARDS)) == [
            "1", "2", "3",
        ]  # fmt: skip
        for i in range(BOARDS):
            assert cards.nth(i).locator("g.stone").count() > 0  # each game's pieces drawn
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "room-sim-spectator.png"), full_page=True)

        desk = browser.new_page()
        desk.goto(organiser)
        desk.wait_for_function(
            "n => document.querySelectorAll('tr[data-board]').length === n", arg=BOARDS
        )
        for table in range(1, BOARDS + 1):
            desk.wait_for_function(
                "t => { const row = document.querySelector(`#tables tr[data-table='${t}']`);"
                " return row !== null && [...document.querySelectorAll('tr[data-board]')]"
                ".some(b => row.textContent.includes(b.dataset.board)); }",
                arg=table,
            )
        assert desk.locator("#alerts li").count() == 0, desk.locator("#alerts").inner_text()
        rows = desk.locator("tr[data-board]")
        assert all("offline" not in rows.nth(i).inner_text() for i in range(BOARDS))
        desk.screenshot(path=str(ARTIFACTS / "room-sim-organiser.png"), full_page=True)
    finally:
        process.terminate()
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
