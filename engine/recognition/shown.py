"""What the board showed whole since a position began (``Overlap.seen``), read for what
the hands may still be doing: a move the board showed alone whose changes it still
shows, and a piece a shown line set down on an empty cell that is gone again."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

from engine.physical import EMPTY, Reading, Spot
from engine.recognition.overlap import Overlap

M = TypeVar("M", bound=Hashable)


def shown_within(
    overlap: Overlap[M], moves: tuple[M, ...], diff: Iterable[tuple[Spot, Reading]]
) -> tuple[M, ...]:
    """``moves`` and the single moves the board showed whole since the position began
    whose changes it still shows (``diff``: a drop on a cell, with a neighbour since
    gone)."""
    shown = set(diff)
    whole = [
        line[0]
        for line in overlap.seen
        if len(line) == 1 and set(overlap.index.footprint(line[0]).changes) < shown
    ]
    return tuple(dict.fromkeys((*whole, *moves)))


def set_down_and_gone(
    overlap: Overlap[M],
    frame: Mapping[Spot, Reading],
    spots: frozenset[Spot],
    held: Callable[[Spot], float],
    settle: float,
) -> bool:
    """Whether a line the board showed whole set a piece down on an empty cell apart from
    ``spots`` that ``frame`` reads empty again, after it stood there the settle time
    (``held``: how long the cell read a piece, from its first change to its last): no
    knock empties a cell that held nothing, so the hand that set it there may be going
    on with it (a drop moved on), and what stands without it must wait for the board to
    rest. A piece that only slid over the cell rested there less."""
    for line in overlap.seen:
        for footprint in overlap.footprints(line):
            for spot, reading in footprint.changes:
                if (
                    reading != EMPTY
                    and spot not in spots
                    and overlap.expected.get(spot, EMPTY) == EMPTY
                    and frame.get(spot, EMPTY) == EMPTY
                    and held(spot) >= settle
                ):
                    return True
    return False
