"""The 9x9 board as 81-bit integers, and every step and ray a piece can take, computed once.

Squares are 0..80, rank by rank from rank a (top, gote's camp), each rank from
file 9 (left, seen from sente) to file 1, so square 0 is 9a and square 80 is 1i.
A bitboard is a Python int whose bit ``sq`` stands for that square.

A piece is a small int, its *code*: the kind (1..15) in the low four bits and
the owner's seat in bit 4, so that tables are indexed by the code directly and
"whose piece" is one shift. Kinds 1..8 are the unpromoted pieces and the king;
a promoted kind is its unpromoted kind plus 8 (gold and king never promote).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from types import MappingProxyType
from typing import Any, TypeVar

from engine.physical import Spot
from engine.said import N_

FILES = ("9", "8", "7", "6", "5", "4", "3", "2", "1")
RANKS = ("a", "b", "c", "d", "e", "f", "g", "h", "i")
SIZE = 9
SQUARES = 81
FULL = (1 << SQUARES) - 1

PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK, KING = 1, 2, 3, 4, 5, 6, 7, 8
PROMOTED = 8
TOKIN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER = 9, 10, 11, 12
HORSE, DRAGON = 14, 15

HAND_KINDS = (ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN)
"""The kinds a hand can hold, in the order SFEN writes them."""

PROMOTABLE = frozenset({PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK})

LETTERS = MappingProxyType(
    {
        PAWN: "P",
        LANCE: "L",
        KNIGHT: "N",
        SILVER: "S",
        GOLD: "G",
        BISHOP: "B",
        ROOK: "R",
        KING: "K",
    }
)
KIND_OF_LETTER = MappingProxyType({letter: kind for kind, letter in LETTERS.items()})

NAMES = MappingProxyType(
    {
        PAWN: "pawn",
        LANCE: "lance",
        KNIGHT: "knight",
        SILVER: "silver",
        GOLD: "gold",
        BISHOP: "bishop",
        ROOK: "rook",
        KING: "king",
        TOKIN: "tokin",
        PRO_LANCE: "promoted lance",
        PRO_KNIGHT: "promoted knight",
        PRO_SILVER: "promoted silver",
        HORSE: "horse",
        DRAGON: "dragon",
    }
)

SET_SIZE = MappingProxyType(
    {PAWN: 18, LANCE: 4, KNIGHT: 4, SILVER: 4, GOLD: 4, BISHOP: 2, ROOK: 2, KING: 2}
)
"""How many pieces of each unpromoted kind a set holds, both sides together."""


def base(kind: int) -> int:
    """The unpromoted kind of a kind (a horse is a bishop; gold and king are themselves)."""
    return kind - PROMOTED if kind > KING else kind


CELL_NAMES: tuple[Spot, ...] = tuple(f"{file}{rank}" for rank in RANKS for file in FILES)
CELL_INDEX = MappingProxyType({name: index for index, name in enumerate(CELL_NAMES)})


def rank_of(square: int) -> int:
    return square // SIZE


def column_of(square: int) -> int:
    """0 for file 9 (the left edge seen from sente) to 8 for file 1."""
    return square % SIZE


def _bit_set(squares: list[int]) -> int:
    bits = 0
    for square in squares:
        bits |= 1 << square
    return bits


RANK_BB = tuple(_bit_set([rank * SIZE + c for c in range(SIZE)]) for rank in range(SIZE))
COLUMN_BB = tuple(_bit_set([r * SIZE + column for r in range(SIZE)]) for column in range(SIZE))

ZONE = (RANK_BB[0] | RANK_BB[1] | RANK_BB[2], RANK_BB[6] | RANK_BB[7] | RANK_BB[8])
"""ZONE[seat]: the three far ranks, where that seat's pieces promote."""
LAST_RANK = (RANK_BB[0], RANK_BB[8])
LAST_TWO = (RANK_BB[0] | RANK_BB[1], RANK_BB[7] | RANK_BB[8])
ZONE_NAMES = (N_("ranks a-c"), N_("ranks g-i"))  # words a message says (Term)


T = TypeVar("T")


