"""Where each spot of a game lies, so that boards are drawn from data, not by hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from engine.physical import Spot


class CellShape(Enum):
    SQUARE = "square"
    HEX_POINTY = "hex-pointy"  # rows of hexagons, a corner up (Abalone)
    HEX_FLAT = "hex-flat"  # columns of hexagons, a side up (Robotory)


@dataclass(frozen=True, slots=True)
class CellCentre:
    """The centre of a spot in cell units, x to the right and y down, seen from seat 0."""

    spot: Spot
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Geometry:
    """The drawing of a game: its cells, its off-board spots and its named regions."""

    shape: CellShape
    cells: tuple[CellCentre, ...]
    off_board: tuple[CellCentre, ...] = ()
    regions: tuple[tuple[str, frozenset[Spot]], ...] = ()
    _by_spot: dict[Spot, CellCentre] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for place in self.cells + self.off_board:
            self._by_spot[place.spot] = place

    def place(self, spot: Spot) -> CellCentre:
        return self._by_spot[spot]

    def region(self, name: str) -> frozenset[Spot]:
        for region_name, spots in self.regions:
            if region_name == name:
                return spots
        raise KeyError(name)

    @property
    def width(self) -> float:
        return max(place.x for place in self.cells) + 0.5

    @property
    def height(self) -> float:
        return max(place.y for place in self.cells) + 0.5


class Side(Enum):
    """An edge of the board as drawn (seen from seat 0, who sits south, at the bottom)."""

    SOUTH = "south"
    WEST = "west"
    NORTH = "north"
    EAST = "east"


CLOCKWISE = (Side.SOUTH, Side.WEST, Side.NORTH, Side.EAST)


@dataclass(frozen=True, slots=True)
class Seat:
    """A player's place at the board: its name, its letter in notation, its colour, and
    the edge it sits at (None: the usual place, see ``seat_side``)."""

    name: str
    letter: str
    colour: str
    side: Side | None = None


def seat_side(seats: Sequence[Seat], index: int) -> Side:
    """The edge seat ``index`` sits at: its own ``side`` when it names one; otherwise
    seat 0 south and seat 1 north in a two-player game, and round the board clockwise
    (south, west, north, east) with more seats."""
    side = seats[index].side
    if side is not None:
        return side
    if len(seats) == 2:
        return (Side.SOUTH, Side.NORTH)[index]
    return CLOCKWISE[index % len(CLOCKWISE)]


def square_grid(files: tuple[str, ...], ranks: tuple[str, ...]) -> tuple[CellCentre, ...]:
    """Cells of a rectangular board named file+rank, files left to right, ranks top down."""
    return tuple(
        CellCentre(f"{file}{rank}", x + 0.5, y + 0.5)
        for y, rank in enumerate(ranks)
        for x, file in enumerate(files)
    )


def piece_stands(
    width: int, height: int, slots: Sequence[Sequence[Spot]]
) -> tuple[CellCentre, ...]:
    """Each player's piece stand beside a square board, on their right-hand side.

    ``slots`` holds the two seats' stand slots, each nearest first. Seat 0 sits below the
    board and keeps its stand in the column right of it, from the bottom up; seat
    1's is the same turned half a circle: left of the board, from the top down.
    """
    near, far = slots
    return (
        *(CellCentre(spot, width + 0.5, height - 0.5 - row) for row, spot in enumerate(near)),
        *(CellCentre(spot, -0.5, 0.5 + row) for row, spot in enumerate(far)),
    )
