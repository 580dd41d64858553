"""One player's two moves read as one, the other player's move between them.

A piece moved from a cell, the other player's reply, then the first player's next move
setting a piece back on that cell (a drop, or a piece moved into it) leave the cells
as one move of the first player and the reply do: the cell the first piece came from
reads as before, the cell it went to is filled. On a board that reads only occupancy
the cells alone cannot tell the two, and the line of two moves is the shorter reading.
The hands' times can rule it out, and only they: the cell was empty when the line's
first piece landed, and stayed empty until the reply was done. A touch-move lift put
back, or a knock, fills it again long before a whole reply is made; a cell the
pieces left for that long is asked about (independent hands, Robot Duel reed seed
950077: a piece slid 3a-2a, the reply 1c1b, a chick dropped on 3a, recorded unasked as
a chick dropped on 2a; shogi reed 950123 and 950134, 3i3h, the reply, 4i3i, read as
4i3h)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Reading, Spot, spots_of
from engine.recognition.move_index import MoveIndex
from engine.recognition.touches import Touches

M = TypeVar("M", bound=Hashable)


def first_from_a_refilled_cell(
    index: MoveIndex[M],
    footprints: list[Footprint],
    did: Touches,
    expected: Mapping[Spot, Reading],
    frame: Mapping[Spot, Reading],
) -> tuple[M, ...]:
    """The legal moves (from the line's base, ``index``) that the line's first move may
    have been instead: from a cell the line leaves alone, which reads as the position
    has it and held a piece there, that emptied before the first move's piece landed and
    filled again only after every change of the line's second move, to a cell the first
    move landed on."""
    if len(footprints) < 2:
        return ()
    first, second = footprints[0], footprints[1]
    landed = frozenset(spot for spot, reading in first.changes if reading != EMPTY)
    arrived = [at for spot in landed for at in did.landings.get(spot, ())]
    done = [
        at
        for spot in second.spots()
        for at in (*did.lifts.get(spot, ()), *did.landings.get(spot, ()))
    ]
    if not arrived or not done:
        return ()
    explained = spots_of(footprints)
    found: list[M] = []
    for spot in sorted(did.touched - explained):
        reading = expected.get(spot, EMPTY)
        if reading == EMPTY or frame.get(spot, EMPTY) != reading:
            continue
        left = [at for at in did.lifts.get(spot, ()) if at < min(arrived)]
        if not left:
            continue
        back = [at for at in did.landings.get(spot, ()) if at > left[-1]]
        if not back or back[0] <= max(done):
            continue  # filled again before the reply was done: a lift put back, a knock
        for target in sorted(landed):
            found += [
                candidate.move
                for candidate in index.changing(frozenset((spot, target))) or ()
                if candidate.footprint.starts() == {spot}
                and (target, EMPTY) not in candidate.footprint.changes
            ]
    return tuple(dict.fromkeys(found))
