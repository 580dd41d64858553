"""The words check: a game's catalogues load, each one it ships beside its package has
every msgid the game says, and every move and roll of a few random positions is told in
every language without a word missing.

A word is missing when the game names a phrase of its moves or a piece it does not
declare (``move_msgids``, ``move_plurals``, ``piece_names``), or, in a language it ships
a catalogue for, a phrase or a piece that catalogue does not translate, or a seat when
it words its seats in some language but not in that one; and a told text with a
placeholder left (``{``) has one missing too. A game that declares no words at all has
its notation and its seats' English said, which is no word missing.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from engine.catalogue import MOVE, CatalogueError, read_po
from engine.game import Game, Position
from engine.said import (
    BY_SEAT,
    Either,
    PieceWord,
    Plural,
    Said,
    Seats,
    SeatWord,
    SpotWord,
    Value,
    alone,
)
from firmware_host.telling.language import Language
from firmware_host.telling.msgids import game_catalogue_path, missing_entries
from firmware_host.telling.said import told
from firmware_host.telling.spoken_moves import choice_said, move_said
from firmware_host.telling.spot_words import spot_said
from firmware_host.testing.lines import SIMS, about, playable, random_line, sample_positions

MOVES_PER_POSITION = 400
"""The most moves of one position told (a seeded sample of a crowded board's chains)."""

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)


def catalogues(game: Game[Any]) -> None:
    """Each catalogue the game gives loads, and each it ships as a file beside its
    package lacks none of its msgids (``python -m firmware_host.telling.msgids`` adds
    the ones it lacks, for a translator to fill in)."""
    for language in TRANSLATED:
        text = game.catalogue(language.value)
        if text is not None:
            try:
                read_po(text, f"{game.name}'s {language.value} catalogue")
            except CatalogueError as error:
                raise AssertionError(str(error)) from None
        if game_catalogue_path(game, language).is_file():
            missing = missing_entries(language, game)
            assert missing == "", (
                f"{game.name}'s {language.value} catalogue lacks these entries:\n{missing}"
            )


def _told_in(game: Game[Any], language: Language) -> bool:
    """Whether the game has words of its own in ``language`` (a catalogue for it)."""
    return language is not Language.ENGLISH and game.catalogue(language.value) is not None


def _phrase_missing(said: Said, language: Language, game: Game[Any]) -> list[str]:
    """A phrase of the game's moves it does not declare, or does not give in
    ``language`` though it has a catalogue for it."""
    if said.context != MOVE:
        return []
    key = said.msgid if said.plural is None else Plural(said.msgid, said.plural).key
    declared = {*game.move_msgids, *(each.key for each in game.move_plurals)}
    if key == BY_SEAT and not declared:
        return []  # a game without words for its moves: its notation by its seat
    if key not in declared:
        return [f"the phrase {said.msgid!r}, not among its move_msgids"]
    if _told_in(game, language) and key not in game.move_phrases(language.value):
        return [f"the phrase {said.msgid!r} in {language.value}"]
    return []


def _piece_missing(piece: PieceWord, language: Language, game: Game[Any]) -> list[str]:
    if piece.english not in game.piece_names:
        return [f"the piece {piece.english!r}, not among its piece_names"]
    if _told_in(game, language) and piece.english not in game.piece_words(language.value):
        return [f"the piece {piece.english!r} in {language.value}"]
    return []


def _seats_missing(language: Language, game: Game[Any]) -> list[str]:
    worded = bool(game.spoken_seats)  # in some language
    if worded and _told_in(game, language) and game.seats_in(language.value) is None:
        return [f"its seats in {language.value}"]
    return []


def missing_words(value: Value, language: Language, game: Game[Any]) -> list[str]:
    """The words ``value`` needs that ``game`` does not declare, or does not give in
    ``language`` though it tells in it (a catalogue of its own)."""
    inner: tuple[Value, ...] = ()
    match value:
        case Said():
            found = _phrase_missing(value, language, game)
            inner = tuple(each for _, each in value.values)
        case PieceWord():
            found = _piece_missing(value, language, game)
        case SeatWord():
            found = _seats_missing(language, game)
        case Seats(seats=seats):
            found, inner = [], seats
        case Either(words=words):
            found, inner = [], words
        case SpotWord(spot=spot):
            found, inner = [], (spot_said(game, spot),)
        case _:
            found = []
    return found + [word for each in inner for word in missing_words(each, language, game)]


def check_told(game: Game[Any], value: Value, language: Language, subject: str) -> None:
    """``value`` told in ``language``: some words, no placeholder left, no word missing."""
    text = told(alone(value), language, game)
    assert text and "{" not in text, f"{subject} in {language.value}: {text!r}"
    missing = missing_words(value, language, game)
    assert not missing, f"{subject} in {language.value} lacks {', '.join(missing)}"


def told_moves(position: Position[Any]) -> list[Hashable]:
    """The moves (or rolls) of ``position`` the check tells: every one, or a seeded
    sample of a crowded board's."""
    moves = playable(position)
    if len(moves) <= MOVES_PER_POSITION:
        return moves
    return random.Random(position.text()).sample(moves, MOVES_PER_POSITION)


def check_moves_told(position: Position[Any]) -> None:
    """Every move and roll of ``position`` told in every language: said by its seat,
    alone, and as a prompt's choice."""
    game = position.game
    for move in told_moves(position):
        text = position.move_text(move)
        values = (
            move_said(position, text, by_seat=True),
            move_said(position, text, by_seat=False),
            choice_said(position, move),
        )
        for language in Language:
            for value in values:
                check_told(game, value, language, text)


def words(game: Game[Any], *, sims: int = SIMS) -> None:
    """The game's catalogues load and are whole; the moves, rolls and end of its
    ``sims`` random games are told in every language without a word missing."""
    catalogues(game)
    for position in sample_positions(game, sims):
        with about(f"{game.name} after {len(position.move_stack)} plies"):
            check_moves_told(position)
    for seed in range(sims):
        end = game.position()
        for move in random_line(game, (), seed):
            end.push_text(move)
        outcome = end.outcome()
        if outcome is not None:
            for language in Language:
                check_told(game, game.describe_outcome(outcome), language, "the end")
