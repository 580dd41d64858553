"""Setting up a position by the LEDs: which pieces the set-up guide lights, and the
steps it lists in words for a screen.

A board a few pieces away from the game (a takeback, a piece knocked over) lights
every spot to fix at once: the players see the whole change. A board far from it (a
record read in, a position to study, a new game on a cleared board) lights one spot
at a time, so that each light says exactly what to do next: first the pieces to take
off (they free the cells the others go to), then the pieces to place, the board's
cells in the game's order before the places beside it (the hands, the stock).

The steps in words name the cells as the board prints them and a place beside the
board by whose it is ("put A (sente)'s chick on 2b", "take the piece off 3c"); the
first few are listed and the rest counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.game import Game, Position
from engine.physical import EMPTY, Reading, Spot, Stone
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.rendering import piece_word, seat_words, spot_name, spot_place

ALL_AT_ONCE = 4
"""The most spots to fix that are lit together; more are lit one at a time."""


@dataclass(frozen=True, slots=True)
class SetupStep:
    """What the guide lights: the spots to fill and to empty, and how many of each
    remain in all (more than are lit, one at a time)."""

    missing: frozenset[Spot]
    extra: frozenset[Spot]
    to_place: int
    to_remove: int

    @property
    def one_at_a_time(self) -> bool:
        return len(self.missing) + len(self.extra) < self.to_place + self.to_remove

    def describe(self) -> str:
        text = f"set up the board: {self.to_place} to place, {self.to_remove} to remove"
        if not self.one_at_a_time:
            return text
        if self.extra:
            return f"{text}; take the piece off {next(iter(self.extra))} first"
        return f"{text}; put a piece on {next(iter(self.missing))} next"


def setup_step(
    expected: Mapping[Spot, Reading], frame: Mapping[Spot, Reading], order: Sequence[Spot]
) -> SetupStep:
    """The spots to light while the board is set up; ``order``: the game's spots, the
    cells first."""
    missing = {s for s, r in expected.items() if r != EMPTY and frame.get(s, EMPTY) != r}
    extra = {s for s, r in frame.items() if r != EMPTY and expected.get(s, EMPTY) == EMPTY}
    if len(missing) + len(extra) <= ALL_AT_ONCE:
        return SetupStep(frozenset(missing), frozenset(extra), len(missing), len(extra))
    rank = {spot: index for index, spot in enumerate(order)}

    def first(spots: set[Spot]) -> Spot:
        return min(spots, key=lambda spot: (rank.get(spot, len(rank)), spot))

    if extra:
        return SetupStep(frozenset(), frozenset({first(extra)}), len(missing), len(extra))
    return SetupStep(frozenset({first(missing)}), frozenset(), len(missing), len(extra))


SPOT_WORDS = MappingProxyType({"hand": "stand", "stock": "stock", "gutter": "gutter"})
"""What an off-board spot's first part names (``hand:b:C`` is a seat's stand)."""

SETUP_LINES = 6
"""How many set-up steps are listed by name; the rest are counted."""


def stone_phrase(game: Game[Any], stone: Stone) -> str:
    """A piece with its owner: "A (sente)'s chick", "a white token", "a black marble"."""
    name = game.piece_name(stone)
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
