"""The moves along each ray from each square, prebuilt, for the sliders (rook, bishop,
lance, and the horse's and dragon's lines).

A ray's moves are a tuple, nearest square first, so a slider's moves along a ray
are one slice: up to the first piece on it, that piece's square included when it
is the enemy's. Promoting moves are a second tuple of the same squares; a slice
of it starts where the ray enters the promotion zone (at 0 from inside it).
"""

from __future__ import annotations

from types import MappingProxyType

from engine.shogi.moves import PLAIN, PROMOTING, Row, ShogiMove
from engine.shogi.tables import (
    BISHOP,
    EAST,
    KING_STEP,
    NORTH,
    NORTH_EAST,
    NORTH_WEST,
    RAY,
    ROOK,
    SOUTH,
    SOUTH_EAST,
    SOUTH_WEST,
    SQUARES,
    WEST,
    ZONE,
    squares_of,
)

RayMoves = tuple[tuple[ShogiMove, ...], ...]


def _ray_moves(rows: tuple[Row, ...]) -> tuple[RayMoves, ...]:
    def along(direction: int, origin: int) -> tuple[ShogiMove, ...]:
        squares = squares_of(RAY[direction][origin])
        if squares and squares[0] < origin:
            squares.reverse()  # nearest first
        found = [rows[origin][target] for target in squares]
        return tuple(move for move in found if move is not None)

    return tuple(tuple(along(d, origin) for origin in range(SQUARES)) for d in range(8))


RAY_PLAIN = _ray_moves(PLAIN)
"""RAY_PLAIN[direction][from]: the plain moves along that ray, nearest square first."""
RAY_PROMOTING = _ray_moves(PROMOTING)
"""RAY_PROMOTING[direction][from]: the same moves ending turned over."""

NEVER = SQUARES
"""A zone start past every ray: no move along it may promote."""


def _zone_start(seat: int, direction: int, origin: int) -> int:
    """How far along the ray a move first may promote (0 from inside the zone)."""
    zone = ZONE[seat]
    if zone >> origin & 1:
        return 0
    squares = [move.to_square for move in RAY_PLAIN[direction][origin]]
    for index, target in enumerate(squares):
        if zone >> target & 1:
            return index
    return NEVER


DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(max(abs(a // 9 - b // 9), abs(a % 9 - b % 9)) for b in range(SQUARES))
    for a in range(SQUARES)
)
"""DISTANCE[a][b]: king steps between two squares (along a ray: how many squares to b)."""

Ray = tuple[tuple[int, ...], tuple[int, ...], RayMoves, RayMoves, tuple[int, ...], bool]
"""One direction, by square: the next square along it and the whole ray (bitboards),
the plain and the promoting moves along it, where promotions begin; and whether the
ray runs towards square 0 (so that its nearest piece is its highest bit)."""

_TOWARDS_ZERO = frozenset({NORTH, WEST, NORTH_WEST, NORTH_EAST})


def _ways(seat: int, directions: tuple[int, ...]) -> tuple[Ray, ...]:
    return tuple(
        (
            tuple(RAY[d][square] & KING_STEP[square] for square in range(SQUARES)),
            RAY[d],
            RAY_PLAIN[d],
            RAY_PROMOTING[d],
            tuple(_zone_start(seat, d, square) for square in range(SQUARES)),
            d in _TOWARDS_ZERO,
        )
        for d in directions
    )


ROOK_WAYS = (_ways(0, (NORTH, SOUTH, WEST, EAST)), _ways(1, (NORTH, SOUTH, WEST, EAST)))
"""ROOK_WAYS[seat]: a rook's (and a dragon's) four rays."""
_DIAGONALS = (NORTH_WEST, NORTH_EAST, SOUTH_WEST, SOUTH_EAST)
BISHOP_WAYS = (_ways(0, _DIAGONALS), _ways(1, _DIAGONALS))
LANCE_WAY = (_ways(0, (NORTH,))[0], _ways(1, (SOUTH,))[0])
"""LANCE_WAY[seat]: the lance's one ray, forward."""

OpenWays = tuple[MappingProxyType[int, tuple[Ray, ...]], ...]


def _open_ways(ways: tuple[Ray, ...]) -> OpenWays:
    """For each square, by which of the squares next along the rays are free: the rays
    worth following (a ray whose next square holds an own piece offers nothing)."""
    tables = []
    for origin in range(SQUARES):
        nexts = [way[0][origin] for way in ways]
        table: dict[int, tuple[Ray, ...]] = {}
        for subset in range(1 << len(ways)):
            free = sum(nexts[i] for i in range(len(ways)) if subset >> i & 1)
            if [i for i in range(len(ways)) if subset >> i & 1 and not nexts[i]]:
                continue  # a ray off the board has no next square to be free
            table[free] = tuple(ways[i] for i in range(len(ways)) if subset >> i & 1)
        tables.append(MappingProxyType(table))
    return tuple(tables)


SLIDER_WAYS: tuple[tuple[tuple[int, OpenWays, tuple[int, ...]], ...], ...] = tuple(
    tuple(
        (
            kind,
            _open_ways(ways[seat]),
            tuple(sum(way[0][s] for way in ways[seat]) for s in range(SQUARES)),
        )
        for kind, ways in ((BISHOP, BISHOP_WAYS), (ROOK, ROOK_WAYS))
    )
    for seat in (0, 1)
)
"""SLIDER_WAYS[seat]: the bishop and the rook (each standing for its promoted self too),
the rays to follow from each square by which next squares are free, and the next
squares of all its rays by square."""
