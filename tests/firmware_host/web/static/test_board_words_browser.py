"""The page draws the board's words where they belong, as the server tells them at the
page's edge (``told_for_page``): every boarded game's title, spots' names and labels,
indicators' names, captions and seats, in all five languages, never a drawing made again
in each language for it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from engine.game import Game
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import (
    indicator_caption,
    indicator_name,
    seat_told,
    spot_label,
    spot_name,
    told,
)
from firmware_host.web.page_state.messages import Mode, board_message
from firmware_host.web.words.board_words import drawn
from firmware_host.web.words.told_for_page import told_for_page
from hardware.profile import Profile, load_profile
from tests.firmware_host.web.helpers import Json, said_from_record
from tests.firmware_host.web.static import test_browser as browsing
from tests.firmware_host.web.static.test_told_browser import switch
from tests.registered import boarded_games

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture
server = browsing.server

SHOWN = """async (board) => {
  window.kiban.render(board, null);
  const page = window.kiban.page;
  return {
    names: Object.fromEntries(page.names),
    words: page.boardWords.map(([element, kind, index, field]) => {
      const entry = page.board[kind][index];
      return [entry.spot || entry.name || entry.text, field, element.textContent];
    }),
    seats: board.seats.map((seat) => seat.name),
    title: board.title,
  };
}"""


def _profile(game: Game[Any]) -> Profile:
    return load_profile("sim" if game.name == "dobutsu" else f"sim-{game.name}", game)


def _board(game: Game[Any]) -> Json:
    return board_message(game, _profile(game), Mode.SIMULATOR)


def _expected(game: Game[Any], board: Json, language: Language) -> dict[str, Any]:
    """What the page must show: each word the server's own way, in ``language``."""
    words = []
    for kind, field in (("cells", "label"), ("off_board", "label"), ("off_board", "name")):
        for entry in board[kind]:
            spot = entry["spot"]
            said = (spot_label if field == "label" else spot_name)(game, spot, language)
            if kind == "off_board" or field == "label":
                words.append([spot, field, said])
    for entry in board["indicators"]:
        words.append([entry["name"], "label", indicator_name(game, entry["name"], language)])
    for entry in board["captions"]:  # a caption is found by its text, told as it is shown
        text = told(said_from_record(entry["text_said"]), language, game)
        words.append([text, "text", text])
    seats = [seat_told(game, game.seat_word(i), language) for i in range(len(game.seats))]
    names = {entry["spot"]: spot_name(game, entry["spot"], language) for entry in board["cells"]}
    names |= {
        entry["spot"]: spot_name(game, entry["spot"], language) for entry in board["off_board"]
    }
    return {"names": names, "words": sorted(words), "seats": seats}


def shown(page: Page, board: Json, language: Language, game: Game[Any]) -> dict[str, Any]:
    """The board drawn as the page's socket sends it in ``language``."""
    found = dict(page.evaluate(SHOWN, told_for_page(board, language, game)))
    found["words"] = sorted(found["words"])
    return found


def test_the_page_tells_the_boards_words_as_the_server_tells_them(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    boards = {game.name: (game, _board(game)) for game in boarded_games()}
    for game, board in boards.values():
        # each value told in English is the drawing's own English, which the board
        # message does not send beside it (the page's edge tells the value)
        drawing = drawn(game, _profile(game))
        labels = {indicator.name: indicator.label for indicator in drawing.indicators}
        for entry in board["indicators"]:
            assert "label" not in entry
            english = told(said_from_record(entry["label_said"]), Language.ENGLISH, game)
            assert english == labels[entry["name"]]
        assert [c.text for c in drawing.captions] == [
            told(said_from_record(entry["text_said"]), Language.ENGLISH, game)
            for entry in board["captions"]
        ]
        for entry in board["captions"]:
            assert "text" not in entry
            if entry["seat"] is None:  # an indicator of no seat's, by its caption
                names = {indicator_caption(game, i["name"]) for i in board["indicators"]}
                text = told(said_from_record(entry["text_said"]), Language.ENGLISH, game)
                assert text in names
    for language in Language:
        switch(page, language)
        for name, (game, board) in boards.items():
            found = shown(page, board, language, game)
            expected = _expected(game, board, language)
            assert found["names"] == expected["names"], (language.value, name)
            assert found["seats"] == expected["seats"], (language.value, name)
            assert found["words"] == expected["words"], (language.value, name)
            assert found["title"] == told(said_from_record(board["title_said"]), language, game)
            if language is not Language.ENGLISH and board["off_board"]:
                assert found["names"] != _expected(game, board, Language.ENGLISH)["names"]
    page.close()
