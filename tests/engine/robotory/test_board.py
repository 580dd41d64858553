"""The arena: 24 cells, their neighbours (a table written out by hand), the two camps."""

from __future__ import annotations

import math

from engine.geometry import CellShape
from engine.robotory import ROBOTORY
from engine.robotory.board import (
    CAMP_MASKS,
    CELL_INDEX,
    CELL_NAMES,
    NEIGHBOUR_MASKS,
    NEIGHBOURS,
    SECOND_RING,
    bits,
)
from tests.engine.robotory.helpers import DARK_CAMP, LIGHT_CAMP

# Every cell's neighbours, worked out by hand from the doubled coordinates of the
# rules (A: y 2..8, B: 1..9, C: 0..10, D: 1..9, E: 2..8; neighbours (x, y±2), (x±1, y±1)).
ADJACENT = {
    "A1": "A2 B1 B2",
    "A2": "A1 A3 B2 B3",
    "A3": "A2 A4 B3 B4",
    "A4": "A3 B4 B5",
    "B1": "A1 B2 C1 C2",
    "B2": "A1 A2 B1 B3 C2 C3",
    "B3": "A2 A3 B2 B4 C3 C4",
    "B4": "A3 A4 B3 B5 C4 C5",
    "B5": "A4 B4 C5 C6",
    "C1": "B1 C2 D1",
    "C2": "B1 B2 C1 C3 D1 D2",
    "C3": "B2 B3 C2 C4 D2 D3",
    "C4": "B3 B4 C3 C5 D3 D4",
    "C5": "B4 B5 C4 C6 D4 D5",
    "C6": "B5 C5 D5",
    "D1": "C1 C2 D2 E1",
    "D2": "C2 C3 D1 D3 E1 E2",
    "D3": "C3 C4 D2 D4 E2 E3",
    "D4": "C4 C5 D3 D5 E3 E4",
    "D5": "C5 C6 D4 E4",
    "E1": "D1 D2 E2",
    "E2": "D2 D3 E1 E3",
    "E3": "D3 D4 E2 E4",
    "E4": "D4 D5 E3",
}


def names(cells: tuple[int, ...] | list[int]) -> set[str]:
    return {CELL_NAMES[cell] for cell in cells}


def test_twenty_four_cells_in_columns_of_four_to_six() -> None:
    assert (
        tuple(
            f"{column}{row}"
            for column, height in zip("ABCDE", (4, 5, 6, 5, 4), strict=True)
            for row in range(1, height + 1)
        )
        == CELL_NAMES
    )
    assert ROBOTORY.cells == CELL_NAMES
    assert len(CELL_NAMES) == 24


def test_every_cell_has_the_neighbours_of_the_hand_table() -> None:
    assert set(ADJACENT) == set(CELL_NAMES)
    for cell, expected in ADJACENT.items():
        index = CELL_INDEX[cell]
        assert names(NEIGHBOURS[index]) == set(expected.split()), cell
        assert names(bits(NEIGHBOUR_MASKS[index])) == set(expected.split()), cell


def test_adjacency_is_symmetric_with_55_sides() -> None:
    pairs = {frozenset((a, b)) for a, near in ADJACENT.items() for b in near.split()}
    assert all(a in ADJACENT[b].split() for a, b in (tuple(pair) for pair in pairs))
    assert len(pairs) == 55


def test_the_second_ring_is_two_steps_away() -> None:
    # C3 is next to B2 B3 C2 C4 D2 D3; two steps away are the cells next to those.
    assert names(SECOND_RING[CELL_INDEX["C3"]]) == {
        "A1", "A2", "A3", "B1", "B4", "C1", "C5", "D1", "D4", "E1", "E2", "E3"
    }  # fmt: skip
    assert names(SECOND_RING[CELL_INDEX["A1"]]) == {"A3", "B3", "C1", "C2", "C3"}


def test_two_camps_of_twelve() -> None:
    assert names(bits(CAMP_MASKS[0])) == LIGHT_CAMP
    assert names(bits(CAMP_MASKS[1])) == DARK_CAMP
    assert len(LIGHT_CAMP) == len(DARK_CAMP) == 12
    assert CAMP_MASKS[0] & CAMP_MASKS[1] == 0
    assert CAMP_MASKS[0] | CAMP_MASKS[1] == (1 << 24) - 1
    regions = dict(ROBOTORY.geometry.regions)
    assert regions["camp:0"] == LIGHT_CAMP
    assert regions["camp:1"] == DARK_CAMP


def test_the_drawing_tiles_flat_hexagons() -> None:
    geometry = ROBOTORY.geometry
    assert geometry.shape is CellShape.HEX_FLAT
    for cell, near in ADJACENT.items():
        a = geometry.place(cell)
        for other in CELL_NAMES:
            if other == cell:
                continue
            b = geometry.place(other)
            distance = math.dist((a.x, a.y), (b.x, b.y))
            if other in near.split():
                assert math.isclose(distance, 1.0, abs_tol=1e-5), (cell, other)
            else:
                assert distance > 1.7, (cell, other)
    # the first player sits below: C1 at the bottom, C6 at the top, A on the left
    assert geometry.place("C1").y > geometry.place("C6").y
    assert geometry.place("A1").x < geometry.place("E1").x
