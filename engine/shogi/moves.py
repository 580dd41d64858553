"""Shogi moves, and every move object the generator can hand out, built once.

Generating moves then only picks ready-made objects from tables, so the
generator allocates nothing per move. Only the moves some piece can make are
built (along a line or a knight's jump: about 2,300 from-to pairs of the 6,561,
each plain and promoting, and the drops), so the garbage collector has a few
thousand long-lived objects to look at instead of tens of thousands; a move no
piece can make (a hand that moved a piece against its pattern) is made when
asked for.

Besides the moves by (from, to), the tables hold the moves a pawn, knight, silver
or gold-mover can make from each square, by the set of squares it may step to, so
that the generator hands out a piece's moves with one look-up (the moves along
the rays of the sliders are in rays.py).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from engine.shogi.tables import (
    BISHOP_LINES,
    CELL_NAMES,
    GOLD,
    KING,
    KNIGHT,
    LAST_RANK,
    LAST_TWO,
    LETTERS,
    ROOK_LINES,
    SILVER,
    SIZE,
    SQUARES,
    STEP,
    ZONE,
    Shared,
    by_top,
    squares_of,
)


class ShogiMove(NamedTuple):
    """One move: a piece from ``from_square`` to ``to_square``, or a drop of ``drop``.

    A named tuple rather than a frozen dataclass: a search hashes and compares moves
    hundreds of thousands of times a move (its history, killers and table), and a
    tuple does both in C; the hash is the same as the dataclass's was (that of the
    four fields), so nothing keyed by moves changes its order.

    Squares are indices 0..80 (see tables); ``from_square`` is -1 for a drop and
    ``drop`` is the dropped kind (PAWN..ROOK), 0 for a board move. ``promote``
    means the piece arrives turned over; it is carried on any move so that the
    recognizer can name a piece turned when it should not be.
    """

    from_square: int
    to_square: int
    promote: bool = False
    drop: int = 0

    @property
    def is_drop(self) -> bool:
        return self.drop != 0

    @property
    def from_cell(self) -> str | None:
        return None if self.from_square < 0 else CELL_NAMES[self.from_square]

    @property
    def to_cell(self) -> str:
        return CELL_NAMES[self.to_square]

    def usi(self) -> str:
        """USI text: ``7g7f``, ``8h2b+``, ``P*5e`` (a turned drop, never legal, ends in +)."""
        suffix = "+" if self.promote else ""
        if self.drop:
            return f"{LETTERS[self.drop]}*{CELL_NAMES[self.to_square]}{suffix}"
        return f"{CELL_NAMES[self.from_square]}{CELL_NAMES[self.to_square]}{suffix}"

    def __str__(self) -> str:
        return self.usi()


Row = tuple[ShogiMove | None, ...]

REACH: tuple[int, ...] = tuple(
    ROOK_LINES[s] | BISHOP_LINES[s] | STEP[KNIGHT][s] | STEP[16 | KNIGHT][s] for s in range(SQUARES)
)
"""REACH[square]: where any piece of either side could go from there on an empty board."""


def _rows(promote: bool) -> tuple[Row, ...]:
    return tuple(
        tuple(
            ShogiMove(origin, target, promote) if REACH[origin] >> target & 1 else None
            for target in range(SQUARES)
        )
        for origin in range(SQUARES)
    )


PLAIN: tuple[Row, ...] = _rows(False)
"""PLAIN[from][to]: the move without promotion (None where no piece could go)."""
PROMOTING: tuple[Row, ...] = _rows(True)
"""PROMOTING[from][to]: the same move ending turned over."""

DROPS: tuple[tuple[ShogiMove, ...], ...] = tuple(
    tuple(ShogiMove(-1, target, False, kind) for target in range(SQUARES))
    if 0 < kind < KING
    else ()
    for kind in range(KING)
)
"""DROPS[kind][to] for the kinds a hand holds."""


def board_move(origin: int, target: int, promote: bool = False) -> ShogiMove:
    """The shared move object for a step from ``origin`` to ``target`` (a new one for a
    step no piece can make)."""
    if origin == target:
        raise ValueError(f"a move from {CELL_NAMES[origin]} must leave it")
    move = (PROMOTING if promote else PLAIN)[origin][target]
    return ShogiMove(origin, target, promote) if move is None else move


def drop_move(kind: int, target: int, promote: bool = False) -> ShogiMove:
    """The shared move object for a drop of ``kind`` (PAWN..ROOK) on ``target``; a drop
    on the promoted face, never legal, is made when asked for."""
    return ShogiMove(-1, target, True, kind) if promote else DROPS[kind][target]


# --- a stepping piece's moves, by the set of squares it may step to --------------------

StepMoves = MappingProxyType[int, tuple[ShogiMove, ...]]


def _subsets(bits: int) -> list[int]:
    found = [0]
    for square in squares_of(bits):
        found += [subset | 1 << square for subset in found]
    return found


def _step_moves(piece: int, promotes: bool, forced: int, shared: Shared) -> tuple[StepMoves, ...]:
    """For each square, the moves of ``piece`` standing there by each set of its steps:
    promoting (from or into its zone) before plain, plain only off ``forced``; the sets
    and groups of moves that other tables hold too are ``shared``."""
    zone = ZONE[piece >> 4]
    tables = []
    for origin in range(SQUARES):
        table: dict[int, tuple[ShogiMove, ...]] = {}
        for targets in _subsets(STEP[piece][origin]):
            found: list[ShogiMove] = []
            for target in squares_of(targets):
                if promotes and (zone >> origin & 1 or zone >> target & 1):
                    found.append(board_move(origin, target, True))
                if not forced >> target & 1:
                    found.append(board_move(origin, target))
            table[shared(targets)] = shared(tuple(found))
        tables.append(MappingProxyType(table))
    return tuple(tables)


def _by_seat(
    kind: int, promotes: bool, forced: tuple[int, int], shared: Shared
) -> tuple[tuple[StepMoves, ...], ...]:
    return tuple(
        by_top(_step_moves(seat << 4 | kind, promotes, forced[seat], shared), MappingProxyType({}))
        for seat in (0, 1)
    )


_shared = Shared()  # a gold's side steps are the same for both seats, and often a silver's
KNIGHT_MOVES = _by_seat(KNIGHT, True, LAST_TWO, _shared)
"""KNIGHT_MOVES[seat][top of from][targets]: a knight's moves to those of its squares."""
SILVER_MOVES = _by_seat(SILVER, True, (0, 0), _shared)
GOLD_MOVES = _by_seat(GOLD, False, (0, 0), _shared)
"""The moves of a gold, or of anything that moves like one (tokin, promoted lance,
knight and silver)."""


