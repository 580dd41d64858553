"""The page's own words (labels, buttons, titles, placeholders) in every language:
every English word of index.html and every word the page's scripts ask for is one of
the served words, each translated; the server serves them by language; and in a real
browser no English word of the page is left once a language is picked, but names."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from importlib import resources

import pytest
from playwright.sync_api import BrowserContext

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told as tell
from firmware_host.telling.status import Surface, status_said
from firmware_host.web.sessions.simulated import SimSession
from firmware_host.web.words.page_words import PAGE_WORDS, page_words
from tests.firmware_host.telling.test_languages import identical_on_purpose
from tests.firmware_host.web.helpers import PATIENT, served, sim_session
from tests.firmware_host.web.static import test_browser as browsing

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)
STATIC = resources.files("firmware_host.web") / "static"
NAMES = frozenset(
    {"Kiban", "English", "日本語", "polski", "čeština", "français", "⏮", "◀", "▶", "⏭"}
    | {"K7QM2-XRDP9", "mqtt://broker.example:1883"}
)
"""Words of the page that are names or examples, the same in every language."""
ATTRIBUTES = ("title", "placeholder", "aria-label")


class _Words(HTMLParser):
    """The English words of a page: its texts and its titles, placeholders and
    aria-labels."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._skip += tag in ("script", "style", "title")
        self.words += [value for name, value in attrs if name in ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("script", "style", "title")

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._skip:
            self.words.append(data.strip())


def index_words(name: str = "index.html") -> list[str]:
    parser = _Words()
    parser.feed((STATIC / name).read_text(encoding="utf-8"))
    return [word for word in parser.words if word not in NAMES]


OWN_SCRIPTS = frozenset({"spectator.js", "organiser.js"})
"""The scripts of the room's pages, each with its own words (their tests hold them)."""


def script_words(spectator: bool = False, own: str | None = None) -> list[str]:
    """The words the page's scripts ask ``word()`` for or put with ``wordIn()`` (on
    its line, or in the table of words it puts: ``START``); ``spectator``: those of
    the spectator page's script instead, ``own``: those of that script alone (the
    room's pages: web/spectator's and web/organiser's tests hold them)."""
    wanted = "spectator.js" if spectator else own
    found = []
    for script in STATIC.iterdir():
        if not script.name.endswith(".js"):
            continue
        if script.name != wanted and (wanted is not None or script.name in OWN_SCRIPTS):
            continue
        for line in script.read_text(encoding="utf-8").splitlines():
            if "word(" in line or "wordIn(" in line or line.startswith("const START ="):
                words = re.sub(r'\$\("[^"]*"\)', "", line)  # an element's id is no word
                found += re.findall(r'"([^"]+)"', words)
    return found


def test_every_english_word_of_the_page_is_a_served_word() -> None:
    words = [*index_words(), *script_words()]
    assert len(words) > 80
    assert sorted(set(words) - set(PAGE_WORDS)) == []
    assert set(script_words()) >= {"Join the game", "Replace the token", "Players", "Rules"}


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_every_page_word_is_translated(language: Language) -> None:
    served_words = page_words(language)
    same = identical_on_purpose(language)
    assert set(served_words) == set(PAGE_WORDS)
    for english, told in served_words.items():
        assert told and (told != english or english in same), (language, english)
    assert page_words(Language.ENGLISH) == {}


def test_the_server_serves_the_words_by_language() -> None:
    async def scenario() -> None:
        async with served(sim_session()) as client:
            response = await client.get("/words?language=pl")
            assert response.status == 200
            words = await response.json()
            assert words["Take back"] == "Cofnij" and words["New game"] == "Nowa gra"
            assert await (await client.get("/words?language=en")).json() == {}
            assert (await client.get("/words?language=xx")).status == 400
            assert (await client.get("/static/words.js")).status == 200

    asyncio.run(scenario())


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


STATIC_TEXTS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && !node.parentElement.closest('#log, #moves, #board, #message, #turn'))
      found.push(text);
  }
  for (const element of document.body.querySelectorAll('[title], [placeholder]'))
    found.push(element.title || element.placeholder);
  return found;
}"""


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_no_english_word_of_the_page_is_left_in_the_language(
    browser: BrowserContext, server: browsing.LiveServer, language: Language
) -> None:
    page = browsing.fresh_page(browser, server)
    page.select_option("#language", language.value)
    told = page_words(language)
    page.wait_for_function(
        "t => document.getElementById('takeback').textContent === t", arg=told["Take back"]
    )
    shown = page.evaluate(STATIC_TEXTS)
    english = set(PAGE_WORDS) - identical_on_purpose(language)
    assert sorted(set(shown) & english) == [], sorted(set(shown) & english)
    # the status line is told by the server in the page's language; the turn line the page's
    controller = server.session.controller
    status = tell(status_said(controller, surface=Surface.PAGE), language, controller.game)
    assert status != tell(status_said(controller, surface=Surface.PAGE), Language.ENGLISH)
    page.wait_for_function("t => document.getElementById('message').textContent === t", arg=status)
    assert " to move" not in (page.text_content("#turn") or "")
    page.select_option("#language", "en")
    page.wait_for_function("() => document.getElementById('takeback').textContent === 'Take back'")
    page.close()
