"""What a move does to the marbles a hand and a sensor meet, computed without the rules.

A push moves marbles along a line: the hand pushes the rearmost marble and the
others roll one hole on. Only the rear hole empties and the hole in front of the
line fills (or, at the edge, the front marble drops into its owner's gutter); the
holes in between hold a different marble afterwards, often of another colour,
and read the same under occupancy. A hand need not touch them, so no Abalone
move has ``must_touch`` spots; they are ``hidden`` instead, which is what lets the
recognizer prefer, among push-offs that look alike, the one whose line the hand
was seen to disturb.

The result is physical: a move the rules forbid (a pac, four marbles, a
broadside into an occupied hole) still shows here, so that the recognizer can
match a mistaken board and name the mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.abalone.board import (
    BLACK,
    CELL_NAMES,
    CELLS,
    EMPTY,
    GUTTER_SPOTS,
    RAYS,
    TO_WIN,
    WHITE,
)
from engine.abalone.move import AbaloneMove
from engine.game import Game, Layout
from engine.physical import EMPTY as READS_EMPTY
from engine.physical import Footprint, Reading, Sensing, Spot, Stone

STONES = (None, Stone("b", 0), Stone("w", 1))
"""The stone of each colour: the colour letter as its kind, the seat as its owner."""


def physical(board: Sequence[int], move: AbaloneMove) -> tuple[dict[int, int], list[int]]:
    """What the hand's push does: the new contents of every hole the moving marbles
    pass through (changed or not), and the colours of the marbles that drop off the
    edge, in order.

    Each marble the hand moves pushes whatever stands in a row before it, until the
    first empty hole or the edge, one hole on: a legal move and a forbidden one
    alike.
    """
    contents: dict[int, int] = {}
    dropped: list[int] = []
    direction = move.direction
    for hole in move.holes:
        run = [hole]
        ray = RAYS[hole][direction]
        i = 0
        while i < len(ray) and board[ray[i]] != EMPTY:
            run.append(ray[i])
            i += 1
        if i < len(ray):
            contents[ray[i]] = board[run[-1]]
        else:
            dropped.append(board[run[-1]])
        for k in range(len(run) - 1, 0, -1):
            contents[run[k]] = board[run[k - 1]]
        contents[hole] = EMPTY
    return contents, dropped


def board_layout(board: Sequence[int], lost: Sequence[int]) -> dict[Spot, tuple[Stone, ...]]:
    """The stones on the holes, and each colour's lost marbles in its first gutter slots."""
    result: dict[Spot, tuple[Stone, ...]] = {}
    for hole in range(CELLS):
        colour = board[hole]
        if colour:
            result[CELL_NAMES[hole]] = (STONES[colour],)  # type: ignore[assignment]
    for colour in (BLACK, WHITE):
        stone = STONES[colour]
        assert stone is not None
        for slot in GUTTER_SPOTS[colour][: lost[colour - 1]]:
            result[slot] = (stone,)
    return result


def readings(game: Game[Any], sensing: Sensing) -> tuple[Reading, Reading, Reading]:
    """How an empty hole, a black and a white marble read."""
    black, white = STONES[BLACK], STONES[WHITE]
    assert black is not None and white is not None
    return READS_EMPTY, game.reading(black, sensing), game.reading(white, sensing)


def footprint(
    game: Game[Any],
    board: Sequence[int],
    lost: Sequence[int],
    move: AbaloneMove,
    sensing: Sensing,
) -> Footprint:
    """The readings the move changes, and the holes it changes invisibly (``hidden``).

    ``must_touch`` is always empty: the hand pushes only the rearmost marble.
    """
    read = readings(game, sensing)
    contents, dropped = physical(board, move)
    changes: list[tuple[Spot, Reading]] = []
    hidden: set[Spot] = set()
    for hole, colour in contents.items():
        after = read[colour]
        if read[board[hole]] != after:
            changes.append((CELL_NAMES[hole], after))
        else:
            hidden.add(CELL_NAMES[hole])
    counts = [lost[0], lost[1]]
    for colour in dropped:
        counts[colour - 1] += 1
        slot = counts[colour - 1]
        if slot <= TO_WIN:
            changes.append((GUTTER_SPOTS[colour][slot - 1], read[colour]))
    return Footprint(tuple(sorted(changes)), frozenset(hidden))


def layout_after(board: Sequence[int], lost: Sequence[int], move: AbaloneMove) -> Layout:
    """The layout once the hand has pushed, legal or not (a seventh lost marble has no slot)."""
    after = list(board)
    counts = [lost[0], lost[1]]
    contents, dropped = physical(board, move)
    for hole, colour in contents.items():
        after[hole] = colour
    for colour in dropped:
        counts[colour - 1] = min(TO_WIN, counts[colour - 1] + 1)
    return board_layout(after, counts)