PawnChunk = tuple[tuple[tuple[ShogiMove, ...], ...], int, int]
"""The pawn steps arriving on one half rank, by the bits of that half (shifted down to
bit 0); how far to shift them down; and the bits below that half."""

_HALVES = tuple(
    (rank * SIZE + low, width) for rank in range(SIZE) for low, width in ((0, 5), (5, 4))
)
"""Each rank cut in two (files 9-5 and 4-1): a table by a 9-bit mask would hold 512 rows
a rank, and a rank's targets seldom fill both halves."""


WHOLE_RANKS = ((5, 4), (3, 4))
"""WHOLE_RANKS[seat]: the ranks where the pawns of that seat step first and second (from
their starting rank), looked up whole: there most of an opening's pawns step, and a
rank of them in one look-up instead of two costs 512 groups of moves (about 40 kB)."""


def _pawn_chunks(seat: int, shared: Shared) -> tuple[PawnChunk, ...]:
    """By the top of a bitboard of pawn targets (its highest square + 1): the moves onto
    the half rank that square is in (the whole rank on WHOLE_RANKS, in the order its two
    halves give), promoting in the zone, plain off the last rank."""
    zone, last = ZONE[seat], LAST_RANK[seat]
    back = SIZE if seat == 0 else -SIZE

    def half(shift: int, width: int) -> list[tuple[ShogiMove, ...]]:
        rows = []
        for mask in range(1 << width):
            found: list[ShogiMove] = []
            for target in squares_of(mask << shift):
                if not 0 <= target + back < SQUARES:
                    continue  # no pawn steps onto its own first rank
                if zone >> target & 1:
                    found.append(board_move(target + back, target, True))
                if not last >> target & 1:
                    found.append(board_move(target + back, target))
            rows.append(shared(tuple(found)))
        return rows

    chunks: list[PawnChunk] = [((), 0, 0)]
    wholes = [rank * SIZE for rank in WHOLE_RANKS[seat]]
    for shift, width in _HALVES:
        if shift in wholes:  # the files 9-5 first, as two halves would give them
            low, high = half(shift, 5), half(shift + 5, 4)
            rows = [shared(high[mask >> 5] + low[mask & 31]) for mask in range(1 << SIZE)]
            chunks += [(tuple(rows), shift, (1 << shift) - 1)] * SIZE
        elif shift - 5 not in wholes:
            chunks += [(tuple(half(shift, width)), shift, (1 << shift) - 1)] * width
    return tuple(chunks)


PAWN_CHUNKS = (_pawn_chunks(0, _shared), _pawn_chunks(1, _shared))
"""PAWN_CHUNKS[seat][top]: that seat's pawn steps onto the half rank of square top - 1."""
del _shared
