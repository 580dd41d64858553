"""The start position of each seat, its forward direction, last line and throne."""

from __future__ import annotations

import pytest

from engine.chaturaji import CHATURAJI
from engine.physical import Stone
from tests.engine.chaturaji.helpers import moves_from, position, rolled

# The rule book's table: boat, horse, elephant, king, then the pawns in front of them.
TABLE = {
    0: ("a1", "b1", "c1", "d1", ("a2", "b2", "c2", "d2")),
    1: ("a8", "a7", "a6", "a5", ("b8", "b7", "b6", "b5")),
    2: ("h8", "g8", "f8", "e8", ("h7", "g7", "f7", "e7")),
    3: ("h1", "h2", "h3", "h4", ("g1", "g2", "g3", "g4")),
}
START = (
    "gBgb2rKrErHrB/gHgh2rkrerhrb/gEge6/gKgk6/6ykyK/6yeyE/kbkhkekk2yhyH/kBkHkEkK2ybyB k ? 0,0,0,0 -"
)


@pytest.mark.parametrize("seat", range(4))
def test_setup_squares_of_each_seat(seat: int) -> None:
    layout = position().layout()
    boat, horse, elephant, king, pawns = TABLE[seat]
    for cell, kind in ((boat, "B"), (horse, "H"), (elephant, "E"), (king, "K")):
        assert layout[cell] == (Stone(kind, seat),)
    for cell in pawns:
        assert layout[cell] == (Stone("P", seat),)
    assert sum(1 for stones in layout.values() if stones[0].owner == seat) == 8


def test_start_text_and_turn() -> None:
    pos = position()
    assert CHATURAJI.start_text(pos.options) == START
    assert pos.text() == START
    assert pos.turn == 0
    assert len(pos.layout()) == 32


def test_each_pawn_knows_the_piece_it_stood_in_front_of() -> None:
    # The pawn letter is the origin: b2 is black's horse pawn, g4 yellow's king pawn.
    board = START.split(maxsplit=1)[0].split("/")
    assert board[6].startswith("kbkhkekk")  # rank 2: a2 b2 c2 d2
    assert board[1].endswith("rkrerhrb")  # rank 7: e7 f7 g7 h7
    assert board[4] == "6ykyK"  # rank 4: g4 the king's pawn, h4 the king


@pytest.mark.parametrize(
    ("seat", "turn", "pawn", "ahead"),
    [(0, "k", "d4", "d5"), (1, "g", "d4", "e4"), (2, "r", "d4", "d3"), (3, "y", "d4", "c4")],
)
def test_forward_direction_of_each_seat(seat: int, turn: str, pawn: str, ahead: str) -> None:
    letter = "kgry"[seat]
    kings = {"a1": "kK", "a8": "gK", "h8": "rK", "h1": "yK"}
    pos = rolled({**kings, pawn: letter + "h"}, "5", turn=turn)
    assert moves_from(pos, pawn) == {pawn + ahead}


@pytest.mark.parametrize(
    ("turn", "start", "path"),
    [
        ("k", "c2", ["c3", "c4", "c5", "c6", "c7", "c8"]),
        ("g", "b6", ["c6", "d6", "e6", "f6", "g6", "h6"]),
        ("r", "f7", ["f6", "f5", "f4", "f3", "f2", "f1"]),
        ("y", "g3", ["f3", "e3", "d3", "c3", "b3", "a3"]),
    ],
)
def test_pawns_walk_to_their_last_line_and_stop(turn: str, start: str, path: list[str]) -> None:
    """One square a move, no double step; on the last line a pawn has no step left."""
    kings = {"a1": "kK", "a8": "gK", "h8": "rK", "h1": "yK"}
    kings = {cell: piece for cell, piece in kings.items() if cell not in path}
    here = start
    for cell in path:
        pos = rolled({**kings, here: turn + "k"}, "5", turn=turn)
        assert moves_from(pos, here) == {here + cell}
        here = cell
    pos = rolled({**kings, here: turn + "k"}, "5", turn=turn)
    assert moves_from(pos, here) == set()  # its king is on the board: no exchange either


def test_thrones_are_the_kings_start_squares() -> None:
    from engine.chaturaji.board import CELL_NAMES, THRONES

    assert [CELL_NAMES[sq] for sq in THRONES] == [TABLE[seat][3] for seat in range(4)]
