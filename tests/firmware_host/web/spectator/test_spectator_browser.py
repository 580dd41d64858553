"""The spectator page in Debian's headless chromium (see web/static/test_browser.py): a
room of three simulated tables (shogi, Abalone, Chaturaji) fed moves while the page
polls; each table's last move, its clocks counting down (byoyomi too), a new move shown
within 2 s, the outside page held back by its delay, one column on a phone."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest
from aiohttp import web
from playwright.sync_api import BrowserContext, Page

from engine.registry import find_game
from engine.said import Term, alone
from firmware_host.club.live_delay import Delay
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.web.spectator.app import spectator_app
from tests.firmware_host.web.spectator.roomkit import SimTable, room
from tests.firmware_host.web.static.test_browser import ARTIFACTS, browser

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests

OUTSIDE = 3.0  # seconds the outside audience is held back in this test


class RoomServer:
    """The spectator application on its own loop in a thread; the tables are fed on
    that loop, as the room's watcher feeds them beside the server."""

    def __init__(self) -> None:
        self.tables = room(time.time())
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.runner = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(60)
        self.url = f"http://127.0.0.1:{self.runner.addresses[0][1]}/"

    async def _start(self) -> web.AppRunner:
        app = spectator_app(
            lambda: {n: t.record for n, t in self.tables.items()}, Delay(seconds=OUTSIDE)
        )
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        return runner

    def play(self, number: int, spent: float = 4.0) -> str:
        """Table ``number``'s next move, fed now on the server's loop."""
        table: SimTable = self.tables[number]

        async def feed() -> str:
            return table.play(time.time(), spent)

        return asyncio.run_coroutine_threadsafe(feed(), self.loop).result(60)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(60)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(60)
        self.loop.close()


@pytest.fixture(scope="module")
def hall() -> Iterator[RoomServer]:
    server = RoomServer()
    for _ in range(2):
        for number in server.tables:
            server.play(number)
    yield server
    server.stop()


def shown(page: Page, number: int) -> dict[str, str]:
    """What table ``number``'s card shows: its moves, last move, and each seat's clock."""
    card = page.locator(f"article[data-table='{number}']")
    clocks = card.locator(".live-clock")
    return {
        "moves": card.get_attribute("data-moves") or "",
        "last": card.get_attribute("data-last") or "",
        "clocks": " | ".join(clocks.all_inner_texts()),
        "marked": str(card.locator("polygon.last-move").count()),
        "seats": str(card.locator("li[data-seat]").count()),
        "pieces": str(card.locator("g.stone").count()),
    }


def opened(browser: BrowserContext, url: str, width: int = 1000, height: int = 760) -> Page:
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.tables === '3'")
    return page


def test_every_table_live_a_move_within_2_s_and_the_outside_behind(
    browser: BrowserContext, hall: RoomServer
) -> None:
    page = opened(browser, hall.url)
    for number, table in hall.tables.items():
        seen = shown(page, number)
        assert seen["moves"] == "2" and seen["last"] == table.line[1], seen
        assert int(seen["marked"]) >= 2  # the last move's spots, from and to
        assert int(seen["pieces"]) > 10
        assert seen["clocks"].count(":") == int(seen["seats"])
    assert shown(page, 3)["seats"] == "4"  # Chaturaji's four seats, each with its clock
    running = page.locator("article[data-table='1'] .live-clock.running")
    before = running.inner_text()
    page.wait_for_function(
        "t => document.querySelector(\"article[data-table='1'] .live-clock.running\")"
        ".textContent !== t",
        arg=before,
        timeout=3000,
    )  # counting down between polls

    outside = opened(browser, hall.url + "outside/")
    assert outside.locator("#audience-outside").is_visible()
    outside.wait_for_function(  # the moves before, once they are OUTSIDE seconds old
        "m => document.querySelector(\"article[data-table='1']\").dataset.last === m",
        arg=hall.tables[1].line[1],
        timeout=int((OUTSIDE + 3.0) * 1000),
    )
    fed = time.monotonic()
    move = hall.play(1)
    page.wait_for_function(
        "m => document.querySelector(\"article[data-table='1']\").dataset.last === m",
        arg=move,
        timeout=2000,
    )
    assert time.monotonic() - fed < 2.0
    assert shown(outside, 1)["last"] == hall.tables[1].line[1]  # not yet outside
    outside.wait_for_function(
        "m => document.querySelector(\"article[data-table='1']\").dataset.last === m",
        arg=move,
        timeout=int((OUTSIDE + 3.0) * 1000),
    )
    assert time.monotonic() - fed >= OUTSIDE - 0.2

    hall.play(2, spent=300.0)  # a seat of the Abalone table into its byoyomi
    page.wait_for_function(
        "() => document.querySelector(\"article[data-table='2']\").dataset.moves === '3'",
        timeout=2000,
    )
    assert "byo 0:0" in shown(page, 2)["clocks"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "spectator-room.png"), full_page=True)
    page.close()
    outside.close()


