"""The organiser's page in Debian's headless chromium (see web/static/test_browser.py),
on a room run as ``kiban room open`` runs it: the organiser's loop (``follow``) on a
broker (the loopback one), a board announcing itself; the page shows it, its "light"
button sends the organiser's signed light request to that board, and when the board's
connection dies its last will is on the page as an offline alert with its table within
1 s; its "bind" button binds it, and the round shows the board at its table."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import BrowserContext

from firmware_host.club.board import ClubBoard
from firmware_host.club.desk import Desk
from firmware_host.club.live_delay import Delay
from firmware_host.club.messages import Birth, ClubTopic, Light, club_topic, decode, room_filter
from firmware_host.club.organiser import Organiser, follow
from firmware_host.club.pairings import Pairing, Round
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.loopback import LoopbackBroker, LoopbackLink
from firmware_host.web.organiser.app import new_token, organiser_app, organiser_url
from firmware_host.web.organiser.serve import PageServer
from tests.firmware_host.web.static.test_browser import ARTIFACTS, browser

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests

ROUND = Round(1, (Pairing(1, ("Sato", "Suzuki"), "shogi"), Pairing(3, ("Ada", "Bo"), "shogi")))
ADDRESS = BrokerAddress.parse("mqtt://hall.local")
ALERT_WITHIN = 1.0  # seconds: issue 64 item 4, "at once"; the brief's 1 s


@dataclass
class Hall:
    broker: LoopbackBroker
    organiser: Organiser
    board: ClubBoard
    board_link: LoopbackLink
    url: str


@pytest.fixture
def hall() -> Iterator[Hall]:
    broker = LoopbackBroker()
    organiser = Organiser(BoardKey.new(), ROUND)
    woken = threading.Event()
    desk = Desk(ROUND, woken.set)
    link = broker.link_factory(ADDRESS, room_filter(organiser.room), None, woken.set)
    link.start()
    stop = threading.Event()
    loop = threading.Thread(
        target=follow,
        args=(organiser, link, desk.note, stop),
        kwargs={"commands": desk.commands, "woken": woken, "seen": desk.see, "asked": desk.ask},
        daemon=True,
    )
    loop.start()
    token = new_token()
    pages = PageServer(organiser_app(dict, Delay(), desk, token), "127.0.0.1", 0)
    board = ClubBoard(organiser.room, "b7", BoardKey.new())
    board_link = broker.link_factory(ADDRESS, room_filter(organiser.room), board.will, lambda: None)
    board_link.start()
    board_link.publish(*board.birth(Birth("shogi", 3, 55)))
    yield Hall(broker, organiser, board, board_link, organiser_url(pages.base(), token))
    stop.set()
    woken.set()
    loop.join(10)
    pages.stop()


def lights_sent(hall: Hall) -> list[Light]:
    topic = club_topic(hall.organiser.room, ClubTopic.LIGHT, "b7")
    with hall.broker.lock:
        sent = [payload for name, payload in hall.broker.sent if name == topic]
    bodies = [decode(topic, payload, hall.organiser.room).body for payload in sent]
    return [body for body in bodies if isinstance(body, Light)]


def test_light_sends_the_request_and_a_boards_will_is_an_offline_alert_within_1_s(
    browser: BrowserContext, hall: Hall
) -> None:
    page = browser.new_page()
    page.set_viewport_size({"width": 1000, "height": 760})
    page.goto(hall.url)
    row = page.locator("tr[data-board='b7']")
    row.wait_for(timeout=5000)
    assert "55%" in row.inner_text()
    assert page.locator("#alerts li").count() == 0

    assert row.locator("select").input_value() == "3"  # the table the board says it is at
    row.locator("button[data-action='light']").click()
    deadline = time.monotonic() + 2.0
    while not lights_sent(hall) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert lights_sent(hall) == [Light(3)]
    page.wait_for_function("() => document.getElementById('asked').dataset.asked === 'light b7 3'")
    row.locator("button[data-action='bind']").click()  # bound: the round shows it
    page.wait_for_function(
        "() => document.querySelector(\"#tables tr[data-table='3']\").textContent.includes('b7')"
    )
    assert hall.organiser.state().bound == ((3, "b7", hall.board.key.public),)

    willed = time.monotonic()
    with hall.broker.lock:
        hall.broker.drop(hall.board_link)  # its connection dies: the broker says its will
    page.wait_for_function(
        "() => document.querySelector(\"#alerts li[data-kind='offline'][data-board='b7']\")",
        timeout=int(ALERT_WITHIN * 1000),
    )
    took = time.monotonic() - willed
    assert took < ALERT_WITHIN, took
    alert = page.locator("#alerts li[data-kind='offline']")
    assert alert.get_attribute("data-table") == "3"
    assert "table 3: board b7 is offline" in alert.inner_text()
    assert "offline" in row.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "organiser-page.png"), full_page=True)

    page.select_option("#language", "ja")
    page.wait_for_function("() => document.getElementById('heading').textContent === '大会運営'")
    assert "3" in page.locator("#alerts li[data-kind='offline']").inner_text()
    page.close()


def test_on_a_phone_nothing_is_off_screen_and_a_bind_that_undoes_another_is_asked(
    browser: BrowserContext, hall: Hall
) -> None:
    """Issue 79: the organiser's page was 539 px wide in a 390 px screen (the light,
    bind and unbind buttons off it); a bind that moved a board from its table was made
    without a word."""
    other = ClubBoard(hall.organiser.room, "b8", BoardKey.new())
    link = hall.broker.link_factory(ADDRESS, room_filter(hall.organiser.room), None, lambda: None)
    link.start()
    link.publish(*other.birth(Birth("shogi", None, None)))
    page = browser.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(hall.url)
    page.locator("tr[data-board='b8']").wait_for(timeout=5000)
    page.locator("tr[data-board='b7'] button[data-action='bind']").click()
    page.wait_for_function(
        "() => document.querySelector(\"#tables tr[data-table='3']\").textContent.includes('b7')"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for button in page.locator("button").all():
        if button.is_visible():
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    row = page.locator("tr[data-board='b8']")
    row.locator("select").select_option("3")
    row.locator("button[data-action='bind']").click()  # table 3 has b7: asked first
    page.locator("#question").wait_for(state="visible", timeout=5000)
    assert "board b7 is unbound from table 3" in page.locator("#question-text").inner_text()
    assert hall.organiser.state().bound == ((3, "b7", hall.board.key.public),)  # not yet
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "organiser-phone.png"), full_page=True)
    page.locator("#bind-anyway").click()
    page.wait_for_function(
        "() => document.querySelector(\"#tables tr[data-table='3']\").textContent.includes('b8')"
    )
    assert hall.organiser.state().bound == ((3, "b8", other.key.public),)
    notes = page.locator("#notes li").all_inner_texts()
    assert any("board b8 is bound to table 3" in note for note in notes), notes
    page.close()
