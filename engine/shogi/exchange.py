"""What a capture risks: the capturing piece, when the square it lands on is guarded.

A cheap stand-in for a full exchange count, for the search's move order and for
its look past the horizon (``engine.search.alphabeta``): a capture that gains
less than it risks is tried after the others, and not at all in quiescence.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.shogi.attacks import attack_sets, is_attacked
from engine.shogi.evaluation import PIECE_POINTS
from engine.shogi.moves import ShogiMove
from engine.shogi.tables import PROMOTED


def capture_risk(
    board: Sequence[int], bb: Sequence[int], occupied: Sequence[int], turn: int, move: ShogiMove
) -> int:
    """The points of the piece ``move`` lands with, if the opponent guards the square it
    lands on (seen through the square it leaves); 0 for a drop or an unguarded square."""
    if move.drop:
        return 0
    origin = move.from_square
    piece = board[origin]
    kind = piece & 15
    worth = PIECE_POINTS[kind + PROMOTED if move.promote else kind]
    if not worth:
        return 0
    every = (occupied[0] | occupied[1]) & ~(1 << origin)
    if is_attacked(move.to_square, turn ^ 1, every, attack_sets(bb, turn ^ 1)):
        return worth
    return 0
