"""Where a board's corner LEDs sit in the terminal's grid of square cells.

A board that lights a cell through its four corners (shogi's reference board) shares
each LED with up to four cells; painting a cell in the colour of one of its LEDs
lights a neighbour too. The terminal draws such LEDs between the cells, at the corner
the cells around them have in common: the corner a cell shares with three others is
theirs at once, an edge's and the board's own corners follow by elimination (the web
page places them the same way, ``web/drawing/spots.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import reduce

from engine.physical import Spot

Corner = tuple[int, int]
"""A corner of the grid: (column, row) of the cell whose top left corner it is."""

SQUARE_CORNERS = 4


def _corners_of(column: int, row: int) -> frozenset[Corner]:
    return frozenset({(column, row), (column + 1, row), (column, row + 1), (column + 1, row + 1)})


def corner_places(
    cells: Mapping[Spot, Corner], leds_of: Callable[[Spot], tuple[int, ...]]
) -> dict[int, Corner] | None:
    """The corner each LED sits on, for cells at (column, row) whose LEDs ``leds_of``
    gives; None when the cells are not lit through shared corners (one LED each, or
    LEDs no neighbour shares) or the corners cannot be told apart (a single row)."""
    users: dict[int, list[Spot]] = {}
    for spot in cells:
        leds = leds_of(spot)
        if leds and len(leds) != SQUARE_CORNERS:
            return None
        for index in leds:
            users.setdefault(index, []).append(spot)
    if not users or all(len(spots) == 1 for spots in users.values()):
        return None
    candidates = {
        index: reduce(frozenset.intersection, (_corners_of(*cells[s]) for s in spots))
        for index, spots in users.items()
    }
    placed: dict[int, Corner] = {}
    progress = True
    while progress and len(placed) < len(users):
        progress = False
        for index in sorted(set(users) - set(placed)):
            taken = {
                placed[other]
                for spot in users[index]
                for other in leds_of(spot)
                if other in placed and other != index
            }
            free = candidates[index] - taken
            if len(free) == 1:
                placed[index] = next(iter(free))
                progress = True
    return placed if len(placed) == len(users) else None
