"""The page as a player meets it in the first week, in a real Chromium: the move a
review shows is readable, its note has room, nothing is logged or said twice, names
off the board stay off it, corner LEDs are read as the squares they mean, Robotory's
dialog and scores explain themselves, the coach's checkboxes sit beside their words,
a prompt's heading says what it asks, the key has the turn LEDs, and the outside
engine is named and offered only where it plays."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, FloatRect, Page

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static.test_browser import (  # noqa: F401 - the fixtures
    LiveServer,
    browser,
    drag,
    fresh_page,
    server,
    wait_moves,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def served(game: str, factory: pytest.TempPathFactory, **options: Any) -> Iterator[LiveServer]:
    store = GameStore(factory.mktemp(game) / "sim.sqlite3")
    live = LiveServer(
        lambda: SimSession(find_game(game), store, resume=False, timing=PATIENT, **options)
    )
    live.start()
    yield live
    live.stop()
    store.close()


@pytest.fixture(scope="module")
def shogi(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from served("shogi", tmp_path_factory)


@pytest.fixture(scope="module")
def robotory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from served("robotory", tmp_path_factory)


def opened(browser: BrowserContext, live: LiveServer, game: str, **new: Any) -> Page:  # noqa: F811
    assert live.send({"type": "new_game", "game": game, **new})["type"] == "ok"
    page = browser.new_page()
    page.goto(live.url)
    page.wait_for_function(
        "g => document.body.dataset.game === g && document.body.dataset.moves === '0'"
        " && document.body.dataset.phase === 'play'",
        arg=game,
    )
    return page


def luminance(css: str) -> float:
    """The relative luminance (WCAG 2) of a computed ``rgb(r, g, b)`` colour."""
    parts = [int(value) / 255 for value in css[css.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(page: Page, selector: str) -> float:
    # read in one task of the page's, once the element stands: a list drawn again between
    # finding it and reading it leaves a detached element, whose computed style is empty
    colours = page.wait_for_function(
        """s => { const e = document.querySelector(s);
            if (!e || !e.isConnected) return null;
            const style = getComputedStyle(e);
            return style.color && style.backgroundColor
                ? [style.color, style.backgroundColor] : null; }""",
        arg=selector,
    ).json_value()
    light, dark = sorted((luminance(colours[0]), luminance(colours[1])), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def test_a_review_is_readable_has_room_and_is_logged_once(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    page = fresh_page(browser, server)
    drag(page, "2c", "2b")
    wait_moves(page, 1)
    drag(page, "2a", "2b")
    wait_moves(page, 2)
    assert server.send({"type": "resign"})["type"] == "ok"
    page.wait_for_selector("#review:not([hidden])")
    page.click("#review button[data-review='first']")
    page.wait_for_function("() => document.getElementById('review-note').textContent")
    page.click("#review button[data-review='next']")
    page.wait_for_selector("#moves li.reviewed")
    assert contrast(page, "#moves li.reviewed") >= 4.5  # WCAG AA, not white on pale blue
    note, bar = box(page, "#review-note"), box(page, "#review")
    assert note["width"] > 0.6 * bar["width"]  # a line of its own, not a word a line
    size = float(
        page.eval_on_selector("#review-note", "e => parseFloat(getComputedStyle(e).fontSize)")
    )
    assert note["height"] < 3 * size  # one line of it
    page.wait_for_function(
        "() => document.querySelector('#log li').textContent.includes('move 1 of 2')"
    )
    before = log_lines(page)
    page.locator("#moves li").nth(0).click()  # the move shown, clicked again
    page.wait_for_timeout(700)
    assert log_lines(page) == before
    assert sum("move 1 of 2" in line for line in log_lines(page)) == 1
    page.close()


def test_the_turn_line_and_the_status_never_say_the_same(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    page = fresh_page(browser, server)
    turn, message = page.inner_text("#turn"), page.inner_text("#message")
    assert message == "A (sente) to move"
    assert "to move" not in turn and "A (sente)" in turn
    assert server.send({"type": "resign"})["type"] == "ok"
    page.wait_for_function("() => document.body.dataset.phase === 'game over'")
    turn, message = page.inner_text("#turn"), page.inner_text("#message")
    assert "wins" in message and "wins" not in turn
    page.close()


def test_the_coachs_checkboxes_sit_beside_their_words(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    page = fresh_page(browser, server)
    page.click("#new-game summary")
    for box_id in ("new-game-coach-on", "new-game-warn-on"):
        check = box(page, f"#{box_id}")
        label = box(page, f"label:has(> #{box_id})")
        assert label["height"] < 2 * check["height"] + 8, box_id  # one line, not two
        assert check["x"] <= label["x"] + 4  # before its words
    page.close()


def test_the_key_explains_the_turn_leds_a_computer_seat_among_them(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    page = opened(browser, server, "dobutsu", settings={"opponent": "w=level:1"})
    page.wait_for_function(
        "() => document.querySelectorAll(\"#colour-key-list li[data-meaning='turn']\").length === 2"
    )
    turns = page.locator("#colour-key-list li[data-meaning='turn']")
    colours = [turns.nth(i).get_attribute("data-colour") for i in range(2)]
    seats = find_game("dobutsu").seats
    assert colours == [DEFAULT_PALETTE.seat(seat).hex() for seat in seats]
    assert "computer" in turns.nth(1).inner_text() and "computer" not in turns.nth(0).inner_text()
    page.close()


@pytest.mark.parametrize(("game", "offered"), [("dobutsu", True), ("abalone", False)])
def test_the_engine_is_named_and_offered_only_for_the_games_it_plays(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
    game: str,
    offered: bool,
) -> None:
    page = fresh_page(browser, server)
    page.click("#new-game summary")
    page.select_option("#new-game-name", game)
    engines = page.locator("#new-game-players option[value='engine']")
    assert engines.count() == (len(find_game(game).seats) if offered else 0)
    if offered:
        assert engines.first.inner_text() == "computer: Fairy-Stockfish"
    page.close()
    page = opened(browser, server, "dobutsu", settings={"opponent": "w=engine"})
    page.wait_for_function("() => document.getElementById('computer-note').textContent")
    note = page.inner_text("#computer-note")
    assert "Fairy-Stockfish (level 10)" in note and "strongest" not in note
    page.close()


def test_names_off_the_board_stay_off_it_in_polish(
    browser: BrowserContext,  # noqa: F811
    shogi: LiveServer,
) -> None:
    page = opened(browser, shogi, "shogi", settings={"draw": "none"})
    page.select_option("#language", "pl")
    page.wait_for_function("() => document.documentElement.lang === 'pl'")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#board text.offboard-name')]"
        ".some((t) => t.textContent.includes('generał'))"
    )
    overlaps = page.evaluate(
        """() => {
          const cells = [...document.querySelectorAll('#board polygon.cell')]
            .map((c) => c.getBoundingClientRect());
          const out = [];
          for (const label of document.querySelectorAll('#board text.offboard-name')) {
            const r = label.getBoundingClientRect();
            for (const c of cells) {
              const across = r.right > c.left + 1 && r.left < c.right - 1;
              if (across && r.bottom > c.top + 1 && r.top < c.bottom - 1) {
                out.push(label.textContent);
                break;
              }
            }
          }
          return out;
        }"""
    )
    assert overlaps == []
    page.close()


def test_a_move_to_play_on_corner_leds_marks_the_two_squares_it_means(
    browser: BrowserContext,  # noqa: F811
    shogi: LiveServer,
) -> None:
    page = opened(browser, shogi, "shogi", settings={"draw": "none"})
    assert shogi.send({"type": "guide", "move": "7g7f"})["type"] == "ok"
    page.wait_for_function("() => document.querySelectorAll('#board .meant').length === 2")
    meant = page.eval_on_selector_all("#board .meant", "els => els.map((e) => e.dataset.spot)")
    assert sorted(meant) == ["7f", "7g"]
    lit_corners = page.eval_on_selector_all(
        "#board circle.led[data-spots]",
        "els => els.filter((e) => e.dataset.spots && !e.classList.contains('off')).length",
    )
    assert lit_corners == 6  # the board's own corner LEDs, as the real board lights them
    page.close()


def test_robotorys_dialog_and_scores_explain_themselves_and_its_prompt_asks_which_token(
    browser: BrowserContext,  # noqa: F811
    robotory: LiveServer,
) -> None:
    page = opened(browser, robotory, "robotory")
    page.click("#new-game summary")
    page.select_option("#new-game-name", "robotory")
    # its one rule option is the board's (whether it follows a hand that goes on): no
    # Rules box stands empty
    options = page.locator("#new-game-options [data-option]")
    assert [options.nth(i).get_attribute("data-option") for i in range(options.count())] == [
        "touch"
    ]
    assert page.locator("#seats .score-words").inner_text().startswith("score: each side's robots")
    drag(page, "stock:l:3", "B4")
    page.wait_for_selector("#prompt:not([hidden]) button[data-choice='b@B4']")
    assert page.inner_text("#prompt-heading") == "Which token?"
    page.close()
    page = opened(browser, robotory, "dobutsu", position="g1e/lC1/3/ELG b c 3")
    page.locator("#board").scroll_into_view_if_needed()
    drag(page, "2b", "2a")
    page.wait_for_selector("#prompt:not([hidden])")
    assert page.inner_text("#prompt-heading") == "Promote?"
    page.close()
