"""The evaluation counted by rows of bits is the evaluation counted hole by hole, and the
bits a position keeps through its pushes and pops are those of its board."""

from __future__ import annotations

from engine.abalone.board import AXES, BLACK, NEIGHBOURS, WHITE
from engine.abalone.evaluation import (
    CENTRE,
    MARBLE_POINTS,
    TOUCH_POINTS,
    evaluate,
    marble_bits,
    points,
)
from tests.engine.abalone.helpers import random_games


def points_hole_by_hole(board: list[int], lost: list[int]) -> int:
    """The evaluation's points as the rules of the evaluation say them, one hole at a time."""
    total = (lost[WHITE - 1] - lost[BLACK - 1]) * MARBLE_POINTS
    for hole, marble in enumerate(board):
        if not marble:
            continue
        worth = CENTRE[hole]
        for axis in AXES:
            other = NEIGHBOURS[hole][axis]
            if other >= 0 and board[other] == marble:
                worth += TOUCH_POINTS
        total += worth if marble == BLACK else -worth
    return total


def test_the_points_by_rows_of_bits_are_the_points_hole_by_hole() -> None:
    checked = pushed_off = 0
    for position in random_games(48, 12, 200, pushes=0.8):
        board, lost = position._board, position._lost
        assert position._bits == marble_bits(board)
        assert points(board, lost) == points_hole_by_hole(board, lost)
        assert position.evaluate() == evaluate(board, lost)
        if position.move_stack:  # and back: pop restores the bits the push changed
            pushed_off += bool(position._undo[-1][1])
            move = position.pop()
            assert position._bits == marble_bits(position._board)
            position.push(move)
        checked += 1
    assert checked > 1000 and pushed_off > 20
