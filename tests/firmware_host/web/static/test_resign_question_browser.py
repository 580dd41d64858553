"""Resign, pressed while the computer's reply waits to be played on the board (issue 81,
item 6): the board resigns the person at it, and the page's question names the
person's seat, not the computer's whose turn it is."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Dialog

from engine.registry import find_game
from tests.firmware_host.web.static.test_browser import (  # noqa: F401 - the fixtures
    LiveServer,
    browser,
    drag,
    server,
    wait_moves,
)
from tests.firmware_host.web.static.test_first_week_browser import opened

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_resign_question_names_the_person_while_the_computers_reply_waits(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    page = opened(browser, server, "dobutsu", settings={"opponent": "w=level:1"})
    drag(page, "2c", "2b")  # the person's chick takes; the computer's reply is lit
    wait_moves(page, 1)
    page.wait_for_function("() => document.body.dataset.phase === 'guide'")
    assert page.evaluate("() => window.kiban.page.state.turn") == 1  # the computer's turn
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", answer)
    page.click("#resign")
    page.wait_for_function("() => document.body.dataset.phase === 'game over'")
    person = find_game("dobutsu").seats[0].name
    assert asked == [f"{person} resigns?"]
    page.close()
