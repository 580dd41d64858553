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
a chick dropped on 2a; shogi reed 950123: 3i3h, the reply, 4i3i, asked as 4i3h). So is
a piece stopped on a cell off its way and taken on from there by its player's next
move, the reply between (shogi reed 950134: 4i5i, the reply, 5i4h, read as 4i4h): the
piece stood there after its start emptied and left before its landing filled."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Reading, Spot, spots_of
from engine.recognition.move_index import MoveIndex
from engine.recognition.shown import OFF_THE_WAY, victim_may_lie
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


def first_set_down_unshown(
    index: MoveIndex[M],
    footprint: Footprint,
    did: Touches,
    expected: Mapping[Spot, Reading],
    frame: Mapping[Spot, Reading],
) -> tuple[M, ...]:
    """The legal moves (from ``index``'s position) that ``footprint``'s move may have
    been the second of: its piece's move from its start onto a cell empty before and
    now, off its way, where a piece stood and was taken up again
    (``stood_off_the_way``) after the start emptied and before the move's landing
    filled, the same player's next move taking it on from there, the other player's
    between. The board showed the first whole (``shown.set_down_off_the_way`` asks that)
    only when no other hand was at work: a question open, the other player's move made
    meanwhile (independent hands, shogi reed seed 950134: 4i5i, 4a3a, 5i4h over an
    answer, recorded as 4i4h)."""
    starts = footprint.starts()
    landed = {spot for spot, reading in footprint.changes if reading != EMPTY}
    found: list[M] = []
    for spot in sorted(stood_off_the_way(footprint, did, expected, frame)):
        if len(starts) != 1 or not _stood_between(did, min(starts), spot, landed):
            continue
        found += [
            candidate.move
            for candidate in index.changing(frozenset((*starts, spot))) or ()
            if candidate.footprint.starts() == starts
            and (spot, EMPTY) not in candidate.footprint.changes
        ]
    return tuple(dict.fromkeys(found))


def stood_off_the_way(
    footprint: Footprint,
    did: Touches,
    expected: Mapping[Spot, Reading],
    frame: Mapping[Spot, Reading],
) -> frozenset[Spot]:
    """The cells, empty before and now, off the way of ``footprint``'s move, where a
    piece stood and was taken up again (``Touches.set_down_and_taken_up``), that no
    victim of the move pushed aside may have lain on: the move alone does not explain
    them (a slide's piece resting on its way, or a victim pushed there, would)."""
    geometry = did.blur.geometry
    starts = footprint.starts()
    landed = {spot for spot, reading in footprint.changes if reading != EMPTY}
    landed |= footprint.hidden  # a capture's cell reads a piece before and after
    if geometry is None or not starts or not landed:
        return frozenset()
    victims = footprint.must_touch | footprint.hidden

    def far(a: Spot, b: Spot) -> float:
        here, there = geometry.place(a), geometry.place(b)
        return math.hypot(here.x - there.x, here.y - there.y)

    def off(spot: Spot) -> bool:
        try:
            return all(
                far(start, spot) + far(spot, end) > far(start, end) + OFF_THE_WAY
                for start in starts
                for end in landed
            )
        except KeyError:  # a spot with no place (a stand): anywhere
            return True

    stood = did.set_down_and_taken_up(expected, frame) - footprint.spots()
    return frozenset(spot for spot in stood if not victim_may_lie(did, spot, victims) and off(spot))


def _stood_between(did: Touches, start: Spot, spot: Spot, landed: Iterable[Spot]) -> bool:
    """Whether a piece came to ``spot`` after one left ``start``, and left ``spot``
    before one last came to a cell of ``landed``: the moving piece may have stood
    there on its way (a piece there before the move began, or after it landed, was
    another)."""
    left = did.emptied.get(start, ())
    came = [at for at in did.landings.get(spot, ()) if left and at > left[0]]
    went = [at for at in did.emptied.get(spot, ()) if came and at > came[0]]
    last = [at for cell in landed for at in did.landings.get(cell, ())]
    return bool(went and last) and went[0] < max(last)
