"""The coach on the page in a real browser: the new-game dialog's help per seat and
hint budget reach the session, the seats' help is shown beside the coach's controls,
and a puzzle's question, its solution and the next puzzle are on the page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static import test_browser as browsing

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[browsing.LiveServer]:
    store = GameStore(tmp_path_factory.mktemp("web") / "sim.sqlite3")
    live = browsing.LiveServer(
        lambda: SimSession(find_game("dobutsu"), store, resume=False, timing=PATIENT)
    )
    live.start()
    yield live
    live.stop()
    store.close()


def test_the_dialog_gives_each_seat_its_help_and_the_page_shows_it(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    assert page.locator("#help-note").is_hidden()  # no help named: nothing to show
    page.click("#new-game summary")
    page.select_option("#new-game-help [data-help-seat='b']", "coach")
    page.select_option("#new-game-help [data-help-seat='w']", "none")
    page.fill("#new-game-hints", "2")
    page.click("#new-game-form button[type=submit]")
    page.wait_for_selector("#help-note:not([hidden])")
    note = page.inner_text("#help-note")
    assert "A (sente): coach" in note and "B (gote): none" in note, note
    assert page.is_disabled("#hint")  # a coached seat asks for no hints
    settings = server.session.controller.settings
    assert (settings.help, settings.hints) == ("b:coach,w:none", 2)
    page.click("#new-game summary")  # the dialog offers the game as it is played
    assert page.input_value("#new-game-help [data-help-seat='b']") == "coach"
    assert page.input_value("#new-game-hints") == "2"
    page.select_option("#new-game-help [data-help-seat='b']", "hints")
    page.click("#new-game-form button[type=submit]")
    page.wait_for_function(
        "() => document.getElementById('help-note').textContent.includes('hints left: 2')"
    )
    assert page.is_enabled("#hint")  # the child, to move, may ask
    page.select_option("#language", "pl")
    page.wait_for_function(
        "() => document.getElementById('help-note').textContent.includes('pozostałe')"
    )
    page.select_option("#language", "en")
    page.close()


def test_the_dialog_gives_each_seat_its_own_hint_budget(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    page.click("#new-game summary")
    for letter in ("b", "w"):
        page.select_option(f"#new-game-help [data-help-seat='{letter}']", "hints")
    page.fill("#new-game-hints", "2")  # every seat's, but the parent's own
    assert page.get_attribute("#new-game-help [data-hints-seat='b']", "placeholder") == "2"
    page.fill("#new-game-help [data-hints-seat='w']", "0")
    page.click("#new-game-form button[type=submit]")
    page.wait_for_function(
        "() => document.getElementById('help-note').textContent.includes('hints left: 0')"
    )
    note = page.inner_text("#help-note")
    assert "A (sente): hints, hints left: 2" in note and "hints left: 0" in note, note
    settings = server.session.controller.settings
    assert (settings.hints, settings.seat_hints) == (None, (("b", 2), ("w", 0)))
    page.click("#new-game summary")  # offered again as played: each seat its own
    assert page.input_value("#new-game-hints") == ""
    assert page.input_value("#new-game-help [data-hints-seat='b']") == "2"
    assert page.input_value("#new-game-help [data-hints-seat='w']") == "0"
    page.fill("#new-game-help [data-hints-seat='b']", "")
    page.fill("#new-game-help [data-hints-seat='w']", "")
    page.fill("#new-game-hints", "1")  # back to one number for every seat
    page.click("#new-game-form button[type=submit]")
    page.wait_for_function(
        "() => document.getElementById('help-note').textContent.includes('hints left: 1')"
    )
    settings = server.session.controller.settings
    assert (settings.hints, settings.seat_hints) == (1, ())
    page.close()


def test_a_puzzle_is_asked_solved_and_followed_by_the_next_on_the_page(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    assert page.locator("#puzzle-box").is_hidden()
    page.click("#puzzle")
    page.wait_for_selector("#puzzle-box:not([hidden])")
    question = page.inner_text("#puzzle-question")
    assert "to move: win in" in question, question
    assert page.inner_text("#puzzle-kind").startswith("win, difficulty ")
    assert page.locator("#puzzle-solved").is_hidden()
    page.select_option("#language", "fr")
    page.wait_for_function(
        "() => document.getElementById('puzzle-kind').textContent.startsWith('victoire')"
    )
    # the button's words come with the page's own (served apart): wait for them too
    page.wait_for_function(
        "() => document.getElementById('puzzle-next').textContent === 'Problème suivant'"
    )
    assert page.inner_text("#puzzle-next") == "Problème suivant"
    page.select_option("#language", "en")

    assert server.send({"type": "puzzle", "difficulty": 1})["type"] == "ok"
    page.wait_for_function(
        "() => { const s = window.kiban.page.state;"
        " return s.puzzle && s.puzzle.difficulty === 1 && s.phase === 'play'; }"
    )
    run = server.session.puzzle_run()
    assert run is not None
    answer = run.puzzle.solution[0]  # a step on the board at difficulty 1
    browsing.drag(page, answer[:2], answer[2:4])
    page.wait_for_selector("#puzzle-solved:not([hidden])")
    assert page.inner_text("#puzzle-solved") == "Solved!"

    solved_game = page.evaluate("() => window.kiban.page.state.game_id")
    page.click("#puzzle-next")  # another, as hard
    page.wait_for_function(
        "id => { const s = window.kiban.page.state;"
        " return s.game_id !== id && s.puzzle && !s.puzzle.solved; }",
        arg=solved_game,
    )
    following = server.session.puzzle_run()
    assert following is not None and following.puzzle.difficulty == 1
    page.close()
