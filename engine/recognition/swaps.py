"""Which of two moves shown at once came first, when the board cannot tell.

A move that stands (its own cells rested the settle time) while another hand's changes
go on is committed first. That order is only as good as what the sensors saw: a piece
passing over a cell on its way to a neighbour reads on the cell, and another hand may
fill it before it ever reads empty (a token slid from the lid over A3 to A2, another set
on A3 as it left); and two hands at once (a Robot Duel player moving one robot as the
other moves the other) leave no order at all. Then the moves of the other order that
make the board too are asked beside the one that stands. And a move that stands may be
its piece still sliding on: the next cell reads it before the one it leaves lets go.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Frame, Spot
from engine.recognition.move_index import IndexedMove
from engine.recognition.sensors import EPSILON
from engine.recognition.standing import Standing
from engine.recognition.touches import Touches

M = TypeVar("M", bound=Hashable)


def shown_first_unknown(
    standing: Standing[M],
    alone: IndexedMove[M],
    extra: set[Spot],
    *,
    frame: Frame,
    did: Touches,
    settle: float,
    pairs: Callable[[], list[tuple[M, ...]]],
    footprint: Callable[[M], Footprint],
) -> tuple[M, ...]:
    """The moves that may have been made before ``alone`` (which stands), the two in the
    other order making the board too (``pairs``, every line of two that does): when a
    neighbour of its landing filled within the settle time of it (``extra``: the cells
    changed beside it), or when the other move began before it was whole."""
    first_at, blur = did.first_at, did.blur
    landed = [s for s, reading in alone.footprint.changes if reading != EMPTY]
    filled = [
        spot
        for spot in extra
        if frame.get(spot, EMPTY) != EMPTY
        and spot in first_at
        and first_at[spot] - standing.since < settle - EPSILON
        and any(blur.neighbours(spot, cell) for cell in landed)
    ]
    firsts = [pair[0] for pair in pairs() if pair[1:] == (alone.move,)]
    if not filled:
        since = standing.since
        firsts = [
            move
            for move in firsts
            if any(first_at.get(spot, since) < since for spot in footprint(move).spots())
        ]
    return tuple(dict.fromkeys(firsts))


def passing_on(
    alone: IndexedMove[M], extra: set[Spot], frame: Frame, did: Touches, margin: float
) -> float | None:
    """Until when a move that stands (``alone``) may still be its piece going on: a cell
    next to one it landed on filled since (``extra``) while the landing still reads the
    piece, as a piece slid on reads on both cells until it has passed (for up to the
    board's order ``margin``). None: no such cell."""
    landed = [s for s, reading in alone.footprint.changes if reading != EMPTY]
    times = [
        did.first_at[spot] + margin
        for spot in extra
        if frame.get(spot, EMPTY) != EMPTY
        and spot in did.first_at
        and any(
            did.blur.neighbours(spot, cell) and frame.get(cell, EMPTY) != EMPTY for cell in landed
        )
    ]
    return max(times, default=None)
