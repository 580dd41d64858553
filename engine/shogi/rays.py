"""The moves along each ray from each square, prebuilt, for the sliders (rook, bishop,
lance, and the horse's and dragon's lines).

A slider's moves along a ray go up to the first piece on it, that piece's square
included when it is the enemy's: so they depend only on how far it may go (its
*reach*), and are prebuilt by reach, the promoting moves (from where the ray
enters the promotion zone, or all of them from inside it) before the plain ones.
Handing them out is then one look-up, not one or two slices (each a new tuple,
its moves counted in and out again). Each ray from each square is one record, so
that following it costs one look-up too.
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
    Shared,
    by_top,
    squares_of,
)

_shared = Shared()  # the groups of moves, rays and sets of squares below, each kept once
Moves = tuple[ShogiMove, ...]
RayMoves = tuple[Moves, ...]


def _ray_moves(rows: tuple[Row, ...], shared: Shared) -> tuple[RayMoves, ...]:
    def along(direction: int, origin: int) -> tuple[ShogiMove, ...]:
        squares = squares_of(RAY[direction][origin])
        if squares and squares[0] < origin:
            squares.reverse()  # nearest first
        found = [rows[origin][target] for target in squares]
        return shared(tuple(move for move in found if move is not None))

    return tuple(tuple(along(d, origin) for origin in range(SQUARES)) for d in range(8))


_plain = _ray_moves(PLAIN, _shared)
"""_plain[direction][from]: the plain moves along that ray, nearest square first."""
_promoting = _ray_moves(PROMOTING, _shared)
"""_promoting[direction][from]: the same moves ending turned over."""

NEVER = SQUARES
"""A zone start past every ray: no move along it may promote."""


def _zone_start(seat: int, plain: Moves, origin: int) -> int:
    """How far along a ray (its ``plain`` moves) a move first may promote (0 from inside
    the zone)."""
    zone = ZONE[seat]
    if zone >> origin & 1:
        return 0
    squares = [move.to_square for move in plain]
    for index, target in enumerate(squares):
        if zone >> target & 1:
            return index
    return NEVER


_distance: tuple[tuple[int, ...], ...] = tuple(
    by_top([max(abs(a // 9 - b // 9), abs(a % 9 - b % 9)) for b in range(SQUARES)], 0)
    for a in range(SQUARES)
)
"""_distance[a][top of b]: king steps between two squares (along a ray: how many squares
to b)."""

ByReach = tuple[Moves, ...]
"""A ray's moves by how far a piece may go along it (0 to the ray's length): the
promoting moves up to there, then the plain ones, each group nearest first; built
once, so that a slider's moves along a ray are one look-up, never a slice."""


def _by_reach(plain: Moves, promoting: Moves, start: int, shared: Shared) -> ByReach:
    return shared(
        tuple(
            shared(promoting[start:reach] + plain[:reach] if reach > start else plain[:reach])
            for reach in range(len(promoting) + 1)
        )
    )


RayAt = tuple[int, ByReach, ByReach, bool]
"""One ray from one square: its squares (a bitboard); the moves along it by reach
(see ByReach), for a piece that may promote and for a horse or dragon, which may
not; and whether it runs towards square 0 (so that its nearest piece is its highest
bit)."""

_TOWARDS_ZERO = frozenset({NORTH, WEST, NORTH_WEST, NORTH_EAST})


Source = tuple[tuple[RayMoves, ...], tuple[RayMoves, ...], tuple[tuple[ByReach, ...], ...]]
"""What the tables are built from: the plain moves along each ray (``_plain``), the
promoting ones (``_promoting``) and the plain moves by reach (``_plain_reach``). The
tables keep the groups they use; the tables by square go once they are built (they held
another 0.1 MiB at rest)."""

_plain_reach = tuple(
    tuple(_by_reach(plain, plain, NEVER, _shared) for plain in _plain[direction])
    for direction in range(8)
)
"""_plain_reach[direction][from]: the plain moves along the ray by reach (shared by both
seats and by every piece that does not promote along it)."""
_source: Source = (_plain, _promoting, _plain_reach)


