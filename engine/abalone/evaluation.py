"""How good an Abalone position looks, without searching: marbles pushed off, how
near the centre each side stands, and how closely its marbles hold together.

A marble at the centre cannot be pushed off soon and pushes the ones beside it;
marbles in touching groups resist pushes and push others. Points are for black;
the sum is squeezed into (-1, 1) with tanh.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.abalone.board import AXES, BLACK, CELLS, COORDINATES, NEIGHBOURS, SIDE, SPAN, WHITE

MARBLE_POINTS = 1000
"""For each opposing marble pushed off (six win)."""

CENTRE_POINTS = 30
"""For each step a marble stands nearer the centre than the rim."""

TOUCH_POINTS = 12
"""For each pair of one's marbles side by side."""

SCALE = 3000.0
"""Points at which tanh reaches about 0.76: three marbles up."""


def _from_rim(hole: int) -> int:
    """Steps from the rim: 0 on the edge, 4 at the centre."""
    row, diagonal = COORDINATES[hole]
    centre = SIDE - 1
    dr, dd = row - centre, diagonal - centre
    return SIDE - 1 - max(abs(dr), abs(dd), abs(dr - dd))


CENTRE = tuple(_from_rim(hole) * CENTRE_POINTS for hole in range(CELLS))
"""CENTRE[hole]: what a marble there earns for standing off the rim."""


def points(board: Sequence[int], lost: Sequence[int]) -> int:
    """Black's advantage in points (negative: white's)."""
    return points_of(marble_bits(board), lost)


WIDTH = SPAN + 1
"""The row length of the bit layout: each row's diagonals and one empty place after them,
so that no step along an axis runs from the end of a row into the next."""

BIT: tuple[int, ...] = tuple(1 << (row * WIDTH + diagonal) for row, diagonal in COORDINATES)
"""BIT[hole]: the hole's bit in the layout of the marbles' bits (row by row, ``WIDTH``
places a row), where a step along the board's three axes is a shift by 1 (east),
``WIDTH`` (north-west) or ``WIDTH + 1`` (north-east)."""

ALONG_AXES = tuple(BIT[NEIGHBOURS[0][axis]].bit_length() - 1 for axis in AXES)
"""The shift of one step along each axis (east, north-east, north-west)."""

RINGS = tuple(
    sum(BIT[hole] for hole in range(CELLS) if CENTRE[hole] >= ring * CENTRE_POINTS)
    for ring in range(1, SIDE)
)
"""The holes at least 1, 2, 3 and 4 steps from the rim: a marble earns ``CENTRE_POINTS``
for each ring it stands in."""


def marble_bits(board: Sequence[int]) -> list[int]:
    """By colour (0: the empty holes), the holes it fills as bits (``BIT``)."""
    bits = [0, 0, 0]
    for hole, marble in enumerate(board):
        bits[marble] |= BIT[hole]
    return bits


def points_of(bits: Sequence[int], lost: Sequence[int]) -> int:
    """Black's advantage in points from the marbles' bits (``marble_bits``): each
    touching pair and each ring a marble stands in counted by whole rows of bits at
    once, where a loop over the holes cost a position look-up per neighbour."""
    black, white = bits[BLACK], bits[WHITE]
    east, north_east, north_west = ALONG_AXES
    one, two, three, four = RINGS
    pairs = (
        (black & black >> east).bit_count()
        + (black & black >> north_east).bit_count()
        + (black & black >> north_west).bit_count()
        - (white & white >> east).bit_count()
        - (white & white >> north_east).bit_count()
        - (white & white >> north_west).bit_count()
    )
    centre = (
        (black & one).bit_count()
        + (black & two).bit_count()
        + (black & three).bit_count()
        + (black & four).bit_count()
        - (white & one).bit_count()
        - (white & two).bit_count()
        - (white & three).bit_count()
        - (white & four).bit_count()
    )
    marbles = (lost[WHITE - 1] - lost[BLACK - 1]) * MARBLE_POINTS
    return marbles + pairs * TOUCH_POINTS + centre * CENTRE_POINTS


def evaluate(board: Sequence[int], lost: Sequence[int]) -> tuple[float, float]:
    """Each seat's value in (-1, 1): zero-sum, black's first."""
    return evaluate_bits(marble_bits(board), lost)


def evaluate_bits(bits: Sequence[int], lost: Sequence[int]) -> tuple[float, float]:
    """``evaluate`` from the marbles' bits (``marble_bits``), which a position keeps."""
    value = math.tanh(points_of(bits, lost) / SCALE)
    return value, -value
