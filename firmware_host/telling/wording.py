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
from firmware_host.session.state import NamedChoice
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.spoken_moves import move_words

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


def setup_steps(
    position: Position[Any],
    missing: frozenset[Spot],
    extra: frozenset[Spot],
    frame: Mapping[Spot, Reading],
) -> tuple[str, ...]:
    """What the hands must do to set the board up, one step a line by the cells'
    names ("put A (sente)'s chick on 2b", "take the piece off 3c"), the first few
    listed and the rest counted."""
    game = position.game
    layout = position.layout()
    steps = []
    for spot in sorted(missing):
        stones = layout.get(spot, ())
        where = spot_phrase(game, spot)
        if not stones:
            steps.append(f"take the piece off {where}")
        elif frame.get(spot, EMPTY) != EMPTY and spot in game.cells:
            steps.append(f"turn the piece on {where} over: {stone_phrase(game, stones[-1])}")
        else:
            steps.append(f"put {stone_phrase(game, stones[-1])} on {where}")
    steps += [f"take the piece off {spot_phrase(game, spot)}" for spot in sorted(extra)]
    if len(steps) > SETUP_LINES:
        more = len(steps) - SETUP_LINES + 1
        steps = [*steps[: SETUP_LINES - 1], f"and {more} more (the lit cells)"]
    return tuple(steps)


CHOICE_NAMES = (N_("takeback"), N_("play on"), N_("accept"), N_("decline"))
"""The named choices' names (``NamedChoice.NAME``), msgids for a prompt's labels."""


def choice_label(
    position: Position[Any], choice: Hashable, language: Language = Language.ENGLISH
) -> str:
    """A prompt's choice in words with its notation beside it, in ``language`` (a move
    in the game's own words for it, as it is said); the takeback and play-on choices
    by their names."""
    if isinstance(choice, NamedChoice):
        return translated(choice.NAME, language)
    text = position.move_text(choice)
    if language is Language.ENGLISH:
        words = position.move_words(choice)
    else:
        words = move_words(position, text, language=language.value)
    return text if words is None or words == text else f"{words} ({text})"


def choice_labels(
    position: Position[Any], choices: Sequence[Hashable], language: Language = Language.ENGLISH
) -> tuple[str, ...]:
    return tuple(choice_label(position, choice, language) for choice in choices)
