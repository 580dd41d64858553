"""Attacks on bitboards: who attacks a square, checks and pins, a piece's reach,
the files holding a pawn (nifu) and whether a pawn drop mates (uchifuzume).

Everything here works on the raw state of a position (the per-piece bitboards,
the two occupancies, the hands and the kings), never on a copy.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.shogi.tables import (
    ATTACKED_FROM,
    BETWEEN_TOP,
    BISHOP,
    BISHOP_LINES,
    DRAGON,
    EAST,
    GOLD,
    HORSE,
    KING,
    KING_STEP,
    KNIGHT,
    LANCE,
    LANCE_FROM,
    LINE,
    NORTH,
    NORTH_EAST,
    NORTH_WEST,
    PAWN,
    PRO_KNIGHT,
    PRO_LANCE,
    PRO_SILVER,
    RAY,
    ROOK,
    ROOK_LINES,
    SILVER,
    SOUTH,
    SOUTH_EAST,
    SOUTH_WEST,
    STEP,
    TOKIN,
    WEST,
)

RAY_N, RAY_S, RAY_W, RAY_E = RAY[NORTH], RAY[SOUTH], RAY[WEST], RAY[EAST]
RAY_NW, RAY_NE, RAY_SW, RAY_SE = RAY[NORTH_WEST], RAY[NORTH_EAST], RAY[SOUTH_WEST], RAY[SOUTH_EAST]

_COLUMN_SPREAD = tuple(
    sum(1 << (rank * 9 + column) for rank in range(9) for column in range(9) if mask >> column & 1)
    for mask in range(512)
)

_LOW45 = (1 << 45) - 1
_LOW27 = (1 << 27) - 1
_LOW18 = (1 << 18) - 1

AttackSets = tuple[int, int, int, int, int, int, int, int]
"""One side's attackers by how they attack: pawns, knights, silvers, gold-movers,
one-step-all-round (king, horse, dragon), rook lines, bishop lines, lances."""


def attack_sets(bb: Sequence[int], seat: int) -> AttackSets:
    o = seat << 4
    return (
        bb[o | PAWN],
        bb[o | KNIGHT],
        bb[o | SILVER],
        bb[o | GOLD] | bb[o | TOKIN] | bb[o | PRO_LANCE] | bb[o | PRO_KNIGHT] | bb[o | PRO_SILVER],
        bb[o | KING] | bb[o | HORSE] | bb[o | DRAGON],
        bb[o | ROOK] | bb[o | DRAGON],
        bb[o | BISHOP] | bb[o | HORSE],
        bb[o | LANCE],
    )


STEP_FROM = tuple(
    (
        ATTACKED_FROM[seat << 4 | PAWN],
        ATTACKED_FROM[seat << 4 | KNIGHT],
        ATTACKED_FROM[seat << 4 | SILVER],
        ATTACKED_FROM[seat << 4 | GOLD],
        LANCE_FROM[seat],
    )
    for seat in (0, 1)
)
"""STEP_FROM[seat]: where that seat's pawn, knight, silver, gold-mover and lance stand to
attack a square, each by the square attacked."""


def is_attacked(square: int, seat: int, every: int, sets: AttackSets) -> bool:
    """Whether ``seat`` attacks ``square`` with ``every`` the occupied squares."""
    pawns, knights, silvers, golds, kings, rooks, bishops, lances = sets
    p_from, n_from, s_from, g_from, l_from = STEP_FROM[seat]
    if (
        p_from[square] & pawns
        or n_from[square] & knights
        or s_from[square] & silvers
        or g_from[square] & golds
        or KING_STEP[square] & kings
    ):
        return True
    lines = (
        (rooks & ROOK_LINES[square]) | (bishops & BISHOP_LINES[square]) | (lances & l_from[square])
    )
    between = BETWEEN_TOP[square + 1]
    while lines:
        low = lines & -lines
        if not between[low.bit_length()] & every:
            return True
        lines ^= low
    return False


def attackers(square: int, seat: int, every: int, sets: AttackSets) -> int:
    """The squares of ``seat``'s pieces that attack ``square``."""
    pawns, knights, silvers, golds, kings, rooks, bishops, lances = sets
    p_from, n_from, s_from, g_from, l_from = STEP_FROM[seat]
    found = (
        (p_from[square] & pawns)
        | (n_from[square] & knights)
        | (s_from[square] & silvers)
        | (g_from[square] & golds)
        | (KING_STEP[square] & kings)
    )
    lines = (
        (rooks & ROOK_LINES[square]) | (bishops & BISHOP_LINES[square]) | (lances & l_from[square])
    )
    between = BETWEEN_TOP[square + 1]
    while lines:
        low = lines & -lines
        if not between[low.bit_length()] & every:
            found |= low
        lines ^= low
    return found


