"""The hexagonal board of 61 holes, in axial coordinates, with every table computed once.

Abalone's own coordinates are axial: a hole is (row, diagonal), rows A (black's
side, at the bottom) to I, diagonals 1 to 9, the two axes 60 degrees apart. A
row holds the diagonals ``max(1, row - 4) .. min(9, row + 4)`` (counting rows
from 1), so row A runs A1-A5, row E E1-E9 and row I I5-I9. The six directions
are steps in (row, diagonal); a neighbour, a line and a ray are table look-ups,
never arithmetic on a 2-D array with holes in it.

Holes are numbered 0..60 row by row from A1; a marble is a small int (0 empty,
1 black, 2 white: the seat plus one), so the board is a plain list.
"""

from __future__ import annotations

import math
from enum import IntEnum
from types import MappingProxyType

from engine.physical import Spot

ROW_LETTERS = "ABCDEFGHI"
SIDE = 5  # holes on each side of the hexagon
SPAN = 2 * SIDE - 1  # rows (and diagonals): 9

EMPTY = 0
BLACK = 1
WHITE = 2
COLOUR_LETTERS = ("", "b", "w")
"""The letter of a colour in position text and spot names ("gutter:b:1")."""

MARBLES = 14
"""Marbles of each colour in the set."""

TO_WIN = 6
"""Opposing marbles a player must push off to win."""

MOST_MOVED = 3
"""The most of one's own marbles a turn may move."""


class Direction(IntEnum):
    """The six directions, counter-clockwise from east as the printed board shows them
    (row I at the top): east runs along a row to the higher diagonal, north-east
    to the next row and the next diagonal, north-west to the next row on the same
    diagonal. ``opposite`` is three steps round."""

    E = 0
    NE = 1
    NW = 2
    W = 3
    SW = 4
    SE = 5

    @property
    def opposite(self) -> Direction:
        return Direction((self + 3) % 6)

    @property
    def axis(self) -> int:
        """0, 1 or 2: the line this direction runs along (a direction and its opposite share it)."""
        return self % 3


STEPS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))
"""(row change, diagonal change) of each Direction, in its order."""

DIRECTIONS = tuple(Direction)
AXES = (Direction.E, Direction.NE, Direction.NW)
"""One direction per axis: a line of marbles is listed once, from its first hole along it."""


def _on_board(row: int, diagonal: int) -> bool:
    return 0 <= row < SPAN and max(0, row - SIDE + 1) <= diagonal <= min(SPAN - 1, row + SIDE - 1)


COORDINATES: tuple[tuple[int, int], ...] = tuple(
    (row, diagonal) for row in range(SPAN) for diagonal in range(SPAN) if _on_board(row, diagonal)
)
"""(row, diagonal) of each hole, 0-based, in hole order."""

CELLS = len(COORDINATES)  # 61
INDEX_OF = MappingProxyType({coordinate: index for index, coordinate in enumerate(COORDINATES)})

CELL_NAMES: tuple[Spot, ...] = tuple(f"{ROW_LETTERS[r]}{d + 1}" for r, d in COORDINATES)
CELL_INDEX = MappingProxyType({name: index for index, name in enumerate(CELL_NAMES)})

ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index, (r, _) in enumerate(COORDINATES) if r == row) for row in range(SPAN)
)
"""The holes of each row, A first, each from its lowest diagonal."""


def _neighbour(index: int, direction: int) -> int:
    row, diagonal = COORDINATES[index]
    dr, dd = STEPS[direction]
    return INDEX_OF.get((row + dr, diagonal + dd), -1)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(index, direction) for direction in DIRECTIONS) for index in range(CELLS)
)
"""NEIGHBOURS[hole][direction]: the next hole that way, or -1 past the edge."""


def _ray(index: int, direction: int) -> tuple[int, ...]:
    holes = []
    current = NEIGHBOURS[index][direction]
    while current >= 0:
        holes.append(current)
        current = NEIGHBOURS[current][direction]
    return tuple(holes)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(index, direction) for direction in DIRECTIONS) for index in range(CELLS)
)
"""RAYS[hole][direction]: the holes from the next one that way to the edge, nearest first."""


def line_between(first: int, last: int) -> tuple[tuple[int, ...], Direction] | None:
    """The holes from ``first`` to ``last`` on one straight line, both included, and the
    direction from first to last; None when they are not on one line (or equal)."""
    for direction in DIRECTIONS:
        ray = RAYS[first][direction]
        if last in ray:
            return (first, *ray[: ray.index(last) + 1]), direction
    return None


def gutter_spot(colour: int, slot: int) -> Spot:
    """The off-board slot of the ``slot``-th (1..6) marble of ``colour`` pushed off."""
    return f"gutter:{COLOUR_LETTERS[colour]}:{slot}"


GUTTER_SPOTS: tuple[tuple[Spot, ...], ...] = (
    (),
    tuple(gutter_spot(BLACK, slot) for slot in range(1, TO_WIN + 1)),
    tuple(gutter_spot(WHITE, slot) for slot in range(1, TO_WIN + 1)),
)
"""GUTTER_SPOTS[colour]: that colour's six gutter slots, first pushed off first."""

ROW_HEIGHT = math.sqrt(3) / 2
"""Distance between two rows of touching holes, in hole widths."""


def drawing_position(index: int) -> tuple[float, float]:
    """(x, y) of a hole's centre in hole widths, x to the right and y down, row I at
    the top: rows are horizontal and each row is offset half a hole from the next,
    as on the printed board."""
    row, diagonal = COORDINATES[index]
    x = diagonal - row / 2 + (SIDE - 1) / 2 + 0.5
    y = (SPAN - 1 - row) * ROW_HEIGHT + 0.5
    return x, y


# --- the starting layouts (rules/abalone.md, "Starting layouts") ---------------------


def _holes(names: str) -> frozenset[int]:
    """Holes from "A1-A5 B1-B6 C3" (a range stays within one row)."""
    holes: set[int] = set()
    for part in names.split():
        first, _, last = part.partition("-")
        if not last:
            holes.add(CELL_INDEX[first])
            continue
        start, stop = CELL_INDEX[first], CELL_INDEX[last]
        holes.update(range(start, stop + 1))
    return frozenset(holes)


LAYOUTS = MappingProxyType(
    {
        "standard": (_holes("A1-A5 B1-B6 C3-C5"), _holes("I5-I9 H4-H9 G5-G7")),
        "belgian": (
            _holes("A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9"),
            _holes("A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6"),
        ),
        "german": (
            _holes("B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9"),
            _holes("B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5"),
        ),
    }
)
"""Black's and white's holes at the start of each layout option."""


def start_board(layout: str) -> list[int]:
    black, white = LAYOUTS[layout]
    return [BLACK if i in black else WHITE if i in white else EMPTY for i in range(CELLS)]
