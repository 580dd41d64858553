"""How good a Robot Duel position looks, without searching: material on the board and
in hand, and how near each lion is to a try.

Points are for the first seat (sente, moving up the board); a table gives every
piece on every square its worth once, so an evaluation is one pass over twelve
squares and six hand counts. The sum is squeezed into (-1, 1) with tanh.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.dobutsu.board import (
    CHICK,
    ELEPHANT,
    FAR_ROW,
    GIRAFFE,
    HAND_KINDS,
    HEIGHT,
    HEN,
    LION,
    SQUARES,
    hand_index,
    row_of,
)

PIECE_POINTS = {CHICK: 100, ELEPHANT: 300, GIRAFFE: 400, LION: 0, HEN: 450}
"""A piece on the board (the lion is the game itself: its loss ends it)."""

HAND_POINTS = {CHICK: 120, ELEPHANT: 330, GIRAFFE: 440}
"""A piece in hand is worth a little more: it can be dropped anywhere."""

LION_STEP_POINTS = 60
"""For each row a lion has come nearer the far row: a lion on the row before it
threatens a try."""

CHICK_STEP_POINTS = 20
"""For each row a chick has advanced towards promotion."""

SCALE = 1000.0
"""Points at which tanh reaches about 0.76: a giraffe and an elephant up."""


def _worth(piece: int, square: int) -> int:
    """A signed piece's points on a square, positive for the first seat's pieces."""
    if piece == 0:
        return 0
    seat = 0 if piece > 0 else 1
    kind = abs(piece)
    points = PIECE_POINTS[kind]
    progress = abs(row_of(square) - (HEIGHT - 1 - FAR_ROW[seat]))  # rows left behind
    if kind == LION:
        points += LION_STEP_POINTS * progress
    elif kind == CHICK:
        points += CHICK_STEP_POINTS * progress
    return points if seat == 0 else -points


WORTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(_worth(piece, square) for square in range(SQUARES)) for piece in range(-HEN, HEN + 1)
)
"""WORTH[piece + HEN][square]: what that signed piece adds to the first seat's points."""

HAND_WORTH: tuple[tuple[int, int], ...] = tuple(
    (hand_index(seat, kind), HAND_POINTS[kind] * (1 if seat == 0 else -1))
    for seat in (0, 1)
    for kind in HAND_KINDS
)
"""(slot in the hands list, points per piece there) for each seat and kind."""


def points(board: Sequence[int], hands: Sequence[int]) -> int:
    """The first seat's advantage in points (negative: the second seat's)."""
    total = 0
    for square, piece in enumerate(board):
        if piece:
            total += WORTH[piece + HEN][square]
    for slot, worth in HAND_WORTH:
        total += hands[slot] * worth
    return total


def evaluate(board: Sequence[int], hands: Sequence[int]) -> tuple[float, float]:
    """Each seat's value in (-1, 1): zero-sum, the first seat's first."""
    value = math.tanh(points(board, hands) / SCALE)
    return value, -value
