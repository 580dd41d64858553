"""Move generation and the rule each forbidden move breaks, over the plain board list.

Every move object and every line a move can use is built once here, so that
generating moves is table look-ups and comparisons, and allocates nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.abalone.board import (
    AXES,
    CELL_NAMES,
    CELLS,
    DIRECTIONS,
    EMPTY,
    MOST_MOVED,
    NEIGHBOURS,
    RAYS,
    Direction,
)
from engine.abalone.move import LONGEST_LINE, AbaloneMove
from engine.said import N_, Said, SeatWord, said

PLAYER_NAMES = ("", "black", "white")
"""Colour names for messages, indexed by colour."""


def _inline(hole: int, direction: Direction) -> AbaloneMove | None:
    if NEIGHBOURS[hole][direction] < 0:
        return None
    return AbaloneMove.inline(CELL_NAMES[hole], direction)


INLINE: tuple[tuple[AbaloneMove | None, ...], ...] = tuple(
    tuple(_inline(hole, direction) for direction in DIRECTIONS) for hole in range(CELLS)
)
"""INLINE[tail][direction]: the in-line move, or None where the tail has no hole ahead."""

Broadside = tuple[tuple[int, ...], AbaloneMove]
"""The destination holes of a broadside move, and the move."""


def _line(hole: int, axis: Direction, length: int) -> tuple[int, ...] | None:
    holes = [hole]
    while len(holes) < length:
        following = NEIGHBOURS[holes[-1]][axis]
        if following < 0:
            return None
        holes.append(following)
    return tuple(holes)


def _broadsides(hole: int, axis: Direction, length: int) -> tuple[Broadside, ...]:
    line = _line(hole, axis, length)
    if line is None:
        return ()
    found = []
    for direction in DIRECTIONS:
        if direction.axis == axis.axis:
            continue
        destinations = tuple(NEIGHBOURS[h][direction] for h in line)
        if min(destinations) < 0:
            continue
        move = AbaloneMove.broadside(CELL_NAMES[line[0]], CELL_NAMES[line[-1]], direction)
        found.append((destinations, move))
    return tuple(found)


BROADSIDES: tuple[tuple[tuple[tuple[Broadside, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(_broadsides(hole, axis, length) for axis in AXES) if length >= 2 else ()
        for hole in range(CELLS)
    )
    for length in range(LONGEST_LINE + 1)
)
"""BROADSIDES[length][first hole][axis index]: the broadside moves of the line of
``length`` holes starting there along that axis, with their destinations."""


def generate(board: Sequence[int], me: int) -> Iterator[AbaloneMove]:  # noqa: C901 - the rules of a game: a branch per rule, as the rulebook reads
    """The legal moves of colour ``me``: in-line (with every sumito), then broadside."""
    them = 3 - me
    for hole in range(CELLS):
        if board[hole] != me:
            continue
        rays = RAYS[hole]
        inline = INLINE[hole]
        for direction in DIRECTIONS:
            ray = rays[direction]
            length = len(ray)
            i = 0
            while i < length and board[ray[i]] == me:
                i += 1
            mine = i + 1
            if mine > MOST_MOVED or i == length:
                continue  # four marbles, or one's own marble would leave the board
            ahead = board[ray[i]]
            if ahead == EMPTY:
                yield inline[direction]  # type: ignore[misc]  # a hole ahead: not None
                continue
            theirs = 0
            while i < length and board[ray[i]] == them and theirs < mine:
                theirs += 1
                i += 1
            if theirs >= mine:
                continue  # no numerical superiority
            if i == length or board[ray[i]] == EMPTY:
                yield inline[direction]  # type: ignore[misc]
        pairs = BROADSIDES[2][hole]
        triples = BROADSIDES[3][hole]
        for axis_index, axis in enumerate(AXES):
            second = NEIGHBOURS[hole][axis]
            if second < 0 or board[second] != me:
                continue
            for (a, b), move in pairs[axis_index]:
                if board[a] == EMPTY and board[b] == EMPTY:
                    yield move
            third = NEIGHBOURS[second][axis]
            if third < 0 or board[third] != me:
                continue
            for (a, b, c), move in triples[axis_index]:
                if board[a] == EMPTY and board[b] == EMPTY and board[c] == EMPTY:
                    yield move


RIM_EXITS: tuple[tuple[int, tuple[tuple[Direction, tuple[int, ...]], ...]], ...] = tuple(
    (
        hole,
        tuple(
            (direction, RAYS[hole][direction.opposite])
            for direction in DIRECTIONS
            if NEIGHBOURS[hole][direction] < 0
        ),
    )
    for hole in range(CELLS)
    if min(NEIGHBOURS[hole]) < 0
)
"""For each hole on the rim: each direction that leads off the board from it, with the
ray the other way (the line a push off the board that way comes along)."""


def push_offs(board: Sequence[int], me: int) -> list[AbaloneMove]:
    """The legal moves of colour ``me`` that push an opposing marble off the board, in
    the order ``generate`` gives them (a search's look past its horizon asks for these
    only, at nearly every node). Each is found from the opposing marble on the rim it
    pushes off, looking back along the line: one or two opposing marbles, then more of
    one's own, at most three; each own marble there that outnumbers them is a tail."""
    them = 3 - me
    found: list[tuple[int, Direction]] = []
    for rim, exits in RIM_EXITS:
        if board[rim] != them:
            continue
        for direction, back in exits:
            length = len(back)
            theirs, i = 1, 0
            while i < length and board[back[i]] == them:
                theirs += 1
                i += 1
            mine = 0
            while i < length and mine < MOST_MOVED and board[back[i]] == me:
                mine += 1
                if mine > theirs:
                    found.append((back[i], direction))
                i += 1
    if len(found) > 1:
        found.sort()
    return [INLINE[tail][direction] for tail, direction in found]  # type: ignore[misc]


