"""The board message's words in every language: the spots' names and labels, the
indicators' names and the captions beside them, the pieces' names.

The page draws the board once per board message and tells its words again, in
place, when its language changes (board.js ``renameBoard``): each word comes with its
English and in every other language (``name_in``, ``label_in``, ``text_in``; a spot's
only where a language says it otherwise), the seats and pieces in the game's own
words (telling/spot_names.py, the game's ``spoken_seats`` and ``piece_words``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.game import Game
from engine.geometry import Seat
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.spot_names import indicator_caption, indicator_name
from firmware_host.telling.spot_words import TURN
from firmware_host.web.drawing.spots import Drawing, draw
from firmware_host.web.words.page_texts import OTHER_LANGUAGES, seat_said
from hardware.profile import Profile

DICE = N_("dice {n}: {seat}")
"""A seat's die LED (``dice:1:3``), by its number."""


MARBLE = N_("marble")
"""Abalone's piece, which its spoken words do not name."""


def piece_said(game: Game[Any], name: str, language: Language) -> str:
    """A piece's name (``Game.piece_name``: "giraffe", "white robot") in the game's own
    words for ``language`` (``Game.piece_words``), else as a msgid."""
    words = game.piece_words(language.value)
    for said in (name, f"the {name}", f"a {name}"):
        if said in words:
            return words[said]
    return translated(name, language) if name == MARBLE else name


def piece_names_in(game: Game[Any], book: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Each face's name of the piece book (web/drawing/pieces.py) in every other language, by
    its key (the board message's ``piece_names_in``)."""
    return {
        key: {x.value: piece_said(game, entry["name"], x) for x in OTHER_LANGUAGES}
        for key, entry in book.items()
    }


def indicator_words(game: Game[Any], name: str, language: Language) -> tuple[str, str]:
    """An indicator's name and its caption in ``language`` (``dice:1:3``: "dice 3:
    green"; ``turn:0``: "turn: A (sente)")."""
    kind, *rest = name.split(":")
    if rest and rest[0].isdigit() and int(rest[0]) < len(game.seats):
        seat = seat_said(game, game.seats[int(rest[0])].name, language)
        if kind == "dice" and len(rest) == 2:
            said = translated(DICE, language).format(n=rest[1], seat=seat)
            return said, said
        if kind == "turn" and len(rest) == 1:
            said = translated(TURN, language).format(seat=seat)
            return said, said
    return indicator_name(game, name, language), indicator_caption(game, name, language)


def seats_said(game: Game[Any], language: Language) -> tuple[Seat, ...]:
    """The game's seats named in ``language``."""
    return tuple(replace(seat, name=seat_said(game, seat.name, language)) for seat in game.seats)


def drawn(game: Game[Any], profile: Profile, language: Language = Language.ENGLISH) -> Drawing:
    """``game`` drawn on ``profile`` with the indicators' words in ``language``."""
    seats = game.seats if language is Language.ENGLISH else seats_said(game, language)
    return draw(
        game.geometry,
        profile.leds,
        seats,
        lambda name: indicator_words(game, name, language),
    )


def drawn_in(game: Game[Any], profile: Profile) -> dict[Language, Drawing]:
    """The drawing again in every other language (its words; its places are the same)."""
    return {language: drawn(game, profile, language) for language in OTHER_LANGUAGES}


def differing(english: str, told: Sequence[tuple[Language, str]]) -> dict[str, str] | None:
    """The words in each language, or None when every language says ``english``."""
    if all(said == english for _, said in told):
        return None
    return {language.value: said for language, said in told}
