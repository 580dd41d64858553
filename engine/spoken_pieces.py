"""Moves of the games whose pieces step, take, drop and promote (shogi and Robot
Duel) in words, as values: which phrase the move is (a drop, a step, a capture, a
promotion made or declined) and the pieces, seat and square that fill it. The move's
text does not name the piece, so it is read from the position *before* the move.

The phrases are msgids each game declares (``Game.move_msgids``) and its own
catalogue translates in the ``move`` context, beside its pieces' names, from its rule
book; the telling room tells them in a language (firmware_host/telling/rendering.py, and
static/words.js on the page). A taken piece follows a colon in Polish and Czech
("zdobywa: biały robot") so that its name needs no case of its own; Japanese says no
capture. A square is a phrase too, filled with its file and rank as digits and as
words, so that each language picks: "5 seven" in English, "5 7" in Polish, "ご なな"
in Japanese; Robot Duel keeps its ranks' letters ("2 b").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.errors import KibanError, NotationError
from engine.game import Position
from engine.physical import Spot, Stone
from engine.said import (
    BY_SEAT,
    CountWord,
    MoveSaid,
    PieceWord,
    Said,
    SeatWord,
    Value,
    by_seat,
    labelled,
    move_phrase,
)
from engine.spoken import seat_name, top

_STEP = re.compile(r"^(\d[a-z])(\d[a-z])(\+?)$")
_DROP = re.compile(r"^([A-Z])\*(\d[a-z])$")

Names = Mapping[str, tuple[str, str]]
"""A game's pieces by letter: plain and promoted (flipped)."""

DROPS = "drops {piece} on {square}"
STEPS = "{piece} to {square}"
TAKES = "{piece} to {square}, takes {taken}"
PROMOTES = "{piece} to {square}, promotes"
DECLINES = "{piece} to {square}, does not promote"
TAKES_PROMOTES = "{piece} to {square}, takes {taken}, promotes"
TAKES_DECLINES = "{piece} to {square}, takes {taken}, does not promote"
"""A move without who makes it, by what it does."""

DROP_LABEL = "drop the {piece}"
PROMOTE_LABEL = "promote the {piece}"
KEEP_LABEL = "keep it a {piece}"
MOVE_LABEL = "move the {piece} to {target}"
"""A move as a prompt's choice names it (``{target}``: the cell's id, as the board
prints it; ``{square}``, as the move says it, for a language that says it; ``{move}``,
the whole move as spoken, what it takes too, which Polish, Czech, French and Japanese
name a choice by: "goniec na 2 2, zdobywa: goniec, przemiana")."""

NUMBERED_SQUARE = "{file} {rank_word}"
"""A shogi square ("5 seven"): its file and rank as ``{file}`` and ``{rank}`` digits,
``{file_word}`` and ``{rank_word}`` words."""
LETTERED_SQUARE = "{file} {letter}"
"""A Robot Duel square ("2 b"): as ``NUMBERED_SQUARE``, and its rank's ``{letter}``."""

PHRASES = (
    BY_SEAT,
    DROPS,
    STEPS,
    TAKES,
    PROMOTES,
    DECLINES,
    TAKES_PROMOTES,
    TAKES_DECLINES,
    DROP_LABEL,
    PROMOTE_LABEL,
    KEEP_LABEL,
    MOVE_LABEL,
)
"""The msgids both games say their moves with (each adds its square's)."""

_ALONE = {  # (takes, promotes, declines) to the phrase
    (False, False, False): STEPS,
    (True, False, False): TAKES,
    (False, True, False): PROMOTES,
    (False, False, True): DECLINES,
    (True, True, False): TAKES_PROMOTES,
    (True, False, True): TAKES_DECLINES,
}


def square(spot: Spot, letters: bool) -> Said:
    """``5g`` as a phrase of its file and rank (``letters``: Robot Duel's)."""
    file, rank = int(spot[0]), ord(spot[1]) - ord("a") + 1
    values: dict[str, Value] = {"file": file, "rank": rank}
    values |= {"file_word": CountWord(file), "rank_word": CountWord(rank)}
    if letters:
        return move_phrase(LETTERED_SQUARE, letter=spot[1], **values)
    return move_phrase(NUMBERED_SQUARE, **values)


def _could_promote(position: Position[Any], text: str) -> bool:
    try:
        return position.is_legal(position.read_move(text + "+"))
    except KibanError:
        return False


def shogi_like(position: Position[Any], text: str, names: Names, *, letters: bool) -> MoveSaid:
    """A move of a shogi-like game in words, its pieces called by ``names`` (English,
    by letter: the game's catalogue translates them, ``msgctxt "piece"``)."""
    seat = SeatWord(position.turn, seat_name(position, position.turn))

    def piece(stone: Stone) -> PieceWord:
        return PieceWord(names[stone.kind][stone.flipped])

    drop = _DROP.match(text)
    if drop:
        kind, to = drop.groups()
        dropped = PieceWord(names[kind][0])
        where = square(to, letters)
        alone = move_phrase(DROPS, piece=dropped, square=where)
        named = move_phrase(DROP_LABEL, piece=dropped, square=where, move=alone)
        return MoveSaid(by_seat(seat, alone), alone, labelled(named, text))
    step = _STEP.match(text)
    if step is None:
        raise NotationError(f"not a move of a shogi game: {text!r}")
    origin, to, plus = step.groups()
    moved = top(position, origin)
    if moved is None:
        raise NotationError(f"no piece on {origin} to play {text!r}")
    taken = top(position, to)
    declined = not plus and not moved.flipped and _could_promote(position, text)
    values: dict[str, Value] = {"piece": piece(moved), "square": square(to, letters)}
    shape = (taken is not None, bool(plus), declined)
    alone = move_phrase(_ALONE[shape], **values, **({"taken": piece(taken)} if taken else {}))
    label = PROMOTE_LABEL if plus else KEEP_LABEL if declined else MOVE_LABEL
    named = move_phrase(label, target=to, move=alone, **values)
    return MoveSaid(by_seat(seat, alone), alone, labelled(named, text))
