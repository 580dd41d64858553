"""The page tells every notice's line and its spoken sentence from their values,
exactly as the server tells them: each kind of notice of every game (the toy race's
too) in all five languages, with the words and plural rules the server serves
(``/said``), never a line or a sentence rendered for it."""

from __future__ import annotations

import gettext

import pytest
from playwright.sync_api import BrowserContext, Page

from engine.catalogue import MOVE
from engine.registry import games
from engine.said import CountWord, Said
from firmware_host.notices.declared import NOTICES, IllegalShown, Notice, PuzzleSet
from firmware_host.telling.language import Language, plural_rule
from firmware_host.telling.notices import line_said, notice_line, notice_sentence, sentence_said
from firmware_host.wire.notice_records import said_record
from tests.firmware_host.telling.test_languages_every_notice import _illegal, _start, game_notices
from tests.firmware_host.web.static import test_browser as browsing
from tests.firmware_host.web.static.test_said_browser import switch, told_on_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture
server = browsing.server

COUNTS = range(130)
"""The counts the plural rules are compared on (past 100: Polish's n%100)."""


def lines_on_page(page: Page, notices: list[Notice], game: str) -> list[str]:
    """Each notice's line as the page tells it from the value on the wire."""
    records = [said_record(line_said(notice)) for notice in notices]
    return list(
        page.evaluate(
            "async ([records, game]) => {"
            " const words = await import('/static/words.js');"
            " return records.map((record) => words.told(record, game)); }",
            [records, game],
        )
    )


def test_the_page_tells_every_notice_line_as_the_server_tells_it(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    every: dict[str, list[Notice]] = {}
    for game in games():
        notices = game_notices(game, _start(game))
        optional = {IllegalShown: _illegal(game) is None, PuzzleSet: not game.puzzle_kinds}
        assert {type(n) for n in notices} == {k for k in NOTICES if not optional.get(k, False)}
        every[game.name] = notices
    plural = sum(line_said(n).plural is not None for n in every[games()[0].name])
    assert plural >= 2  # moves taken back, of one and of two
    for language in Language:
        switch(page, language)
        for name, notices in every.items():
            expected = [notice_line(notice, language, name) for notice in notices]
            assert lines_on_page(page, notices, name) == expected, (language.value, name)
    page.close()


def test_the_page_reads_each_catalogues_plural_rule_as_gettext_does(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    for language in Language:
        rule = plural_rule(language)
        forms = page.evaluate(
            "async ([rule, counts]) => {"
            " const words = await import('/static/words.js');"
            " const plural = words.pluralRule(rule); return counts.map(plural); }",
            [rule, list(COUNTS)],
        )
        assert forms == [gettext.c2py(rule)(n) for n in COUNTS], language.value
    # Polish's three forms are all met (1; 2-4, 22-24; 5-21, 25...)
    polish = gettext.c2py(plural_rule(Language.POLISH))
    assert {polish(n) for n in COUNTS} == {0, 1, 2}
    page.close()


def test_the_page_says_every_notice_as_the_server_says_it(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    every = {}
    for game in games():
        position = _start(game)
        notices = game_notices(game, position)
        spoken = [(n, s) for n in notices if (s := sentence_said(n, position)) is not None]
        every[game.name] = (position, spoken)
    kinds = {
        type(value)
        for _, spoken in every.values()
        for _, sentence in spoken
        for _, value in sentence.values
    }
    moves = [
        value
        for _, spoken in every.values()
        for _, sentence in spoken
        for _, value in sentence.values
        if isinstance(value, Said) and value.context == MOVE
    ]
    assert {CountWord, Said} <= kinds and moves  # counts, nested values, moves in their words
    for language in Language:
        switch(page, language)
        for name, (position, spoken) in every.items():
            expected = [notice_sentence(notice, position, language) for notice, _ in spoken]
            sentences = [sentence for _, sentence in spoken]
            assert told_on_page(page, sentences, name) == expected, (language.value, name)
    page.close()
