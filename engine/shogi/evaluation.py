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

BOARD_VALUE: tuple[int, ...] = tuple(dict(BOARD_POINTS).get(code, 0) for code in range(32))
"""BOARD_VALUE[piece code]: the signed points of that piece on the board (0: none, a king)."""

HAND_VALUE: tuple[int, ...] = tuple(dict(HAND_SLOTS).get(slot, 0) for slot in range(16))
"""HAND_VALUE[slot]: the signed points of one piece in that slot of the hands list."""

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


def _guards(bb: Sequence[int], seat: int) -> int:
    """Where the ``GUARDS`` of ``seat`` stand."""
    o = seat << 4
    return bb[o | GOLD] | bb[o | SILVER] | bb[o | TOKIN] | bb[o | PRO_SILVER]


def _side(
    bb: Sequence[int],
    occupied: Sequence[int],
    hands: Sequence[int],
    kings: Sequence[int],
    *,
    seat: int,
    guards: tuple[int, int],
) -> int:
    """One side's points beyond material, seen from its own end of the board (``guards``:
    each side's ``_guards``)."""
    total = 0
    king = kings[seat]
    if king >= 0:
        own_guards = guards[seat]
        near_king = NEAR[king]
        beside = (own_guards & KING_STEP[king]).bit_count()
        near = (own_guards & near_king).bit_count() - beside
        intruders = (occupied[seat ^ 1] & near_king).bit_count()
        total += beside * DEFENDER_POINTS + near * NEAR_GUARD_POINTS - intruders * INTRUDER_POINTS
        total += KING_PLACE[seat][king]
    own = occupied[seat]
    every = own | occupied[seat ^ 1]
    free = ~own
    reach = 0
    o = seat << 4
    pieces = bb[o | ROOK] | bb[o | DRAGON]
    while pieces:
        low = pieces & -pieces
        reach += (rook_attacks(low.bit_length() - 1, every) & free).bit_count()
        pieces ^= low
    pieces = bb[o | BISHOP] | bb[o | HORSE]
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
        missing = 2 - (guards[seat ^ 1] & KING_STEP[enemy_king]).bit_count()
        if missing > 0:
            h = seat * 8
            in_hand = (
                hands[h | ROOK]
                + hands[h | BISHOP]
                + hands[h | GOLD]
                + hands[h | SILVER]
                + hands[h | KNIGHT]
                + hands[h | LANCE]
            )
            total += in_hand * missing * HAND_THREAT_POINTS
    return total


def material(bb: Sequence[int], hands: Sequence[int]) -> int:
    """Sente's material on the board and in hand, less gote's, in points."""
    total = 0
    for code, worth in BOARD_POINTS:
        pieces = bb[code]
        if pieces:
            total += pieces.bit_count() * worth
    for slot, worth in HAND_SLOTS:
        count = hands[slot]
        if count:
            total += count * worth
    return total


def points(
    bb: Sequence[int],
    occupied: Sequence[int],
    hands: Sequence[int],
    kings: Sequence[int],
    counted: int | None = None,
) -> int:
    """Sente's advantage in points (negative: gote's); ``counted``: the ``material``,
    when the caller keeps it up to date move by move (a position does)."""
    total = material(bb, hands) if counted is None else counted
    guards = (_guards(bb, 0), _guards(bb, 1))
    total += _side(bb, occupied, hands, kings, seat=0, guards=guards)
    total -= _side(bb, occupied, hands, kings, seat=1, guards=guards)
    return total


def evaluate(
    bb: Sequence[int],
    occupied: Sequence[int],
    hands: Sequence[int],
    kings: Sequence[int],
    counted: int | None = None,
) -> tuple[float, float]:
    """Each seat's value in (-1, 1): zero-sum, sente's first."""
    value = math.tanh(points(bb, occupied, hands, kings, counted) / SCALE)
    return value, -value
