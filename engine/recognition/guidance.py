"""What the board lights for the players: where a lifted piece may go (hints), and the
one step back to the position when the board is out of step (a correction)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

from engine.game import Position
from engine.physical import EMPTY, Reading, Spot
from engine.recognition.answers import Correction, Hint
from engine.recognition.move_index import DiffKey, MoveIndex

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


def remaining(
    index: MoveIndex[M],
    expected: Mapping[Spot, Reading],
    touched: frozenset[Spot],
    diff: DiffKey,
) -> tuple[tuple[Spot, Reading], ...]:
    """What is left to do when a move has begun to land (a piece arrived) and every move
    the board could be heading for still needs the same further changes (three boats to
    take off after a parade). A piece merely in the air has its hints."""
    shown_spots = {spot for spot, _ in diff}
    arrived = any(reading > expected.get(spot, EMPTY) for spot, reading in diff)
    # a touched cell that reads as before: something landed on an occupied cell
    landed_unseen = bool(touched - shown_spots)
    if not (arrived or landed_unseen):
        return ()
    shown = set(diff)
    rest: set[tuple[Spot, Reading]] | None = None
    for candidate in index.longer(diff) or ():
        key = candidate.footprint.changes
        if candidate.footprint.must_touch <= touched:
            missing = set(key) - shown
            rest = missing if rest is None else rest & missing
            if not rest:
                return ()
    return tuple(sorted(rest)) if rest else ()


def in_hand(index: MoveIndex[M], frame: Mapping[Spot, Reading], diff: DiffKey) -> bool:
    """Whether the board may be a move still in the hand: pieces lifted only, or every
    spot that differs one legal move involves, each piece that arrived as that move sets
    it down once the pieces it takes away have left (a line of marbles half moved, its
    next marble in the air). The board waits ``Timing.held`` for such a hand, not the
    grace period: a player may hold a piece while thinking."""
    arrived = {spot: reading for spot, reading in diff if reading != EMPTY}
    if not arrived:
        return True
    moves = index.changing(frozenset(arrived))
    if moves is None:
        return True
    differing = frozenset(spot for spot, _ in diff)
    for candidate in moves:
        changes = dict(candidate.footprint.changes)
        if not differing <= candidate.footprint.spots():
            continue
        if any(changes.get(spot) != reading for spot, reading in arrived.items()):
            continue
        # a piece arrives only after the pieces the move takes away have left
        if all(frame.get(s, EMPTY) == EMPTY for s, r in changes.items() if r == EMPTY):
            return True
    return False
