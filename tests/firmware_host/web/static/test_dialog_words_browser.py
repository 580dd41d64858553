"""The page shows the words that come with the games and the state where they belong,
as the server tells them at the page's edge (``told_for_page``), in all five languages:
the new-game dialog's rule options (name, help, choices), seats, levels and palettes;
each game's claims (title and help); the colour key; the pieces' names; and the clock
warnings a page says as its clock passes them. Each is told in the words of its own
game (a game of the dialog's list, not the one played)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from engine.game import Game
from engine.registry import find_game, games
from firmware_host.session.clock import TimeControl
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.legend import PALETTES
from firmware_host.telling.narrator import warnings_ahead
from firmware_host.telling.rendering import told
from firmware_host.web.page_state.messages import (
    Mode,
    board_message,
    catalogue_message,
    warning_json,
)
from firmware_host.web.sessions.simulated import SimSession
from firmware_host.web.words.page_words import page_words
from firmware_host.web.words.told_for_page import told_for_page
from tests.firmware_host.simkit import close_all, make_sim
from tests.firmware_host.web.helpers import PATIENT, Json, said_from_record, said_keys, sim_state
from tests.firmware_host.web.static.test_browser import LiveServer, browser
from tests.firmware_host.web.static.test_told_browser import switch
from tests.firmware_host.web.words.test_page_texts import _option_sets
from tests.registered import boarded_games

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests

LANGUAGES = (*(x for x in Language if x is not Language.ENGLISH), Language.ENGLISH)
"""English last: switched back to, the page has its served words (numbers and spots'
names) when the switch shows."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Serves the page's files and words; the page is given its messages by the test."""
    store = GameStore(tmp_path_factory.mktemp("web-dialog") / "sim.sqlite3")
    live = LiveServer(lambda: SimSession(find_game("dobutsu"), store, resume=False, timing=PATIENT))
    live.start()
    yield live
    live.stop()
    store.close()


DOBUTSU = find_game("dobutsu")


def _page(browser: BrowserContext, server: LiveServer) -> Page:
    page = browser.new_page()
    page.add_init_script("window.KIBAN_OFFLINE = true")
    page.goto(server.url)
    return page


SAID_FIELDS = ("title_said", "help_said")
"""A claim's words the page shows, as values."""


def _told(record: Json, language: Language, game: Game[Any] | None = None) -> str:
    return told(said_from_record(record), language, game)


DIALOG = """(game) => {
  const select = document.getElementById('new-game-name');
  select.value = game;
  select.dispatchEvent(new Event('change'));
  const labels = [...document.querySelectorAll('#new-game-options label')];
  const seats = [...document.querySelectorAll('#new-game-players label')];
  const options = (element) => [...element.querySelectorAll('option')];
  return {
    options: labels.map((label) => ({
      help: label.getAttribute('title'),
      name: label.querySelector('span').textContent.trim(),
      choices: options(label).map((option) => option.textContent),
    })),
    seats: seats.map((label) => label.querySelector('span').textContent.trim()),
    levels: options(seats[0]).filter((o) => o.value.startsWith('level:')).map((o) => o.textContent),
    palettes: options(document.getElementById('new-game-palette')).map((o) => o.textContent),
  };
}"""


def _dialog(entry: Json, catalogue: Json, language: Language) -> dict[str, Any]:
    """What the dialog must show for the game of ``entry``, told the server's way."""
    game = find_game(entry["name"])
    words = page_words(language) if language is not Language.ENGLISH else {}
    level = words.get("computer: level {number} ({name})", "computer: level {number} ({name})")
    return {
        "options": [
            {
                "help": _told(option["help_said"], language, game),
                "name": _told(option["name_said"], language, game),
                "choices": [
                    _told(option["choice_names_said"][choice], language, game)
                    for choice in option["choices"]
                ],
            }
            for option in entry["options"]
        ],
        "seats": [_told(seat["name_said"], language, game) for seat in entry["seats"]],
        "levels": [
            level.format(number=entry["number"], name=_told(entry["name_said"], language))
            for entry in catalogue["levels"]
        ],
        "palettes": [
            _told(catalogue["palette_names_said"][name], language) for name in catalogue["palettes"]
        ],
    }


def test_the_new_game_dialog_tells_every_games_words_as_the_server_tells_them(
    browser: BrowserContext, server: LiveServer
) -> None:
    catalogue = catalogue_message(games(), {}, tuple(PALETTES), Mode.SIMULATOR)
    page = _page(browser, server)
    shown_choices = 0
    for language in LANGUAGES:
        switch(page, language)
        # as the socket sends it while dobutsu is played: each game's words its own
        page.evaluate("c => window.kiban.receive(c)", told_for_page(catalogue, language, DOBUTSU))
        for entry in catalogue["games"]:
            found = page.evaluate(DIALOG, entry["name"])
            expected = _dialog(entry, catalogue, language)
            assert found == expected, (language.value, entry["name"])
            shown_choices += sum(len(option["choices"]) for option in found["options"])
    assert shown_choices > 20
    # another language's words are not the English (the page never kept the English)
    chaturaji = next(entry for entry in catalogue["games"] if entry["name"] == "chaturaji")
    polish = _dialog(chaturaji, catalogue, Language.POLISH)
    assert polish != _dialog(chaturaji, catalogue, Language.ENGLISH)
    assert "zielony" in {c for option in polish["options"] for c in option["choices"]}
    page.close()


