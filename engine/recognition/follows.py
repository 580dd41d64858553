"""Whether one position follows from another: the moves between them, if any.

A commit asks it of every base the record may still be read again from
(``Base.leads_to``), so it is part of the decision a touch waits for: replaying the
moves from the base costs a transition each (Chaturaji's are the dearest: a commit on
chaturaji-reference spent a quarter of its instructions replaying, counted in
docs/speed.md), where taking them back costs an undo each.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from engine.game import Position

M = TypeVar("M", bound=Hashable)


def moves_from(base: Position[M], position: Position[M]) -> tuple[M, ...] | None:
    """The moves from ``base`` to ``position``, if ``position`` follows from it (None if
    not: fewer moves, others, or another game's). ``position`` taken back to ``base``'s
    length shows ``base`` when it follows; a position is what its text says, so its
    moves' replay from ``base`` would show ``position``. A text that differs is replayed
    the long way, as before: two starts the same moves lead to one position (another
    game) are told apart the same as ever."""
    mine, theirs = base.move_stack, position.move_stack
    if len(theirs) < len(mine) or theirs[: len(mine)] != mine:
        return None
    tail = tuple(theirs[len(mine) :])
    before = position.copy()
    for _ in tail:
        before.pop()
    if before.text() == base.text():
        return tail
    replayed = base.copy()
    for move in tail:
        replayed.push(move)
    return tail if replayed.text() == position.text() else None
