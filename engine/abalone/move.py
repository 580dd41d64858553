"""An Abalone move: the marbles the hand moves and the direction, nothing more.

As in the Aba-Pro notation, a move records only what the player does, never its
consequences: an in-line move is the marble the hand pushes (the rearmost of its
line) and a direction, and the position decides how many marbles, own and
opposing, go along with it. A broadside move is the two end marbles of its line
and a direction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.abalone.board import (
    CELL_INDEX,
    CELL_NAMES,
    NEIGHBOURS,
    Direction,
    line_between,
)
from engine.physical import Spot

LONGEST_LINE = 4
"""A broadside line may name up to four marbles, so that moving four can be named as a
mistake; the rules allow three."""


@dataclass(frozen=True, slots=True)
class AbaloneMove:
    """``tail``: the hole of the marble pushed (in-line) or of one end of the line
    (broadside); ``end``: the other end of a broadside line, None for an in-line
    move (a single marble moves in-line). Broadside ends are kept in hole order
    (A1 first), so that both ways of naming one move give equal values.

    ``holes`` (derived, not compared) are the hole numbers the hand moves: the tail
    alone for an in-line move, the whole line for a broadside move.
    """

    tail: Spot
    direction: Direction
    end: Spot | None = None
    holes: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.tail not in CELL_INDEX:
            raise ValueError(f"{self.tail!r} is not a hole of the board")
        direction = Direction(self.direction)
        object.__setattr__(self, "direction", direction)
        tail = CELL_INDEX[self.tail]
        if NEIGHBOURS[tail][direction] < 0:
            raise ValueError(f"{self.tail} has no hole to its {direction.name}")
        if self.end is None:
            object.__setattr__(self, "holes", (tail,))
            return
        if self.end not in CELL_INDEX:
            raise ValueError(f"{self.end!r} is not a hole of the board")
        end = CELL_INDEX[self.end]
        if end < tail:
            tail, end = end, tail
            object.__setattr__(self, "tail", CELL_NAMES[tail])
            object.__setattr__(self, "end", CELL_NAMES[end])
        found = line_between(tail, end)
        if found is None:
            raise ValueError(f"{self.tail} and {self.end} are not on one line")
        holes, along = found
        if len(holes) > LONGEST_LINE:
            raise ValueError(f"{self.tail}-{self.end} spans {len(holes)} holes; at most 4")
        if along.axis == direction.axis:
            raise ValueError(
                f"{direction.name} runs along the line {self.tail}-{self.end}: "
                "that is an in-line move"
            )
        for hole in holes:
            if NEIGHBOURS[hole][direction] < 0:
                raise ValueError(f"{CELL_NAMES[hole]} has no hole to its {direction.name}")
        object.__setattr__(self, "holes", holes)

    @classmethod
    def inline(cls, tail: Spot, direction: Direction) -> AbaloneMove:
        return cls(tail, direction)

    @classmethod
    def broadside(cls, first: Spot, last: Spot, direction: Direction) -> AbaloneMove:
        return cls(first, direction, last)

    @property
    def is_broadside(self) -> bool:
        return self.end is not None

    @property
    def destination(self) -> Spot:
        """Where the tail marble (the first-named one) goes."""
        return CELL_NAMES[NEIGHBOURS[CELL_INDEX[self.tail]][self.direction]]

    def aba_pro(self) -> str:
        """Aba-Pro text: ``A1B2`` (in-line), ``C3C5D4`` (broadside)."""
        if self.end is None:
            return f"{self.tail}{self.destination}"
        return f"{self.tail}{self.end}{self.destination}"

    def __str__(self) -> str:
        return self.aba_pro()
