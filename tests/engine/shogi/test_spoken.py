"""Shogi's moves said aloud: the piece, the square, a capture, a promotion made or
declined, in English, Japanese, Czech (the rule book's names), Polish and French."""

from __future__ import annotations

import pytest

from engine.errors import NotationError
from engine.registry import find_game
from tests.engine.spoken_moves import said


def test_shogi_moves_name_the_piece_and_the_square() -> None:
    moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]
    assert said(moves, "shogi") == [
        "sente: pawn to 7 six",
        "gote: pawn to 3 four",
        "sente: bishop to 2 two, takes bishop, promotes",
        "gote: silver to 2 two, takes horse",
        "sente: drops bishop on 4 five",
    ]
    assert said(moves, "shogi", japanese=True) == [
        "せんて、なな ろく ふ",
        "ごて、さん よん ふ",
        "せんて、に に かく なり",
        "ごて、に に ぎん",
        "せんて、よん ご かく うつ",
    ]
    assert said(moves, "shogi", language="cs") == [  # the Czech rule book's names
        "sente: pěšec na 7 6",
        "gote: pěšec na 3 4",
        "sente: střelec na 2 2, zajímá: střelec, povyšuje",
        "gote: stříbrný generál na 2 2, zajímá: povýšený střelec",
        "sente: vkládá z ruky: střelec, na 4 5",
    ]


def test_shogi_says_a_promotion_declined_and_a_promoted_piece() -> None:
    silver = "4k4/9/9/4S4/9/9/9/9/4K4 b - 1"
    assert said(["5d5c"], "shogi", silver) == ["sente: silver to 5 three, does not promote"]
    assert said(["5d5c"], "shogi", silver, japanese=True) == ["せんて、ご さん ぎん ならず"]
    assert said(["5d5c+"], "shogi", silver, japanese=True) == ["せんて、ご さん ぎん なり"]
    assert said(["5d5c"], "shogi", silver, language="pl") == [
        "sente: srebrny generał na 5 3, bez przemiany"
    ]
    assert said(["5d5c"], "shogi", silver, language="fr") == [
        "sente : général d'argent en 5 3, sans promotion"
    ]
    horse = "4k4/9/9/9/4+B4/9/9/9/4K4 b - 1"
    assert said(["5e3c"], "shogi", horse) == ["sente: horse to 3 three"]
    assert said(["5e3c"], "shogi", horse, japanese=True) == ["せんて、さん さん うま"]
    gote_pawn = "4k4/9/9/9/9/4p4/4P4/9/4K4 w - 1"
    assert said(["5f5g+"], "shogi", gote_pawn) == ["gote: pawn to 5 seven, takes pawn, promotes"]


def test_a_move_that_cannot_be_read_is_an_error_not_a_silence() -> None:
    position = find_game("shogi").position()
    with pytest.raises(NotationError):
        position.game.move_said(position, "9z9y")
    with pytest.raises(NotationError):
        position.game.move_said(position, "5e5d")  # no piece there
