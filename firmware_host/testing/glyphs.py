"""The page draws every word a game can show with its own fonts.

A page on a device without CJK fonts (a minimal Debian, a Pi's desktop) draws Japanese
only with the fonts Kiban serves: its own subsets, and the subsets a game's package
carries for the characters Kiban's lack (``firmware_host/web/words/game_fonts.py``). A
character in a game's files that neither holds is a box on the page.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from firmware_host.web.words.game_fonts import (
    CHARACTERS,
    characters_in,
    font_folder,
    kiban_characters,
    listed,
    package_folder,
)


def glyphs(game: Game[Any]) -> None:
    """Every CJK character in the game's package (its catalogues, its look, its puzzles)
    is held by the page's subsets or by the game's own."""
    shown = characters_in(package_folder(game))
    held = kiban_characters() | listed(font_folder(game) / CHARACTERS)
    missing = "".join(sorted(shown - held))
    assert not missing, (
        f"{game.name} shows {missing}, which no page font holds: run"
        " python tools/page_font.py --package <its package folder> (make page-font"
        " installs the fonts it subsets) and ship its page-font folder"
    )
