"""A move in words, as a value told at the edge: said by the seat that makes it ("sente:
silver to 5 seven, promotes"; in Japanese "せんて、ご なな ぎん なり"), without it (a
spoken prompt's choices), or as a prompt's choice names it, its notation beside
("promote the chick (2b2a+)").

The words are the game's: ``Game.move_said`` gives the move as phrases of its own
catalogue with typed values (a ``MoveSaid``), which ``told`` tells here and
static/words.js on the page; a game without words for its moves has its notation
said, by the seat to move. A move that cannot be read is an error, not a silence.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.game import Position
from engine.said import SeatWord, Term, Value, alone, verbatim
from engine.said import by_seat as seated
from engine.spoken import count_words, number_words, seat_name
from firmware_host.session.state import NamedChoice
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told

__all__ = [
    "choice_said",
    "count_words",
    "move_said",
    "move_sentence",
    "number_words",
    "seat_name",
]


def move_said(position: Position[Any], text: str, *, by_seat: bool) -> Value:
    """``text``, a move of ``position``, in the game's words: said by the seat to move
    (``by_seat``), else without it."""
    words = position.game.move_said(position, text)
    if words is not None:
        return words.by_seat if by_seat else words.alone
    if not by_seat:
        return text
    return seated(SeatWord(position.turn, seat_name(position, position.turn)), verbatim(text))


def choice_said(position: Position[Any], choice: Hashable) -> Value:
    """A prompt's choice as a value: a named choice by its name (a msgid), a move in
    the game's words for it as a choice, its notation beside (a game without words
    for its moves: its notation)."""
    if isinstance(choice, NamedChoice):
        return Term(choice.NAME)
    text = position.move_text(choice)
    words = position.game.move_said(position, text)
    return text if words is None else words.label


def move_sentence(position: Position[Any], text: str, *, language: str = "en") -> str:
    """``text``, a move of ``position``, said by the seat to move in ``language``."""
    return told_in(move_said(position, text, by_seat=True), position, language)


def told_in(value: Value, position: Position[Any], language: str) -> str:
    """A move's value (``move_said``, ``choice_said``) told in ``language``."""
    return told(alone(value), Language(language), position.game)
