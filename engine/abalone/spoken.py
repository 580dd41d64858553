"""Abalone moves said aloud: how many marbles go which way, and what they push
("black pushes two marbles east, pushing one white marble, off the board"). There
are no Japanese names: the sentence is the same either way."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.abalone.move import AbaloneMove
from engine.game import Position
from engine.physical import Spot
from engine.spoken import count_words, seat_name

DIRECTIONS = MappingProxyType(
    {  # (rows up, diagonals up) of one step, and its spoken name
        "E": ((0, 1), "east"),
        "NE": ((1, 1), "north-east"),
        "NW": ((1, 0), "north-west"),
        "W": ((0, -1), "west"),
        "SW": ((-1, -1), "south-west"),
        "SE": ((-1, 0), "south-east"),
    }
)


def _step(hole: Spot, direction: str) -> Spot:
    (rows, diagonals), _ = DIRECTIONS[direction]
    return f"{chr(ord(hole[0]) + rows)}{int(hole[1:]) + diagonals}"


def move_sentence(position: Position[Any], text: str, japanese: bool) -> str:
    move: AbaloneMove = position.read_move(text)
    seat = seat_name(position, position.turn)
    direction = move.direction.name
    where = DIRECTIONS[direction][1]
    if move.end is not None:
        return f"{seat} moves {count_words(len(move.holes), 'marble')} sideways, {where}"
    cells = position.game.cells
    layout = position.layout()
    hole, own, pushed = move.tail, 0, 0
    while hole in cells and layout.get(hole) and layout[hole][-1].owner == position.turn:
        own, hole = own + 1, _step(hole, direction)
    other = ""
    while hole in cells and layout.get(hole):
        other = seat_name(position, layout[hole][-1].owner or 0)
        pushed, hole = pushed + 1, _step(hole, direction)
    if pushed == 0:
        verb = "moves" if own == 1 else "pushes"
        return f"{seat} {verb} {count_words(own, 'marble')} {where}"
    off = ", off the board" if hole not in cells else ""
    pushing = count_words(pushed, f"{other} marble")
    return f"{seat} pushes {count_words(own, 'marble')} {where}, pushing {pushing}{off}"
