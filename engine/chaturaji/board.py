"""The 8x8 board as small integers, the four seats, and every step a piece can take.

Squares are 0..63, rank by rank from rank 1, each rank from file a (a1 = 0,
h1 = 7, a8 = 56). A piece is one int: its kind in the low three bits, the kind
of piece a pawn stood in front of at the start (its *origin*) in the next three,
and its owner's seat above them, so the board is a plain tuple and a pawn carries
its promotion rule with it wherever it goes.
"""

from __future__ import annotations

from types import MappingProxyType

from engine.physical import Spot

FILES = "abcdefgh"
RANKS = "12345678"
SIZE = 8
SQUARES = SIZE * SIZE

EMPTY = 0
PAWN = 1
BOAT = 2
HORSE = 3
ELEPHANT = 4
KING = 5
PIECE_KINDS = (BOAT, HORSE, ELEPHANT, KING)
"""The kinds a pawn can stand in front of, and so become."""

LETTERS = MappingProxyType({PAWN: "P", BOAT: "B", HORSE: "H", ELEPHANT: "E", KING: "K"})
KIND_OF_LETTER = MappingProxyType({letter: kind for kind, letter in LETTERS.items()})
NAMES = MappingProxyType(
    {PAWN: "pawn", BOAT: "boat", HORSE: "horse", ELEPHANT: "elephant", KING: "king"}
)
VALUES = MappingProxyType({PAWN: 1, BOAT: 2, HORSE: 3, ELEPHANT: 4, KING: 5})
"""Points for capturing a piece of each kind."""

DIE_FACES = (2, 3, 4, 5)
DIE_KINDS = MappingProxyType(
    {
        2: frozenset({BOAT}),
        3: frozenset({HORSE}),
        4: frozenset({ELEPHANT}),
        5: frozenset({KING, PAWN}),
    }
)
"""The kinds each face of the long die lets move."""

STRONG = frozenset({HORSE, ELEPHANT, KING})
WEAK = frozenset({PAWN, BOAT})

BLACK = 0
GREEN = 1
RED = 2
YELLOW = 3
SEATS = (BLACK, GREEN, RED, YELLOW)
"""In turn order, clockwise seen from above: south, west, north, east."""

SEAT_NAMES = ("black", "green", "red", "yellow")
SEAT_LETTERS = "kgry"
SEAT_OF_NAME = MappingProxyType({name: seat for seat, name in enumerate(SEAT_NAMES)})
SEAT_OF_LETTER = MappingProxyType({letter: seat for seat, letter in enumerate(SEAT_LETTERS)})

FORWARD = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""Each seat's forward direction as (files, ranks): black up the board, green toward
file h, red down, yellow toward file a."""

CELL_NAMES: tuple[Spot, ...] = tuple(f"{FILES[s % SIZE]}{RANKS[s // SIZE]}" for s in range(SQUARES))
CELL_INDEX = MappingProxyType({name: index for index, name in enumerate(CELL_NAMES)})


def square(file: int, rank: int) -> int:
    return rank * SIZE + file


def file_of(sq: int) -> int:
    return sq % SIZE


def rank_of(sq: int) -> int:
    return sq // SIZE


def make_piece(seat: int, kind: int, origin: int = 0) -> int:
    """A piece of ``seat``; ``origin`` is the kind a pawn stood in front of (0 otherwise)."""
    return kind | origin << 3 | seat << 6


def kind_of(piece: int) -> int:
    return piece & 7


def origin_of(piece: int) -> int:
    return (piece >> 3) & 7


def owner_of(piece: int) -> int:
    return piece >> 6


def partner(seat: int) -> int:
    """The seat opposite: black with red, green with yellow."""
    return seat ^ 2


def team_of_seat(seat: int) -> int:
    """Team 0 is black and red, team 1 green and yellow."""
    return seat & 1


def team_seats(team: int) -> tuple[int, int]:
    return (team, team + 2)


THRONES = (square(3, 0), square(0, 4), square(4, 7), square(7, 3))
"""The square each king starts on: d1, a5, e8, h4."""


def _last_line(seat: int) -> frozenset[int]:
    dx, dy = FORWARD[seat]
    return frozenset(
        s
        for s in range(SQUARES)
        if (dy == 1 and rank_of(s) == SIZE - 1)
        or (dy == -1 and rank_of(s) == 0)
        or (dx == 1 and file_of(s) == SIZE - 1)
        or (dx == -1 and file_of(s) == 0)
    )


LAST_LINE = tuple(_last_line(seat) for seat in SEATS)
"""Where each seat's pawns may be exchanged: rank 8, file h, rank 1, file a."""