def by_top(row: Sequence[T], none: T) -> tuple[T, ...]:
    """A table by square made a table by *top*: square + 1, which ``int.bit_length``
    gives for a bitboard whose highest square that is (``none`` stands at 0), so that
    walking a bitboard from its highest square down costs no ``- 1``."""
    return (none, *row)


class Shared:
    """Equal values kept once while tables are built: the same bitboard or tuple of moves
    turns up many times over (every pair of squares on one line has the same line, a
    gold's steps to its sides are the same for both seats), and a table holding one
    object for each is read exactly as before at a fraction of the memory. A pool holds
    values that are equal only when one may stand for the other (bitboards, tuples of
    them or of the shared moves: never a bool beside an int); it is dropped once its
    tables are built."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, Any] = {}

    def __call__(self, value: T) -> T:
        """``value``, or the equal one this pool was given first."""
        kept: T = self._kept.setdefault(value, value)
        return kept


def squares_of(bits: int) -> list[int]:
    """The squares of a bitboard, lowest first."""
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


# --- steps -------------------------------------------------------------------------

# (rank delta, column delta) for sente, whose forward is up (rank delta -1);
# gote's are the same turned half a circle.
_GOLD = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0))
_KING = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
_DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {
    PAWN: ((-1, 0),),
    KNIGHT: ((-2, -1), (-2, 1)),
    SILVER: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)),
    GOLD: _GOLD,
    KING: _KING,
    TOKIN: _GOLD,
    PRO_LANCE: _GOLD,
    PRO_KNIGHT: _GOLD,
    PRO_SILVER: _GOLD,
    HORSE: _ORTHOGONAL,  # the steps it adds to the bishop's lines
    DRAGON: _DIAGONAL,  # the steps it adds to the rook's lines
}
STEPS_OF = MappingProxyType(_STEPS)
"""A kind's single steps as (rank delta, column delta) for sente."""

LINES_OF = MappingProxyType(
    {
        LANCE: ((-1, 0),),
        BISHOP: _DIAGONAL,
        ROOK: _ORTHOGONAL,
        HORSE: _DIAGONAL,
        DRAGON: _ORTHOGONAL,
    }
)
"""A kind's lines (slides over free squares), the same way; the attack tables' rays
(``LANCE_LINE``, ``BISHOP_LINES``, ``ROOK_LINES``) follow them."""


def _on_board(rank: int, column: int) -> bool:
    return 0 <= rank < SIZE and 0 <= column < SIZE


def _step_bits(kind: int, seat: int, square: int) -> int:
    turn = 1 if seat == 0 else -1
    rank, column = rank_of(square), column_of(square)
    bits = 0
    for dr, dc in _STEPS.get(kind, ()):
        r, c = rank + dr * turn, column + dc * turn
        if _on_board(r, c):
            bits |= 1 << (r * SIZE + c)
    return bits


def _ray_bits(square: int, dr: int, dc: int) -> int:
    rank, column = rank_of(square), column_of(square)
    bits = 0
    r, c = rank + dr, column + dc
    while _on_board(r, c):
        bits |= 1 << (r * SIZE + c)
        r, c = r + dr, c + dc
    return bits


_bits = Shared()  # the bitboards below, each kept once
STEP: tuple[tuple[int, ...], ...] = tuple(
    _bits(tuple(_bits(_step_bits(piece & 15, piece >> 4, square)) for square in range(SQUARES)))
    for piece in range(32)
)
"""STEP[code][square]: the squares a piece reaches in one step (not its lines)."""


def _attacked_from(piece: int, shared: Shared) -> tuple[int, ...]:
    found = [0] * SQUARES
    for origin in range(SQUARES):
        for target in squares_of(STEP[piece][origin]):
            found[target] |= 1 << origin
    return shared(tuple(shared(bits) for bits in found))  # a gote piece's steps, turned


ATTACKED_FROM: tuple[tuple[int, ...], ...] = tuple(
    _attacked_from(piece, _bits) for piece in range(32)
)
"""ATTACKED_FROM[code][square]: where that piece stands when one of its steps hits the square."""

KING_STEP = STEP[KING]
TOP_BIT = by_top([1 << square for square in range(SQUARES)], 0)
"""TOP_BIT[top]: the bit of square top - 1."""

