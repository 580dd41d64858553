"""Moves of the games whose pieces step, take, drop and promote (shogi and Robot
Duel), said aloud with each game's names for its pieces. The move's text does not
name the piece, so the sentence is read from the position *before* the move.

The phrases per language are here; the pieces' names are each game's (its English
words in its spoken.py, theirs in each language in its catalogue, from its rule
book). A taken piece follows a colon in Polish and Czech ("zdobywa: biały robot") so
that its name needs no case of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError, NotationError
from engine.game import Position
from engine.physical import Spot
from engine.spoken import NUMBER_WORDS, seat_name, top

_STEP = re.compile(r"^(\d[a-z])(\d[a-z])(\+?)$")
_DROP = re.compile(r"^([A-Z])\*(\d[a-z])$")

Names = Mapping[str, tuple[str, str]]
"""A game's pieces by letter: plain and promoted (flipped)."""


@dataclass(frozen=True, slots=True)
class Phrases:
    """One language's sentences of a shogi-like move, with ``{names}`` to fill."""

    drop: str
    step: str
    takes: str
    promotes: str
    declines: str
    joiner: str = ", "


PHRASES = MappingProxyType(
    {
        "en": Phrases(
            "{seat}: drops {piece} on {square}",
            "{piece} to {square}",
            "takes {taken}",
            "promotes",
            "does not promote",
        ),
        # kana: ``uchi`` (a drop), ``nari``, ``narazu``; the square before the piece's move
        "ja": Phrases(
            "{seat}、{piece}、{square}、うち", "{piece}、{square}", "", "なり", "ならず", "、"
        ),
        # seeds/000 (Pojedynek robotów): wprowadzić do gry, zdobywa, przemiana
        "pl": Phrases(
            "{seat}: wprowadza do gry: {piece}, na {square}",
            "{piece} na {square}",
            "zdobywa: {taken}",
            "przemiana",
            "bez przemiany",
        ),
        # seeds/001 (Czech shogi rules): vložit z ruky, zajmout, povýšit
        "cs": Phrases(
            "{seat}: vkládá z ruky: {piece}, na {square}",
            "{piece} na {square}",
            "zajímá: {taken}",
            "povyšuje",
            "nepovyšuje",
        ),
        # no French rule book of shogi: parachuter, the usual French term for a drop
        "fr": Phrases(
            "{seat} : parachute {piece} en {square}",
            "{piece} en {square}",
            "prend {taken}",
            "avec promotion",
            "sans promotion",
        ),
    }
)


def square(spot: Spot, language: str, letters: bool) -> str:
    """``5g``: "5 seven", in Japanese "ご・なな", else "5 7" (the voice says the digits
    in its language); Robot Duel keeps its letters ("2 b")."""
    file, rank = int(spot[0]), ord(spot[1]) - ord("a") + 1
    if language == "ja":
        numbers = NUMBER_WORDS["ja"]
        return f"{numbers[file]}・{numbers[rank]}"  # Robot Duel's letters too: kana only
    if language == "en":
        return f"{file} {spot[1] if letters else NUMBER_WORDS['en'][rank]}"
    return f"{file} {spot[1] if letters else rank}"


def _could_promote(position: Position[Any], text: str) -> bool:
    try:
        return position.is_legal(position.read_move(text + "+"))
    except KibanError:
        return False


def shogi_like(
    position: Position[Any],
    text: str,
    language: str,
    names: Names,
    *,
    letters: bool,
) -> str:
    """A move of a shogi-like game said aloud in ``language``, its pieces called by
    ``names`` (English, by letter) in the game's words for the language (its catalogue:
    ``Game.piece_words``; English where it has none)."""
    phrases = PHRASES.get(language, PHRASES["en"])
    told = position.game.piece_words(language)
    pieces = {
        letter: tuple(told.get(name, name) for name in pair) for letter, pair in names.items()
    }
    seat = seat_name(position, position.turn, language)
    drop = _DROP.match(text)
    if drop:
        kind, to = drop.groups()
        where = square(to, language, letters)
        return phrases.drop.format(seat=seat, piece=pieces[kind][0], square=where)
    step = _STEP.match(text)
    if step is None:
        raise NotationError(f"not a move of a shogi game: {text!r}")
    origin, to, plus = step.groups()
    piece = top(position, origin)
    if piece is None:
        raise NotationError(f"no piece on {origin} to play {text!r}")
    name = pieces[piece.kind][piece.flipped]
    taken = top(position, to)
    declined = not plus and not piece.flipped and _could_promote(position, text)
    words = [phrases.step.format(piece=name, square=square(to, language, letters))]
    if taken is not None and phrases.takes:
        words.append(phrases.takes.format(taken=pieces[taken.kind][taken.flipped]))
    words += [phrases.promotes] if plus else [phrases.declines] if declined else []
    separator = {"ja": "、", "fr": " : "}.get(language, ": ")
    return seat + separator + phrases.joiner.join(words)
