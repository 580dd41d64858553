"""A game read in from a record file in a real headless browser (issue 81, items 2 and
4): the page shows the record's players, event, date, time control and ending beside
the game; after it, the review lists the record's variations under the moves they are
played instead of; and a download format that cannot hold them says so before the file
is saved."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext

from engine.shogi import SHOGI
from firmware_host.store.importing import read_record_file
from firmware_host.store.storage import GameStore
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.page_state.test_record_facts import HENKA
from tests.firmware_host.web.static.test_browser import (  # noqa: F401 - the fixtures
    LiveServer,
    browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.fixture(scope="module")
def read_in(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The simulator's page with HENKA read in (``kiban sim shogi --record ... --web``)."""
    store = GameStore(tmp_path_factory.mktemp("record") / "sim.sqlite3")
    imported = read_record_file(HENKA, SHOGI)
    live = LiveServer(
        lambda: SimSession(
            SHOGI,
            store,
            options=imported.options,
            position=imported.start,
            moves=imported.moves,
            record=imported.info,
            resume=False,
            timing=PATIENT,
        )
    )
    live.start()
    yield live
    live.stop()
    store.close()


def test_the_page_shows_the_record_and_its_review_the_variations(
    browser: BrowserContext,  # noqa: F811
    read_in: LiveServer,
) -> None:
    page = browser.new_page()
    page.goto(read_in.url)
    page.wait_for_selector("#record-facts:not([hidden])")
    assert page.inner_text("#record-players") == "先手56789012全3456789 – 後手567890全123456789"
    assert page.inner_text("#record-info") == (
        "第74期棋聖戦1次予選 · began 2000/12/30 10:00 · time control ６時間"
    )
    assert page.inner_text("#record-ending") == "the record's ending: broken off · variations: 5"
    assert page.locator("#moves li.variation").count() == 0  # listed once it is reviewed
    page.select_option("#format", "kif")
    assert page.locator("#download-note").is_hidden()
    page.select_option("#format", "csa")
    page.wait_for_selector("#download-note:not([hidden])")
    assert "5 variations are written in words" in page.inner_text("#download-note")
    assert read_in.send({"type": "resign"})["type"] == "ok"
    page.wait_for_selector("#review:not([hidden])")
    page.click("#review button[data-review='first']")
    page.wait_for_selector("#moves li.variation")
    items = page.locator("#moves li").all_inner_texts()
    third = items.index("2g2f")  # the main line's move 3, its two alternatives after it
    assert items[third + 1].startswith("instead of move 3: 7i6h 3c3d 6g6f")
    assert items[third + 2].startswith("instead of move 3: 2h6h")
    first = items.index("7g7f")
    assert items[first + 1] == "instead of move 1: 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b (broken off)"
    assert items[first + 2].startswith("instead of move 2: 3c3d 7g7f")  # inside it
    # the game ended here: the record's ending no longer holds
    assert page.inner_text("#record-ending") == "variations: 5"
    page.close()
