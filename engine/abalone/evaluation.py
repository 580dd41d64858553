"""How good an Abalone position looks, without searching: marbles pushed off, how
near the centre each side stands, and how closely its marbles hold together.

A marble at the centre cannot be pushed off soon and pushes the ones beside it;
marbles in touching groups resist pushes and push others. Points are for black;
the sum is squeezed into (-1, 1) with tanh.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.abalone.board import AXES, BLACK, CELLS, COORDINATES, NEIGHBOURS, SIDE, WHITE

MARBLE_POINTS = 1000
"""For each opposing marble pushed off (six win)."""

CENTRE_POINTS = 30
"""For each step a marble stands nearer the centre than the rim."""

TOUCH_POINTS = 12
"""For each pair of one's marbles side by side."""

SCALE = 3000.0
"""Points at which tanh reaches about 0.76: three marbles up."""


def _from_rim(hole: int) -> int:
    """Steps from the rim: 0 on the edge, 4 at the centre."""
    row, diagonal = COORDINATES[hole]
    centre = SIDE - 1
    dr, dd = row - centre, diagonal - centre
    return SIDE - 1 - max(abs(dr), abs(dd), abs(dr - dd))


CENTRE = tuple(_from_rim(hole) * CENTRE_POINTS for hole in range(CELLS))
"""CENTRE[hole]: what a marble there earns for standing off the rim."""

ONWARD = tuple(
    tuple(NEIGHBOURS[hole][axis] for axis in AXES if NEIGHBOURS[hole][axis] >= 0)
    for hole in range(CELLS)
)
"""ONWARD[hole]: its neighbours along the three axes one way, so each touching pair
is counted once."""


def points(board: Sequence[int], lost: Sequence[int]) -> int:
    """Black's advantage in points (negative: white's)."""
    total = (lost[WHITE - 1] - lost[BLACK - 1]) * MARBLE_POINTS
    for hole, marble in enumerate(board):
        if not marble:
            continue
        worth = CENTRE[hole]
        for other in ONWARD[hole]:
            if board[other] == marble:
                worth += TOUCH_POINTS
        total += worth if marble == BLACK else -worth
    return total


def evaluate(board: Sequence[int], lost: Sequence[int]) -> tuple[float, float]:
    """Each seat's value in (-1, 1): zero-sum, black's first."""
    value = math.tanh(points(board, lost) / SCALE)
    return value, -value
