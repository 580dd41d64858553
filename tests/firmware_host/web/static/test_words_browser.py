"""The page in Debian's headless chromium (see static/test_browser.py) shows words on
every surface: a notice of every kind played into its log, and the status line and
the computer's note while the computer thinks, hold no wire name, and the thinking
message names the page's own button; and in another language the "Play online"
dialog, its questions and the server's own words (the computer's seats, the colour
key, the game's title, a prompt's buttons, a claim, the new-game dialog's games,
levels, options and palettes) are told in it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Dialog, Page

from engine.registry import find_game, games
from engine.said import N_, said
from firmware_host.online.trouble import link_down
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.legend import PALETTES
from firmware_host.telling.rendering import told as told_in
from firmware_host.web.page_state.messages import Mode, catalogue_message
from firmware_host.web.sessions.simulated import SimSession
from firmware_host.web.words.page_words import page_words
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.notice_records import said_record
from tests.firmware_host.simkit import make_sim
from tests.firmware_host.web.helpers import PATIENT, Json, labels_told
from tests.firmware_host.web.static.test_browser import LiveServer, browser
from tests.firmware_host.web.words.test_page_words import (
    for_page,
    page_messages,
    published,
    thinking,
    wire_words,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["browser"]  # the fixture, shared with the other browser tests

SHOWN = ("#log li", "#message", "#turn", "#computer-note", "#choices button", "#dice-note")
"""Where the page writes what happens and what it wants."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Serves the page's files; the page itself is given its messages by the test."""
    store = GameStore(tmp_path_factory.mktemp("web-words") / "sim.sqlite3")
    live = LiveServer(lambda: SimSession(find_game("dobutsu"), store, resume=False, timing=PATIENT))
    live.start()
    yield live
    live.stop()
    store.close()


def test_every_surface_of_the_page_speaks_in_words(
    browser: BrowserContext, server: LiveServer
) -> None:
    sim = thinking()
    board, state = for_page(sim, *page_messages(sim))
    notices = published()
    page = browser.new_page()
    page.add_init_script("window.KIBAN_OFFLINE = true")
    page.goto(server.url)
    page.evaluate("([b, s]) => window.kiban.render(b, s)", [board, state])
    page.evaluate("ns => ns.forEach((n) => window.kiban.receive(n))", notices)
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) == len(notices)
    texts = [text for selector in SHOWN for text in page.locator(selector).all_inner_texts()]
    assert [text for text in texts if wire_words(text)] == []
    assert "type now" not in page.inner_text("body")
    message = page.inner_text("#message")
    assert "the computer is thinking" in message and "press Move now" in message
    assert page.locator("#move-now").is_visible()  # the button the message names
    assert "the computer is thinking" in page.inner_text("#computer-note")
    page.close()


ONLINE: dict[str, object] = {
    "token": True,
    "looking_said": None,
    "trouble_said": None,
    "failed_said": None,
    "game": "abcd1234",
    "opponent": "lishogi AI level 3",
    "opponent_level": 3,
    "chat": [],
    "help_off_said": None,
}
"""An online game against lishogi's computer, as the server tells the dialog."""


def sent(page: Page, language: Language, *messages: Json) -> None:
    """``messages`` as the server sends them to a page in ``language``: told at the edge
    (a board again in another language marked ``retold``: its elements stay)."""
    for message in messages:
        told = told_for_page(message, language, find_game(str(message["game"])))
        retold = {"retold": True} if message["type"] == "board" else {}
        page.evaluate("m => window.kiban.receive(m)", told | retold)


def switched(page: Page, language: Language, *messages: Json) -> None:
    """The page's language chosen, its own words in place, and ``messages`` sent again
    told in it, as the server sends them on the page's ``language`` message."""
    page.select_option("#language", language.value)
    take_back = page_words(language).get("Take back", "Take back")
    page.wait_for_function(
        "t => document.getElementById('takeback').textContent === t", arg=take_back
    )
    sent(page, language, *messages)


