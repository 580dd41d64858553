"""Drops: every piece in hand onto every empty square it may use, gathered at once.

Python pays per operation, so the empty squares are read once, rank by rank
(nine bits at a time), into one ``operator.itemgetter`` that picks each kind's
drops from its prebuilt row. A knight or lance may not go where it could never
move again: those squares are the first (sente) or the last (gote) of the ones
picked, so its drops are a slice of the same pick. Only the pawns, kept off the
files that hold an own pawn (nifu: a nine-bit mask applied to each rank's bits)
and off the square where they would mate (uchifuzume), need a pick of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from engine.shogi.attacks import pawn_drop_mates, pawn_files
from engine.shogi.moves import DROPS, ShogiMove
from engine.shogi.tables import (
    BISHOP,
    FULL,
    GOLD,
    LAST_RANK,
    LAST_TWO,
    PAWN,
    ROOK,
    SILVER,
    SIZE,
    SQUARES,
)

RANK_SQUARES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(rank * SIZE + column for column in range(SIZE) if mask >> column & 1)
        for mask in range(1 << SIZE)
    )
    for rank in range(SIZE)
)
"""RANK_SQUARES[rank][mask]: the squares of one rank whose bits are set in a 9-bit mask."""
_R0, _R1, _R2, _R3, _R4, _R5, _R6, _R7, _R8 = RANK_SQUARES


_PAWNS, _LANCES, _KNIGHTS, _SILVERS, _GOLDS, _BISHOPS, _ROOKS = DROPS[PAWN : ROOK + 1]
NOT_LAST = (FULL ^ LAST_RANK[0], FULL ^ LAST_RANK[1])


def drops(  # noqa: C901 - the rules of a game: a branch per rule of drops (nifu, uchifuzume)
    moves: list[ShogiMove],
    held: Sequence[int],
    position: tuple[Sequence[int], Sequence[int], Sequence[int]],
    seat: int,
    empty: int,
) -> None:
    """Drops of the ``held`` pieces (how many pawns, lances ... rooks ``seat`` holds) on
    the ``empty`` squares it may use: never where the piece could not move on, never a
    second pawn on a file (nifu), never a pawn that mates (uchifuzume)."""
    bb, occupied, kings = position
    pawn, lance, knight, silver, gold, bishop, rook = held
    # The empty squares rank by rank, read once for every kind.
    e0 = empty & 511
    e1 = empty >> 9 & 511
    e2 = empty >> 18 & 511
    e3 = empty >> 27 & 511
    e4 = empty >> 36 & 511
    e5 = empty >> 45 & 511
    e6 = empty >> 54 & 511
    e7 = empty >> 63 & 511
    e8 = empty >> 72
    if lance or knight or silver or gold or bishop or rook:
        squares = (
            *_R0[e0], *_R1[e1], *_R2[e2], *_R3[e3], *_R4[e4], *_R5[e5], *_R6[e6], *_R7[e7], *_R8[e8]
        )  # fmt: skip
        count = len(squares)
        if count > 1:
            pick = itemgetter(*squares)
            if rook:
                moves += pick(_ROOKS)
            if bishop:
                moves += pick(_BISHOPS)
            if gold:
                moves += pick(_GOLDS)
            if silver:
                moves += pick(_SILVERS)
            if knight:
                far = (empty & LAST_TWO[seat]).bit_count()  # the first or last picked
                if not far:
                    moves += pick(_KNIGHTS)
                elif far < count:
                    moves += pick(_KNIGHTS)[far:] if seat == 0 else pick(_KNIGHTS)[: count - far]
            if lance:
                far = (empty & LAST_RANK[seat]).bit_count()
                if not far:
                    moves += pick(_LANCES)
                elif far < count:
                    moves += pick(_LANCES)[far:] if seat == 0 else pick(_LANCES)[: count - far]
        elif count:
            target = squares[0]
            for kind, number in ((ROOK, rook), (BISHOP, bishop), (GOLD, gold), (SILVER, silver)):
                if number:
                    moves.append(DROPS[kind][target])
            if knight and not empty & LAST_TWO[seat]:
                moves.append(_KNIGHTS[target])
            if lance and not empty & LAST_RANK[seat]:
                moves.append(_LANCES[target])
    if pawn:
        # Not on a file holding an own pawn, nor on the last rank.
        free = 511 ^ pawn_files(bb[seat << 4 | PAWN])
        if seat == 0:
            squares = (
                *_R1[e1 & free], *_R2[e2 & free], *_R3[e3 & free], *_R4[e4 & free],
                *_R5[e5 & free], *_R6[e6 & free], *_R7[e7 & free], *_R8[e8 & free],
            )  # fmt: skip
        else:
            squares = (
                *_R0[e0 & free], *_R1[e1 & free], *_R2[e2 & free], *_R3[e3 & free],
                *_R4[e4 & free], *_R5[e5 & free], *_R6[e6 & free], *_R7[e7 & free],
            )  # fmt: skip
        enemy_king = kings[seat ^ 1]
        if enemy_king >= 0:
            front = enemy_king + 9 if seat == 0 else enemy_king - 9
            if (
                0 <= front < SQUARES
                and empty >> front & 1
                and free >> front % SIZE & 1
                and pawn_drop_mates(front, seat, bb, occupied, kings)
            ):
                squares = tuple(square for square in squares if square != front)
        if len(squares) > 1:
            moves += itemgetter(*squares)(_PAWNS)
        elif squares:
            moves.append(_PAWNS[squares[0]])
