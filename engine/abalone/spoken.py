"""Abalone moves in words, as values: how many marbles go which way, and what they
push ("black pushes two marbles east, pushing one white marble, off the board").

The phrases are msgids the game declares (``MOVE_MSGIDS``) and its catalogue
translates in the ``move`` context. The Polish terms are the Polish rule book's
(seeds/004, "Zasady gry"): kula, ruch po linii, ruch boczny, sumito, wypchnięcie; the
seats by the colour of their marbles (czarne, białe). There is no Czech, French or
Japanese rule book: their terms are the usual ones. Other languages than English give
a count after a colon ("kule: 2"), as digits (``{own}``, ``{pushed}``), so that the
noun needs no plural of its own; English says the count in words (``{count}``,
``{pushed_count}``), its noun one or many by the phrase (a single marble moves, more
are pushed; one or two marbles are pushed back).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.abalone.move import AbaloneMove
from engine.game import Position
from engine.physical import Spot
from engine.said import CountWord, MoveSaid, Said, SeatWord, Value, by_seat, move_phrase
from engine.spoken import seat_name

STEPS = MappingProxyType(
    {  # (rows up, diagonals up) of one step
        "E": (0, 1),
        "NE": (1, 1),
        "NW": (1, 0),
        "W": (0, -1),
        "SW": (-1, -1),
        "SE": (-1, 0),
    }
)
DIRECTIONS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
"""The six directions' words, in the order of ``STEPS`` (phrases: "na wschód")."""

SEAT_DOES = "{seat} {move}"
"""A move said by its seat ("black moves one marble east"; Polish "czarne: ...")."""
SIDEWAYS = "moves {count} marbles sideways, {where}"
MOVES_ONE = "moves {count} marble {where}"
PUSHES = "pushes {count} marbles {where}"
PUSHES_ONE = "pushes {count} marbles {where}, pushing {pushed_count} {other} marble"
PUSHES_TWO = "pushes {count} marbles {where}, pushing {pushed_count} {other} marbles"
PUSHES_ONE_OFF = f"{PUSHES_ONE}, off the board"
PUSHES_TWO_OFF = f"{PUSHES_TWO}, off the board"
CHOICE = "{notation}"
"""A prompt's choice: its notation in English; the other languages say the ``{move}``
as spoken beside it."""

MOVE_MSGIDS = (
    SEAT_DOES,
    SIDEWAYS,
    MOVES_ONE,
    PUSHES,
    PUSHES_ONE,
    PUSHES_TWO,
    PUSHES_ONE_OFF,
    PUSHES_TWO_OFF,
    *DIRECTIONS,
    CHOICE,
)
"""The msgids of its moves' words, which the game's catalogue translates (``msgctxt "move"``)."""

_PUSHES = {  # (one pushed, off the board) to the phrase
    (True, False): PUSHES_ONE,
    (False, False): PUSHES_TWO,
    (True, True): PUSHES_ONE_OFF,
    (False, True): PUSHES_TWO_OFF,
}
PIECE_NAMES = ("marble",)
"""The marble's English word, which the game's catalogue translates."""


def _step(hole: Spot, direction: str) -> Spot:
    rows, diagonals = STEPS[direction]
    return f"{chr(ord(hole[0]) + rows)}{int(hole[1:]) + diagonals}"


def move_said(position: Position[Any], text: str) -> MoveSaid:
    """``text``, a move of ``position``, in the game's words."""
    move: AbaloneMove = position.read_move(text)
    seat = SeatWord(position.turn, seat_name(position, position.turn))
    direction = move.direction.name
    where = move_phrase(DIRECTIONS[tuple(STEPS).index(direction)])
    if move.end is not None:
        count = len(move.holes)
        return _said(
            seat, move_phrase(SIDEWAYS, count=CountWord(count), own=count, where=where), text
        )
    cells = position.game.cells
    layout = position.layout()
    hole, own, pushed = move.tail, 0, 0
    while hole in cells and layout.get(hole) and layout[hole][-1].owner == position.turn:
        own, hole = own + 1, _step(hole, direction)
    other = None
    while hole in cells and layout.get(hole):
        owner = layout[hole][-1].owner or 0
        other = SeatWord(owner, seat_name(position, owner))
        pushed, hole = pushed + 1, _step(hole, direction)
    values: dict[str, Value] = {"count": CountWord(own), "own": own, "where": where}
    if pushed == 0 or other is None:
        return _said(seat, move_phrase(MOVES_ONE if own == 1 else PUSHES, **values), text)
    values |= {"pushed_count": CountWord(pushed), "pushed": pushed, "other": other}
    return _said(seat, move_phrase(_PUSHES[pushed == 1, hole not in cells], **values), text)


def _said(seat: SeatWord, alone: Said, text: str) -> MoveSaid:
    """A move its seat makes, named at a prompt by its notation."""
    return MoveSaid(
        by_seat(seat, alone, SEAT_DOES), alone, move_phrase(CHOICE, notation=text, move=alone)
    )
