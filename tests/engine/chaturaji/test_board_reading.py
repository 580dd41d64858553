"""What a Chaturaji position tells the board, worked out from tables of piece codes: the
same stones, the same expected readings in the same order, the same piece counts as the
square-by-square way."""

from __future__ import annotations

from engine.chaturaji.board import CELL_NAMES, KING, LETTERS, kind_of, owner_of
from engine.game import Position
from engine.physical import Sensing, Stone
from tests.engine.chaturaji.helpers import random_game


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
            for seat in range(4):
                pieces = [piece for piece in board if piece and owner_of(piece) == seat]
                assert pos.state.pieces(seat) == len(pieces)
                assert pos.state.has_king(seat) == any(kind_of(p) == KING for p in pieces)
            seen += 1
    assert seen > 500
