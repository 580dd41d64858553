"""Moves named for people: a prompt's choices in words beside their notation
("promote the chick (2b2a+)", "white token (w@C2)"), and which choice a prompt
should offer first.

The notation stays what the wire and ``select`` use; these words are only shown.
Pieces are named from the engines' own tables; a game without words here shows
its notation alone.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.game import Game, Position
from engine.physical import EMPTY, Reading, Spot, Stone
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    HeldChoice,
    PlayOnChoice,
    PuzzleChoice,
    SetDownChoice,
    TakebackChoice,
)
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.rendering import seat_words, spot_name, spot_place
from firmware_host.telling.spoken_moves import choice_said, told_in

SPOT_WORDS = MappingProxyType({"hand": "stand", "stock": "stock", "gutter": "gutter"})
"""What an off-board spot's first part names (``hand:b:C`` is a seat's stand)."""

SETUP_LINES = 6
"""How many set-up steps are listed by name; the rest are counted."""


def piece_name(game: Game[Any], stone: Stone) -> str:
    """A piece as a player calls it (the game's own words: ``Game.piece_name``)."""
    return game.piece_name(stone)


def stone_phrase(game: Game[Any], stone: Stone) -> str:
    """A piece with its owner: "A (sente)'s chick", "a white token", "a black marble"."""
    name = piece_name(game, stone)
    if stone.owner is None:
        return f"the {name}" if name.endswith("robot") else f"a {name}"
    seat = game.seats[stone.owner].name
    if game.seat_is_colour:
        return f"a {seat} {name}"
    return f"{seat}'s {name}"


def spot_phrase(game: Game[Any], spot: Spot) -> str:
    """A spot as players call it: a cell by its name, a place beside the board by
    whose it is ("A (sente)'s stand", "slot 2 of light's stock"), never a raw id."""
    parts = spot.split(":")
    seats = {seat.letter: seat.name for seat in game.seats}
    if len(parts) != 3 or parts[1] not in seats:
        return spot
    place = f"{seats[parts[1]]}'s {SPOT_WORDS.get(parts[0], parts[0])}"
    return f"slot {parts[2]} of {place}" if parts[2].isdigit() else place


def piece_word(game: Game[Any], stone: Stone, language: Language = Language.ENGLISH) -> str:
    """A piece by its name in ``language`` (the game's spoken words; robots and tokens
    go by "the red robot", "a white token" there)."""
    name = piece_name(game, stone)
    if language is Language.ENGLISH:
        return name
    words = game.piece_words(language.value)
    said = (words.get(f"{article} {name}") for article in ("the", "a"))
    return words.get(name) or next((word for word in said if word), name)


def _stone_told(game: Game[Any], stone: Stone, language: Language) -> str:
    """``stone_phrase`` in ``language``: the piece, and whose it is."""
    piece = piece_word(game, stone, language)
    if stone.owner is None:
        return piece
    seat = game.seats[stone.owner].name
    seat = seat_words(game, language).get(seat, seat)
    msgid = N_("a {seat} {piece}") if game.seat_is_colour else N_("{seat}'s {piece}")
    return translated(msgid, language).format(seat=seat, piece=piece)


def _spot_told(game: Game[Any], spot: Spot, language: Language) -> str:
    """``spot_phrase`` in ``language``: a cell by its name, a hand by whose it is, a
    slot by its number and whose it is."""
    if spot.startswith("hand:"):
        return spot_place(game, spot, language) or spot
    return spot_name(game, spot, language)


SETUP_WORDS = (
    N_("take the piece off {spot}"),
    N_("turn the piece on {spot} over: {stone}"),
    N_("put {stone} on {spot}"),
    N_("and {count} more (the lit cells)"),
)
"""A set-up step in words (``setup_steps``), each a msgid."""


def setup_steps(
    position: Position[Any],
    missing: frozenset[Spot],
    extra: frozenset[Spot],
    frame: Mapping[Spot, Reading],
    language: Language = Language.ENGLISH,
) -> tuple[str, ...]:
    """What the hands must do to set the board up, one step a line by the cells'
    names ("put A (sente)'s chick on 2b", "take the piece off 3c"), the first few
    listed and the rest counted, in ``language``."""
    game = position.game
    layout = position.layout()
    english = language is Language.ENGLISH
    take, turn, put, more = (translated(msgid, language) for msgid in SETUP_WORDS)

    def where(spot: Spot) -> str:
        return spot_phrase(game, spot) if english else _spot_told(game, spot, language)

    def stone(piece: Stone) -> str:
        return stone_phrase(game, piece) if english else _stone_told(game, piece, language)

    steps = []
    for spot in sorted(missing):
        stones = layout.get(spot, ())
        if not stones:
            steps.append(take.format(spot=where(spot)))
        elif frame.get(spot, EMPTY) != EMPTY and spot in game.cells:
            steps.append(turn.format(spot=where(spot), stone=stone(stones[-1])))
        else:
            steps.append(put.format(stone=stone(stones[-1]), spot=where(spot)))
    steps += [take.format(spot=where(spot)) for spot in sorted(extra)]
    if len(steps) > SETUP_LINES:
        count = len(steps) - SETUP_LINES + 1
        steps = [*steps[: SETUP_LINES - 1], more.format(count=count)]
    return tuple(steps)


CHOICE_NAMES = (
    N_("takeback"),
    N_("play on"),
    N_("accept"),
    N_("decline"),
    N_("only set down"),
    N_("still in the hand"),
    N_("confirm the result"),
    N_("not agreed"),
)
"""The named choices' names (``NamedChoice.NAME``), msgids for a prompt's labels."""


def choice_label(
    position: Position[Any], choice: Hashable, language: Language = Language.ENGLISH
) -> str:
    """A prompt's choice in words with its notation beside it, in ``language`` (a move
    in the game's own words for it as a choice, ``choice_said``); the takeback and
    play-on choices by their names."""
    return told_in(choice_said(position, choice), position, language.value)


def choice_labels(
    position: Position[Any], choices: Sequence[Hashable], language: Language = Language.ENGLISH
) -> tuple[str, ...]:
    return tuple(choice_label(position, choice, language) for choice in choices)


def prompt_heading(choices: Sequence[str], language: Language = Language.ENGLISH) -> str:
    """What a prompt asks, as its heading says it in ``language`` (``heading_msgid``)."""
    return translated(heading_msgid(choices), language)


def heading_msgid(choices: Sequence[str]) -> str:
    """What a prompt asks, a msgid: whether to promote, which piece is dropped, which
    token it is, whether to take a move back, ... (the choices, by name, below it)."""
    names = set(choices)
    takeback, play_on = TakebackChoice.NAME, PlayOnChoice.NAME
    if len(choices) == 2 and f"{min(choices, key=len)}+" == max(choices, key=len):
        msgid = N_("Promote?")
    elif names == {takeback, play_on}:
        msgid = N_("Take it back?")
    elif names == {PuzzleChoice.NAME, play_on}:
        msgid = N_("A puzzle?")
    elif names == {AcceptChoice.NAME, DeclineChoice.NAME}:
        msgid = N_("The other board asks")
    elif SetDownChoice.NAME in names:
        msgid = N_("Played, or only set down?")
    elif HeldChoice.NAME in names:
        msgid = N_("Played, or still in the hand?")
    elif all("*" in choice for choice in choices):
        msgid = N_("Which piece is dropped?")
    elif all("@" in choice for choice in choices):
        msgid = N_("Which token?")
    else:
        msgid = N_("Which move?")
    return msgid
