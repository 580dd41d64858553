"""The 3x4 board as small integers, and every step a piece can take, computed once.

Squares are 0..11, row by row from rank a (top), each row from file 3 (left).
A piece is a signed int: its kind (1..5) for seat 0, the negated kind for seat 1,
so that "is this mine" is one multiplication and the board is a plain list.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from engine.physical import Spot

FILES = ("3", "2", "1")
RANKS = ("a", "b", "c", "d")
WIDTH = len(FILES)
HEIGHT = len(RANKS)
SQUARES = WIDTH * HEIGHT

EMPTY = 0
CHICK = 1
ELEPHANT = 2
GIRAFFE = 3
LION = 4
HEN = 5
KINDS = (CHICK, ELEPHANT, GIRAFFE, LION, HEN)

HAND_KINDS = (CHICK, ELEPHANT, GIRAFFE)
"""Kinds a hand can hold: a captured hen is a chick again, a captured lion ends the game."""

LETTERS = MappingProxyType({CHICK: "C", ELEPHANT: "E", GIRAFFE: "G", LION: "L", HEN: "C"})
"""The letter of a kind's unpromoted face (a hen is a chick turned over)."""

NAMES = MappingProxyType(
    {CHICK: "chick", ELEPHANT: "elephant", GIRAFFE: "giraffe", LION: "lion", HEN: "hen"}
)

KIND_OF_LETTER = MappingProxyType({"C": CHICK, "E": ELEPHANT, "G": GIRAFFE, "L": LION})

SET_SIZE = 2
"""How many pieces of each kind the set has (a hen counts as its chick)."""

CELL_NAMES: tuple[Spot, ...] = tuple(f"{file}{rank}" for rank in RANKS for file in FILES)
CELL_INDEX = MappingProxyType({name: index for index, name in enumerate(CELL_NAMES)})

FAR_ROW = (0, HEIGHT - 1)
"""The row each seat promotes and tries on: the rank nearest the opponent."""

HOME_ROW = (HEIGHT - 1, 0)


def hand_spot(seat: int, kind: int) -> Spot:
    """The off-board spot of one kind in one seat's hand ("hand:b:C")."""
    return f"hand:{'bw'[seat]}:{LETTERS[kind]}"


def hand_index(seat: int, kind: int) -> int:
    """Where a seat's count of a hand kind lives in the flat hands list."""
    return seat * len(HAND_KINDS) + kind - 1


def owner(piece: int) -> int:
    return 0 if piece > 0 else 1


def sign(seat: int) -> int:
    return 1 if seat == 0 else -1


def row_of(square: int) -> int:
    return square // WIDTH


# Directions as (dx, dy) on the drawing, for seat 0 whose forward is up (dy -1),
# indexed by kind (index 0, the empty square, has none).
DIRECTIONS: tuple[tuple[tuple[int, int], ...], ...] = (
    (),
    ((0, -1),),
    ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    ((0, -1), (-1, 0), (1, 0), (0, 1)),
    ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)),
)


def _steps(seat: int, kind: int, square: int) -> tuple[int, ...]:
    x, y = square % WIDTH, square // WIDTH
    turn = 1 if seat == 0 else -1  # seat 1 sees the board turned half a circle
    targets = []
    for dx, dy in DIRECTIONS[kind]:
        nx, ny = x + dx * turn, y + dy * turn
        if 0 <= nx < WIDTH and 0 <= ny < HEIGHT:
            targets.append(ny * WIDTH + nx)
    return tuple(sorted(targets))


StepTable = tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]

STEPS: StepTable = tuple(
    tuple(
        tuple(_steps(seat, kind, square) for square in range(SQUARES)) if kind else ()
        for kind in range(HEN + 1)
    )
    for seat in (0, 1)
)
"""STEPS[seat][kind][square]: the squares that piece attacks, sorted."""

ATTACKERS: StepTable = tuple(
    tuple(
        tuple(
            tuple(origin for origin in range(SQUARES) if square in STEPS[seat][kind][origin])
            for square in range(SQUARES)
        )
        if kind
        else ()
        for kind in range(HEN + 1)
    )
    for seat in (0, 1)
)
"""ATTACKERS[seat][kind][square]: where that piece must stand to attack the square."""


@dataclass(frozen=True, slots=True)
class DobutsuMove:
    """One move: a step from ``from_cell``, or a drop of ``drop`` from the hand.

    ``promote`` means the piece arrives turned over (a chick becoming a hen). It
    is carried on any move so that the recognizer can name a wrongly flipped piece.
    """

    from_cell: Spot | None
    to_cell: Spot
    drop: str | None = None
    promote: bool = False

    def __post_init__(self) -> None:
        if self.to_cell not in CELL_INDEX:
            raise ValueError(f"{self.to_cell!r} is not a square of the board")
        if (self.from_cell is None) == (self.drop is None):
            raise ValueError("a move has either a square it leaves or a piece it drops")
        if self.from_cell is not None and self.from_cell not in CELL_INDEX:
            raise ValueError(f"{self.from_cell!r} is not a square of the board")
        if self.from_cell == self.to_cell:
            raise ValueError(f"a move from {self.to_cell} must leave it")
        if self.drop is not None and self.drop not in ("C", "E", "G"):
            raise ValueError(f"{self.drop!r} is not a piece that can be dropped (C, E or G)")

    @classmethod
    def step(cls, from_cell: Spot, to_cell: Spot, promote: bool = False) -> DobutsuMove:
        return cls(from_cell, to_cell, None, promote)

    @classmethod
    def put(cls, kind: str, to_cell: Spot, promote: bool = False) -> DobutsuMove:
        """A drop of ``kind`` ("C", "E" or "G") from the mover's hand."""
        return cls(None, to_cell, kind, promote)

    @property
    def is_drop(self) -> bool:
        return self.drop is not None

    def usi(self) -> str:
        """USI-style text: ``2c2b``, ``2b2a+``, ``C*2b``."""
        suffix = "+" if self.promote else ""
        if self.drop is not None:
            return f"{self.drop}*{self.to_cell}{suffix}"
        return f"{self.from_cell}{self.to_cell}{suffix}"

    def __str__(self) -> str:
        return self.usi()


Step = tuple[int, DobutsuMove, DobutsuMove | None]
"""A target square, the plain move there, and the promoting move when a chick may promote."""


def _generated(seat: int, kind: int, origin: int) -> tuple[Step, ...]:
    steps = []
    for target in STEPS[seat][kind][origin]:
        plain = DobutsuMove.step(CELL_NAMES[origin], CELL_NAMES[target])
        promoting = None
        if kind == CHICK and row_of(target) == FAR_ROW[seat]:
            promoting = DobutsuMove.step(CELL_NAMES[origin], CELL_NAMES[target], promote=True)
        steps.append((target, plain, promoting))
    return tuple(steps)


MOVES: tuple[tuple[tuple[tuple[Step, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(_generated(seat, kind, origin) for origin in range(SQUARES)) if kind else ()
        for kind in range(HEN + 1)
    )
    for seat in (0, 1)
)
"""MOVES[seat][kind][square]: every step with its move objects, built once so that
generating moves allocates nothing."""

DROP_MOVES: tuple[tuple[DobutsuMove, ...], ...] = tuple(
    tuple(DobutsuMove.put(LETTERS[kind], name) for name in CELL_NAMES) if kind else ()
    for kind in range(GIRAFFE + 1)
)
"""DROP_MOVES[kind][to] for the hand kinds."""
