"""What Kiban says reaches the page as a value and the page tells it (static/words.js,
``told``) exactly as the server tells it (telling/said.py), in every language, with the
words the server serves (``/said``): every game's reasons for illegal moves and its
results, its moves in its words (phrases about a count among them), and values of
every kind (seats, pieces, words of Kiban's, choices, nested messages, text kept as it
is)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from engine.game import Game
from engine.outcome import Outcome, Termination
from engine.registry import games
from engine.said import N_, Either, PieceWord, Said, Seats, Term, said, verbatim
from firmware_host.telling.language import Language
from firmware_host.telling.said import told
from firmware_host.web.words.page_words import page_words
from firmware_host.wire.notice_records import said_record
from tests.firmware_host.web.static import test_browser as browsing

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture
server = browsing.server


def reasons(game: Game[Any], plies: int = 12, seed: int = 3) -> Iterator[Said]:
    """The reasons for illegal moves in a few positions of a random game of ``game``."""
    rng = random.Random(seed)
    position = game.position()
    for _ in range(plies):
        yield from (reason for _, reason in position.illegal_moves())
        moves = list(position.legal_moves()) or list(position.chance_moves() or ())
        if not moves:
            return
        position.push(rng.choice(moves))


REFILLS = ("4/2R2/3B2/2W2/4 0w0b 2w2b 10w10b l", "4/2R2/3B2/2W2/4 2w1b 2w2b 1w1b l")
"""Robotory positions whose refills take one token and many (phrases about a count)."""


def moves_said(game: Game[Any]) -> Iterator[Said]:
    """A few moves in the game's words, as a seat makes them, alone and as a choice
    (Robotory's refills, about a count, among them)."""
    texts = REFILLS if game.name == "robotory" else (None,)
    for text in texts:
        position = game.position(text)
        for move in list(position.legal_moves())[-6:]:
            words = game.move_said(position, position.move_text(move))
            if words is not None:
                yield from (words.by_seat, words.alone, words.label)


def sayings(game: Game[Any]) -> list[Said]:
    """What a game's session may say, of every kind of value."""
    seats = tuple(game.seat_word(seat) for seat in range(len(game.seats)))
    found = list(dict.fromkeys(reasons(game)))[:40] + list(moves_said(game))
    found += [
        game.describe_outcome(Outcome(Termination.RESIGNATION, frozenset({0}))),
        game.describe_outcome(Outcome(Termination.AGREEMENT, frozenset())),
        said(N_("waiting for the opponent's board ({seat}): it is offline"), seat=seats[-1]),
        said(N_("{seats} win"), seats=Seats(seats[:2])),
        said(N_("{text}: {reason}"), text="7g7f", reason=verbatim("a {brace} kept")),
        said(N_("lishogi: {why}"), why=verbatim("server said no")),
        said(N_("{piece} here"), piece=PieceWord("lion")),
        said(N_("{either}"), either=Either((Term(N_("draw")), PieceWord("horse", "a")))),
    ]
    return found


def told_on_page(page: Page, values: list[Said], game: str) -> list[str]:
    return list(
        page.evaluate(
            "async ([values, game]) => {"
            " const words = await import('/static/words.js');"
            " return values.map((value) => words.told(value, game)); }",
            [[said_record(value) for value in values], game],
        )
    )


def switch(page: Page, language: Language) -> None:
    take_back = page_words(language).get("Take back", "Take back")
    page.select_option("#language", language.value)
    page.wait_for_function(
        "t => document.getElementById('takeback').textContent === t", arg=take_back
    )


def test_the_page_tells_what_is_said_as_the_server_tells_it(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    every = {game.name: sayings(game) for game in games()}
    assert sum(len(values) for values in every.values()) > 100
    for language in Language:
        switch(page, language)
        for name, values in every.items():
            game = next(g for g in games() if g.name == name)
            expected = [told(value, language, game) for value in values]
            assert told_on_page(page, values, name) == expected, (language, name)
    # what a value tells in another language is not its English (the page never guessed)
    polish = told_on_page(page, every["dobutsu"][:1], "dobutsu")
    switch(page, Language.POLISH)
    assert told_on_page(page, every["dobutsu"][:1], "dobutsu") != polish
    page.close()
