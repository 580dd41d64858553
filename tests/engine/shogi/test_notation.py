"""SFEN positions and USI moves: round trips, strict reading, handicap openings."""

from __future__ import annotations

import re

import cshogi.KIF
import pytest

from engine.errors import IllegalMoveError, NotationError
from engine.shogi import HANDICAPS, SHOGI, ShogiMove
from tests.engine.shogi.helpers import RICHEST, START, position


def test_the_start_position_round_trips() -> None:
    pos = position()
    assert pos.text() == START
    assert pos.turn == 0


def test_hands_are_written_in_the_standard_order() -> None:
    pos = position("4k4/9/9/9/9/9/9/9/4K4 b pP2LlNSGBR 1")
    assert pos.text() == "4k4/9/9/9/9/9/9/9/4K4 b RBGSN2LPlp 1"


def test_the_move_number_follows_the_moves() -> None:
    pos = position()
    pos.push_text("7g7f")
    assert pos.text().endswith(" w - 2")
    assert position("4k4/9/9/9/9/9/9/9/4K4 b - 17").text().endswith(" 17")


def test_usi_lines_with_moves_are_read() -> None:
    pos = SHOGI.position("position startpos moves 7g7f 3c3d 8h2b+")
    assert [pos.move_text(m) for m in pos.move_stack] == ["7g7f", "3c3d", "8h2b+"]
    again = SHOGI.position(f"sfen {START} moves 7g7f")
    assert again.text() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    with pytest.raises(IllegalMoveError):
        SHOGI.position("startpos moves 7g7e")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lnsgkgsnl/1r5b1 b - 1", "9 ranks"),
        ("lnsgkgsnl b - 1 2 3", "is not SFEN"),
        (START.replace(" b ", " x "), "b (sente) or w (gote)"),
        (START.replace("1r5b1", "1r6b1"), "covers 10 squares"),
        (START.replace("1r5b1", "1r5b"), "covers 8 squares"),
        (START.replace("1r5b1", "1r32b1"), "one digit"),
        (START.replace("1r5b1", "1x5b1"), "'x' in rank b is not a piece"),
        (START.replace("1r5b1", "1+g5b1"), "gold cannot be promoted"),
        (START.replace("1r5b1", "1r5b+"), "ends with '+'"),
        (START.replace(" - 1", " 2X 1"), "cannot be in a hand"),
        (START.replace(" - 1", " K 1"), "cannot be in a hand"),
        (START.replace(" - 1", " P2P 1"), "appears twice"),
        (START.replace(" - 1", " 19P 1"), "is not a count"),
        (START.replace(" - 1", " R 1"), "3 rooks, but a set has only 2"),
        (START.replace(" 1", " 0"), "move number"),
        ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", "sente has 2 kings"),
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "pawn on 9a could never move"),
        ("4k4/N8/9/9/9/9/9/9/4K4 b - 1", "knight on 9b could never move"),
        ("4k4/9/9/9/9/9/9/9/l3K4 b - 1", "lance on 9i could never move"),
        ("4k4/9/9/4P4/9/9/4P4/9/4K4 b - 1", "two pawns on file 5 (nifu)"),
        ("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "gote is in check but it is sente's turn"),
    ],
)
def test_bad_positions_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        position(text)


def test_a_promoted_pawn_on_the_last_rank_is_fine() -> None:
    assert position("+P3k4/9/9/9/9/9/9/9/4K4 b - 1").text().startswith("+P3k4")


def test_usi_moves_are_read_and_written() -> None:
    pos = position()
    for text in ("7g7f", "8h2b+", "8h2b", "P*5e", "R*1a"):
        move = pos.read_move(text)
        assert isinstance(move, ShogiMove)
        assert pos.move_text(move) == text == str(move)
    assert pos.read_move("P*5e").is_drop and pos.read_move("P*5e").from_cell is None
    assert pos.read_move("7g7f").from_cell == "7g" and pos.read_move("7g7f").to_cell == "7f"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7g7g", "does not move the piece"),
        ("7g0f", "is not a USI move"),
        ("7j7f", "is not a USI move"),
        ("K*5e", "not a piece that can be dropped"),
        ("p*5e", "upper case for both sides"),
        ("7g7f++", "is not a USI move"),
        ("", "is not a USI move"),
    ],
)
def test_bad_moves_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        position().read_move(text)


def test_parse_move_names_the_rule_an_illegal_move_breaks() -> None:
    with pytest.raises(IllegalMoveError, match="the pawn moves one square straight forward"):
        position().parse_move("7g7e")
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        position().parse_move("P*5e")  # no pawn in hand: not a move a hand can make


def test_handicap_openings_are_the_standard_ones_and_gote_moves_first() -> None:
    standard = cshogi.KIF.Parser.HANDYCAP_SFENS
    names = {
        "lance": "香落ち",
        "bishop": "角落ち",
        "rook": "飛車落ち",
        "rook-lance": "飛香落ち",
        "2": "二枚落ち",
        "4": "四枚落ち",
        "6": "六枚落ち",
        "8": "八枚落ち",
        "10": "十枚落ち",
    }
    assert set(HANDICAPS) == {"none", *names}
    assert HANDICAPS["none"] == START
    for option, name in names.items():
        pos = position(handicap=option)
        assert pos.text() == standard[name]
        assert pos.turn == 1  # gote, who gives the handicap, moves first
    # The sente camp is always complete; only gote's pieces are removed.
    for option in names:
        board = position(handicap=option).text().split()[0]
        assert board.split("/")[6:] == START.split()[0].split("/")[6:]


def test_an_explicit_position_overrides_the_handicap_option() -> None:
    assert position(RICHEST, handicap="rook").text() == RICHEST
