"""What every game's spoken moves share: numbers in words, a seat as said aloud, the
piece on a spot. Each game's own words are in its package (``<game>/spoken.py``),
offered by ``Game.move_sentence``."""

from __future__ import annotations

from typing import Any

from engine.game import Position
from engine.physical import Spot, Stone

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
JAPANESE_NUMBERS = ("", "ichi", "ni", "san", "yon", "go", "roku", "nana", "hachi", "kyu")


def number_words(count: int) -> str:
    """A count as said aloud: words up to nine, digits beyond."""
    return NUMBERS[count] if 0 <= count < len(NUMBERS) else str(count)


def count_words(count: int, thing: str) -> str:
    return f"{number_words(count)} {thing}{'' if count == 1 else 's'}"


def seat_name(position: Position[Any], seat: int) -> str:
    """A seat as said aloud: without what the title adds in brackets ("A (sente)": "A")."""
    return position.game.seats[seat].name.split(" (")[0]


def top(position: Position[Any], spot: Spot) -> Stone | None:
    """The stone on top of ``spot``, None when it is empty."""
    stones = position.layout().get(spot, ())
    return stones[-1] if stones else None
