"""Stepping through a finished game's moves: the board's LEDs light each move's from
and to (the last-move meaning) as the steps go, and, once the moves are judged,
the engine's better move as the suggested one. ``worst`` and ``next-worst`` step
through the moves from the one that gave away most.

A review only reads: it is worked out from the game's moves (the game just ended, or
a stored one) and changes neither the position nor the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError
from engine.game import Position
from engine.physical import Sensing, Spot
from engine.search.types import Quality
from firmware_host.store.imported import RecordFacts
from firmware_host.store.review_notes import MoveNote


class ReviewError(KibanError, ValueError):
    """A review step that cannot be taken (a word not known, a move out of range)."""


class Step(StrEnum):
    """Where a review step goes: to the start, a move back, a move on, the last move,
    the worst move, the next worse one after the move shown; a number goes to that move."""

    FIRST = "first"
    BACK = "back"
    NEXT = "next"
    LAST = "last"
    WORST = "worst"
    NEXT_WORST = "next-worst"


SEVERITY = MappingProxyType(
    {Quality.LOSING: 3, Quality.DOUBTFUL: 2, Quality.GOOD: 1, Quality.BEST: 0}
)
"""How bad each quality is: the worst-first order goes by it, then by what was given away."""


def worst_first(notes: Mapping[int, MoveNote]) -> tuple[int, ...]:
    """The moves judged worse than the best, the worst first (by quality, then by what
    each gave away, then the earlier first)."""
    below = (note for note in notes.values() if note.quality is not Quality.BEST)
    ordered = sorted(below, key=lambda note: (-SEVERITY[note.quality], -note.loss, note.ply))
    return tuple(note.ply for note in ordered)


@dataclass(frozen=True, slots=True)
class Review:
    """Game ``game_id`` shown after ``ply`` of its ``moves`` (0: the start)."""

    game_id: int
    moves: tuple[str, ...]
    footprints: tuple[frozenset[Spot], ...]
    ply: int
    notes: Mapping[int, MoveNote] = field(default_factory=dict)  # the judged moves, by ply
    better: Mapping[int, frozenset[Spot]] = field(default_factory=dict)  # their better moves' spots
    facts: RecordFacts | None = None  # what the record it was read from said (its variations)

    @property
    def spots(self) -> frozenset[Spot]:
        """The spots of the move shown: where it came from and went to."""
        return self.footprints[self.ply - 1] if self.ply else frozenset()

    @property
    def move(self) -> str | None:
        return self.moves[self.ply - 1] if self.ply else None

    @property
    def note(self) -> MoveNote | None:
        """The engine's judgement of the move shown, once it is judged."""
        return self.notes.get(self.ply)

    @property
    def better_spots(self) -> frozenset[Spot]:
        """The spots of the engine's better move than the one shown (lit as a hint)."""
        return self.better.get(self.ply, frozenset())

    def with_notes(
        self, notes: Mapping[int, MoveNote], sensing: Sensing, start: Position[Any]
    ) -> Review:
        """The review with the moves' judgements, the better moves' spots worked out
        from ``start`` (the game's first position, not changed)."""
        probe = start.copy()
        better: dict[int, frozenset[Spot]] = {}
        for ply, text in enumerate(self.moves, start=1):
            note = notes.get(ply)
            if note is not None and note.better is not None:
                with suppress(KibanError):  # a better move it cannot read: nothing lit
                    better[ply] = probe.footprint(probe.read_move(note.better), sensing).spots()
            probe.push_text(text)
        return replace(self, notes=MappingProxyType(dict(notes)), better=MappingProxyType(better))

    def step(self, text: str) -> Review:
        """The review after a step (``first``, ``back``, ``next``, ``last`` or a move
        number)."""
        word = text.strip().lower().replace("_", "-").replace(" ", "-")
        last = len(self.moves)
        if word in (Step.WORST, Step.NEXT_WORST):
            return replace(self, ply=self._worse(Step(word)))
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

    def _worse(self, step: Step) -> int:
        """The worst move, or the next worse after the one shown."""
        order = worst_first(self.notes)
        if not order:
            if not self.notes:
                raise ReviewError(f"the moves of game {self.game_id} are not judged yet")
            raise ReviewError("every move judged was as good as the engine's best")
        if step is Step.WORST or self.ply not in order:
            return order[0]
        place = order.index(self.ply) + 1
        if place == len(order):
            raise ReviewError("no move judged worse than the best is left")
        return order[place]


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
