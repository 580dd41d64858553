"""Spots and indicators named for people: no ids on the page."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from engine.registry import find_game, games
from engine.said import said
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import (
    indicator_caption,
    indicator_name,
    spot_label,
    spot_name,
    told,
)
from firmware_host.telling.spot_words import spot_said


def test_a_hand_spot_is_its_seats_hand_and_the_piece_it_holds() -> None:
    dobutsu = find_game("dobutsu")
    assert spot_name(dobutsu, "hand:w:C") == "B (gote)'s hand: chick"
    assert spot_name(dobutsu, "hand:b:G") == "A (sente)'s hand: giraffe"
    assert spot_label(dobutsu, "hand:b:G") == "giraffe"
    shogi = find_game("shogi")
    assert spot_name(shogi, "hand:b:N") == "sente's hand: knight"


def test_gutters_stocks_and_cells() -> None:
    assert spot_name(find_game("abalone"), "gutter:w:1") == "white's gutter, slot 1"
    assert spot_name(find_game("robotory"), "stock:d:4") == "dark's stock, slot 4"
    assert spot_label(find_game("robotory"), "stock:d:4") == "4"
    assert spot_name(find_game("dobutsu"), "2c") == "2c"  # a cell keeps its printed name


def test_indicators_beside_the_board() -> None:
    robotory = find_game("robotory")
    assert indicator_name(robotory, "lid:b:5") == "the lid: black token 5"
    assert indicator_caption(robotory, "lid:w:2") == "lid: white 2"
    shogi = find_game("shogi")
    assert indicator_name(shogi, "furigoma:3") == "furigoma: pawn 3"
    assert indicator_name(shogi, "turn:1") == "turn: gote"
    assert indicator_name(shogi, "status") == "status"


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_no_off_board_spot_of_any_game_is_named_by_its_id(game: Game[Any]) -> None:
    for spot in game.off_board_spots:
        name = spot_name(game, spot)
        assert spot not in name and ":" in spot and name.count(":") <= 1, name


def test_a_sentence_carries_the_spots_it_mentions_as_values() -> None:
    dobutsu = find_game("dobutsu")
    msgid = "board out of step: take the piece off {taken} and put a piece on {put}"
    out = said(msgid, taken=spot_said(dobutsu, "hand:b:C"), put=spot_said(dobutsu, "2c"))
    assert told(out, Language.ENGLISH, dobutsu) == (
        "board out of step: take the piece off A (sente)'s hand: chick and put a piece on 2c"
    )
    assert told(out, Language.POLISH, dobutsu).endswith(" 2c")  # a cell is its printed name
    assert "hand:" not in told(out, Language.POLISH, dobutsu)
    assert spot_said(find_game("chaturaji"), "e2") == "e2"
