"""Moves named for people: a prompt's choices in words beside their notation
("promote the chick (2b2a+)", "white token (w@C2)"), and which choice a prompt
should offer first.

The notation stays what the wire and ``select`` use; these words are only shown.
Pieces are named from the engines' own tables; a game without words here shows
its notation alone.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from engine.chaturaji import board as chaturaji
from engine.dobutsu import board as dobutsu
from engine.dobutsu.board import DobutsuMove
from engine.game import Game, Position
from engine.physical import EMPTY, Reading, Sensing, Spot, Stone
from engine.robotory import board as robotory
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill
from engine.robotory.position import RobotoryPosition
from engine.shogi import tables as shogi
from engine.shogi.moves import ShogiMove
from firmware_host.session.state import PlayOnChoice, TakebackChoice

PIECE_NAMES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "dobutsu": MappingProxyType(
            {
                dobutsu.LETTERS[kind]: dobutsu.NAMES[kind]
                for kind in (dobutsu.CHICK, dobutsu.ELEPHANT, dobutsu.GIRAFFE, dobutsu.LION)
            }
        ),
        "shogi": MappingProxyType(
            {letter: shogi.NAMES[kind] for kind, letter in shogi.LETTERS.items()}
        ),
        "chaturaji": MappingProxyType(
            {letter: chaturaji.NAMES[kind] for kind, letter in chaturaji.LETTERS.items()}
        ),
        "robotory": MappingProxyType(
            {
                **{
                    letter: f"{name} token"
                    for letter, name in zip(
                        robotory.TOKEN_LETTERS, robotory.TOKEN_NAMES, strict=True
                    )
                },
                **dict(zip(robotory.ROBOT_LETTERS, robotory.ROBOT_NAMES, strict=True)),
            }
        ),
    }
)
"""Each game's pieces by the letter of their unpromoted face."""

PROMOTED_NAMES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "dobutsu": MappingProxyType({dobutsu.LETTERS[dobutsu.CHICK]: dobutsu.NAMES[dobutsu.HEN]}),
        "shogi": MappingProxyType(
            {
                shogi.LETTERS[kind]: shogi.NAMES[kind + shogi.PROMOTED]
                for kind in sorted(shogi.PROMOTABLE)
            }
        ),
    }
)
"""The names of the turned-over faces, by the letter of the unpromoted one."""


SPOT_WORDS = MappingProxyType({"hand": "stand", "stock": "stock", "gutter": "gutter"})
"""What an off-board spot's first part names (``hand:b:C`` is a seat's stand)."""

SETUP_LINES = 6
"""How many set-up steps are listed by name; the rest are counted."""


def piece_name(game: Game[Any], stone: Stone) -> str:
    """A piece as a player calls it ("chick", "hen", "silver"); its board letter
    when the game has no words for it."""
    names = (PROMOTED_NAMES if stone.flipped else PIECE_NAMES).get(game.name, {})
    return names.get(
        stone.kind if game.name == "robotory" else stone.kind.upper(), game.label(stone)
    )


def stone_phrase(game: Game[Any], stone: Stone) -> str:
    """A piece with its owner: "A (sente)'s chick", "a white token", "a black marble"."""
    name = piece_name(game, stone)
    if stone.owner is None:
        return f"the {name}" if name.endswith("robot") else f"a {name}"
    seat = game.seats[stone.owner].name
    if game.name == "abalone":
        return f"a {seat} marble"
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


def choice_label(position: Position[Any], choice: Hashable) -> str:
    """A prompt's choice in words with its notation beside it; the takeback and
    play-on choices keep their names."""
    if isinstance(choice, TakebackChoice | PlayOnChoice):
        return choice.NAME
    text = position.move_text(choice)
    words = _words(position, choice)
    return text if words is None or words == text else f"{words} ({text})"


def choice_labels(position: Position[Any], choices: Sequence[Hashable]) -> tuple[str, ...]:
    return tuple(choice_label(position, choice) for choice in choices)


def _words(position: Position[Any], move: Hashable) -> str | None:
    match move:
        case DobutsuMove(source, target, drop):
            return _piece_move(position, move, source, target, drop=drop)
        case ShogiMove(source, target, _, drop):
            letter = shogi.LETTERS[drop] if drop else None
            origin = None if source < 0 else shogi.CELL_NAMES[source]
            return _piece_move(position, move, origin, shogi.CELL_NAMES[target], drop=letter)
        case PlaceToken(colour, _):
            return f"{robotory.TOKEN_NAMES[robotory.COLOUR_OF_LETTER[colour]]} token"
        case Chain(robot, path):
            name = robotory.ROBOT_NAMES[robotory.ROBOT_OF_LETTER[robot]]
            return f"the {name} to {path[-1]}"
        case Refill(white, black):
            parts = [
                f"{count} {name}"
                for count, name in zip((white, black), robotory.TOKEN_NAMES, strict=True)
                if count
            ]
            tokens = "token" if white + black == 1 else "tokens"
            return f"take {' and '.join(parts)} {tokens}"
        case Pass():
            return "pass"
    return None


def _piece_move(
    position: Position[Any],
    move: DobutsuMove | ShogiMove,
    source: Spot | None,
    target: Spot,
    *,
    drop: str | None,
) -> str:
    """A shogi-like move: a drop, a promotion, a piece kept as it is, or a step."""
    game = position.game
    if drop is not None or source is None:
        return f"drop the {piece_name(game, Stone(drop or '?', position.turn))}"
    stones = position.layout().get(source, ())
    stone = stones[-1] if stones else Stone("?", position.turn)
    name = piece_name(game, stone)
    if move.promote:
        return f"promote the {name}"
    if not stone.flipped and position.is_legal(replace(move, promote=True)):
        return f"keep it a {name}"
    return f"move the {name} to {target}"


def initial_choice(
    position: Position[Any],
    choices: Sequence[Hashable],
    frame: Mapping[Spot, Reading],
    sensing: Sensing,
) -> int:
    """The choice a prompt selects first. A Robotory token's colour: the one the
    sensors show (a stock slot left empty names it), else the colour the mover holds
    more of; any other prompt starts at its first choice."""
    if len(choices) < 2 or not all(isinstance(c, PlaceToken) for c in choices):
        return 0

    def agreement(choice: Hashable) -> int:
        changes = position.footprint(choice, sensing).changes
        return sum(1 for spot, reading in changes if frame.get(spot) == reading)

    seen = [agreement(choice) for choice in choices]
    if max(seen) > min(seen) and seen.count(max(seen)) == 1:
        return seen.index(max(seen))
    if not isinstance(position, RobotoryPosition):
        return 0
    held = position.stock(position.turn)
    if held[0] == held[1]:
        return 0
    more = robotory.TOKEN_LETTERS[0 if held[0] > held[1] else 1]
    colours = [c.colour for c in choices if isinstance(c, PlaceToken)]
    return colours.index(more) if more in colours else 0
