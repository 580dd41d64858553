"""Position text and Aba-Pro move text: round trips and every error message."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.abalone import ABALONE, AbaloneMove, Direction
from engine.errors import NotationError
from tests.engine.abalone.helpers import HOLES, key, position, random_games, setup, text

START = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0"


def test_start_texts_of_the_layouts() -> None:
    assert ABALONE.start_text(ABALONE.options()) == START
    assert position(None, layout="belgian").text() == (
        "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0 0"
    )
    assert position(None, layout="german").text() == (
        "5/ww2bb/www1bbb/1ww2bb1/9/1bb2ww1/bbb1www/bb2ww/5 b 0 0"
    )


@settings(max_examples=200, deadline=None)
@given(
    contents=st.lists(st.sampled_from(".bw"), min_size=61, max_size=61),
    turn=st.sampled_from("bw"),
    lost=st.tuples(st.integers(0, 6), st.integers(0, 6)),
)
def test_any_legal_board_round_trips(contents: list[str], turn: str, lost: tuple[int, int]) -> None:
    pieces = {hole: m for hole, m in zip(HOLES, contents, strict=True) if m != "."}
    written = text(pieces, turn, lost)
    valid = (
        contents.count("b") + lost[0] <= 14
        and contents.count("w") + lost[1] <= 14
        and min(lost) < 6
    )
    if not valid:
        with pytest.raises(NotationError):
            position(written)
        return
    pos = position(written)
    assert pos.text() == written
    assert key(pos) == "".join(contents)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("", "the position text is empty"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0", "has 3 field"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 1", "has 5 field"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb b 0 0", "has 8 row"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbb b 0 0", "row A 'bbbb' has 4 hole"),
        ("wwwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0", "row I 'wwwwww' has more than 5"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0".replace("/9/", "/45/"), "two counts"),
        ("wwwww/wwwwww/2www2/8/9/8/2bxb2/bbbbbb/bbbbb b 0 0", "'x' is not a marble"),
        ("wwwww/wwwwww/2www2/8/9/8/2bBb2/bbbbbb/bbbbb b 0 0", "'B' is not a marble"),
        ("wwwww/wwwwww/2www2/8/0bbbbbbbbb/8/2bbb2/bbbbbb/bbbbb b 0 0", "1 to 9"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb x 0 0", "must be 'b' (black) or 'w'"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 7 0", "0 to 6, not '7'"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 -1", "white marbles pushed off"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 1 0", "15 in all; the set has 14"),
        ("5/5w/7/8/9/8/7/6/5 b 6 6", "both sides have lost 6"),
    ],
)
def test_position_errors_say_what_is_wrong(board: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        position(board)


def test_row_error_names_the_row_range() -> None:
    with pytest.raises(NotationError, match="row G has 7 holes, G3 to G9"):
        position("wwwww/wwwwww/2www/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0")


# --- moves ---------------------------------------------------------------------------


def test_move_text_is_four_or_six_letters_read_in_either_case() -> None:
    checked = 0
    for pos in random_games(7, 2, 40):
        moves = list(pos.legal_moves()) + [move for move, _ in pos.illegal_moves()]
        for move in moves:
            written = pos.move_text(move)
            assert pos.read_move(written.lower()) == move
            assert len(written) == (6 if move.is_broadside else 4)
            checked += 1
    assert checked > 5000


def test_in_line_text_is_the_rear_marble_and_its_next_hole() -> None:
    pos = position()
    move = pos.read_move("A1B2")
    assert move == AbaloneMove("A1", Direction.NE)
    assert not move.is_broadside and move.destination == "B2"
    assert pos.move_text(move) == "A1B2"


def test_broadside_text_names_both_ends_then_where_the_first_goes() -> None:
    pos = setup({"C3": "b", "C4": "b", "C5": "b", "I9": "w"})
    move = pos.read_move("C3C5D4")
    assert move == AbaloneMove("C3", Direction.NE, "C5")
    assert move.is_broadside
    # written from the end nearer A1; the other order reads as the same move
    assert pos.read_move("C5C3D6") == move
    assert pos.move_text(pos.read_move("C5C3D6")) == "C3C5D4"
    assert pos.read_move("c3c4d3") == AbaloneMove("C3", Direction.NW, "C4")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("", "the move text is empty"),
        ("A1", "'A1' is not an Abalone move"),
        ("A1-B2", "is not an Abalone move"),
        ("A1B2C", "is not an Abalone move"),
        ("1AB2", "is not an Abalone move"),
        ("A9A8", "A9 is not a hole; row A runs from A1 to A5"),
        ("J1J2", "J1 is not a hole; the rows are A to I"),
        ("A1A1", "names one hole twice"),
        ("A1B3", "B3 is not next to A1"),
        ("A1D4", "looks like Nacre notation"),
        ("C3D5E4", "C3 and D5 are not on one line"),
        ("C3C5C2", "C2 lies along the line C3-C5, which makes it an in-line move"),
        ("C5C3C6", "C6 lies along the line C5-C3"),
        ("C3C5E5", "E5 is not next to C3"),
        ("A1A5B1", "a line of 5 holes"),
        ("E8E9F9", "E9 has no hole to its NE"),
    ],
)
def test_move_errors_say_what_is_wrong(move: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        position().read_move(move)


def test_four_marble_broadside_text_reads_but_is_illegal() -> None:
    pos = setup({"C3": "b", "C4": "b", "C5": "b", "C6": "b", "I9": "w"})
    move = pos.read_move("C3C6D4")
    assert len(move.holes) == 4
    assert "C3C6D4" not in {pos.move_text(m) for m in pos.legal_moves()}