def checks_and_pins(
    king: int, own: int, every: int, enemy: AttackSets, them: int
) -> tuple[int, int]:
    """(checkers, pinned): the enemy pieces giving check and the own pieces pinned to the king."""
    pawns, knights, silvers, golds, kings, rooks, bishops, lances = enemy
    p_from, n_from, s_from, g_from, l_from = STEP_FROM[them]
    checkers = (
        (p_from[king] & pawns)
        | (n_from[king] & knights)
        | (s_from[king] & silvers)
        | (g_from[king] & golds)
        | (KING_STEP[king] & kings)
    )
    snipers = (rooks & ROOK_LINES[king]) | (bishops & BISHOP_LINES[king]) | (lances & l_from[king])
    pinned = 0
    between = BETWEEN_TOP[king + 1]
    while snipers:
        low = snipers & -snipers
        snipers ^= low
        blockers = between[low.bit_length()] & every
        if not blockers:
            checkers |= low
        elif not blockers & (blockers - 1) and blockers & own:
            pinned |= blockers
    return checkers, pinned


def rook_attacks(square: int, every: int) -> int:
    ray = RAY_N[square]
    hit = ray & every
    found = ray ^ RAY_N[hit.bit_length() - 1] if hit else ray
    ray = RAY_W[square]
    hit = ray & every
    found |= ray ^ RAY_W[hit.bit_length() - 1] if hit else ray
    ray = RAY_S[square]
    hit = ray & every
    found |= ray ^ RAY_S[(hit & -hit).bit_length() - 1] if hit else ray
    ray = RAY_E[square]
    hit = ray & every
    found |= ray ^ RAY_E[(hit & -hit).bit_length() - 1] if hit else ray
    return found


def bishop_attacks(square: int, every: int) -> int:
    ray = RAY_NW[square]
    hit = ray & every
    found = ray ^ RAY_NW[hit.bit_length() - 1] if hit else ray
    ray = RAY_NE[square]
    hit = ray & every
    found |= ray ^ RAY_NE[hit.bit_length() - 1] if hit else ray
    ray = RAY_SW[square]
    hit = ray & every
    found |= ray ^ RAY_SW[(hit & -hit).bit_length() - 1] if hit else ray
    ray = RAY_SE[square]
    hit = ray & every
    found |= ray ^ RAY_SE[(hit & -hit).bit_length() - 1] if hit else ray
    return found


def lance_attacks(square: int, seat: int, every: int) -> int:
    if seat == 0:
        ray = RAY_N[square]
        hit = ray & every
        return ray ^ RAY_N[hit.bit_length() - 1] if hit else ray
    ray = RAY_S[square]
    hit = ray & every
    return ray ^ RAY_S[(hit & -hit).bit_length() - 1] if hit else ray


def piece_attacks(piece: int, square: int, every: int) -> int:
    """The squares a piece attacks from ``square`` (its steps and its open lines)."""
    kind = piece & 15
    found = STEP[piece][square]
    if kind == LANCE:
        found |= lance_attacks(square, piece >> 4, every)
    elif kind in (BISHOP, HORSE):
        found |= bishop_attacks(square, every)
    elif kind in (ROOK, DRAGON):
        found |= rook_attacks(square, every)
    return found


def pawn_files(pawns: int) -> int:
    """The files that hold one of these pawns, as the nine bits of one rank."""
    folded = (pawns & _LOW45) | pawns >> 45  # ranks e-i onto a-d
    folded = (folded & _LOW27) | folded >> 27  # ranks d-e onto a-b
    folded = (folded & _LOW18) | folded >> 18  # rank c onto a
    return (folded & 511) | folded >> 9  # rank b onto a


def pawn_columns(pawns: int) -> int:
    """Every square of the files that hold one of these pawns (for nifu)."""
    return _COLUMN_SPREAD[pawn_files(pawns)]


def pawn_drop_mates(
    target: int, seat: int, bb: Sequence[int], occupied: Sequence[int], kings: Sequence[int]
) -> bool:
    """Whether a pawn dropped by ``seat`` on ``target`` (in front of the enemy king) mates.

    The king may take the pawn only if no piece defends it (looked up with the
    king off its square); else it may step away (tried before the other pieces:
    an exposed king seldom lacks a free square, and that look-up is cheaper);
    another piece may take it only if that does not expose the king (a pinned
    piece stays).
    """
    them = seat ^ 1
    king = kings[them]
    king_bit = 1 << king
    every = occupied[0] | occupied[1] | 1 << target
    without = every ^ king_bit
    mine = attack_sets(bb, seat)
    if not is_attacked(target, seat, without, mine):
        return False
    escapes = KING_STEP[king] & ~occupied[them] & ~(1 << target)
    while escapes:
        low = escapes & -escapes
        escapes ^= low
        if not is_attacked(low.bit_length() - 1, seat, without, mine):
            return False
    theirs = attack_sets(bb, them)
    defenders = attackers(target, them, every, theirs) & ~king_bit
    if defenders:
        _, pinned = checks_and_pins(king, occupied[them], every, mine, seat)
        line = LINE[king]
        while defenders:
            low = defenders & -defenders
            defenders ^= low
            if not low & pinned or line[low.bit_length() - 1] >> target & 1:
                return False
    return True


def in_check(seat: int, bb: Sequence[int], occupied: Sequence[int], kings: Sequence[int]) -> bool:
    king = kings[seat]
    if king < 0:
        return False
    return is_attacked(king, seat ^ 1, occupied[0] | occupied[1], attack_sets(bb, seat ^ 1))
