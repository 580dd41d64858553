"""A committed move gone on with while both players' next moves came at once.

A line of marbles moved a marble at a time rests between marbles as a shorter move, and
the board commits that after the settle time. The mover then goes on with it (the next
marble), and the next player, who saw the commit, replies at once; their own next move
may follow before the board rests again. At rest the board then shows three moves from
the position before the commit, none of them ever shown at rest: the move gone on with,
and two that overlapped. Two-move readings (``Overlap.pairs``) cannot see that, and
without it the commit that was only part of a move would stand in the record.

Read only when no line of at most two moves makes the board: the first move must take
every piece the committed move took (its hand went on with them), make exactly what
the board shows on its own cells, and have been made whole before the others began.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Frame, Spot
from engine.recognition.move_index import IndexedMove
from engine.recognition.overlap import Overlap
from engine.recognition.standing import Hands

M = TypeVar("M", bound=Hashable)


def went_on_then_pair(
    overlap: Overlap[M],
    frame: Frame,
    *,
    tail: tuple[M, ...],
    hands: Hands,
    last_at: dict[Spot, float],
    in_order: Callable[[Footprint], bool],
) -> list[tuple[M, ...]]:
    """The lines (gone on, reply, next) from ``overlap``'s position that make ``frame``,
    the first going on with ``tail``'s one move. ``last_at``: each spot's last change,
    to tell that the first move was done before the reply began."""
    if len(tail) != 1:
        return []
    committed = overlap.index.footprint(tail[0])
    taken = frozenset(spot for spot, reading in committed.changes if reading == EMPTY)
    if not taken:
        return []
    openings = overlap.index.changing(taken) or ()
    lines: list[tuple[M, ...]] = []
    for fallback in (False, True):
        for first in openings:
            if not _made_first(first, tail[0], frame, hands, in_order):
                continue
            done = max(last_at.get(spot, 0.0) for spot in first.footprint.spots())
            rest = _after(overlap, first.move)
            for pair in rest.pairs(frame, hands, in_order, fallback=fallback):
                began = min(hands.first_at.get(spot, done) for spot in _spots(rest, pair[0]))
                if began > done:
                    lines.append((first.move, *pair))
        if lines:
            break
    return lines


def _made_first(
    first: IndexedMove[M],
    committed: M,
    frame: Frame,
    hands: Hands,
    in_order: Callable[[Footprint], bool],
) -> bool:
    """Whether ``first`` is what the board shows on its own cells, made by the hands."""
    footprint = first.footprint
    if first.move == committed or not footprint.must_touch <= hands.touched:
        return False
    if any(frame.get(spot, EMPTY) != reading for spot, reading in footprint.changes):
        return False
    return in_order(footprint)


def _after(overlap: Overlap[M], move: M) -> Overlap[M]:
    """An overlap at the position after ``move``, for the two moves that followed."""
    after = overlap.after((move,))
    return Overlap(
        overlap.exactly_after((move,)),
        after.index,
        overlap.sensing,
        overlap.sensed,
        after.expected,
        blur=overlap.blur,
        dice=overlap.dice,
    )


def _spots(overlap: Overlap[M], move: M) -> frozenset[Spot]:
    return overlap.index.footprint(move).spots()