def _ray(seat: int, direction: int, origin: int, source: Source, shared: Shared) -> RayAt:
    plain_moves, promoting_moves, plain_reach = source
    start = _zone_start(seat, plain_moves[direction][origin], origin)
    plain = plain_reach[direction][origin]
    promoting = promoting_moves[direction][origin]
    return shared(
        (
            RAY[direction][origin],
            plain
            if start == NEVER
            else _by_reach(plain_moves[direction][origin], promoting, start, shared),
            plain,
            direction in _TOWARDS_ZERO,
        )
    )


def _next(direction: int, square: int) -> int:
    """The square next to ``square`` along a ray, as a bit (0 at the edge)."""
    return RAY[direction][square] & KING_STEP[square]


LanceAt = tuple[int, ByReach, bool, tuple[int, ...]]
"""A lance on one square: its ray, its moves by reach (its plain moves stop short of
the last rank), whether its ray runs towards square 0, and the distance from its
square to each (the distances' row, read with the rest)."""


def _lance(
    seat: int, source: Source, distance: tuple[tuple[int, ...], ...], shared: Shared
) -> tuple[LanceAt, ...]:
    plain_moves, promoting_moves, _ = source
    direction = NORTH if seat == 0 else SOUTH
    found = []
    for origin in range(SQUARES):
        plain = plain_moves[direction][origin][:-1]
        promoting = promoting_moves[direction][origin]
        start = _zone_start(seat, plain_moves[direction][origin], origin)
        found.append(
            (
                RAY[direction][origin],
                _by_reach(plain, promoting, start, shared),
                direction == NORTH,
                distance[origin],
            )
        )
    return by_top(found, (0, ((),), False, ()))


LANCE_WAY = (_lance(0, _source, _distance, _shared), _lance(1, _source, _distance, _shared))
"""LANCE_WAY[seat][top]: a lance of that seat on square top - 1."""

OpenWays = tuple[MappingProxyType[int, tuple[RayAt, ...]], ...]


def _open_ways(seat: int, directions: tuple[int, ...], source: Source, shared: Shared) -> OpenWays:
    """By top, for a square: the rays worth following by which of the squares next along
    them are free (a ray whose next square holds an own piece offers nothing)."""
    tables = []
    for origin in range(SQUARES):
        rays = [_ray(seat, d, origin, source, shared) for d in directions]
        nexts = [_next(d, origin) for d in directions]
        table: dict[int, tuple[RayAt, ...]] = {}
        for subset in range(1 << len(directions)):
            chosen = [i for i in range(len(directions)) if subset >> i & 1]
            if all(nexts[i] for i in chosen):  # a ray off the board has no next square
                next_squares = shared(sum(nexts[i] for i in chosen))
                table[next_squares] = shared(tuple(rays[i] for i in chosen))
        tables.append(MappingProxyType(table))
    return by_top(tables, MappingProxyType({}))


SliderAt = tuple[MappingProxyType[int, tuple[RayAt, ...]], int, tuple[int, ...]]
"""A bishop or rook on one square: the rays to follow by which of the next squares
along them are free, those next squares, and the distance from its square to each."""
Slider = tuple[int, tuple[SliderAt, ...]]
_ORTHOGONALS = (NORTH, SOUTH, WEST, EAST)
_DIAGONALS = (NORTH_WEST, NORTH_EAST, SOUTH_WEST, SOUTH_EAST)

SLIDER_WAYS: tuple[tuple[Slider, ...], ...] = tuple(
    tuple(
        (
            seat << 4 | kind,
            tuple(
                zip(
                    _open_ways(seat, directions, _source, _shared),
                    by_top(
                        [_shared(sum(_next(d, at) for d in directions)) for at in range(SQUARES)], 0
                    ),
                    by_top(_distance, ()),
                    strict=True,
                )
            ),
        )
        for kind, directions in ((BISHOP, _DIAGONALS), (ROOK, _ORTHOGONALS))
    )
    for seat in (0, 1)
)
"""SLIDER_WAYS[seat]: the bishop and the rook of that seat (by piece code; each stands
for its promoted self too), and by top what it looks up on that square (SliderAt)."""
del _shared, _source, _plain, _promoting, _plain_reach, _distance  # see Source
