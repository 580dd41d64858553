"""A game's own page fonts: the glyphs its words need that Kiban's subsets lack, served
to every page as more faces of the page's families, limited to those characters; and
the kit's check that no character a game shows is left without a font."""

from __future__ import annotations

import asyncio
import importlib
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from engine.registry import find_game, games, own_games
from firmware_host.testing.glyphs import glyphs
from firmware_host.web.words import game_fonts
from firmware_host.web.words.game_font_routes import font_routes
from firmware_host.web.words.game_fonts import (
    GameFont,
    font_file,
    kiban_characters,
    stylesheet,
    unicode_range,
)
from tests.firmware_host.toy_race import RaceGame
from tests.firmware_host.web.helpers import served, sim_session

glyph_check = importlib.import_module("firmware_host.testing.glyphs")
"""The check's module (the package's name ``glyphs`` is the check itself)."""


def test_a_range_joins_neighbouring_code_points_and_names_each_once() -> None:
    assert unicode_range("走") == "U+8D70"
    assert unicode_range("cabca走") == "U+61-63, U+8D70"


def test_the_sheet_gives_each_face_of_a_game_only_its_characters() -> None:
    css = stylesheet([GameFont("sprint", "走")])
    assert css.count("@font-face") == 2
    assert 'font-family: "Kiban Sans JP"; font-weight: 400;' in css
    assert 'font-family: "Kiban Serif JP"; font-weight: 700;' in css
    assert 'src: url("game-fonts/sprint/kiban-sans-jp.woff2") format("woff2");' in css
    assert css.count("unicode-range: U+8D70;") == 2
    assert stylesheet([]) == ""


def test_only_an_installed_games_subsets_are_served() -> None:
    installed = games()
    shogi = find_game("shogi")
    assert font_file(installed, "shogi", "kiban-sans-jp.woff2") is None  # it carries none
    assert font_file(installed, "shogi", "../../__init__.py") is None
    assert font_file(installed, "chess", "kiban-sans-jp.woff2") is None
    assert game_fonts.game_fonts([shogi]) == ()  # Kiban's subsets hold its glyphs


def test_the_page_fonts_list_holds_the_pieces_and_the_language_menu() -> None:
    assert {"王", "玉", "飛", "龍", "と", "日", "本", "語"} <= kiban_characters()


class WordyRace(RaceGame):
    """The toy race with a Japanese word for its runner."""

    def catalogue(self, language: str) -> str | None:
        return 'msgctxt "piece"\nmsgid "runner"\nmsgstr "走者"\n' if language == "ja" else None


def test_the_kit_finds_a_character_no_page_font_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = WordyRace()
    assert "走" in glyph_check.shown_characters(game)
    own = tmp_path / "page-font"
    own.mkdir()
    monkeypatch.setattr(glyph_check, "font_folder", lambda game: own)
    with pytest.raises(AssertionError, match=r"race shows 走, which no page font holds"):
        glyphs(game)
    (own / "characters.txt").write_text("走\n", encoding="utf-8")
    glyphs(game)  # the game's own subsets hold it


def test_the_kit_reads_the_boards_drawing_too() -> None:
    shogi = find_game("shogi")
    assert {"王", "飛", "龍"} <= glyph_check.shown_characters(shogi)  # its pieces' faces
    glyphs(shogi)


@pytest.mark.parametrize("prefix", ["", "/room"])
def test_the_routes_serve_the_sheet_and_only_the_faces(
    prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "firmware_host.web.words.game_font_routes.game_fonts",
        lambda installed: (GameFont("shogi", "走"),),
    )
    app = web.Application()
    for path, handler in font_routes(prefix):
        app.router.add_get(path, handler)

    async def scenario() -> None:
        async with TestClient(TestServer(app)) as client:
            sheet = await client.get(f"{prefix}/static/game-fonts.css")
            assert sheet.status == 200 and sheet.content_type == "text/css"
            assert "unicode-range: U+8D70;" in await sheet.text()
            missing = await client.get(f"{prefix}/static/game-fonts/shogi/kiban-sans-jp.woff2")
            assert missing.status == 404  # shogi's package carries no subsets
            other = await client.get(f"{prefix}/static/game-fonts/shogi/game.py")
            assert other.status == 404

    asyncio.run(scenario())


def test_the_boards_page_links_the_sheet_before_its_static_files_take_the_name() -> None:
    async def scenario() -> None:
        async with served(sim_session()) as client:
            page = await (await client.get("/")).text()
            assert '<link rel="stylesheet" href="static/game-fonts.css">' in page
            sheet = await client.get("/static/game-fonts.css")
            assert sheet.status == 200 and sheet.content_type == "text/css"
            text = await sheet.text()
            assert text == stylesheet(game_fonts.game_fonts(games()))  # an outside game's
            for game in own_games():  # Kiban's own games need no more glyphs
                assert f"game-fonts/{game.name}/" not in text

    asyncio.run(scenario())
