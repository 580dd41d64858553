"""What Kiban says rendered in a language: ``told``, the one function that turns a
``Said`` into words, and the few things named through it (a seat, a spot, an
indicator LED, a claim).

The msgid is looked up in the language's catalogue and filled with each value told in
the language: a seat by the game's ``spoken_seats``, a piece by its ``piece_words``
(the game is asked through its contract, never found by an import path), a word of
Kiban's own by the catalogue, a nested message the same way (a game's own phrase, a
move's words, by the game's catalogue in its context), a count and text as they are.
English is the msgid filled with each value's English. Nothing is read back.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.catalogue import words_in
from engine.claims import ClaimRule
from engine.game import Game
from engine.physical import Spot, Stone
from engine.said import (
    CountWord,
    Either,
    PieceWord,
    Plural,
    Said,
    Seats,
    SeatWord,
    SpotWord,
    Term,
    Value,
)
from engine.spoken import number_words
from firmware_host.telling.language import (
    Language,
    plural_form,
    translated,
    translated_plural,
)
from firmware_host.telling.spot_words import (
    indicator_said,
    place_said,
    spot_label_said,
    spot_said,
)


def seat_told(game: Game[Any] | None, seat: SeatWord, language: Language) -> str:
    """``seat`` in ``language``: its English name whole, else the game's word for it
    (a game without one: the English name without what its brackets add)."""
    if language is Language.ENGLISH:
        return seat.english
    names = None if game is None else game.seats_in(language.value)
    if names is not None and 0 <= seat.index < len(names):
        return names[seat.index]
    return seat.english.split(" (")[0]


def piece_told(game: Game[Any] | None, piece: PieceWord, language: Language) -> str:
    """``piece`` in ``language``: the game's word for it, else its English."""
    if language is Language.ENGLISH or game is None:
        return str(piece)
    return game.piece_words(language.value).get(piece.english, str(piece))


def value_told(value: Value, language: Language, game: Game[Any] | None) -> str:
    """One placeholder's value in ``language``."""
    match value:
        case Said():
            return told(value, language, game)
        case SeatWord():
            return seat_told(game, value, language)
        case Seats(seats, joiner):
            return translated(joiner, language).join(
                seat_told(game, seat, language) for seat in seats
            )
        case PieceWord():
            return piece_told(game, value, language)
        case SpotWord(spot):
            return spot if game is None else value_told(spot_said(game, spot), language, game)
        case Term(msgid):
            return translated(msgid, language)
        case Either(words, joiner):
            return translated(joiner, language).join(
                value_told(word, language, game) for word in words
            )
        case CountWord(count):
            return number_words(count, language.value)
        case str() | int():
            return str(value)
    raise AssertionError(f"no words for {value!r}")  # pragma: no cover - every Value is above


def told(said: Said, language: Language, game: Game[Any] | None = None) -> str:
    """``said`` in ``language``, in ``game``'s own words for its seats and pieces
    (None: a message that names none, told with their English)."""
    values = {name: value_told(value, language, game) for name, value in said.values}
    if said.context is not None:  # a game's own words (its moves'), in its catalogue
        return own_phrase(said, language, game).format(**values)
    if said.plural is None:
        return translated(said.msgid, language).format(**values)
    plural = Plural(said.msgid, said.plural)
    return translated_plural(plural, said.count or 0, language).format(**values)


def own_phrase(said: Said, language: Language, game: Game[Any] | None) -> str:
    """A game's own phrase (``said.context``) in ``language``, its placeholders
    unfilled: its catalogue's translation, a phrase about a count in the form the
    count takes in the language; else the English (the one or the many)."""
    many = said.plural is not None and said.count != 1
    english = said.plural if many and said.plural is not None else said.msgid
    if game is None or said.context is None:
        return english
    key = said.msgid if said.plural is None else Plural(said.msgid, said.plural).key
    own = words_in(game, said.context, (key,), language.value).get(key)
    if own is None or said.plural is None:
        return english if own is None else own
    forms = own.split("\0")
    form = plural_form(language)(said.count or 0)
    return forms[form] if 0 <= form < len(forms) else english


def seat_words(game: Game[Any], language: Language) -> Mapping[str, str]:
    """Each seat's English name (whole, and without its brackets) to its word in
    ``language``: for the texts that name a seat by its English name (a spot's owner,
    a prompt's choice)."""
    names: dict[str, str] = {}
    for index, seat in enumerate(game.seats):
        word = seat_told(game, game.seat_word(index), language)
        names[seat.name] = names[seat.name.split(" (")[0]] = word
    return MappingProxyType(names)


def claim_title(rule: ClaimRule, language: Language) -> str:
    """A claim's button text in ``language`` (each game's claims are msgids)."""
    return translated(rule.title, language)


def claim_help(rule: ClaimRule, language: Language) -> str:
    """When to make a claim, one sentence in ``language``."""
    return translated(rule.help, language)


def spot_place(game: Game[Any], spot: Spot, language: Language = Language.ENGLISH) -> str | None:
    """The place off the board ``spot`` is part of, by whose it is ("A (sente)'s
    hand", "Black's gutter"); None for a cell or a spot of no seat's."""
    place = place_said(game, spot)
    return None if place is None else told(place, language, game)


def spot_name(game: Game[Any], spot: Spot, language: Language = Language.ENGLISH) -> str:
    """``spot`` as a player would say it in ``language`` (``spot_said`` told)."""
    return value_told(spot_said(game, spot), language, game)


def spot_label(game: Game[Any], spot: Spot, language: Language = Language.ENGLISH) -> str:
    """The short word drawn beside a spot in ``language`` (``spot_label_said`` told)."""
    return value_told(spot_label_said(game, spot), language, game)


def indicator_name(game: Game[Any], name: str, language: Language = Language.ENGLISH) -> str:
    """An indicator LED by what it shows, in ``language`` (``indicator_said`` told)."""
    return value_told(indicator_said(game, name), language, game)


def indicator_caption(game: Game[Any], name: str, language: Language = Language.ENGLISH) -> str:
    """The few words under an indicator beside the board (its full name in a tooltip)."""
    return value_told(indicator_said(game, name, caption=True), language, game)


def piece_word(game: Game[Any], stone: Stone, language: Language = Language.ENGLISH) -> str:
    """A piece by its name in ``language`` (the game's spoken words; robots and tokens
    go by "the red robot", "a white token" there)."""
    name = game.piece_name(stone)
    if language is Language.ENGLISH:
        return name
    words = game.piece_words(language.value)
    said = (words.get(f"{article} {name}") for article in ("the", "a"))
    return words.get(name) or next((word for word in said if word), name)
