"""Spots off the board, indicators and the terminal's drawing in every language: a
hand names its seat and its pieces in the language's words, no spot id shows, and
no English word of the drawing is left."""

from __future__ import annotations

import io
from typing import Any

import pytest

from engine.game import Game
from engine.registry import find_game, games
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import indicator_caption, indicator_name, spot_name
from firmware_host.terminal.app import TerminalBoard
from tests.firmware_host.simkit import make_sim

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_every_off_board_spot_is_named_in_the_language(game: Game[Any], language: Language) -> None:
    for spot in game.off_board_spots:
        english, told = spot_name(game, spot), spot_name(game, spot, language)
        assert told != english, (spot, told)
        assert spot not in told
        for word in ("hand", "gutter", "stock", "slot"):
            assert word not in told, (spot, told)


def test_a_hand_in_polish_and_japanese() -> None:
    dobutsu = find_game("dobutsu")
    assert spot_name(dobutsu, "hand:w:C", Language.POLISH) == "ręka (gracz B) – mały żółty robot"
    assert spot_name(find_game("shogi"), "hand:b:N", Language.JAPANESE) == "せんてのもちごまのけい"


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_indicators_in_the_language(language: Language) -> None:
    robotory, shogi = find_game("robotory"), find_game("shogi")
    chaturaji = find_game("chaturaji")
    named = (("lid:b:5", robotory), ("furigoma:3", shogi), ("turn:1", shogi))
    for name, game in (*named, ("dice:1:3", chaturaji)):
        assert indicator_name(game, name, language) != indicator_name(game, name)
    assert "dice" not in indicator_name(chaturaji, "dice:1:3", language)
    caption = indicator_caption(robotory, "lid:w:2", language)
    assert caption != indicator_caption(robotory, "lid:w:2") and "2" in caption


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_the_terminal_draws_hands_and_status_in_the_language(language: Language) -> None:
    sim = make_sim()
    out = io.StringIO()
    board = TerminalBoard(sim, out, colour=False, language=language)
    board.execute("move 2c 2b")  # sente's chick takes gote's: a chick in sente's hand
    board.draw()
    text = out.getvalue()
    assert "'s hand" not in text and "hand:" not in text
    assert "chick" not in text, text
    assert "— game 1," not in text
