"""The review bar in a real headless browser: after a game, its steps show each move in
the moves list and light its from and to on the board's LEDs."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page

from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from tests.firmware_host.web.static.test_browser import (  # noqa: F401 - the fixtures
    LiveServer,
    browser,
    drag,
    fresh_page,
    led_fill,
    server,
    wait_moves,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def reviewed(page: Page, ending: str) -> None:
    page.wait_for_function(
        "t => document.getElementById('review-note').textContent.endsWith(t)", arg=ending
    )


def test_after_a_game_the_review_bar_steps_through_its_moves_on_the_leds(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    page = fresh_page(browser, server)
    last_move = DEFAULT_PALETTE.colours[Meaning.LAST_MOVE].hex()
    assert page.locator("#review").is_hidden()  # only once the game is over
    drag(page, "2c", "2b")
    wait_moves(page, 1)
    drag(page, "2a", "2b")
    wait_moves(page, 2)
    assert server.send({"type": "resign"})["type"] == "ok"
    page.wait_for_selector("#review:not([hidden])")
    page.click("#review button[data-review='first']")
    reviewed(page, ": the start")
    assert page.locator("#moves li.reviewed").count() == 0
    page.click("#review button[data-review='next']")
    page.wait_for_selector("#moves li.reviewed")
    assert page.locator("#moves li.reviewed").inner_text() == "2c2b"
    reviewed(page, ": move 1 of 2")
    page.wait_for_function(
        "c => document.querySelector(\"#board circle.led[data-spots='2c']\")"
        ".getAttribute('fill') === c",
        arg=last_move,
    )
    assert led_fill(page, "2a") != last_move  # the second move is not lit yet
    page.locator("#moves li").nth(1).click()  # a move clicked is shown
    page.wait_for_function(
        "() => document.querySelector('#moves li.reviewed')?.textContent === '2a2b'"
    )
    page.wait_for_function(
        "c => document.querySelector(\"#board circle.led[data-spots='2a']\")"
        ".getAttribute('fill') === c",
        arg=last_move,
    )
    assert page.locator("#moves li").all_inner_texts() == ["2c2b", "2a2b"]  # unchanged
    page.close()


def test_the_worst_button_shows_a_judged_move_and_its_note(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    page = fresh_page(browser, server)
    drag(page, "2c", "2b")
    wait_moves(page, 1)
    drag(page, "2a", "2b")  # the lion takes the chick
    wait_moves(page, 2)
    assert server.send({"type": "resign"})["type"] == "ok"
    page.wait_for_selector("#review:not([hidden])")
    page.click("#review button[data-review='last']")  # the moves are judged meanwhile
    page.wait_for_function(
        "() => document.getElementById('review-judged').textContent.startsWith('— ')",
        timeout=30_000,
    )
    page.click("#review button[data-review='worst']")  # 2c2b is doubtful (level 6)
    page.wait_for_function(
        "() => document.getElementById('review-judged').textContent.includes('; better ')"
    )
    assert page.locator("#moves li.reviewed").inner_text() in ("2c2b", "2a2b")
    page.close()
