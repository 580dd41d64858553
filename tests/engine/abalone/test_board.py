"""The axial tables: neighbours, rays and lines, against the rules' neighbour rule."""

from __future__ import annotations

from engine.abalone.board import (
    CELL_INDEX,
    CELL_NAMES,
    DIRECTIONS,
    NEIGHBOURS,
    RAYS,
    Direction,
    line_between,
)
from tests.engine.abalone.helpers import HOLES

ROWS = "ABCDEFGHI"
# rules/abalone.md: (r, d+1), (r+1, d+1), (r+1, d), (r, d-1), (r-1, d-1), (r-1, d)
STEP = {
    Direction.E: (0, 1),
    Direction.NE: (1, 1),
    Direction.NW: (1, 0),
    Direction.W: (0, -1),
    Direction.SW: (-1, -1),
    Direction.SE: (-1, 0),
}


def step(hole: str, direction: Direction) -> str | None:
    r, d = ROWS.index(hole[0]) + STEP[direction][0], int(hole[1]) + STEP[direction][1]
    name = f"{ROWS[r]}{d}" if 0 <= r < 9 else ""
    return name if name in HOLES else None


def test_hole_names_and_numbers() -> None:
    assert list(CELL_NAMES) == HOLES
    assert all(CELL_INDEX[name] == index for index, name in enumerate(HOLES))


def test_neighbour_table_follows_the_rule() -> None:
    for hole in HOLES:
        for direction in DIRECTIONS:
            expected = step(hole, direction)
            found = NEIGHBOURS[CELL_INDEX[hole]][direction]
            assert (CELL_NAMES[found] if found >= 0 else None) == expected, (hole, direction)


def test_rays_run_to_the_edge() -> None:
    for hole in HOLES:
        for direction in DIRECTIONS:
            names, current = [], step(hole, direction)
            while current is not None:
                names.append(current)
                current = step(current, direction)
            assert [CELL_NAMES[h] for h in RAYS[CELL_INDEX[hole]][direction]] == names
    assert [CELL_NAMES[h] for h in RAYS[CELL_INDEX["A1"]][Direction.NE]] == [
        "B2", "C3", "D4", "E5", "F6", "G7", "H8", "I9"
    ]  # fmt: skip


def test_directions_and_axes() -> None:
    assert [d.opposite for d in DIRECTIONS] == [
        Direction.W, Direction.SW, Direction.SE, Direction.E, Direction.NE, Direction.NW
    ]  # fmt: skip
    for direction in DIRECTIONS:
        assert direction.axis == direction.opposite.axis
    assert len({d.axis for d in DIRECTIONS}) == 3


def test_lines_between_holes() -> None:
    found = line_between(CELL_INDEX["C3"], CELL_INDEX["C5"])
    assert found is not None
    holes, direction = found
    assert [CELL_NAMES[h] for h in holes] == ["C3", "C4", "C5"]
    assert direction is Direction.E
    found = line_between(CELL_INDEX["E5"], CELL_INDEX["C5"])
    assert found is not None and found[1] is Direction.SE
    assert line_between(CELL_INDEX["A1"], CELL_INDEX["B3"]) is None
    assert line_between(CELL_INDEX["A1"], CELL_INDEX["A1"]) is None
