"""The page explains itself, in Debian's headless chromium (see static/test_browser.py):
the colour key in the palette in use, spots by name, the first mover by seat, the log
without repeated refusals, and the count a declaration asks about."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Dialog, Page

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import PALETTES, Meaning
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static.test_browser import LiveServer, browser

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    store = GameStore(tmp_path_factory.mktemp("web-explains") / "sim.sqlite3")
    live = LiveServer(lambda: SimSession(find_game("dobutsu"), store, resume=False, timing=PATIENT))
    live.start()
    yield live
    live.stop()
    store.close()


def opened(
    browser: BrowserContext,
    server: LiveServer,
    game: str,
    variants: dict[str, str] | None = None,
    **settings: str,
) -> Page:
    answer = server.send(
        {"type": "new_game", "game": game, "variants": variants or {}, "settings": settings}
    )
    assert answer["type"] == "ok", answer
    page = browser.new_page()
    page.goto(server.url)
    page.wait_for_function(
        "g => document.body.dataset.game === g && document.body.dataset.phase === 'play'", arg=game
    )
    return page


def key_colour(page: Page, meaning: Meaning) -> str | None:
    selector = f"#colour-key-list li[data-meaning='{meaning.name.lower()}']"
    return page.get_attribute(selector, "data-colour")


def test_the_colour_key_follows_the_palette_and_the_spots_go_by_name(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = opened(browser, server, "dobutsu", palette="default")
    assert page.locator("#colour-key").is_visible()
    default = PALETTES["default"].colours
    assert key_colour(page, Meaning.DESTINATION) == default[Meaning.DESTINATION].hex()
    swatch = page.locator("#colour-key-list li[data-meaning='lifted'] .swatch")
    assert swatch.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb({}, {}, {})".format(
        *(getattr(default[Meaning.LIFTED], c) for c in ("red", "green", "blue"))
    )
    texts = page.locator("#colour-key-list .key-text").all_inner_texts()
    assert "legal destination" in texts and "selected choice" in texts
    assert page.locator("#colour-key-list li[data-meaning='movable']").count() == 0
    # the hands' spots by the piece they hold, their whole names in a tooltip
    board_text = " ".join(page.locator("#board text").all_text_contents())
    assert "hand:" not in board_text and "chick" in board_text
    title = page.locator("#board polygon[data-spot='hand:w:G'] title").text_content()
    assert title == "B (gote)'s hand: giraffe"
    # another palette: the key changes with the LEDs
    server.send({"type": "new_game", "game": "dobutsu", "settings": {"palette": "colour-blind"}})
    blind = PALETTES["colour-blind"].colours[Meaning.DESTINATION].hex()
    page.wait_for_function(
        "c => document.querySelector(\"#colour-key-list li[data-meaning='destination']\")"
        ".dataset.colour === c",
        arg=blind,
    )
    page.close()


def test_a_refusal_is_logged_once_and_a_new_game_clears_the_log(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = opened(browser, server, "dobutsu")
    refusal = "#log li.error"
    for _ in range(3):  # the same claim, refused three times in a row
        page.evaluate("() => kiban.page.ws.send(JSON.stringify({type: 'impasse', id: 900}))")
    page.wait_for_selector(refusal)
    page.evaluate("() => kiban.page.ws.send(JSON.stringify({type: 'takeback', id: 901}))")
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 2")
    lines = page.locator("#log li").all_inner_texts()
    impasse = [line for line in lines if "impasse" in line]
    assert len(impasse) == 1, lines
    game = page.evaluate("() => kiban.page.state.game_id")
    server.send({"type": "new_game", "game": "dobutsu"})
    page.wait_for_function("g => kiban.page.state.game_id !== g", arg=game)
    assert page.locator("#log li").all_inner_texts() == []
    # a new game with an opening draw: the log starts with it, once
    server.send({"type": "new_game", "game": "shogi", "settings": {"seed": "2"}})
    page.wait_for_function("() => kiban.page.state.game === 'shogi'")
    description = page.evaluate("() => kiban.page.state.draw.description")
    assert page.locator("#log li").all_inner_texts() == [description]
    page.close()


def test_shogi_names_the_first_mover_and_counts_a_declaration_before_asking(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = opened(browser, server, "shogi", {"impasse": "27"}, seed="3")
    draw = page.evaluate("() => kiban.page.state.draw")
    assert "sente" in page.inner_text("#opening .first-mover")
    hint = page.locator("#opening .swap-hint")
    assert hint.count() == (1 if draw["swap"] else 0)
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", answer)
    page.click("#claims button[data-claim='declare']")
    page.wait_for_function("() => document.body.dataset.phase === 'play'")
    assert len(asked) == 1
    assert "sente counts 0 of the 28 points needed" in asked[0]
    assert "king is not in the enemy camp" in asked[0]
    assert "a declaration that fails loses the game" in asked[0]
    assert page.evaluate("() => kiban.page.state.outcome") is None  # dismissed: not sent
    page.close()
