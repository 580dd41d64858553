"""A move as a sentence a player hears, in each game's own terms and the language
told in ("sente: silver to 5 seven, promotes"; in Japanese "せんて、ぎん、ご・なな、なり").

The words are the game's (``Game.move_sentence``, in each game's ``spoken.py``); a
game without words for its moves has its notation said, by the seat to move. A move
that cannot be read is an error, not a silence.
"""

from __future__ import annotations

from typing import Any

from engine.game import Position
from engine.spoken import count_words, number_words, seat_name

__all__ = ["count_words", "move_sentence", "move_words", "number_words", "seat_name"]


def move_sentence(position: Position[Any], text: str, *, language: str = "en") -> str:
    """``text``, a move of ``position``, said by the seat to move in ``language``."""
    said = position.game.move_sentence(position, text, language=language)
    if said is None:
        return f"{seat_name(position, position.turn, language)}: {text}"
    return said


def move_words(position: Position[Any], text: str, *, language: str = "en") -> str:
    """The move without the seat that makes it (a choice at a prompt)."""
    sentence = move_sentence(position, text, language=language)
    seat = seat_name(position, position.turn, language)
    for prefix in (f"{seat}: ", f"{seat} : ", f"{seat}、", f"{seat} "):
        if sentence.startswith(prefix):
            return sentence[len(prefix) :]
    return sentence
