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

Ray = tuple[tuple[int, ...], RayMoves, RayMoves, tuple[int, ...], bool]
"""One direction, by square: the ray (a bitboard), the plain and the promoting moves
along it, where promotions begin; and whether the ray runs towards square 0 (so that
its nearest piece is its highest bit)."""

_TOWARDS_ZERO = frozenset({NORTH, WEST, NORTH_WEST, NORTH_EAST})


def _ray(seat: int, direction: int) -> Ray:
    return (
        RAY[direction],
        RAY_PLAIN[direction],
        RAY_PROMOTING[direction],
        tuple(_zone_start(seat, direction, square) for square in range(SQUARES)),
        direction in _TOWARDS_ZERO,
    )


def _next(direction: int, square: int) -> int:
    """The square next to ``square`` along a ray, as a bit (0 at the edge)."""
    return RAY[direction][square] & KING_STEP[square]


LanceWay = tuple[tuple[int, ...], tuple[int, ...], RayMoves, RayMoves, tuple[int, ...], bool]


def _lance(seat: int) -> LanceWay:
    direction = NORTH if seat == 0 else SOUTH
    rays, plain, promoting, starts, towards_zero = _ray(seat, direction)
    return (
        tuple(_next(direction, square) for square in range(SQUARES)),
        rays,
        tuple(moves[:-1] for moves in plain),  # never unpromoted onto the last rank
        promoting,
        starts,
        towards_zero,
    )


LANCE_WAY = (_lance(0), _lance(1))
"""LANCE_WAY[seat]: the lance's one ray, forward: the square in front of each square,
and the ray as above (its plain moves stop short of the last rank)."""

OpenWays = tuple[MappingProxyType[int, tuple[Ray, ...]], ...]


def _open_ways(seat: int, directions: tuple[int, ...]) -> OpenWays:
    """For each square, by which of the squares next along the rays are free: the rays
    worth following (a ray whose next square holds an own piece offers nothing)."""
    rays = [_ray(seat, d) for d in directions]
    tables = []
    for origin in range(SQUARES):
        nexts = [_next(d, origin) for d in directions]
        table: dict[int, tuple[Ray, ...]] = {}
        for subset in range(1 << len(directions)):
            chosen = [i for i in range(len(directions)) if subset >> i & 1]
            if all(nexts[i] for i in chosen):  # a ray off the board has no next square
                table[sum(nexts[i] for i in chosen)] = tuple(rays[i] for i in chosen)
        tables.append(MappingProxyType(table))
    return tuple(tables)


Slider = tuple[int, OpenWays, tuple[int, ...]]
_ORTHOGONALS = (NORTH, SOUTH, WEST, EAST)
_DIAGONALS = (NORTH_WEST, NORTH_EAST, SOUTH_WEST, SOUTH_EAST)

SLIDER_WAYS: tuple[tuple[Slider, ...], ...] = tuple(
    tuple(
        (
            seat << 4 | kind,
            _open_ways(seat, directions),
            tuple(sum(_next(d, square) for d in directions) for square in range(SQUARES)),
        )
        for kind, directions in ((BISHOP, _DIAGONALS), (ROOK, _ORTHOGONALS))
    )
    for seat in (0, 1)
)
"""SLIDER_WAYS[seat]: the bishop and the rook of that seat (by piece code; each stands
for its promoted self too), the rays to follow from each square by which of the next
squares along them are free, and those next squares by square."""
