"""The 24 hexagonal cells of the Robotory arena as small integers, computed once.

Cells are 0..23 in the order A1..A4, B1..B5, C1..C6, D1..D5, E1..E4 (column by
column, each from its lowest cell). A set of cells is an int bit mask, so that
"the tokens the red robot may eat next to it" is one ``&``. Coordinates are
the rules file's doubled coordinates: x is the column 0..4, y the height, and
the neighbours of (x, y) are (x, y±2) and (x±1, y±1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import MappingProxyType

from engine.physical import Spot

COLUMNS = "ABCDE"
COLUMN_HEIGHTS = (4, 5, 6, 5, 4)
COLUMN_BOTTOMS = (2, 1, 0, 1, 2)
"""The doubled y of each column's lowest cell."""

CELL_COORDINATES: tuple[tuple[int, int], ...] = tuple(
    (x, COLUMN_BOTTOMS[x] + 2 * k) for x in range(len(COLUMNS)) for k in range(COLUMN_HEIGHTS[x])
)
CELL_NAMES: tuple[Spot, ...] = tuple(
    f"{COLUMNS[x]}{k + 1}" for x in range(len(COLUMNS)) for k in range(COLUMN_HEIGHTS[x])
)
CELLS = len(CELL_NAMES)
CELL_INDEX = MappingProxyType({name: index for index, name in enumerate(CELL_NAMES)})
ALL_CELLS = (1 << CELLS) - 1
TOP_Y = max(y for _, y in CELL_COORDINATES)

_AT = {coordinates: index for index, coordinates in enumerate(CELL_COORDINATES)}


def _neighbours(index: int) -> tuple[int, ...]:
    x, y = CELL_COORDINATES[index]
    around = (
        (x, y - 2),
        (x, y + 2),
        (x - 1, y - 1),
        (x - 1, y + 1),
        (x + 1, y - 1),
        (x + 1, y + 1),
    )
    return tuple(sorted(_AT[c] for c in around if c in _AT))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(cell) for cell in range(CELLS))
"""NEIGHBOURS[cell]: the adjacent cells, in cell order."""

NEIGHBOUR_MASKS: tuple[int, ...] = tuple(
    sum(1 << other for other in NEIGHBOURS[cell]) for cell in range(CELLS)
)


def _second_ring(index: int) -> tuple[int, ...]:
    near = set(NEIGHBOURS[index]) | {index}
    ring = {far for cell in NEIGHBOURS[index] for far in NEIGHBOURS[cell]} - near
    return tuple(sorted(ring))


SECOND_RING: tuple[tuple[int, ...], ...] = tuple(_second_ring(cell) for cell in range(CELLS))
"""SECOND_RING[cell]: the cells two steps away (for naming a robot that jumped)."""

CAMP_MASKS: tuple[int, int] = (
    sum(1 << i for i, (x, y) in enumerate(CELL_COORDINATES) if x + y <= 6),
    sum(1 << i for i, (x, y) in enumerate(CELL_COORDINATES) if x + y > 6),
)
"""Each seat's camp: the first player's light grey cells (x + y <= 6), the second's dark grey."""

# --- material -------------------------------------------------------------------------

WHITE, BLACK = 0, 1
TOKEN_LETTERS = ("w", "b")
TOKEN_NAMES = ("white", "black")
COLOUR_OF_LETTER = MappingProxyType({"w": WHITE, "b": BLACK})

ROBOT_LETTERS = ("W", "B", "R")
"""The three robots, in the order the position keeps them: white, black, red."""
ROBOT_NAMES = ("white robot", "black robot", "red robot")
ROBOT_OF_LETTER = MappingProxyType({letter: robot for robot, letter in enumerate(ROBOT_LETTERS)})
EATS: tuple[tuple[int, ...], ...] = ((WHITE,), (BLACK,), (WHITE, BLACK))
"""EATS[robot]: the token colours it consumes."""

START_ROBOTS = (CELL_INDEX["D3"], CELL_INDEX["C4"], CELL_INDEX["B3"])
TOKENS_PER_COLOUR = 14
STOCK_SIZE = 4
START_STOCK = (2, 2)
START_LID = (10, 10)

SEAT_LETTERS = ("l", "d")
SEAT_NAMES = ("light", "dark")


def bits(mask: int) -> list[int]:
    """The cells of a mask, in cell order."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def robots_in_camp(robots: Sequence[int], seat: int) -> int:
    return sum(1 for cell in robots if CAMP_MASKS[seat] >> cell & 1)


# --- off-board spots --------------------------------------------------------------------


def stock_spot(seat: int, slot: int) -> Spot:
    """One of the four slots of a seat's stock ("stock:l:1" .. "stock:d:4")."""
    return f"stock:{SEAT_LETTERS[seat]}:{slot}"


STOCK_SPOTS: tuple[tuple[Spot, ...], ...] = tuple(
    tuple(stock_spot(seat, slot) for slot in range(1, STOCK_SIZE + 1)) for seat in (0, 1)
)


def stock_slots(white: int, black: int) -> tuple[int | None, ...]:
    """What each of the four slots of a stock holds: whites fill from slot 1 upwards,
    blacks from slot 4 downwards, so the slot a token leaves (or fills) names its
    colour. A token is always taken from (and returned to) the inner end of its run."""
    if white < 0 or black < 0 or white + black > STOCK_SIZE:
        raise ValueError(f"a stock holds 0 to {STOCK_SIZE} tokens, not {white}w{black}b")
    slots: list[int | None] = [None] * STOCK_SIZE
    for k in range(white):
        slots[k] = WHITE
    for k in range(black):
        slots[STOCK_SIZE - 1 - k] = BLACK
    return tuple(slots)


# --- the drawing ------------------------------------------------------------------------

COLUMN_PITCH = math.sqrt(3) / 2
"""Horizontal distance between two columns of touching flat-topped hexagons, in cell widths."""


def drawing_position(index: int) -> tuple[float, float]:
    """(x, y) of a cell's centre in cell widths (across the flats), x to the right and
    y down, the first player (seat 0) below the board: column A on the left, each
    column's lowest cell at the bottom."""
    x, y = CELL_COORDINATES[index]
    return round(0.5 + x * COLUMN_PITCH, 6), (TOP_Y - y) / 2 + 0.5
