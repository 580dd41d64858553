"""The page draws every word a game can show with its own fonts.

A page on a device without CJK fonts (a minimal Debian, a Pi's desktop) draws Japanese
only with the fonts Kiban serves: its own subsets, and the subsets a game's package
carries for the characters Kiban's lack (``firmware_host/web/words/game_fonts.py``). A
character the game puts on the page that neither holds is a box there.
"""

from __future__ import annotations

import json
from typing import Any

from engine.game import Game
from firmware_host.telling.language import Language
from firmware_host.testing.lines import SIMS
from firmware_host.web.page_state.messages import Mode, board_message
from firmware_host.web.words.game_fonts import (
    CHARACTERS,
    font_folder,
    is_cjk,
    kiban_characters,
    listed,
)
from hardware.profile import load_profile, simulated_board


def shown_characters(game: Game[Any]) -> frozenset[str]:
    """The CJK characters ``game`` puts on the page: its words in every language (its
    catalogues) and its board's drawing (the pieces' faces, the spots' names) on the
    simulated board it ships."""
    texts = [game.catalogue(language.value) or "" for language in Language]
    board = simulated_board(game)
    if board is not None:
        drawing = board_message(game, load_profile(board, game), Mode.SIMULATOR)
        texts.append(json.dumps(drawing, ensure_ascii=False))
    return frozenset(c for text in texts for c in text if is_cjk(c))


def glyphs(game: Game[Any], *, sims: int = SIMS) -> None:
    """Every CJK character the game puts on the page is held by the page's subsets or
    by the game's own (no random game is played: ``sims`` changes nothing)."""
    held = kiban_characters() | listed(font_folder(game) / CHARACTERS)
    missing = "".join(sorted(shown_characters(game) - held))
    assert not missing, (
        f"{game.name} shows {missing}, which no page font holds: run"
        " kiban page-font --package <its package folder> (it subsets Debian's"
        " fonts-noto-cjk; docs/games.md) and ship its page-font folder"
    )