FIRST_LINE = tuple(_last_line(seat ^ 2) for seat in SEATS)
"""The line behind each seat's pawns, which no pawn of that seat can ever reach."""

LAST_LINE_NAMES = ("rank 8", "file h", "rank 1", "file a")


def _setup(seat: int) -> tuple[tuple[int, int], ...]:
    """(square, piece) of one seat's army: black's as the rules' table, the others
    the same army turned a quarter, half and three quarters of a circle."""
    black = ((0, BOAT), (1, HORSE), (2, ELEPHANT), (3, KING))
    placed: list[tuple[int, int]] = []
    for file, kind in black:
        back, front = (file, 0), (file, 1)
        for cell, piece in ((back, make_piece(seat, kind)), (front, make_piece(seat, PAWN, kind))):
            x, y = cell
            for _ in range(seat):  # a quarter turn clockwise seen from above
                x, y = y, SIZE - 1 - x
            placed.append((square(x, y), piece))
    return tuple(placed)


SETUP = tuple(_setup(seat) for seat in SEATS)
"""SETUP[seat]: (square, piece) of the seat's eight pieces at the start."""


def _on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def _targets(sq: int, deltas: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    x, y = file_of(sq), rank_of(sq)
    return tuple(square(x + dx, y + dy) for dx, dy in deltas if _on_board(x + dx, y + dy))


_KING_DELTAS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
_HORSE_DELTAS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
_BOAT_DELTAS = ((2, 2), (2, -2), (-2, -2), (-2, 2))
_ROOK_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))

KING_STEPS = tuple(_targets(sq, _KING_DELTAS) for sq in range(SQUARES))
HORSE_JUMPS = tuple(_targets(sq, _HORSE_DELTAS) for sq in range(SQUARES))
BOAT_JUMPS = tuple(_targets(sq, _BOAT_DELTAS) for sq in range(SQUARES))


def _ray(sq: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y = file_of(sq) + dx, rank_of(sq) + dy
    squares = []
    while _on_board(x, y):
        squares.append(square(x, y))
        x, y = x + dx, y + dy
    return tuple(squares)


RAYS = tuple(
    tuple(ray for ray in (_ray(sq, dx, dy) for dx, dy in _ROOK_DIRECTIONS) if ray)
    for sq in range(SQUARES)
)
"""RAYS[sq]: the squares an elephant passes in each direction, nearest first."""


def _pawn_push(seat: int, sq: int) -> int:
    dx, dy = FORWARD[seat]
    x, y = file_of(sq) + dx, rank_of(sq) + dy
    return square(x, y) if _on_board(x, y) else -1


def _pawn_takes(seat: int, sq: int) -> tuple[int, ...]:
    dx, dy = FORWARD[seat]
    # forward (0, 1) gives (1, 1) and (-1, 1); forward (1, 0) gives (1, 1) and (1, -1)
    return _targets(sq, ((dx + dy, dy + dx), (dx - dy, dy - dx)))


PAWN_PUSH = tuple(tuple(_pawn_push(seat, sq) for sq in range(SQUARES)) for seat in SEATS)
"""PAWN_PUSH[seat][sq]: the square straight ahead, or -1 off the board."""

PAWN_TAKES = tuple(tuple(_pawn_takes(seat, sq) for sq in range(SQUARES)) for seat in SEATS)
"""PAWN_TAKES[seat][sq]: the squares diagonally ahead."""


def _blocks(sq: int) -> tuple[tuple[int, int, int, int], ...]:
    x, y = file_of(sq), rank_of(sq)
    blocks = []
    for left in (x - 1, x):
        for bottom in (y - 1, y):
            if 0 <= left < SIZE - 1 and 0 <= bottom < SIZE - 1:
                corner = square(left, bottom)
                blocks.append((corner, corner + 1, corner + SIZE, corner + SIZE + 1))
    return tuple(blocks)


BLOCKS = tuple(_blocks(sq) for sq in range(SQUARES))
"""BLOCKS[sq]: the 2x2 blocks holding the square, where a parade of boats can form."""
