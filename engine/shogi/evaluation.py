"""How good a shogi position looks, without searching: material on the board and in
hand, and the shelter around each king.

Material is counted from the bitboards (one popcount per piece code), so an
evaluation does not walk the 81 squares. Points are for sente; the sum is
squeezed into (-1, 1) with tanh.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.shogi.tables import (
    BISHOP,
    DRAGON,
    GOLD,
    HAND_KINDS,
    HORSE,
    KING,
    KNIGHT,
    LANCE,
    PAWN,
    PRO_KNIGHT,
    PRO_LANCE,
    PRO_SILVER,
    ROOK,
    SILVER,
    SQUARES,
    STEP,
    TOKIN,
    column_of,
    rank_of,
)

PIECE_POINTS = {
    PAWN: 90,
    LANCE: 310,
    KNIGHT: 370,
    SILVER: 500,
    GOLD: 560,
    BISHOP: 830,
    ROOK: 980,
    KING: 0,
    TOKIN: 560,
    PRO_LANCE: 560,
    PRO_KNIGHT: 560,
    PRO_SILVER: 560,
    HORSE: 1080,
    DRAGON: 1250,
}
"""A piece on the board, by kind (the king is the game itself)."""

HAND_BONUS = 1.1
"""A piece in hand is worth a little more than on the board: it drops anywhere."""

HAND_POINTS = {kind: round(PIECE_POINTS[kind] * HAND_BONUS) for kind in HAND_KINDS}

DEFENDER_POINTS = 40
"""For each gold or silver next to its own king."""

INTRUDER_POINTS = 25
"""For each opposing piece within two squares of a king."""

SCALE = 1500.0
"""Points at which tanh reaches about 0.76: a rook and a silver up."""


def _near(square: int, reach: int) -> int:
    """The squares within ``reach`` steps of ``square`` (itself excluded), as a bitboard."""
    bits = 0
    for other in range(SQUARES):
        if (
            other != square
            and max(
                abs(rank_of(other) - rank_of(square)), abs(column_of(other) - column_of(square))
            )
            <= reach
        ):
            bits |= 1 << other
    return bits


NEAR = tuple(_near(square, 2) for square in range(SQUARES))
"""NEAR[square]: the 5x5 block around a square, as a bitboard."""

KING_STEP = STEP[KING]
"""KING_STEP[square]: the eight squares round a square."""

BOARD_POINTS: tuple[tuple[int, int], ...] = tuple(
    (seat << 4 | kind, points if seat == 0 else -points)
    for seat in (0, 1)
    for kind, points in PIECE_POINTS.items()
    if points
)
"""(piece code, signed points) for every piece that counts."""

HAND_SLOTS: tuple[tuple[int, int], ...] = tuple(
    (seat * 8 + kind, HAND_POINTS[kind] if seat == 0 else -HAND_POINTS[kind])
    for seat in (0, 1)
    for kind in HAND_KINDS
)
"""(slot in the hands list, signed points per piece there)."""

GUARDS = (GOLD, SILVER, TOKIN, PRO_SILVER)
"""The pieces that shelter a king best: they step next to it."""


def _shelter(bb: Sequence[int], occupied: Sequence[int], king: int, seat: int) -> int:
    """The points of a king's shelter: guards beside it, minus intruders near it."""
    if king < 0:
        return 0
    guards = 0
    for kind in GUARDS:
        guards |= bb[seat << 4 | kind]
    beside = (guards & KING_STEP[king]).bit_count()
    near = (occupied[seat ^ 1] & NEAR[king]).bit_count()
    return beside * DEFENDER_POINTS - near * INTRUDER_POINTS


def points(
    bb: Sequence[int], occupied: Sequence[int], hands: Sequence[int], kings: Sequence[int]
) -> int:
    """Sente's advantage in points (negative: gote's)."""
    total = 0
    for code, worth in BOARD_POINTS:
        pieces = bb[code]
        if pieces:
            total += pieces.bit_count() * worth
    for slot, worth in HAND_SLOTS:
        count = hands[slot]
        if count:
            total += count * worth
    total += _shelter(bb, occupied, kings[0], 0) - _shelter(bb, occupied, kings[1], 1)
    return total


def evaluate(
    bb: Sequence[int], occupied: Sequence[int], hands: Sequence[int], kings: Sequence[int]
) -> tuple[float, float]:
    """Each seat's value in (-1, 1): zero-sum, sente's first."""
    value = math.tanh(points(bb, occupied, hands, kings) / SCALE)
    return value, -value
