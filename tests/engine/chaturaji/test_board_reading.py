"""What a Chaturaji position tells the board and the record, worked out from tables of
piece codes: the same stones, the same expected readings in the same order, the same
piece counts and the same text as the square-by-square way."""

from __future__ import annotations

from engine.chaturaji.board import CELL_NAMES, KING, LETTERS, SIZE, kind_of, owner_of
from engine.chaturaji.notation import piece_text, write_board
from engine.game import Position
from engine.physical import Sensing, Stone
from tests.engine.chaturaji.helpers import random_game


def board_text(board: tuple[int, ...]) -> str:
    """The board's field of a position text, square by square (highest rank first)."""
    ranks = []
    for rank in reversed(range(SIZE)):
        text, gap = "", 0
        for piece in board[rank * SIZE : rank * SIZE + SIZE]:
            if piece:
                text += (str(gap) if gap else "") + piece_text(piece)
            gap = 0 if piece else gap + 1
        ranks.append(text + (str(gap) if gap else ""))
    return "/".join(ranks)


def test_the_layout_frame_and_counts_are_those_of_each_square() -> None:
    seen = 0
    for seed in range(10):
        for pos in random_game(seed, 160, mode="teams" if seed % 2 else "individual"):
            board = pos.state.board
            assert pos.layout() == {
                CELL_NAMES[square]: (Stone(LETTERS[kind_of(piece)], owner_of(piece)),)
                for square, piece in enumerate(board)
                if piece
            }
            for sensing in Sensing:
                frame = pos.expected_frame(sensing)
                assert list(frame.items()) == list(Position.expected_frame(pos, sensing).items())
            assert write_board(board) == board_text(board)
            for seat in range(4):
                pieces = [piece for piece in board if piece and owner_of(piece) == seat]
                assert pos.state.pieces(seat) == len(pieces)
                assert pos.state.has_king(seat) == any(kind_of(p) == KING for p in pieces)
            seen += 1
    assert seen > 500
