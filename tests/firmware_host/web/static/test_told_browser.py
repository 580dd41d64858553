"""The page shows, in the language it names, exactly what ``telling/rendering.py`` tells for
the same value (the status line, a prompt's heading and choices, a seat's name, how the
game ended), and another language without a reload: the server tells it at the page's
edge, and the page keeps no renderer of its own."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from engine.registry import find_game
from engine.said import alone
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.telling.status import Surface, status_said
from firmware_host.web.words.page_words import page_words
from firmware_host.wire.notice_records import said_from_record
from tests.firmware_host.web.helpers import labels_told
from tests.firmware_host.web.static import test_browser as browsing

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture
server = browsing.server

DOBUTSU = find_game("dobutsu")


def switch(page: Page, language: Language) -> None:
    """The page in ``language``: its own words in place, and what the server sent again
    (the catalogue, the board, the state) told in it and drawn (a page with no server,
    given its messages by the test: its own words)."""
    take_back = page_words(language).get("Take back", "Take back")
    page.select_option("#language", language.value)
    page.wait_for_function(
        "([t, code]) => document.getElementById('takeback').textContent === t"
        " && (window.KIBAN_OFFLINE || document.body.dataset.told === code)",
        arg=[take_back, language.value],
    )


def _shown(page: Page) -> dict[str, Any]:
    return dict(
        page.evaluate(
            "() => ({message: document.getElementById('message').textContent,"
            " turn: document.getElementById('turn').textContent,"
            " heading: document.getElementById('prompt-heading').textContent,"
            " labels: [...document.querySelectorAll('#choices button')].map((b) => b.textContent),"
            " reloaded: !window.keptAcrossLanguages})"
        )
    )


def test_the_page_shows_what_the_server_tells_in_each_language_without_a_reload(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    answer = server.send({"type": "new_game", "game": "dobutsu", "position": "1le/3/3/1L1 b CEG 1"})
    assert answer["type"] == "ok", answer
    page = browser.new_page()
    page.goto(server.url)
    page.wait_for_function("() => document.body.dataset.phase === 'play'")
    switch(page, Language.ENGLISH)
    page.evaluate("() => { window.keptAcrossLanguages = true; }")  # gone if the page reloads
    for command in ({"type": "lift", "spot": "hand:b:C"}, {"type": "place", "spot": "2c"}):
        assert server.send(command)["type"] == "ok"
    page.wait_for_selector("#prompt:not([hidden]) button[data-choice='C*2c']")
    controller = server.session.controller
    built = server.session.state()
    seen: dict[Language, dict[str, Any]] = {}
    for language in (Language.POLISH, Language.CZECH, Language.JAPANESE, Language.ENGLISH):
        switch(page, language)
        shown = seen[language] = _shown(page)
        assert not shown["reloaded"]
        status = status_said(controller, surface=Surface.PAGE)
        assert shown["message"] == told(status, language, DOBUTSU)
        heading = said_from_record(built["prompt"]["heading_said"])
        assert shown["heading"] == told(heading, language, DOBUTSU)
        assert shown["labels"] == labels_told(built["prompt"], language, DOBUTSU)
        seat = told(alone(DOBUTSU.seat_word(0)), language, DOBUTSU)
        assert shown["turn"].startswith(f"{seat} · "), shown["turn"]
    assert seen[Language.POLISH]["labels"] != seen[Language.ENGLISH]["labels"]
    assert seen[Language.JAPANESE]["heading"] != seen[Language.CZECH]["heading"]
    # how the game ended, in the page's language
    assert server.send({"type": "select", "choice": "C*2c"})["type"] == "ok"
    assert server.send({"type": "resign"})["type"] == "ok"
    page.wait_for_function("() => document.body.dataset.phase === 'game over'")
    ended = controller.outcome
    assert ended is not None
    result = DOBUTSU.describe_outcome(ended)
    for language in (Language.POLISH, Language.JAPANESE):
        switch(page, language)
        shown = _shown(page)
        assert shown["message"] == told(
            status_said(controller, surface=Surface.PAGE), language, DOBUTSU
        )
        assert told(result, language, DOBUTSU) in shown["message"], shown["message"]
        assert not shown["reloaded"]
    switch(page, Language.ENGLISH)
    page.close()
