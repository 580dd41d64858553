"""The page brings its own Japanese fonts: subsets of Noto CJK (``kiban page-font``)
that hold every CJK character the page can show, served from its static files with
their licence beside them, and drawn by Chromium for the shogi pieces and the
Japanese page whatever fonts the machine has (a minimal Debian has none for CJK)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from playwright.sync_api import BrowserContext, Page

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.web.server.app import STATIC_TYPES
from firmware_host.web.sessions.simulated import SimSession
from firmware_host.web.words import page_font
from firmware_host.web.words.game_fonts import is_cjk, kiban_characters
from tests.firmware_host.web.helpers import PATIENT
from tests.firmware_host.web.static.test_browser import (  # noqa: F401 - the fixture
    LiveServer,
    browser,
)

ROOT = Path(__file__).resolve().parents[4]
STATIC = ROOT / "firmware_host" / "web" / "static"


@pytest.mark.parametrize("name", sorted(page_font.FACES.values()))
def test_each_subset_holds_every_character_the_page_can_show(name: str) -> None:
    shown = page_font.shown_characters()
    assert {"王", "玉", "飛", "龍", "と", "日", "本", "語"} <= shown  # pieces, the language menu
    font = TTFont(str(STATIC / name))
    held = set(font.getBestCmap())
    missing = sorted(c for c in shown if ord(c) not in held)
    assert not missing, f"{name} lacks {''.join(missing)}: run make page-font"
    assert len(held) < 2 * len(shown)  # a subset: not the whole font
    assert name in STATIC_TYPES  # served from the page's static files


@pytest.mark.parametrize("name", sorted(page_font.FACES.values()))
def test_the_list_beside_the_subsets_names_the_cjk_characters_they_hold(name: str) -> None:
    """What a game's conformance check and its own subsets are measured against."""
    held = {chr(code) for code in TTFont(str(STATIC / name)).getBestCmap() if is_cjk(chr(code))}
    assert kiban_characters() == held


def test_the_licence_is_shipped_beside_the_fonts() -> None:
    licence = (STATIC / page_font.LICENCE).read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Adobe" in licence  # the copyright notices the fonts carry
    for name in page_font.FACES.values():
        assert name in licence
        copyright_notice = TTFont(str(STATIC / name))["name"].getDebugName(0)
        assert copyright_notice in licence
    assert STATIC_TYPES[page_font.LICENCE] == "text/plain"


@pytest.fixture(scope="module")
def shogi(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    store = GameStore(tmp_path_factory.mktemp("font") / "sim.sqlite3")
    live = LiveServer(lambda: SimSession(find_game("shogi"), store, resume=False, timing=PATIENT))
    live.start()
    yield live
    live.stop()
    store.close()


def drawn_with(page: Page, selector: str) -> list[dict[str, Any]]:
    """The fonts Chromium drew an element's text with (its DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, selector
    fonts: list[dict[str, Any]] = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return fonts


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_chromium_draws_the_kanji_and_the_japanese_page_with_the_pages_own_fonts(
    browser: BrowserContext,  # noqa: F811
    shogi: LiveServer,
) -> None:
    page = browser.new_page()
    page.goto(shogi.url)
    page.wait_for_selector("#board text.kanji")
    page.evaluate("document.fonts.ready.then(() => true)")
    kanji = drawn_with(page, "#board text.kanji")
    assert [(f["familyName"], f["isCustomFont"]) for f in kanji] == [("Noto Serif CJK JP", True)]
    page.select_option("#language", "ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function(
        "() => /[\\u3040-\\u30ff]/.test(document.querySelector('#turn').textContent)"
    )
    page.evaluate("document.fonts.ready.then(() => true)")
    japanese = {f["familyName"]: f["isCustomFont"] for f in drawn_with(page, "#turn")}
    assert japanese.get("Noto Sans CJK JP") is True, japanese
    # the review's buttons are drawn, not glyphs a font may lack
    assert page.locator("#review button[data-review='first'] svg").count() == 1
    assert page.locator("#review button[data-review='first']").inner_text().strip() == ""
    page.close()