def test_one_column_on_a_phone_a_grid_on_a_wide_screen(
    browser: BrowserContext, hall: RoomServer
) -> None:
    wide = opened(browser, hall.url, 1200, 800)
    lefts = {wide.locator("article.live-table").nth(i).bounding_box()["x"] for i in range(3)}  # type: ignore[index]
    assert len(lefts) > 1
    phone = opened(browser, hall.url, 390, 844)
    boxes = [phone.locator("article.live-table").nth(i).bounding_box() for i in range(3)]
    assert all(box is not None for box in boxes)
    assert len({round(box["x"]) for box in boxes if box}) == 1
    assert all(box["x"] + box["width"] <= 390 for box in boxes if box)
    phone.screenshot(path=str(ARTIFACTS / "spectator-phone.png"), full_page=True)
    wide.close()
    phone.close()


def test_the_page_in_japanese_uses_the_served_words(
    browser: BrowserContext, hall: RoomServer
) -> None:
    page = opened(browser, hall.url)
    page.select_option("#language", "ja")
    page.wait_for_function("() => document.getElementById('heading').textContent === '対局中継'")
    # the board's words come told in the language now read (its title, its seats)
    page.wait_for_function(
        "() => document.querySelector(\"article[data-table='1'] h2\").textContent"
        ".startsWith('1番席')"
    )
    shogi = find_game("shogi")
    seats = page.locator("article[data-table='1'] .live-seat").all_inner_texts()
    assert seats == [told(alone(shogi.seat_word(i)), Language.JAPANESE, shogi) for i in range(2)]
    assert (
        told(alone(Term(shogi.title)), Language.JAPANESE)
        in page.locator("article[data-table='1'] h2").inner_text()
    )
    page.close()


def test_a_table_picked_on_a_phone_has_its_page_its_moves_and_its_records(
    browser: BrowserContext, hall: RoomServer
) -> None:
    """Issue 79: no page per table, no move list, no link to a table's record, no way to
    pick a table on a phone."""
    phone = opened(browser, hall.url, 390, 844)
    phone.select_option("#pick", "1")
    phone.wait_for_url("**/?table=1")
    phone.wait_for_function("() => Number(document.body.dataset.details) >= 2")
    assert phone.locator("article.live-table").count() == 1
    moves = phone.locator("#move-list li")
    table = hall.tables[1]
    assert moves.count() == table.played
    first = moves.nth(0)
    assert first.locator(".live-notation").inner_text() == table.line[0]
    assert first.locator(".live-words").inner_text().startswith("sente: ")  # its words
    suffixes = [a.get_attribute("data-suffix") for a in phone.locator("#records a").all()]
    assert suffixes == ["kif", "kifu", "csa", "json"]
    href = phone.locator("#records a[data-suffix='kif']").get_attribute("href")
    assert href == "tables/1.kif"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    move = hall.play(1)
    phone.wait_for_function(
        "n => document.querySelectorAll('#move-list li').length === n",
        arg=table.played,
        timeout=3000,
    )
    assert moves.nth(table.played - 1).locator(".live-notation").inner_text() == move
    code = phone.locator("#embed-code").input_value()
    assert code.startswith('<iframe src="') and "/embed/?table=1" in code
    phone.screenshot(path=str(ARTIFACTS / "spectator-table-phone.png"), full_page=True)
    phone.close()


def test_one_table_is_embeddable_in_another_sites_frame(
    browser: BrowserContext, hall: RoomServer
) -> None:
    page = browser.new_page()
    answer = page.goto(hall.url + "embed/?table=2")
    assert answer is not None
    assert "frame-ancestors *" in answer.headers["content-security-policy"]
    page.wait_for_function("() => document.body.dataset.tables === '3'")
    assert page.locator("article.live-table").count() == 1
    assert page.locator("article.live-table").get_attribute("data-table") == "2"
    assert not page.locator("header").is_visible()
    main = page.goto(hall.url)
    assert main is not None and "frame-ancestors 'none'" in main.headers["content-security-policy"]
    page.close()


def test_the_japanese_page_tells_the_last_move_in_words_and_the_result_by_name(
    browser: BrowserContext, hall: RoomServer
) -> None:
    """Issue 79: the Japanese page showed the last move in USI (最終手：3a3b) and
    results named seats instead of players."""
    page = opened(browser, hall.url)
    page.select_option("#language", "ja")
    last = page.locator("article[data-table='1'] .live-last")
    page.wait_for_function(
        "() => document.querySelector(\"article[data-table='1'] .live-last\")"
        ".textContent.startsWith('最終手：')"
    )
    move = hall.tables[1].line[hall.tables[1].played - 1]
    assert move not in last.inner_text(), last.inner_text()
    page.close()
