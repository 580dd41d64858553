"""What every game's spoken moves share: the languages, numbers in words, a seat as
said aloud, the piece on a spot. Each game's own words are in its package
(``<game>/spoken.py``), offered by ``Game.move_said``; each names the rule book
its terms come from (docs/languages.md).

Japanese is written in kana: espeak-ng's Japanese voice reads kana, not kanji nor
romaji. Polish and Czech put a count after a colon ("kule: 2") rather than agree a
noun with it, as their plurals need three forms.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.catalogue import LANGUAGES
from engine.game import Position
from engine.physical import Spot, Stone

__all__ = ["LANGUAGES", "count_words", "number_words", "seat_name", "top"]

NUMBER_WORDS = MappingProxyType(
    {
        "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
        "ja": ("ぜろ", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"),
        "pl": (
            "zero",
            "jeden",
            "dwa",
            "trzy",
            "cztery",
            "pięć",
            "sześć",
            "siedem",
            "osiem",
            "dziewięć",
        ),
        "cs": ("nula", "jedna", "dva", "tři", "čtyři", "pět", "šest", "sedm", "osm", "devět"),
        "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    }
)
NUMBERS = NUMBER_WORDS["en"]
JAPANESE_NUMBERS = ("", *NUMBER_WORDS["ja"][1:])


def number_words(count: int, language: str = "en") -> str:
    """A count as said aloud: words up to nine, digits beyond."""
    words = NUMBER_WORDS.get(language, NUMBERS)
    return words[count] if 0 <= count < len(words) else str(count)


def count_words(count: int, thing: str) -> str:
    return f"{number_words(count)} {thing}{'' if count == 1 else 's'}"


def seat_name(position: Position[Any], seat: int, language: str = "en") -> str:
    """A seat as said aloud: without what the title adds in brackets ("A (sente)": "A"),
    in ``language`` where the game names its seats in it."""
    names = position.game.seats_in(language)
    if names is not None:
        return names[seat]
    return position.game.seats[seat].name.split(" (")[0]


def top(position: Position[Any], spot: Spot) -> Stone | None:
    """The stone on top of ``spot``, None when it is empty."""
    stones = position.layout().get(spot, ())
    return stones[-1] if stones else None
