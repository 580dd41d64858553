"""A move as a sentence a player hears: the piece, where it goes, what it takes, in
each game's own terms ("sente: silver to 5 seven, promotes"; in Japanese "gin,
go-nana, nari").

The move's text alone does not name the piece, so every sentence is built from the
position *before* the move. Pure: text in, text out, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from engine.abalone.move import AbaloneMove
from engine.chaturaji.board import CELL_NAMES as CHATURAJI_CELLS
from engine.chaturaji.board import LETTERS as CHATURAJI_LETTERS
from engine.chaturaji.board import NAMES as CHATURAJI_NAMES
from engine.chaturaji.moves import (
    Decision,
    Exchange,
    LostTurn,
    RemoveKing,
    ReturnKing,
    Roll,
    Step,
)
from engine.errors import KibanError
from engine.game import Position
from engine.physical import Spot, Stone
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
JAPANESE_NUMBERS = ("", "ichi", "ni", "san", "yon", "go", "roku", "nana", "hachi", "kyu")

# Shogi pieces by their letter, plain and promoted (flipped).
SHOGI_NAMES = MappingProxyType(
    {
        "P": ("pawn", "tokin"),
        "L": ("lance", "promoted lance"),
        "N": ("knight", "promoted knight"),
        "S": ("silver", "promoted silver"),
        "G": ("gold", "gold"),
        "B": ("bishop", "horse"),
        "R": ("rook", "dragon"),
        "K": ("king", "king"),
    }
)
SHOGI_JAPANESE = MappingProxyType(
    {
        "P": ("fu", "to"),
        "L": ("kyo", "nari-kyo"),
        "N": ("kei", "nari-kei"),
        "S": ("gin", "nari-gin"),
        "G": ("kin", "kin"),
        "B": ("kaku", "uma"),
        "R": ("hisha", "ryu"),
        "K": ("gyoku", "gyoku"),
    }
)
DOBUTSU_NAMES = MappingProxyType(
    {
        "C": ("chick", "hen"),
        "E": ("elephant", "elephant"),
        "G": ("giraffe", "giraffe"),
        "L": ("lion", "lion"),
    }
)
DOBUTSU_JAPANESE = MappingProxyType(
    {
        "C": ("hiyoko", "niwatori"),
        "E": ("zou", "zou"),
        "G": ("kirin", "kirin"),
        "L": ("raion", "raion"),
    }
)
ABALONE_DIRECTIONS = MappingProxyType(
    {  # (rows up, diagonals up) of one step, and its spoken name
        "E": ((0, 1), "east"),
        "NE": ((1, 1), "north-east"),
        "NW": ((1, 0), "north-west"),
        "W": ((0, -1), "west"),
        "SW": ((-1, -1), "south-west"),
        "SE": ((-1, 0), "south-east"),
    }
)
ROBOTORY_ROBOTS = MappingProxyType({"W": "white", "B": "black", "R": "red"})
ROBOTORY_TOKENS = MappingProxyType({"w": "white", "b": "black"})

_SHOGI_STEP = re.compile(r"^(\d[a-z])(\d[a-z])(\+?)$")
_SHOGI_DROP = re.compile(r"^([A-Z])\*(\d[a-z])$")


def seat_name(position: Position[Any], seat: int) -> str:
    """A seat as said aloud: without what the title adds in brackets ("A (sente)": "A")."""
    return position.game.seats[seat].name.split(" (")[0]


def count_words(count: int, thing: str) -> str:
    word = NUMBERS[count] if 0 <= count < len(NUMBERS) else str(count)
    return f"{word} {thing}{'' if count == 1 else 's'}"


def move_sentence(position: Position[Any], text: str, *, japanese: bool = False) -> str:
    """``text``, a move of ``position``, said by the seat to move; what cannot be read
    is said as it is written."""
    speak = _GAMES.get(position.game.name)
    if speak is not None:
        try:
            return speak(position, text, japanese)
        except (KibanError, ValueError, KeyError):
            pass
    return f"{seat_name(position, position.turn)}: {text}"


def move_words(position: Position[Any], text: str, *, japanese: bool = False) -> str:
    """The move without the seat that makes it (a choice at a prompt)."""
    sentence = move_sentence(position, text, japanese=japanese)
    seat = seat_name(position, position.turn)
    for prefix in (f"{seat}: ", f"{seat} "):
        if sentence.startswith(prefix):
            return sentence[len(prefix) :]
    return sentence


def _top(position: Position[Any], spot: Spot) -> Stone | None:
    stones = position.layout().get(spot, ())
    return stones[-1] if stones else None


# --- shogi and Robot Duel -------------------------------------------------------------


def _square(spot: Spot, japanese: bool, letters: bool) -> str:
    """``5g``: "5 seven", "go-nana"; Robot Duel keeps its letters ("2 b")."""
    file, rank = int(spot[0]), ord(spot[1]) - ord("a") + 1
    if japanese:
        return f"{JAPANESE_NUMBERS[file]}-{JAPANESE_NUMBERS[rank]}"
    return f"{file} {spot[1] if letters else NUMBERS[rank]}"


def _could_promote(position: Position[Any], text: str) -> bool:
    try:
        return position.is_legal(position.read_move(text + "+"))
    except KibanError:
        return False


def _shogi_like(
    position: Position[Any],
    text: str,
    japanese: bool,
    names: Mapping[str, tuple[str, str]],
    letters: bool,
) -> str:
    seat = seat_name(position, position.turn)
    drop = _SHOGI_DROP.match(text)
    if drop:
        kind, to = drop.groups()
        name = names[kind][0]
        if japanese:
            return f"{seat}: {name}, {_square(to, True, letters)}, uchi"
        return f"{seat}: drops {name} on {_square(to, False, letters)}"
    step = _SHOGI_STEP.match(text)
    if step is None:
        raise ValueError(f"not a move of a shogi game: {text!r}")
    origin, to, plus = step.groups()
    piece = _top(position, origin)
    if piece is None:
        raise ValueError(f"no piece on {origin}")
    name = names[piece.kind][piece.flipped]
    taken = _top(position, to)
    declined = not plus and not piece.flipped and _could_promote(position, text)
    if japanese:
        words = [f"{name}", _square(to, True, letters)]
        words += ["nari"] if plus else ["narazu"] if declined else []
        return f"{seat}: " + ", ".join(words)
    words = [f"{name} to {_square(to, False, letters)}"]
    if taken is not None:
        words.append(f"takes {names[taken.kind][taken.flipped]}")
    words += ["promotes"] if plus else ["does not promote"] if declined else []
    return f"{seat}: " + ", ".join(words)


def _shogi(position: Position[Any], text: str, japanese: bool) -> str:
    return _shogi_like(position, text, japanese, SHOGI_JAPANESE if japanese else SHOGI_NAMES, False)


def _dobutsu(position: Position[Any], text: str, japanese: bool) -> str:
    names = DOBUTSU_JAPANESE if japanese else DOBUTSU_NAMES
    return _shogi_like(position, text, japanese, names, True)


# --- Abalone ----------------------------------------------------------------------------


def _step(hole: Spot, direction: str) -> Spot:
    (rows, diagonals), _ = ABALONE_DIRECTIONS[direction]
    return f"{chr(ord(hole[0]) + rows)}{int(hole[1:]) + diagonals}"


def _abalone(position: Position[Any], text: str, japanese: bool) -> str:
    move: AbaloneMove = position.read_move(text)
    seat = seat_name(position, position.turn)
    direction = move.direction.name
    where = ABALONE_DIRECTIONS[direction][1]
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


# --- Chaturaji ----------------------------------------------------------------------------


CHATURAJI_PIECES = MappingProxyType(
    {CHATURAJI_LETTERS[kind]: name for kind, name in CHATURAJI_NAMES.items()}
)


def _chaturaji_piece(stone: Stone) -> str:
    return CHATURAJI_PIECES.get(stone.kind, stone.kind)


def _chaturaji(position: Position[Any], text: str, japanese: bool) -> str:
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
            return f"{seat_name(position, owner)}'s king returns to {CHATURAJI_CELLS[cell]}"
        case RemoveKing(cell):
            return f"{seat} takes the king off {CHATURAJI_CELLS[cell]}"
        case Exchange(cell, kind):
            name = CHATURAJI_NAMES[kind]
            return f"{seat}: the pawn on {CHATURAJI_CELLS[cell]} becomes a {name}"
        case Step(origin, target, promote):
            origin_name, target_name = CHATURAJI_CELLS[origin], CHATURAJI_CELLS[target]
            piece = _top(position, origin_name)
            taken = _top(position, target_name)
            name = "piece" if piece is None else _chaturaji_piece(piece)
            words = f"{seat}: {name} {origin_name} to {target_name}"
            if taken is not None and taken.owner is not None:
                victim = seat_name(position, taken.owner)
                words += f", takes {victim}'s {_chaturaji_piece(taken)}"
            if promote:
                words += f", becomes a {CHATURAJI_NAMES[promote]}"
            return words
    raise ValueError(f"not a Chaturaji move: {text!r}")


# --- Robotory ------------------------------------------------------------------------------


def _robotory(position: Position[Any], text: str, japanese: bool) -> str:
    move = position.read_move(text)
    seat = seat_name(position, position.turn)
    match move:
        case PlaceToken(colour, cell):
            return f"{seat} places a {ROBOTORY_TOKENS[colour]} token on {cell}"
        case Chain(robot, path):
            through = f" through {', '.join(path[1:-1])}" if len(path) > 2 else ""
            robot_name = ROBOTORY_ROBOTS[robot]
            return f"{seat} moves the {robot_name} robot from {path[0]}{through} to {path[-1]}"
        case Refill(white, black):
            counts = ((white, "white"), (black, "black"))
            taken = [count_words(n, f"{colour} token") for n, colour in counts if n]
            return f"{seat} refills {' and '.join(taken)}"
        case Pass():
            return f"{seat} passes"
    raise ValueError(f"not a Robotory move: {text!r}")


_GAMES: Mapping[str, Callable[[Position[Any], str, bool], str]] = MappingProxyType(
    {
        "shogi": _shogi,
        "dobutsu": _dobutsu,
        "abalone": _abalone,
        "chaturaji": _chaturaji,
        "robotory": _robotory,
    }
)
