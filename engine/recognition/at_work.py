"""Lines of moves that a hand still at work makes too. The board reads moves one after
another from what it showed step by step (``engine.recognition.overlap``), but two
things a hand does mid-move show the same steps: a piece carried low over an empty cell
reads there for a moment, as a piece put there and taken off again by the next move
does; and a piece lifted and held (a line's marble taken up while the next player's hand
already moves) leaves the board as a move that only takes pieces off leaves it. Such a
line is asked, the piece perhaps still in the hand, and never committed: the hand going
on changes the board and closes the question."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.physical import EMPTY, Footprint, Spot, spots_of


def at_work(
    lines: Sequence[Sequence[Footprint]],
    carried: frozenset[Spot],
    looks_lifted: Callable[[Footprint], bool],
    reaches: Callable[[Spot, frozenset[Spot]], bool],
    order: Mapping[Spot, int],
) -> Spot | None:
    """The cell to light when every line (each as its moves' footprints) may be a hand
    at work: a line that puts a piece on a cell only ``carried`` over (read for less than
    a piece set down), or whose first move ``looks_lifted`` while the piece lifted
    ``reaches`` (by a move of its own) cells the later moves changed: those may be its
    move's too (a push's opponent marble moved first). Else None: a move far away is the
    next player's, and ends the wait."""
    spots: list[Spot] = []
    for footprints in lines:
        spot = _placed_on(footprints, carried)
        if spot is None and footprints and looks_lifted(footprints[0]):
            start = min(footprints[0].starts(), key=order.__getitem__, default=None)
            later = spots_of(footprints[1:])
            spot = start if start is not None and reaches(start, later - {start}) else None
        if spot is None:
            return None
        spots.append(spot)
    return min(spots, key=order.__getitem__, default=None)


def _placed_on(footprints: Sequence[Footprint], spots: frozenset[Spot]) -> Spot | None:
    """The first of ``spots`` a move puts a piece on."""
    for footprint in footprints:
        for spot, reading in footprint.changes:
            if reading != EMPTY and spot in spots:
                return spot
    return None
