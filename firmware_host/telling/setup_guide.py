"""Setting up a position by the LEDs: which pieces the set-up guide lights.

A board a few pieces away from the game (a takeback, a piece knocked over) lights
every spot to fix at once: the players see the whole change. A board far from it (a
record read in, a position to study, a new game on a cleared board) lights one spot
at a time, so that each light says exactly what to do next: first the pieces to take
off (they free the cells the others go to), then the pieces to place, the board's
cells in the game's order before the places beside it (the hands, the stock).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.physical import EMPTY, Reading, Spot

ALL_AT_ONCE = 4
"""The most spots to fix that are lit together; more are lit one at a time."""


@dataclass(frozen=True, slots=True)
class SetupStep:
    """What the guide lights: the spots to fill and to empty, and how many of each
    remain in all (more than are lit, one at a time)."""

    missing: frozenset[Spot]
    extra: frozenset[Spot]
    to_place: int
    to_remove: int

    @property
    def one_at_a_time(self) -> bool:
        return len(self.missing) + len(self.extra) < self.to_place + self.to_remove

    def describe(self) -> str:
        text = f"set up the board: {self.to_place} to place, {self.to_remove} to remove"
        if not self.one_at_a_time:
            return text
        if self.extra:
            return f"{text}; take the piece off {next(iter(self.extra))} first"
        return f"{text}; put a piece on {next(iter(self.missing))} next"


def setup_step(
    expected: Mapping[Spot, Reading], frame: Mapping[Spot, Reading], order: Sequence[Spot]
) -> SetupStep:
    """The spots to light while the board is set up; ``order``: the game's spots, the
    cells first."""
    missing = {s for s, r in expected.items() if r != EMPTY and frame.get(s, EMPTY) != r}
    extra = {s for s, r in frame.items() if r != EMPTY and expected.get(s, EMPTY) == EMPTY}
    if len(missing) + len(extra) <= ALL_AT_ONCE:
        return SetupStep(frozenset(missing), frozenset(extra), len(missing), len(extra))
    rank = {spot: index for index, spot in enumerate(order)}

    def first(spots: set[Spot]) -> Spot:
        return min(spots, key=lambda spot: (rank.get(spot, len(rank)), spot))

    if extra:
        return SetupStep(frozenset(), frozenset({first(extra)}), len(missing), len(extra))
    return SetupStep(frozenset({first(missing)}), frozenset(), len(missing), len(extra))
