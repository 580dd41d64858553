"""Chaturaji moves said aloud: the dice, a lost turn, a king returned or removed, a
pawn exchanged, a piece's step and what it takes ("black: horse c3 to b5, takes
green's pawn"). There are no Japanese names: the sentence is the same either way."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.chaturaji.board import CELL_NAMES, LETTERS
from engine.chaturaji.board import NAMES as KIND_NAMES
from engine.chaturaji.moves import (
    Decision,
    Exchange,
    LostTurn,
    RemoveKing,
    ReturnKing,
    Roll,
    Step,
)
from engine.errors import NotationError
from engine.game import Position
from engine.physical import Stone
from engine.spoken import seat_name, top

PIECES = MappingProxyType({LETTERS[kind]: name for kind, name in KIND_NAMES.items()})
"""A piece's name by the letter its stone carries."""


def _piece(stone: Stone) -> str:
    return PIECES.get(stone.kind, stone.kind)


def move_sentence(position: Position[Any], text: str, japanese: bool) -> str:
    move = position.read_move(text)
    seat = seat_name(position, position.turn)
    match move:
        case Roll(dice):
            return f"{seat} rolls {' and '.join(str(face) for face in dice)}"
        case LostTurn():
            return f"{seat} cannot move: the die is lost"
        case Decision():
            return f"{seat}: {move.value}"
        case ReturnKing(owner, cell):
            return f"{seat_name(position, owner)}'s king returns to {CELL_NAMES[cell]}"
        case RemoveKing(cell):
            return f"{seat} takes the king off {CELL_NAMES[cell]}"
        case Exchange(cell, kind):
            name = KIND_NAMES[kind]
            return f"{seat}: the pawn on {CELL_NAMES[cell]} becomes a {name}"
        case Step(origin, target, promote):
            origin_name, target_name = CELL_NAMES[origin], CELL_NAMES[target]
            piece = top(position, origin_name)
            taken = top(position, target_name)
            name = "piece" if piece is None else _piece(piece)
            words = f"{seat}: {name} {origin_name} to {target_name}"
            if taken is not None and taken.owner is not None:
                victim = seat_name(position, taken.owner)
                words += f", takes {victim}'s {_piece(taken)}"
            if promote:
                words += f", becomes a {KIND_NAMES[promote]}"
            return words
    raise NotationError(f"not a Chaturaji move: {text!r}")
