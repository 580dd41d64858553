"""What the board lights for the players: where a lifted piece may go (hints), and the
one step back to the position when the board is out of step (a correction)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

from engine.assessments import Correction, Hint
from engine.game import Position
from engine.move_index import MoveIndex
from engine.physical import EMPTY, Reading, Spot

M = TypeVar("M", bound=Hashable)


def hints(
    position: Position[M],
    index: MoveIndex[M],
    expected: Mapping[Spot, Reading],
    spots: Iterable[Spot],
) -> tuple[Hint, ...]:
    """Where the piece on each of ``spots`` may go: quiet destinations and captures, from
    the game when it can say without listing the moves (``Position.destinations``)."""
    sensed = index.sensed
    found = []
    for spot in spots:
        ends = position.destinations(spot)  # when the game can say, not list
        if ends is not None:
            found.append(Hint(spot, ends[0] & sensed, ends[1] & sensed))
            continue
        candidates = index.emptying(spot)
        if not candidates:
            continue
        destinations: set[Spot] = set()
        captures: set[Spot] = set()
        for candidate in candidates:
            footprint = candidate.footprint
            captures |= footprint.must_touch
            for other, reading in footprint.changes:
                if reading == EMPTY or other == spot:
                    continue
                if expected.get(other, EMPTY) == EMPTY:
                    destinations.add(other)
                else:  # lands on a piece it changes visibly (a polarity board)
                    captures.add(other)
        found.append(Hint(spot, frozenset(destinations), frozenset(captures)))
    return tuple(found)


def correction(
    expected: Mapping[Spot, Reading],
    frame: Mapping[Spot, Reading],
    sensed: Iterable[Spot],
    order: Mapping[Spot, int],
) -> Correction:
    """One step back to ``expected``: a face to turn first, else the first extra piece to
    take away and the first missing one to put back, in the game's spot order."""
    key = order.__getitem__
    spots = list(sensed)
    extra = sorted((s for s in spots if frame.get(s, EMPTY) and not expected.get(s)), key=key)
    missing = sorted((s for s in spots if expected.get(s) and not frame.get(s, EMPTY)), key=key)
    wrong_face = sorted(
        (
            s
            for s in spots
            if expected.get(s) and frame.get(s, EMPTY) and frame.get(s) != expected.get(s)
        ),
        key=key,
    )
    remaining = len(extra) + len(missing) + len(wrong_face)
    if wrong_face:
        spot = wrong_face[0]
        return Correction(spot, spot, expected[spot], remaining)
    take = extra[0] if extra else None
    put = missing[0] if missing else None
    reading = expected.get(put, EMPTY) if put is not None else EMPTY
    return Correction(take, put, reading, remaining)
