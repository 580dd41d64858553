"""The words check: a game's catalogues load, each one it ships beside its package has
every msgid the game says, translated (an entry the same as its English only where a
``#. identical on purpose`` comment says so: a name, a loanword) with the msgid's
placeholders, and nothing it does not say; every move and roll of a few random
positions, and every reason its rules give for an illegal move there, is told in every
language without a word missing, each reason one of the msgids it marks, filled.

A word is missing when the game names a phrase of its moves or a piece it does not
declare (``move_msgids``, ``move_plurals``, ``piece_names``), or, in a language it ships
a catalogue for, a phrase or a piece that catalogue does not translate, or a seat when
it words its seats in some language but not in that one; and a told text with a
placeholder left (``{``) has one missing too. A game that declares no words at all has
its notation and its seats' English said, which is no word missing.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable
from string import Formatter
from typing import Any

from engine.catalogue import CONTEXT, MOVE, CatalogueError, read_po
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
from firmware_host.telling.msgids import (
    game_catalogue_path,
    game_msgids,
    host_msgids,
    missing_entries,
)
from firmware_host.telling.rendering import told
from firmware_host.telling.spoken_moves import choice_said, move_said
from firmware_host.telling.spot_words import spot_said
from firmware_host.testing.lines import (
    SIMS,
    about,
    cases,
    playable,
    random_line,
    sample_positions,
)

MOVES_PER_POSITION = 400
"""The most moves of one position told (a seeded sample of a crowded board's chains)."""

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)
DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
"""A word said twice running in an English sentence."""
IDENTICAL = re.compile(r"^#\. identical on purpose.*\n(?:#.*\n)*msgid (\".*\")$", re.M)
"""An entry marked the same as its English on purpose (an extracted comment above it)."""


def identical_on_purpose(text: str) -> frozenset[str]:
    """The msgids a catalogue's ``text`` marks as the same in its language on purpose."""
    quoted = IDENTICAL.findall(text)
    return frozenset(next(iter(read_po(f"msgid {each}\nmsgstr {each}\n"))) for each in quoted)


def placeholders(text: str) -> set[str]:
    """The ``{named}`` places of a msgid or its translation."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def catalogues(game: Game[Any], said: tuple[str, ...]) -> None:
    """Each catalogue the game gives loads, and each it ships as a file beside its
    package lacks none of its msgids (the failure lists the entries to add, for a
    translator to fill in), translates each with its placeholders, and holds nothing
    the game does not say (``said``: its msgids, ``game_msgids``)."""
    for language in TRANSLATED:
        text = game.catalogue(language.value)
        if text is not None:
            try:
                entries = read_po(text, f"{game.name}'s {language.value} catalogue")
            except CatalogueError as error:
                raise AssertionError(str(error)) from None
            with about(f"{game.name}'s {language.value} catalogue"):
                check_entries(game, said, entries, identical_on_purpose(text))
        if game_catalogue_path(game, language).is_file():
            missing = missing_entries(language, game)
            assert missing == "", (
                f"{game.name}'s {language.value} catalogue lacks these entries:\n{missing}"
            )


def check_entries(
    game: Game[Any], said: tuple[str, ...], entries: dict[str, str], same: frozenset[str]
) -> None:
    """Each of the game's msgids its catalogue holds keeps the msgid's placeholders in
    every form, and differs from its English unless marked the same on purpose; no entry
    is one the game does not say (a word left from an older version). The phrases of
    its moves (context ``move``) may take other values than their English shows (Japanese
    notation leaves out the piece taken, or names the move): telling each move in each
    language checks them."""
    for key in said:
        if key not in entries:
            continue  # missing: the entries to add are listed after
        context, _, msgid = key.rpartition(CONTEXT)
        english = placeholders(msgid.split("\0")[-1])  # a plural's: its many's
        for form in entries[key].split("\0") if not context else ():
            assert placeholders(form) == english, (
                f"{msgid!r} is translated {form!r}: not its placeholders"
            )
        if not context and "\0" not in msgid and entries[key] == msgid:
            assert msgid in same, (
                f"{msgid!r} is left in English: translate it, or mark it"
                " '#. identical on purpose: <why>' above its msgid (a name, a loanword)"
            )
    stale = sorted(set(entries) - {""} - set(said))
    assert not stale, f"entries for words {game.name} does not say: {stale}"


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
    if language is Language.ENGLISH:
        # a word said twice running: an article written both in the sentence and in its
        # piece's word ("a a pawn"), which no catalogue check sees
        doubled = DOUBLED.search(text)
        assert doubled is None, f"{subject} in English says {doubled.group(0)!r}: {text!r}"
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


def check_reasons_told(position: Position[Any], marked: frozenset[str]) -> None:
    """Every reason the rules give for an illegal move of ``position`` is one of the
    ``marked`` msgids (``N_``), its placeholders filled, told in every language."""
    game = position.game
    for move, reason in position.illegal_moves():
        text = position.move_text(move)
        assert reason.msgid in marked, (
            f"{text}: its reason {reason.msgid!r} is no msgid marked N_ in {game.name}'s"
            " package or Kiban's"
        )
        assert placeholders(reason.msgid) == set(reason.fields), (
            f"{text}: its reason {reason.msgid!r} filled with {sorted(reason.fields)}"
        )
        for language in Language:
            check_told(game, reason, language, f"{text}'s reason")


def words(game: Game[Any], *, sims: int = SIMS) -> None:
    """The game's catalogues load and are whole; the moves, rolls and end of its
    ``sims`` random games are told in every language without a word missing, and so
    are the reasons its rules give for illegal moves in every position the contract
    walks."""
    said = game_msgids(game)
    catalogues(game, said)
    for position in sample_positions(game, sims):
        with about(f"{game.name} after {len(position.move_stack)} plies"):
            check_moves_told(position)
    marked = frozenset(said) | host_msgids()
    for case in cases(game, sims):
        with about(case):
            check_reasons_told(case.position(), marked)
    for seed in range(sims):
        end = game.position()
        for move in random_line(game, (), seed):
            end.push_text(move)
        outcome = end.outcome()
        if outcome is not None:
            for language in Language:
                check_told(game, game.describe_outcome(outcome), language, "the end")
