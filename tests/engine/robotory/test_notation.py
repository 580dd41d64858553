"""Position text and move text: round trips, and helpful refusals."""

from __future__ import annotations

import pytest

from engine.errors import NotationError
from engine.robotory import Chain, Pass, PlaceToken, Refill
from engine.robotory.notation import read_move, write_move
from tests.engine.robotory.helpers import START, position, text


def test_the_start_text() -> None:
    assert position().text() == START == "4/2R2/3B2/2W2/4 2w2b 2w2b 10w10b l"


def test_a_position_text_reads_every_field() -> None:
    pos = position("wb2/1R1Bw/6/2W1b/4 1w0b 0w4b 7w8b d")
    assert pos.tokens("w") == {"A1", "B5"}
    assert pos.tokens("b") == {"A2", "D5"}
    assert (pos.robot_cell("R"), pos.robot_cell("B"), pos.robot_cell("W")) == ("B2", "B4", "D3")
    assert pos.stock(0) == (1, 0) and pos.stock(1) == (0, 4)
    assert pos.lid() == (7, 8)
    assert pos.turn == 1


@pytest.mark.parametrize(
    ("written", "move"),
    [
        ("w@C2", PlaceToken("w", "C2")),
        ("b@E4", PlaceToken("b", "E4")),
        ("R:B3-B4-C5", Chain("R", ("B3", "B4", "C5"))),
        ("W:D3-E3", Chain("W", ("D3", "E3"))),
        ("refill 2w1b", Refill(2, 1)),
        ("refill 3w", Refill(3, 0)),
        ("refill 4b", Refill(0, 4)),
        ("pass", Pass()),
    ],
)
def test_move_text(written: str, move: object) -> None:
    assert read_move(written) == move
    assert write_move(read_move(written)) == written


def test_refill_text_may_name_a_zero_count() -> None:
    assert read_move("refill 3w0b") == Refill(3, 0)
    assert read_move("refill 0w2b") == Refill(0, 2)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("x@C2", "'x' is not a token colour"),
        ("w@F1", "'F1' is not a cell"),
        ("w@C7", "'C7' is not a cell"),
        ("G:B3-B4", "'G' is not a robot"),
        ("R:B3", "at least one cell it steps onto"),
        ("R:B3-B4-B3", "never enters a cell twice"),
        ("R:B3-B9", "'B9' is not a cell"),
        ("refill", "a refill names the tokens"),
        ("refill 0w0b", "at least one token"),
        ("refill 3b2w", "a refill names the tokens"),
        ("refill 5w", "at most 4 tokens"),
        ("B3B4", "is not a move"),
        ("", "is not a move"),
    ],
)
def test_unreadable_moves_are_named(written: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        read_move(written)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("4/2R2/3B2/2W2/4 2w2b 2w2b 10w10b", "5 \\(board, light's stock"),
        ("4/2R2/3B2/2W2 2w2b 2w2b 10w10b l", "4 column\\(s\\); it needs 5"),
        ("4/2R2/3B2/2W3/4 2w2b 2w2b 10w10b l", "column D '2W3' has more than 5 cells"),
        ("4/2R2/3B1/2W2/4 2w2b 2w2b 10w10b l", "column C '3B1' has 5 cell\\(s\\); column C has 6"),
        ("4/2R2/3B11/2W2/4 2w2b 2w2b 10w10b l", "two counts of empty cells in a row"),
        ("4/2R2/3B2/2W2/5 2w2b 2w2b 10w10b l", "'5' is not a count of empty cells \\(1-4\\)"),
        ("4/2R2/3X2/2W2/4 2w2b 2w2b 10w10b l", "'X' is not a piece"),
        ("4//3B2/2W2/4 2w2b 2w2b 10w10b l", "column B is empty"),
        ("4/2R2/3B2/2R2/4 2w2b 2w2b 10w10b l", "two red robots \\(B3 and D3\\)"),
        ("4/5/3B2/2W2/4 2w2b 2w2b 10w10b l", "no red robot"),
        ("4/5/6/5/4 2w2b 2w2b 10w10b l", "no white and no black and no red robot"),
        ("4/2R2/3B2/2W2/4 2w2b 2w 10w10b l", "dark's stock is '2w'"),
        ("4/2R2/3B2/2W2/4 3w2b 2w2b 10w10b l", "the stock of l holds 5 tokens"),
        ("4/2R2/3B2/2W2/4 02w2b 2w2b 10w10b l", "without leading zeros"),
        ("4/2R2/3B2/2W2/4 2w2b 2w2b 11w10b l", "the lid holds 11 white tokens"),
        ("w3/2R2/3B2/2W2/4 2w2b 2w2b 10w10b l", "15 white tokens are in play"),
        ("4/2R2/3B2/2W2/4 2w2b 2w2b 10w10b x", "the seat to move is 'x'"),
    ],
)
def test_bad_position_text_is_named(written: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        position(written)


def test_a_position_text_round_trips_whatever_the_pieces() -> None:
    written = text(
        {"A1": "w", "A4": "b", "C1": "R", "C6": "W", "E4": "B", "D3": "w"},
        light="0w0b",
        dark="1w3b",
        lid="3w2b",
        turn="d",
    )
    assert written == "w2b/5/R4W/2w2/3B 0w0b 1w3b 3w2b d"
    assert position(written).text() == written