def test_the_online_dialog_and_the_servers_words_follow_the_language(
    browser: BrowserContext, server: LiveServer
) -> None:
    board, state = page_messages(thinking())
    state = {**state, "online": ONLINE}
    told = page_words(Language.POLISH)
    page = browser.new_page()
    page.add_init_script("window.KIBAN_OFFLINE = true")
    page.goto(server.url)
    sent(page, Language.ENGLISH, board, state)
    page.evaluate("() => { document.getElementById('online-game').open = true; }")
    page.evaluate("() => { document.body.dataset.seq = 'online'; }")  # the dialog follows
    page.evaluate("() => { document.querySelector('#board polygon').dataset.kept = 'yes'; }")
    switched(page, Language.POLISH, board, state)
    # the board's words change in place: its elements stay (a drag begun goes on)
    assert page.locator("#board polygon[data-kept='yes']").count() == 1
    kept = told["A lishogi token is kept on this board (readable by its user only)."]
    assert page.inner_text("#online-token-state") == kept
    opponent = told["lishogi AI level {level}"].format(level=3)
    sentence = told["lishogi game {game} against {opponent}"]
    assert page.inner_text("#online-opponent") == sentence.format(
        game="abcd1234", opponent=opponent
    )
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", answer)
    page.click("#online-resign")
    assert asked == [told["Resign the online game?"]]
    # the server's words: who plays the computer's seat, the seats, the colour key
    note = page.inner_text("#computer-note")
    assert "komputer (poziom 1, pierwsze kroki)" in note and "computer" not in note
    key = page.locator("#colour-key-list .key-text").all_inner_texts()
    assert key and "ostatni ruch" in key and "last move" not in key
    assert page.title() == "Kiban: Pojedynek robotów"
    # the pieces' and the spots' names, as their tooltips say them
    titles = page.evaluate(
        "() => [...document.querySelectorAll('#board title')].map((t) => t.textContent)"
    )
    assert "czerwony robot" in titles and "lion" not in titles
    assert "ręka (gracz A) – mały żółty robot" in titles
    switched(page, Language.ENGLISH, board, state)
    assert "the computer (level 1, first steps)" in page.inner_text("#computer-note")
    assert page.inner_text("#online-opponent") == "lishogi game abcd1234 against lishogi AI level 3"
    page.close()


def test_the_link_failing_while_a_game_is_looked_for_is_shown_in_the_language(
    browser: BrowserContext, server: LiveServer
) -> None:
    looking = said(N_("challenging {who} on lishogi (waiting for an answer)"), who="bob")
    trouble = link_down("GET /api/stream/event: the stream broke off", 4.0)
    online = {
        **ONLINE,
        "game": None,
        "looking_said": said_record(looking),
        "trouble_said": said_record(trouble),
    }
    board, state = page_messages(thinking())
    page = browser.new_page()
    page.add_init_script("window.KIBAN_OFFLINE = true")
    page.goto(server.url)
    sent(page, Language.ENGLISH, board, {**state, "online": online})
    page.evaluate("() => { document.getElementById('online-game').open = true; }")
    assert page.inner_text("#online-trouble") == str(trouble)
    switched(page, Language.POLISH, board, {**state, "online": online})
    polish = told_in(trouble, Language.POLISH)
    assert "połączenie zerwane" in polish and "/api/stream/event" in polish
    page.wait_for_function(
        "t => document.getElementById('online-trouble').textContent === t", arg=polish
    )
    # the link back: the line goes
    back = {**online, "trouble_said": None}
    sent(page, Language.POLISH, board, {**state, "online": back})
    assert page.locator("#online-trouble").is_hidden()
    switched(page, Language.ENGLISH)  # the browser keeps the choice for the next page
    page.close()


def test_a_prompts_buttons_a_claim_and_the_new_game_dialog_follow_the_language(
    browser: BrowserContext, server: LiveServer
) -> None:
    sim = make_sim(game=find_game("shogi"))
    for move in ("7g7f", "3c3d", "8h2b"):  # the bishop takes the bishop: promote or not?
        sim.perform(move)
    board, state = page_messages(sim)
    catalogue = catalogue_message(games(), {"shogi": ("sim",)}, tuple(PALETTES), Mode.SIMULATOR)
    page = browser.new_page()
    page.add_init_script("window.KIBAN_OFFLINE = true")
    page.goto(server.url)
    catalogue["game"] = "shogi"  # the session's game, for the test's helper
    sent(page, Language.ENGLISH, catalogue, board, state)
    english = page.locator("#choices button").all_inner_texts()
    assert "promote the bishop (8h2b+)" in english
    switched(page, Language.POLISH, catalogue, board, state)
    buttons = page.locator("#choices button").all_inner_texts()
    polish = labels_told(state["prompt"], Language.POLISH, find_game(state["game"]))
    assert buttons == polish and "8h2b+" in " ".join(buttons)
    assert not {"promote", "bishop", "takes"} & {w for b in buttons for w in b.split()}
    claim = page.locator("#claims button[data-claim='impasse']")
    assert claim.inner_text() == "Impas" and "oba króle" in (claim.get_attribute("title") or "")
    # the dialog is closed: its words as they stand
    games_offered = page.locator("#new-game-name option").all_text_contents()
    assert (
        "Pojedynek robotów" in games_offered and "Robot Duel (Dobutsu shogi)" not in games_offered
    )
    players = page.locator("#new-game-players select[data-seat] option").all_text_contents()
    assert any("pierwsze kroki" in text for text in players), players
    options = page.locator("#new-game-options").text_content() or ""
    assert "fora" in options and "handicap" not in options
    assert "dla daltonistów" in page.locator("#new-game-palette option").all_text_contents()
    switched(page, Language.ENGLISH, catalogue, board, state)
    assert page.locator("#choices button").all_inner_texts() == english
    assert page.locator("#claims button[data-claim='impasse']").inner_text() == "Impasse"
    page.close()
