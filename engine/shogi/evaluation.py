"""How good a shogi position looks, without searching: material on the board and in
hand, the shelter and the danger round each king, where the king stands, how far
the long pieces reach, and the pieces in the promotion zone.

Material is counted from the bitboards (one popcount per piece code) and the
rest from a handful of bitboard operations, so an evaluation does not walk the
81 squares. Every term is the same for either side seen from its own end of the
board, so a position and its mirror image are valued the same for the side in
the same place. Points are for sente; the sum is squeezed into (-1, 1) with tanh.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.shogi.attacks import bishop_attacks, rook_attacks
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
    ZONE,
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


KING_RANK_POINTS = (0, -5, -40, -90, -140, -170, -170, -140, -100)
"""A king's points by how many ranks it stands from its own back rank: it is safest
at home, exposed in the middle of the board (an entering king counts a little less
against)."""

KING_FILE_POINTS = (0, 6, 14, 20, 12)
"""A king's points by how many files it stands from the centre file: shogi castles
move it to the 2-3 or 7-8 files, away from where the rooks and bishops fight."""


def _king_place(square: int, seat: int) -> int:
    rank = rank_of(square)
    home = 8 - rank if seat == 0 else rank
    return KING_RANK_POINTS[home] + KING_FILE_POINTS[abs(column_of(square) - 4)]


KING_PLACE = tuple(tuple(_king_place(square, seat) for square in range(SQUARES)) for seat in (0, 1))
"""KING_PLACE[seat][square]: the points of that seat's king standing there."""

NEAR_GUARD_POINTS = 15
"""For each gold or silver within two squares of its own king, not beside it."""

REACH_POINTS = 4
"""For each square a rook, bishop, dragon or horse reaches that its own side does not
fill (a cheap measure of how active the long pieces are)."""

ZONE_POINTS = 30
"""For each piece (the king aside) standing in the zone where it promotes."""

HAND_THREAT_POINTS = 12
"""For each piece other than a pawn in hand, times the guards an enemy king lacks of
two: pieces in hand are what mating attacks are made of."""

ROOKS = (ROOK, DRAGON)
BISHOPS = (BISHOP, HORSE)
DROPPED = (ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE)


def _guards(bb: Sequence[int], seat: int) -> int:
    guards = 0
    for kind in GUARDS:
        guards |= bb[seat << 4 | kind]
    return guards


def _side(
    bb: Sequence[int],
    occupied: Sequence[int],
    hands: Sequence[int],
    kings: Sequence[int],
    seat: int,
) -> int:
    """One side's points beyond material, seen from its own end of the board."""
    total = 0
    king = kings[seat]
    if king >= 0:
        guards = _guards(bb, seat)
        beside = (guards & KING_STEP[king]).bit_count()
        near = (guards & NEAR[king]).bit_count() - beside
        intruders = (occupied[seat ^ 1] & NEAR[king]).bit_count()
        total += beside * DEFENDER_POINTS + near * NEAR_GUARD_POINTS - intruders * INTRUDER_POINTS
        total += KING_PLACE[seat][king]
    own = occupied[seat]
    every = own | occupied[seat ^ 1]
    free = ~own
    reach = 0
    for kind in ROOKS:
        pieces = bb[seat << 4 | kind]
        while pieces:
            low = pieces & -pieces
            reach += (rook_attacks(low.bit_length() - 1, every) & free).bit_count()
            pieces ^= low
    for kind in BISHOPS:
        pieces = bb[seat << 4 | kind]
        while pieces:
            low = pieces & -pieces
            reach += (bishop_attacks(low.bit_length() - 1, every) & free).bit_count()
            pieces ^= low
    total += reach * REACH_POINTS
    in_zone = own & ZONE[seat]
    if king >= 0 and in_zone >> king & 1:
        in_zone ^= 1 << king
    total += in_zone.bit_count() * ZONE_POINTS
    enemy_king = kings[seat ^ 1]
    if enemy_king >= 0:
        missing = 2 - (_guards(bb, seat ^ 1) & KING_STEP[enemy_king]).bit_count()
        if missing > 0:
            in_hand = sum(hands[seat * 8 + kind] for kind in DROPPED)
            total += in_hand * missing * HAND_THREAT_POINTS
    return total


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
    total += _side(bb, occupied, hands, kings, 0) - _side(bb, occupied, hands, kings, 1)
    return total


def evaluate(
    bb: Sequence[int], occupied: Sequence[int], hands: Sequence[int], kings: Sequence[int]
) -> tuple[float, float]:
    """Each seat's value in (-1, 1): zero-sum, sente's first."""
    value = math.tanh(points(bb, occupied, hands, kings) / SCALE)
    return value, -value