def push_off_targets(board: Sequence[int], me: int) -> set[int]:
    """The opposing marbles ``me`` could push off the board with one move."""
    them = 3 - me
    targets: set[int] = set()
    for hole in range(CELLS):
        if board[hole] != me:
            continue
        for ray in RAYS[hole]:
            length = len(ray)
            i = 0
            while i < length and board[ray[i]] == me:
                i += 1
            mine = i + 1
            if mine > MOST_MOVED or i == length or board[ray[i]] != them:
                continue
            theirs = 0
            while i < length and board[ray[i]] == them and theirs < mine:
                theirs += 1
                i += 1
            if theirs < mine and i == length:
                targets.add(ray[i - 1])
    return targets


# --- why a move is forbidden -------------------------------------------------------------


def seat_word(colour: int) -> SeatWord:
    """The seat playing ``colour`` in a message."""
    return SeatWord(colour - 1, PLAYER_NAMES[colour])


def inline_reason(board: Sequence[int], tail: int, direction: Direction, me: int) -> Said | None:
    """The rule an in-line push from ``tail`` breaks, None when it is legal.

    ``me`` is the colour to move and must be the colour on ``tail``.
    """
    them = 3 - me
    ray = RAYS[tail][direction]
    i = 0
    while i < len(ray) and board[ray[i]] == me:
        i += 1
    mine = i + 1
    if mine > MOST_MOVED:
        return said(N_("at most three marbles move; this line has {count}"), count=mine)
    if i == len(ray):
        return said(N_("{seat} cannot push its own marble off the board"), seat=seat_word(me))
    if board[ray[i]] == EMPTY:
        return None
    theirs = 0
    while i < len(ray) and board[ray[i]] == them:
        theirs += 1
        i += 1
    if theirs >= mine:
        pac = N_("{mine} cannot push {theirs} (pac)")
        return said(
            pac if theirs == mine else N_("{mine} cannot push {theirs}"), mine=mine, theirs=theirs
        )
    if i < len(ray) and board[ray[i]] == me:
        return said(
            N_(
                "the push is blocked by {seat}'s own marble on {cell}: a line with one of "
                "the mover's marbles behind it cannot be pushed"
            ),
            seat=seat_word(me),
            cell=CELL_NAMES[ray[i]],
        )
    return None


def broadside_reason(
    board: Sequence[int], holes: Sequence[int], direction: Direction
) -> Said | None:
    """The rule a broadside move of the line ``holes`` breaks, None when it is legal."""
    if len(holes) > MOST_MOVED:
        return said(N_("at most three marbles move; this line has {count}"), count=len(holes))
    for hole in holes:
        destination = NEIGHBOURS[hole][direction]
        if board[destination] != EMPTY:
            return said(
                N_(
                    "a broadside move never pushes: {cell} is not empty "
                    "(only an in-line move can push)"
                ),
                cell=CELL_NAMES[destination],
            )
    return None


def reason(board: Sequence[int], move: AbaloneMove, me: int) -> Said | None:
    """Why ``move`` is illegal for ``me`` here, or None when it is legal."""
    holes = move.holes
    empty = [CELL_NAMES[hole] for hole in holes if board[hole] == EMPTY]
    if empty:
        return said(N_("there is no marble to move on {cells}"), cells=", ".join(empty))
    if all(board[hole] == 3 - me for hole in holes):
        return said(N_("it is {seat}'s turn"), seat=seat_word(me))
    if any(board[hole] != me for hole in holes):
        return said(N_("only {seat}'s own marbles move together"), seat=seat_word(me))
    if move.end is None:
        return inline_reason(board, holes[0], move.direction, me)
    return broadside_reason(board, holes, move.direction)
