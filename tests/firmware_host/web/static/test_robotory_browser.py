"""Robotory's opening on the page, in Debian's headless chromium (see static/test_browser.py):
a token dragged from the stock, its colour chosen at the prompt, then a robot eating it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static.test_browser import (
    LiveServer,
    browser,
    centre,
    drag,
    led_fill,
    wait_moves,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    store = GameStore(tmp_path_factory.mktemp("web-robotory") / "sim.sqlite3")
    live = LiveServer(
        lambda: SimSession(find_game("robotory"), store, resume=False, timing=PATIENT)
    )
    live.start()
    yield live
    live.stop()
    store.close()


def test_a_placement_with_its_colour_prompt_then_a_robot_eats_it(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = browser.new_page()
    page.goto(server.url)
    page.wait_for_function(
        "() => document.body.dataset.game === 'robotory'"
        " && document.body.dataset.phase === 'play' && document.body.dataset.moves === '0'"
    )
    assert page.locator("#board polygon.cell").count() == 24
    assert page.locator("#board g.stone[data-spot='stock:l:3']").count() == 1
    # light takes a black token from its stock (slot 3) and puts it next to the red robot
    drag(page, "stock:l:3", "B4")
    page.wait_for_selector("#prompt:not([hidden]) button[data-choice='b@B4']")
    assert page.locator("#choices button").all_inner_texts() == [
        "black token (b@B4)",
        "white token (w@B4)",
    ]
    page.click("#choices button[data-choice='b@B4']")
    wait_moves(page, 1)
    assert page.locator("#board g.stone[data-spot='stock:l:3']").count() == 0

    capture = DEFAULT_PALETTE.colours[Meaning.CAPTURE].hex()

    def the_token_is_lit() -> None:
        page.wait_for_function(
            "c => document.querySelector(\"#board circle.led[data-spots='B4']\")"
            ".getAttribute('fill') === c",
            arg=capture,
        )
        assert led_fill(page, "B3") == DEFAULT_PALETTE.colours[Meaning.LIFTED].hex()

    # dark moves the red robot onto the token: the hand takes the token into the box
    page.mouse.move(*centre(page, "B3"))
    page.mouse.down()
    the_token_is_lit()
    page.mouse.move(*centre(page, "B4"), steps=6)
    page.mouse.up()
    wait_moves(page, 2)
    assert page.locator("#moves li").all_inner_texts() == ["b@B4", "R:B3-B4"]
    assert page.get_attribute("#board g.stone[data-spot='B4']", "data-kind") == "R"
    assert page.locator("#board g.stone[data-spot='B3']").count() == 0
    page.close()