# Directions: north (towards rank a), south, west (towards file 9), east, and the diagonals.
NORTH, SOUTH, WEST, EAST, NORTH_WEST, NORTH_EAST, SOUTH_WEST, SOUTH_EAST = range(8)
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
RAY: tuple[tuple[int, ...], ...] = tuple(
    tuple(_ray_bits(square, dr, dc) for square in range(SQUARES)) for dr, dc in DIRECTIONS
)
"""RAY[direction][square]: the squares from ``square`` to the edge, on an empty board."""

ROOK_LINES = tuple(RAY[NORTH][s] | RAY[SOUTH][s] | RAY[WEST][s] | RAY[EAST][s] for s in range(81))
BISHOP_LINES = tuple(
    RAY[NORTH_WEST][s] | RAY[NORTH_EAST][s] | RAY[SOUTH_WEST][s] | RAY[SOUTH_EAST][s]
    for s in range(SQUARES)
)
LANCE_FROM = (RAY[SOUTH], RAY[NORTH])
"""LANCE_FROM[seat][square]: where that seat's lance may stand to attack the square."""
LANCE_LINE = (RAY[NORTH], RAY[SOUTH])
"""LANCE_LINE[seat][square]: a lance's line on an empty board."""


def _between_and_line(a: int, b: int, shared: Shared) -> tuple[int, int]:
    if a == b:
        return 0, 0
    dr = rank_of(b) - rank_of(a)
    dc = column_of(b) - column_of(a)
    if dr and dc and abs(dr) != abs(dc):
        return 0, 0
    step_r = (dr > 0) - (dr < 0)
    step_c = (dc > 0) - (dc < 0)
    between = 0
    r, c = rank_of(a) + step_r, column_of(a) + step_c
    while (r, c) != (rank_of(b), column_of(b)):
        between |= 1 << (r * SIZE + c)
        r, c = r + step_r, c + step_c
    line = (1 << a) | _ray_bits(a, step_r, step_c) | _ray_bits(a, -step_r, -step_c)
    return shared(between), shared(line)


_PAIRS = tuple(
    tuple(_between_and_line(a, b, _bits) for b in range(SQUARES)) for a in range(SQUARES)
)
BETWEEN_TOP: tuple[tuple[int, ...], ...] = by_top(
    [by_top(tuple(p[0] for p in row), 0) for row in _PAIRS], ()
)
"""BETWEEN_TOP[top of a][top of b]: the squares strictly between two squares on one line,
else 0; by top only (tables.by_top), the one table the generator, the attacks and the
explanations share (kept by square as well, it held another 72 KiB at rest)."""
LINE: tuple[tuple[int, ...], ...] = tuple(tuple(p[1] for p in row) for row in _PAIRS)
"""LINE[a][b]: the whole line through two squares (edge to edge), else 0."""
del _PAIRS, _bits


# --- hashing -------------------------------------------------------------------------


_MASK64 = (1 << 64) - 1


def _keys(count: int) -> tuple[int, ...]:
    """``count`` fixed 128-bit keys (splitmix64): the same on every run and machine."""
    keys = []
    state = 0x4B6962616E5F5348  # "Kiban_SH"
    for _ in range(count):
        halves = []
        for _ in range(2):
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            halves.append(z ^ (z >> 31))
        keys.append(halves[0] << 64 | halves[1])
    return tuple(keys)


_STREAM = _keys(32 * SQUARES + 16 * 20 + 1)
PIECE_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_STREAM[piece * SQUARES + square] if piece & 15 else 0 for square in range(SQUARES))
    for piece in range(32)
)
HAND_SLOTS = 16
"""Hands are one flat list: slot ``seat * 8 + kind`` for the kinds 1..7."""
MAX_IN_HAND = 18
HAND_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _STREAM[32 * SQUARES + slot * 20 + count] if count else 0
        for count in range(MAX_IN_HAND + 2)
    )
    for slot in range(HAND_SLOTS)
)
SIDE_KEY = _STREAM[-1]
del _STREAM  # the keys live on in the tables above; those no piece or hand uses go
