"""The game object: names, seats, options, the board's holes and gutters, labels, readings."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.abalone import ABALONE, AbaloneGame
from engine.errors import VariantError
from engine.geometry import CellShape
from engine.physical import NORTH, PRESENT, SOUTH, Sensing, Stone
from engine.registry import find_game, games
from tests.engine.abalone.helpers import HOLES, ROW_RANGES


def test_registered_under_its_name() -> None:
    assert find_game("abalone") is ABALONE
    assert find_game(" Abalone ") is ABALONE
    assert ABALONE in games()


def test_identity() -> None:
    assert isinstance(ABALONE, AbaloneGame)
    assert ABALONE.name == "abalone"
    assert ABALONE.title == "Abalone"
    assert [(s.name, s.letter, s.colour) for s in ABALONE.seats] == [
        ("black", "b", "black"),
        ("white", "w", "white"),
    ]
    assert ABALONE.position().turn == 0  # black moves first


def test_layout_option() -> None:
    assert dict(ABALONE.options()) == {"layout": "standard", "touch": "free"}
    for layout in ("standard", "belgian", "german"):
        assert ABALONE.options({"layout": layout})["layout"] == layout
    with pytest.raises(VariantError, match="not one of standard, belgian, german"):
        ABALONE.position(options={"layout": "dutch"})
    with pytest.raises(VariantError, match="no option 'clock'"):
        ABALONE.position(options={"clock": "10"})


def test_the_61_holes_in_row_order() -> None:
    assert ABALONE.cells == tuple(HOLES)
    assert len(ABALONE.cells) == 61
    assert ABALONE.geometry.shape is CellShape.HEX_POINTY


def test_rows_are_horizontal_with_row_i_at_the_top() -> None:
    geometry = ABALONE.geometry
    for row, (low, high) in ROW_RANGES.items():
        places = [geometry.place(f"{row}{d}") for d in range(low, high + 1)]
        assert len({p.y for p in places}) == 1, row
        xs = [p.x for p in places]
        assert xs == sorted(xs) and all(
            b - a == pytest.approx(1) for a, b in itertools.pairwise(xs)
        )
    ys = [geometry.place(f"{row}{ROW_RANGES[row][0]}").y for row in "IHGFEDCBA"]
    assert ys == sorted(ys)  # y grows downwards: I first
    assert geometry.place("E5").x == pytest.approx(geometry.place("A3").x)  # centre column
    assert geometry.place("E5").x == pytest.approx(geometry.place("I7").x)


def test_neighbours_touch_and_others_do_not() -> None:
    """The rules' neighbour rule: (r, d±1), (r+1, d), (r+1, d+1), (r-1, d), (r-1, d-1)."""
    geometry = ABALONE.geometry
    rows = "ABCDEFGHI"

    def neighbours(hole: str) -> set[str]:
        r, d = rows.index(hole[0]), int(hole[1])
        found = set()
        for dr, dd in ((0, 1), (0, -1), (1, 0), (1, 1), (-1, 0), (-1, -1)):
            if 0 <= r + dr < 9:
                name = f"{rows[r + dr]}{d + dd}"
                if name in HOLES:
                    found.add(name)
        return found

    for a in HOLES:
        pa = geometry.place(a)
        near = {b for b in HOLES if b != a and math.dist((pa.x, pa.y), _xy(b)) < 1.01}
        assert near == neighbours(a), a
    assert neighbours("A1") == {"A2", "B1", "B2"}
    assert neighbours("E5") == {"E4", "E6", "F5", "F6", "D5", "D4"}


def _xy(hole: str) -> tuple[float, float]:
    place = ABALONE.geometry.place(hole)
    return place.x, place.y


def test_gutters_are_off_the_board_one_row_per_colour() -> None:
    geometry = ABALONE.geometry
    black = [f"gutter:b:{k}" for k in range(1, 7)]
    white = [f"gutter:w:{k}" for k in range(1, 7)]
    assert ABALONE.off_board_spots == (*black, *white)
    assert ABALONE.spots == (*HOLES, *black, *white)
    bottom = max(p.y for p in geometry.cells)
    assert all(geometry.place(s).y > bottom for s in black)  # black's side, below row A
    assert all(geometry.place(s).y < 0 for s in white)  # white's side, above row I
    assert geometry.region("gutter:0") == set(black)
    assert geometry.region("gutter:1") == set(white)
    everything = geometry.cells + geometry.off_board
    assert len({(p.x, p.y) for p in everything}) == 73


def test_labels_and_readings() -> None:
    black, white = Stone("b", 0), Stone("w", 1)
    assert ABALONE.label(black) == "●"
    assert ABALONE.label(white) == "○"
    assert ABALONE.reading(black, Sensing.OCCUPANCY) == PRESENT
    assert ABALONE.reading(white, Sensing.OCCUPANCY) == PRESENT
    assert ABALONE.reading(black, Sensing.POLARITY) == NORTH
    assert ABALONE.reading(white, Sensing.POLARITY) == SOUTH
