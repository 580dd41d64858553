"""Position text (SFEN style) and move text (USI style)."""

from __future__ import annotations

import pytest

from engine.dobutsu import DOBUTSU, DobutsuMove
from engine.errors import GameOverError, IllegalMoveError, NotationError
from tests.engine.dobutsu.helpers import position

START = "gle/1c1/1C1/ELG b - 1"


def test_start_text() -> None:
    assert DOBUTSU.start_text(DOBUTSU.options()) == START
    assert position().text() == START


def test_move_number_counts_every_ply() -> None:
    pos = position()
    pos.push_text("2c2b")
    assert pos.text() == "gle/1C1/3/ELG w C 2"
    pos.push_text("2a2b")
    assert pos.text() == "g1e/1l1/3/ELG b Cc 3"


def test_hand_order_and_counts() -> None:
    pos = position("3/1l1/3/1L1 b 2CEg 7")
    assert pos.text() == "3/1l1/3/1L1 b E2Cg 7"  # canonical order G, E, C; A first
    assert position("3/1l1/3/1L1 w GEec 3").text() == "3/1l1/3/1L1 w GEec 3"


def test_move_number_may_be_left_out() -> None:
    assert position("gle/1c1/1C1/ELG b -").text() == START


def test_round_trip_keeps_the_outcome_of_a_captured_lion() -> None:
    pos = position("3/1l1/1G1/1L1 b - 1")
    pos.push_text("2c2b")
    text = pos.text()
    assert text == "3/1G1/3/1L1 w - 2"
    assert position(text).outcome() == pos.outcome()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty"),
        ("gle/1c1/1C1/ELG", "1 field"),
        ("gle/1c1/1C1/ELG b - 1 x", "5 field"),
        ("gle/1c1/1C1 b - 1", "3 rank"),
        ("gle/1c1/1C1/ELG/3 b - 1", "5 rank"),
        ("gle/1c1/1C1/EL b - 1", "rank d 'EL' has 2 square"),
        ("glee/1c1/1C1/ELG b - 1", "rank a 'glee' has more than 3"),
        ("gle/1c2/1C1/ELG b - 1", "rank b '1c2' has more than 3"),
        ("gle/1x1/1C1/ELG b - 1", "'x' is not a piece letter"),
        ("gle/1c1/1C1/ELG b - 1".replace("1c1", "0c2"), "'0' is not a count"),
        ("gle/11c/1C1/ELG b - 1", "two counts of empty squares in a row"),
        ("gle/1c1/1+G1/ELG b - 1", "'+' must come before a chick"),
        ("gle/1c1/1C+/ELG b - 1", "not 'the end of the rank'"),
        ("gll/1c1/1C1/E1G b - 1", "B has 2 lions (2a, 1a)"),
        ("gLe/1c1/1C1/ELG b - 1", "A has 2 lions"),
        ("g1e/1c1/1C1/E1G b - 1", "neither side has a lion"),
        ("g1e/1c1/1C1/ELG b - 1", "B has no lion"),
        ("gle/1c1/1C1/ELG x - 1", "side to move must be 'b' (A) or 'w' (B), not 'x'"),
        ("gle/1c1/1C1/ELG B - 1", "not 'B'"),
        ("gle/1c1/1C1/ELG b L 1", "a lion is never held in hand"),
        ("gle/1c1/1C1/ELG b +C 1", "never promoted"),
        ("gle/1c1/1C1/ELG b X 1", "'X' is not a piece that can be held"),
        ("gle/1c1/1C1/ELG b CC 1", "lists 'C' twice"),
        ("gle/1c1/1C1/ELG b 2 1", "ends with a count"),
        ("gle/1c1/1C1/ELG b 0C 1", "a count of 0"),
        ("gle/1c1/1C1/ELG b C 1", "3 chicks (hens included) on the board and in hand"),
        ("gle/1c1/1+C1/ELG b c 1", "3 chicks"),
        ("gle/1c1/1C1/ELG b 3e 1", "5 elephants"),
        ("gle/1c1/1C1/ELG b G 1", "3 giraffes"),
        ("gle/1c1/1C1/ELG b - 0", "move number must be a whole number from 1, not '0'"),
        ("gle/1c1/1C1/ELG b - one", "not 'one'"),
    ],
)
def test_bad_position_text_is_rejected_with_the_reason(text: str, problem: str) -> None:
    with pytest.raises(NotationError) as error:
        position(text)
    assert problem in str(error.value)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("2c2b", DobutsuMove.step("2c", "2b")),
        ("2b2a+", DobutsuMove.step("2b", "2a", promote=True)),
        ("C*2b", DobutsuMove.put("C", "2b")),
        (" G*3a ", DobutsuMove.put("G", "3a")),
    ],
)
def test_read_move(text: str, move: DobutsuMove) -> None:
    assert position().read_move(text) == move
    assert str(move) == text.strip()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty"),
        ("2c", "is not a move"),
        ("2c2b2a", "is not a move"),
        ("4c2b", "'4c' is not a square"),
        ("2c2e", "'2e' is not a square"),
        ("2c2c", "does not move the piece"),
        ("c*2b", "upper case for both sides (C*2b)"),
        ("L*2b", "a lion is never dropped"),
        ("P*2b", "'P' is not a piece that can be dropped"),
        ("C*9z", "'9z' is not a square"),
    ],
)
def test_unreadable_move_text(text: str, problem: str) -> None:
    with pytest.raises(NotationError) as error:
        position().read_move(text)
    assert problem in str(error.value)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1d1b", "the giraffe moves one step orthogonally"),
        ("2d2b", "the lion moves one step in any direction"),
        ("3d3c", "the elephant moves one step diagonally"),
        ("2c1b", "the chick moves one step forward"),
        ("2c2b+", "a chick promotes only on the far rank"),
        ("1d1c+", "the giraffe cannot promote"),
        ("2b2c", "it is A's turn"),
    ],
)
def test_parse_move_names_the_broken_rule(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError) as error:
        position().parse_move(text)
    assert str(error.value).startswith(f"{text} is illegal: {reason}")


def test_parse_move_rejects_unmakeable_moves_generally() -> None:
    # Onto one's own piece, or dropping what is not in hand: not a physical move at all.
    for text in ("2d2c", "C*2b"):
        with pytest.raises(IllegalMoveError, match="not a legal move"):
            position().parse_move(text)


def test_parse_move_after_the_end() -> None:
    pos = position("3/1l1/1G1/1L1 b - 1")
    pos.push_text("2c2b")
    with pytest.raises(GameOverError):
        pos.parse_move("2d2c")


def test_move_constructor_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="either a square it leaves or a piece it drops"):
        DobutsuMove("2c", "2b", "C")
    with pytest.raises(ValueError, match="not a square"):
        DobutsuMove.step("2c", "0b")
    with pytest.raises(ValueError, match="must leave it"):
        DobutsuMove.step("2c", "2c")
    with pytest.raises(ValueError, match="is not a piece that can be dropped"):
        DobutsuMove.put("L", "2c")
