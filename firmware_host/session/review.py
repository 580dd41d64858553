"""Stepping through a finished game's moves: the board's LEDs light each move's from
and to (the last-move meaning) as the steps go.

A review only reads: it is worked out from the game's moves (the game just ended, or
a stored one) and changes neither the position nor the store.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine.errors import KibanError
from engine.game import Position
from engine.physical import Sensing, Spot


class ReviewError(KibanError, ValueError):
    """A review step that cannot be taken (a word not known, a move out of range)."""


class Step(StrEnum):
    """Where a review step goes: to the start, a move back, a move on, the last move;
    a number goes to that move."""

    FIRST = "first"
    BACK = "back"
    NEXT = "next"
    LAST = "last"


@dataclass(frozen=True, slots=True)
class Review:
    """Game ``game_id`` shown after ``ply`` of its ``moves`` (0: the start)."""

    game_id: int
    moves: tuple[str, ...]
    footprints: tuple[frozenset[Spot], ...]
    ply: int

    @property
    def spots(self) -> frozenset[Spot]:
        """The spots of the move shown: where it came from and went to."""
        return self.footprints[self.ply - 1] if self.ply else frozenset()

    @property
    def move(self) -> str | None:
        return self.moves[self.ply - 1] if self.ply else None

    def describe(self) -> str:
        where = "the start" if self.ply == 0 else f"move {self.ply} of {len(self.moves)}"
        shown = "" if self.move is None else f" ({self.move})"
        return f"review of game {self.game_id}: {where}{shown}"

    def step(self, text: str) -> Review:
        """The review after a step (``first``, ``back``, ``next``, ``last`` or a move
        number)."""
        word = text.strip().lower()
        last = len(self.moves)
        if word.isdigit():
            ply = int(word)
            if ply > last:
                raise ReviewError(f"game {self.game_id} has {last} moves, not {ply}")
        else:
            try:
                chosen = Step(word)
            except ValueError:
                known = ", ".join(step.value for step in Step)
                raise ReviewError(
                    f"a review step is {known} or a move number, not {text!r}"
                ) from None
            ply = {
                Step.FIRST: 0,
                Step.BACK: max(self.ply - 1, 0),
                Step.NEXT: min(self.ply + 1, last),
                Step.LAST: last,
            }[chosen]
        return replace(self, ply=ply)


def review_of(game_id: int, position: Position[Any], sensing: Sensing) -> Review:
    """A review of the moves that led to ``position`` (not changed), at its last move."""
    probe = position.copy()
    played = []
    while probe.move_stack:
        played.append(probe.pop())
    moves: list[str] = []
    footprints: list[frozenset[Spot]] = []
    for move in reversed(played):
        moves.append(probe.move_text(move))
        footprints.append(probe.footprint(move, sensing).spots())
        probe.push(move)
    return Review(game_id, tuple(moves), tuple(footprints), len(moves))
