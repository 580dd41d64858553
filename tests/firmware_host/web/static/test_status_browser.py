"""The page tells the status line from its value exactly as the server tells it: every
boarded game set up, in play, thinking, over and asking which move, every spot off the
board of each, and every game's prompt choices and moves, in all five languages, with
the words the server serves (``/said``: the catalogue's, the games' seats, pieces,
phrases of their moves and spot names), never a line rendered for it nor a spot id
swapped for a name."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from engine.catalogue import MOVE
from engine.game import Game
from engine.registry import find_game, games
from engine.said import LABELLED, N_, Either, Said, SpotWord, alone, said
from firmware_host.loops.simulator import Simulation
from firmware_host.session.state import Phase
from firmware_host.telling.language import Language
from firmware_host.telling.said import told
from firmware_host.telling.spoken_moves import choice_said, move_said
from firmware_host.telling.spot_names import spot_name
from firmware_host.telling.status import Surface, status_said
from tests.firmware_host.simkit import close_all, make_sim
from tests.firmware_host.telling.test_languages_status import STATES
from tests.firmware_host.web.static import test_browser as browsing
from tests.firmware_host.web.static.test_said_browser import switch, told_on_page
from tests.registered import boarded_games

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture
server = browsing.server

OUT_OF_STEP = N_("board out of step: take the piece off {taken} and put a piece on {put}")


def _asking(game: Game[Any]) -> Simulation | None:
    """A prompt open on which move was played (a Robotory token of either colour), or
    None for a game whose first move asks nothing."""
    sim = make_sim(game=game, settings={"seed": "7"})
    position = sim.controller.position
    sim.perform(position.move_text(next(iter(position.legal_moves()))))
    return sim if sim.controller.phase is Phase.PROMPT else None


def status_lines(game: Game[Any]) -> list[Said]:
    """``game``'s status line in each state, and a correction naming each of its spots
    off the board."""
    lines = []
    for state in (*STATES.values(), _asking):
        sim = state(game)
        if sim is not None:
            lines.append(status_said(sim.controller, surface=Surface.PAGE))
    cell = sorted(game.cells)[0]
    spots = sorted(game.off_board_spots)
    lines += [said(OUT_OF_STEP, taken=SpotWord(spot), put=SpotWord(cell)) for spot in spots]
    return lines


def _values(line: Said) -> list[object]:
    """Every value in ``line``, nested ones too."""
    found: list[object] = []
    for _, value in line.values:
        found.append(value)
        if isinstance(value, Said):
            found += _values(value)
        if isinstance(value, Either):
            found += list(value.words)
    return found


def test_the_page_tells_every_status_line_as_the_server_tells_it(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    every = {game.name: (game, status_lines(game)) for game in boarded_games()}
    close_all()
    values = [value for _, lines in every.values() for line in lines for value in _values(line)]
    assert any(isinstance(value, Said) and value.msgid == LABELLED for value in values)  # choices
    off_board = [game.off_board_spots for game, _ in every.values()]
    assert sum(map(len, off_board)) > 10
    for language in Language:
        switch(page, language)
        for name, (game, lines) in every.items():
            expected = [told(line, language, game) for line in lines]
            assert told_on_page(page, lines, name) == expected, (language.value, name)
            # no spot off the board is left by its id, in English neither
            assert not any(s in line for line in expected for s in game.off_board_spots)
    page.close()


def test_a_refusal_names_its_spot_from_its_value_in_the_pages_language(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    dobutsu = find_game("dobutsu")
    for language in (Language.ENGLISH, Language.POLISH):
        switch(page, language)
        page.evaluate(
            "() => kiban.page.ws.send(JSON.stringify({type: 'lift', spot: 'hand:b:C', id: 950}))"
        )
        page.wait_for_selector("#log li.error")
        line = page.locator("#log li.error").first.inner_text()
        assert "hand:b:C" not in line, line  # no id, and none swapped for a name afterwards
        assert spot_name(dobutsu, "hand:b:C", language) in line, line
        page.evaluate("() => document.getElementById('log').replaceChildren()")
    page.close()


def _choices(game: Game[Any]) -> list[Said]:
    """A prompt's choices and spoken moves of ``game``: each legal move (up to 30) of a
    few positions along a game (or each roll of the dice, when they are due), as a
    choice's label and said with and without its seat."""
    position = game.position()
    found: list[Said] = []
    for _ in range(6):
        moves = list(position.legal_moves()) or list(position.chance_moves() or ())
        if not moves:
            break
        for move in moves[:30]:
            text = position.move_text(move)
            found.append(alone(choice_said(position, move)))
            found += [alone(move_said(position, text, by_seat=b)) for b in (True, False)]
        position.push(moves[len(moves) // 2])
    return found


def test_the_page_tells_every_prompts_choices_as_the_server_tells_them(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    every = {game.name: (game, _choices(game)) for game in games()}
    for name in ("dobutsu", "shogi", "chaturaji", "abalone", "robotory"):  # worded as values
        worded = [said.fields["value"] for said in every[name][1]]
        moves = [value for value in worded if isinstance(value, Said)]
        assert len(moves) == len(worded) > 30, name
        assert all(value.context == MOVE or value.msgid == LABELLED for value in moves), name
    for language in Language:
        switch(page, language)
        for name, (game, choices) in every.items():
            expected = [told(choice, language, game) for choice in choices]
            assert told_on_page(page, choices, name) == expected, (language.value, name)
    page.close()
