"""The words the page tells what Kiban says with, served by language (``/said``).

What the server says to the page (a remote game's wait, the computer's verdict, why a
claim would fail, the online dialog's search) travels as its value, a msgid and typed
values (``wire/notice_records.said_record``), and the page tells it in its own
language (static/words.js, ``told``) as ``telling/said.py`` tells it here: with the
catalogue's translations of the msgids, and each game's own words for its seats and
pieces (``Game.spoken_seats``, ``Game.piece_words``, asked through the contract) and
the names of its spots off the board. So a
page in Japanese never needs the server to have guessed its language.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.registry import games
from engine.spoken import number_words
from firmware_host.telling.language import (
    Language,
    catalogue_plurals,
    catalogue_words,
    plural_rule,
)
from firmware_host.telling.spot_names import spot_name


def said_words(language: Language) -> dict[str, Any]:
    """``words``: each msgid to its translation in ``language`` (none in English);
    ``plurals`` and ``plural_rule``: the words about a count in each plural form, and
    the catalogue's rule for which form a count takes; ``numbers``: the counts up to
    nine as said aloud;
    ``games``: each registered game's seats and pieces in its words for ``language``,
    and the phrases of its moves (``Said.context`` ``"move"``, ``Game.move_phrases``)
    (a game without them: none, and the page says their English), and its spots off
    the board by their names (in English too: an id is no word for a person)."""
    if language is Language.ENGLISH:
        return {
            "words": {},
            "plurals": [],
            "plural_rule": "n != 1",
            "numbers": list(number_words_of(language)),
            "games": {game.name: {"spots": spot_names(game, language)} for game in games()},
        }
    return {
        "words": catalogue_words(language),
        "plurals": catalogue_plurals(language),
        "plural_rule": plural_rule(language),
        "numbers": list(number_words_of(language)),
        "games": {
            game.name: {
                "seats": list(game.spoken_seats.get(language.value, ())),
                "pieces": dict(game.piece_words(language.value)),
                "moves": dict(game.move_phrases(language.value)),
                "spots": spot_names(game, language),
            }
            for game in games()
        },
    }


def spot_names(game: Game[Any], language: Language) -> dict[str, str]:
    """Each of ``game``'s spots off the board by its name in ``language`` (a cell is its
    own name: a ``SpotWord`` of one is told as its id)."""
    return {spot: spot_name(game, spot, language) for spot in sorted(game.off_board_spots)}


def number_words_of(language: Language) -> tuple[str, ...]:
    """How ``language`` says the counts up to nine aloud (``CountWord``), by count."""
    return tuple(number_words(count, language.value) for count in range(10))
