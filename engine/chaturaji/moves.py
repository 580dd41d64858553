"""The moves of Chaturaji: board moves, and the events of a turn that are not on the board.

A turn is a sequence of moves: a ``Roll`` (a chance move the session draws), then
one ``Step`` (or ``Exchange``) per die, or a ``LostTurn`` when the rolled kind
cannot move. The team game adds decisions about a king exchange and the
returning kings. Every one is pushed and popped like any move, so a game's
record replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.chaturaji.board import CELL_NAMES, DIE_FACES, LETTERS, SQUARES, VALUES


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice as they fell: one face of 2..5, or two in the order they were drawn."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.dice) <= 2 or any(face not in DIE_FACES for face in self.dice):
            raise ValueError(f"a roll is one or two faces of 2, 3, 4, 5, not {self.dice}")


@dataclass(frozen=True, slots=True)
class Step:
    """A piece moves from ``origin`` to ``target`` (capturing whatever stands there);
    ``promote`` is the kind a pawn arriving on its last line is exchanged for (0: none)."""

    origin: int
    target: int
    promote: int = 0

    def __post_init__(self) -> None:
        if not (0 <= self.origin < SQUARES and 0 <= self.target < SQUARES):
            raise ValueError(f"squares are 0..63, not {self.origin} and {self.target}")
        if self.origin == self.target:
            raise ValueError(f"a move from {CELL_NAMES[self.origin]} must leave it")
        if self.promote and self.promote not in LETTERS:
            raise ValueError(f"{self.promote} is not a kind of piece")

    @classmethod
    def of(cls, origin: str, target: str, promote: int = 0) -> Step:
        return cls(CELL_NAMES.index(origin), CELL_NAMES.index(target), promote)

    @property
    def origin_name(self) -> str:
        return CELL_NAMES[self.origin]

    @property
    def target_name(self) -> str:
        return CELL_NAMES[self.target]


@dataclass(frozen=True, slots=True)
class Exchange:
    """A pawn already on its last line is exchanged in place, as the move of a 5."""

    cell: int
    kind: int

    def __post_init__(self) -> None:
        if not 0 <= self.cell < SQUARES or self.kind not in VALUES:
            raise ValueError(f"no exchange of square {self.cell} for kind {self.kind}")


@dataclass(frozen=True, slots=True)
class LostTurn:
    """The rolled kind cannot move (or is not on the board): the turn, or the die, is lost."""


class Decision(Enum):
    """The king exchange of the team game, a question and its answer."""

    OFFER = "offer exchange"
    NO_OFFER = "no exchange"
    ACCEPT = "accept exchange"
    DECLINE = "decline exchange"


@dataclass(frozen=True, slots=True)
class ReturnKing:
    """A king coming back in an exchange whose throne is occupied: its owner chooses
    the empty square."""

    seat: int
    cell: int


@dataclass(frozen=True, slots=True)
class RemoveKing:
    """A team player left with only a king takes it off the board, ending the game."""

    cell: int


ChaturajiMove = Roll | Step | Exchange | LostTurn | Decision | ReturnKing | RemoveKing