CLAIMS = """() => [...document.querySelectorAll('#claims button')].map((button) =>
  [button.dataset.claim, button.textContent, button.getAttribute('title')])"""


def test_every_games_claims_are_told_as_the_server_tells_them(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = _page(browser, server)
    boards = [
        board_message(game, _profile(game), Mode.SIMULATOR, options)
        for game in boarded_games()
        for options in _option_sets(game)
    ]
    boards = [board for board in boards if board["claims"]]
    assert {board["game"] for board in boards} >= {"shogi"}
    titles = {_told(c["title_said"], Language.ENGLISH) for b in boards for c in b["claims"]}
    assert len(titles) >= 2
    for language in LANGUAGES:
        switch(page, language)
        for board in boards:
            game = find_game(board["game"])
            page.evaluate("b => window.kiban.render(b, null)", told_for_page(board, language, game))
            expected = [
                [
                    claim["name"],
                    _told(claim["title_said"], language, game),
                    _told(claim["help_said"], language, game),
                ]
                for claim in board["claims"]
            ]
            assert page.evaluate(CLAIMS) == expected, (language.value, board["game"])
            if language is not Language.ENGLISH:
                english = [
                    [c["name"], *(_told(c[f], Language.ENGLISH, game) for f in SAID_FIELDS)]
                    for c in board["claims"]
                ]
                assert expected != english
    page.close()


def _profile(game: Game[Any]) -> Any:
    from hardware.profile import load_profile

    return load_profile(_profile_name(game), game)


def _profile_name(game: Game[Any]) -> str:
    return "sim" if game.name == "dobutsu" else f"sim-{game.name}"


KEY_AND_PIECES = """async (board) => {
  const { drawPiece } = await import('/static/pieces.js');
  const group = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  const names = Object.keys(board.pieces).map((key) => {
    const flipped = key.startsWith('+');
    const stone = { kind: key.replace('+', ''), flipped, owner: 0, label: key };
    const drawn = drawPiece(group, stone, 0, 0, { board, radius: 30 });
    return [key, drawn.querySelector('title').textContent];
  });
  const key = [...document.querySelectorAll('#colour-key-list li')].map((item) =>
    [item.dataset.meaning, item.querySelector('.key-text').textContent]);
  return { names, key };
}"""


def _clocked(game: Game[Any]) -> Json:
    """``game`` on its simulated board, coached, a computer on its last seat, its
    colour key in the palette whose lights blink."""
    seat = game.seats[-1].letter
    settings = {"coach": "on", "opponent": f"{seat}=random"}
    sim = make_sim(_profile_name(game), game=game, settings=settings)
    return sim_state(sim, palette="colour-blind")


@pytest.mark.usefixtures("closing")
def test_the_colour_key_and_the_pieces_names_are_told_as_the_server_tells_them(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = _page(browser, server)
    shown = {game.name: (game, _board(game), _clocked(game)) for game in boarded_games()}
    for language in LANGUAGES:
        switch(page, language)
        for name, (game, board, state) in shown.items():
            sent = [told_for_page(message, language, game) for message in (board, state)]
            page.evaluate("([b, s]) => window.kiban.render(b, s)", sent)
            found = page.evaluate(KEY_AND_PIECES, sent[0])
            key = [
                [entry["meaning"], _told(entry["text_said"], language, game)]
                for entry in state["legend"]
            ]
            names = [
                [piece, _told(board["piece_names_said"][piece], language, game)]
                for piece in board["pieces"]
            ]
            assert found == {"names": names, "key": key}, (language.value, name)
            assert any(meaning == "turn" for meaning, _ in key)
            if language is not Language.ENGLISH:
                english = [[piece, entry["name"]] for piece, entry in board["pieces"].items()]
                assert names != english, (language.value, name)
    page.close()


def _board(game: Game[Any]) -> Json:
    return board_message(game, _profile(game), Mode.SIMULATOR)


SAID_AS_PASSED = """async ([warnings, state]) => {
  const { speech, speakClock } = await import('/static/speech.js');
  speech.mode = 'on';
  window.kiban.page.state = state;
  return warnings.map((warning) => {
    delete document.body.dataset.said;
    speakClock([warning], warning.left + 0.5, warning.left - 0.5);
    return document.body.dataset.said || null;
  });
}"""


@pytest.mark.usefixtures("closing")
def test_the_clock_warnings_are_said_as_the_server_says_them(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = _page(browser, server)
    byoyomi = TimeControl.parse("0 byo 30s")
    said = 0
    for language in LANGUAGES:
        switch(page, language)
        for game in boarded_games():
            position = game.position()
            state = {"game": game.name}
            ahead = [
                *warnings_ahead(position, (75.0, 300.0), 0),
                *warnings_ahead(position, (300.0, 25.0), 1),
                *warnings_ahead(position, (25.0, 30.0), 0, byoyomi),
            ]
            warnings = [warning_json(warning) for warning in ahead]
            sent = told_for_page(warnings, language, game)
            found = page.evaluate(SAID_AS_PASSED, [sent, state])
            expected = [told(warning.sentence, language, game) for warning in ahead]
            assert found == expected, (language.value, game.name)
            if language is not Language.ENGLISH:
                english = [told(warning.sentence, Language.ENGLISH, game) for warning in ahead]
                assert found != english
            assert not said_keys(sent)
            said += len(found)
    assert said > 100
    page.close()


@pytest.fixture
def closing() -> Iterator[None]:
    yield
    close_all()
