"""Moves a hand can make on the board that the rules forbid, each with the rule it breaks.

The recognizer looks these up when a settled board matches no legal move. The
list is bounded: lines of up to four of the mover's marbles with whatever their
push moves (a pac, four marbles, a push blocked by one's own marble),
broadsides into occupied holes, and every move the opponent could make (played
out of turn).

A push that would drop one of the mover's own marbles off the board is left
out: on a board that senses only the holes it shows just one hole emptying,
exactly as a marble lifted to see where it can go, and naming that as a mistake
would be wrong far more often than right. ``parse_move`` still names it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.abalone.board import AXES, CELLS, DIRECTIONS, NEIGHBOURS, RAYS
from engine.abalone.move import LONGEST_LINE, AbaloneMove
from engine.abalone.rules import (
    BROADSIDES,
    INLINE,
    broadside_reason,
    generate,
    inline_reason,
    seat_word,
)
from engine.abalone.sensing import physical
from engine.said import N_, Said, said


def illegal_moves(
    board: Sequence[int], me: int, legal: frozenset[AbaloneMove]
) -> Iterator[tuple[AbaloneMove, Said]]:
    """Every bounded forbidden move of colour ``me`` here; never one in ``legal``."""
    for hole in range(CELLS):
        if board[hole] != me:
            continue
        for direction in DIRECTIONS:
            move = INLINE[hole][direction]
            if move is None or move in legal or not _short(board, hole, direction, me):
                continue
            reason = inline_reason(board, hole, direction, me)
            if reason is not None and not _drops_own(board, move, me):
                yield move, reason
        for length in range(2, LONGEST_LINE + 1):
            for axis_index, axis in enumerate(AXES):
                if not _own_line(board, hole, axis, length, me):
                    continue
                for _, move in BROADSIDES[length][hole][axis_index]:
                    if move in legal:
                        continue
                    reason = broadside_reason(board, move.holes, move.direction)
                    if reason is not None and not _drops_own(board, move, me):
                        yield move, reason
    out_of_turn = said(N_("it is {seat}'s turn"), seat=seat_word(me))
    for move in generate(board, 3 - me):
        yield move, out_of_turn


def _drops_own(board: Sequence[int], move: AbaloneMove, me: int) -> bool:
    """Whether pushing this way by hand drops one of the mover's marbles off the board."""
    return me in physical(board, move)[1]


def _short(board: Sequence[int], hole: int, direction: int, me: int) -> bool:
    """Whether a push from ``hole`` moves at most four of the mover's marbles."""
    ray = RAYS[hole][direction]
    mine = 1
    for ahead in ray:
        if board[ahead] != me:
            break
        mine += 1
    return mine <= LONGEST_LINE


def _own_line(board: Sequence[int], hole: int, axis: int, length: int, me: int) -> bool:
    current = hole
    for _ in range(length - 1):
        current = NEIGHBOURS[current][axis]
        if current < 0 or board[current] != me:
            return False
    return True
