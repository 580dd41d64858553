"""Moves of the games whose pieces step, take, drop and promote (shogi and Robot
Duel), said aloud with each game's names for its pieces. The move's text does not
name the piece, so the sentence is read from the position *before* the move."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.errors import KibanError, NotationError
from engine.game import Position
from engine.physical import Spot
from engine.spoken import JAPANESE_NUMBERS, NUMBERS, seat_name, top

_STEP = re.compile(r"^(\d[a-z])(\d[a-z])(\+?)$")
_DROP = re.compile(r"^([A-Z])\*(\d[a-z])$")


def square(spot: Spot, japanese: bool, letters: bool) -> str:
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


def shogi_like(
    position: Position[Any],
    text: str,
    japanese: bool,
    names: Mapping[str, tuple[str, str]],
    *,
    letters: bool,
) -> str:
    """A move of a shogi-like game said aloud, its pieces called by ``names``."""
    seat = seat_name(position, position.turn)
    drop = _DROP.match(text)
    if drop:
        kind, to = drop.groups()
        name = names[kind][0]
        if japanese:
            return f"{seat}: {name}, {square(to, True, letters)}, uchi"
        return f"{seat}: drops {name} on {square(to, False, letters)}"
    step = _STEP.match(text)
    if step is None:
        raise NotationError(f"not a move of a shogi game: {text!r}")
    origin, to, plus = step.groups()
    piece = top(position, origin)
    if piece is None:
        raise NotationError(f"no piece on {origin} to play {text!r}")
    name = names[piece.kind][piece.flipped]
    taken = top(position, to)
    declined = not plus and not piece.flipped and _could_promote(position, text)
    if japanese:
        words = [f"{name}", square(to, True, letters)]
        words += ["nari"] if plus else ["narazu"] if declined else []
        return f"{seat}: " + ", ".join(words)
    words = [f"{name} to {square(to, False, letters)}"]
    if taken is not None:
        words.append(f"takes {names[taken.kind][taken.flipped]}")
    words += ["promotes"] if plus else ["does not promote"] if declined else []
    return f"{seat}: " + ", ".join(words)
