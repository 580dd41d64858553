"""The four kinds of Robotory move: place a token, move a robot, refill, pass.

A robot's whole chain of steps is one move. Two chains of the same robot that
eat the same tokens and end on the same cell have the same effect (only the
order of the tokens in between differs, which nothing on the board records);
they are one move, so ``Chain`` compares by robot, start, eaten cells and end,
and its ``path`` is just one order in which the steps can be made.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.physical import Spot
from engine.robotory.board import CELL_INDEX, ROBOT_LETTERS, TOKEN_LETTERS


@dataclass(frozen=True, slots=True)
class PlaceToken:
    """A token of ``colour`` ("w" or "b") from the mover's stock onto ``cell``."""

    colour: str
    cell: Spot

    def __post_init__(self) -> None:
        if self.colour not in TOKEN_LETTERS:
            raise ValueError(f"a token is white (w) or black (b), not {self.colour!r}")
        if self.cell not in CELL_INDEX:
            raise ValueError(f"{self.cell!r} is not a cell of the board")


@dataclass(frozen=True, slots=True, eq=False)
class Chain:
    """A robot ("W", "B", "R") walks ``path``: its cell, then each cell it steps onto."""

    robot: str
    path: tuple[Spot, ...]

    def __post_init__(self) -> None:
        if self.robot not in ROBOT_LETTERS:
            raise ValueError(f"a robot is W, B or R, not {self.robot!r}")
        if len(self.path) < 2:
            raise ValueError("a robot's move has at least one step")
        for cell in self.path:
            if cell not in CELL_INDEX:
                raise ValueError(f"{cell!r} is not a cell of the board")
        if len(set(self.path)) != len(self.path):
            raise ValueError(
                f"a robot never enters a cell twice in one move: {'-'.join(self.path)}"
            )

    @property
    def origin(self) -> Spot:
        return self.path[0]

    @property
    def target(self) -> Spot:
        return self.path[-1]

    @property
    def eaten(self) -> frozenset[Spot]:
        """The cells whose tokens the chain consumes (every cell it enters)."""
        return frozenset(self.path[1:])

    def key(self) -> tuple[str, Spot, frozenset[Spot], Spot]:
        return (self.robot, self.path[0], frozenset(self.path[1:-1]), self.path[-1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chain) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


@dataclass(frozen=True, slots=True)
class Refill:
    """Take ``white`` and ``black`` tokens from the lid into the mover's stock."""

    white: int
    black: int

    def __post_init__(self) -> None:
        if self.white < 0 or self.black < 0 or self.white + self.black == 0:
            raise ValueError(f"a refill takes at least one token, not {self.white}w{self.black}b")


@dataclass(frozen=True, slots=True)
class Pass:
    """No action is possible at all: the turn passes."""


RobotoryMove = PlaceToken | Chain | Refill | Pass
