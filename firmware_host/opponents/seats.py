"""Which seats the computer plays, as ``--opponent w=level:3`` says it.

A seat is named by its letter (``b``, ``w``), its name (``gote``) or its number;
the player behind it by one of ``level:N`` (the built-in search at level N),
``random`` (a random legal move), ``engine`` or ``engine:N`` (Fairy-Stockfish
where the game has it, else the built-in search) and ``usi:PATH`` or
``usi:PATH@N`` (any USI engine); or ``remote``: another board plays it, over the
network (``firmware_host/remote``). Several seats are joined by commas.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import PurePath
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.record import GameRecord
from engine.search.levels import LEVELS, Level, LevelError, level

TOP = LEVELS[-1]


class OpponentError(KibanError, ValueError):
    """An opponent that cannot be set: the seat or the player is not known."""


class OpponentKind(Enum):
    BUILTIN = "level"
    RANDOM = "random"
    ENGINE = "engine"  # the outside engine Kiban knows for the game (Fairy-Stockfish)
    USI = "usi"  # a USI engine at a path the user gives
    REMOTE = "remote"  # another board's players: its moves arrive over the network


@dataclass(frozen=True, slots=True)
class OpponentSpec:
    """Who plays a computer seat, and how strongly."""

    kind: OpponentKind
    level: Level = TOP
    path: str | None = None

    def text(self) -> str:
        """The spec as it is written (and stored with the game)."""
        match self.kind:
            case OpponentKind.BUILTIN:
                return f"level:{self.level.number}"
            case OpponentKind.RANDOM:
                return "random"
            case OpponentKind.ENGINE:
                return "engine" if self.level is TOP else f"engine:{self.level.number}"
            case OpponentKind.USI:
                suffix = "" if self.level is TOP else f"@{self.level.number}"
                return f"usi:{self.path}{suffix}"
            case OpponentKind.REMOTE:
                return "remote"
        raise AssertionError(self.kind)  # pragma: no cover

    def player_name(self) -> str:
        """The seat's player as a record names it: ``Kiban level 3``, ``engine level
        10``, ``YaneuraOu level 5`` (the USI engine's file name); "" for another
        board's player, whom this board does not know. An ``engine`` seat is not named
        Fairy-Stockfish: the store does not say whether the built-in search stood in."""
        match self.kind:
            case OpponentKind.BUILTIN:
                return f"Kiban level {self.level.number}"
            case OpponentKind.RANDOM:
                return "Kiban random moves"
            case OpponentKind.ENGINE:
                return f"engine level {self.level.number}"
            case OpponentKind.USI:
                return f"{PurePath(self.path or 'usi').name} level {self.level.number}"
            case OpponentKind.REMOTE:
                return ""
        raise AssertionError(self.kind)  # pragma: no cover


def parse_spec(text: str) -> OpponentSpec:
    """One player: ``level:3``, ``random``, ``engine[:N]``, ``usi:PATH[@N]``."""
    word = text.strip()
    kind, _, rest = word.partition(":")
    try:
        match kind:
            case "level":
                return OpponentSpec(OpponentKind.BUILTIN, level(rest))
            case "random" if not rest:
                return OpponentSpec(OpponentKind.RANDOM)
            case "remote" if not rest:
                return OpponentSpec(OpponentKind.REMOTE)
            case "engine":
                return OpponentSpec(OpponentKind.ENGINE, level(rest) if rest else TOP)
            case "usi" if rest:
                path, at, number = rest.rpartition("@") if "@" in rest else (rest, "", "")
                return OpponentSpec(OpponentKind.USI, level(number) if at else TOP, path)
    except LevelError as error:
        raise OpponentError(f"opponent {word!r}: {error}") from None
    raise OpponentError(
        f"opponent {word!r} is not one of level:N (1-10), random, engine[:N], usi:PATH[@N], remote"
    )


def seat_index(game: Game[Any], name: str) -> int:
    """The seat called ``name``: its letter, its name (or a word of it: ``gote`` for
    ``B (gote)``), its colour or its number."""
    wanted = name.strip().lower()
    for index, seat in enumerate(game.seats):
        words = seat.name.lower().replace("(", " ").replace(")", " ").split()
        if wanted in (seat.letter.lower(), seat.name.lower(), seat.colour, str(index), *words):
            return index
    known = ", ".join(f"{seat.letter} ({seat.name})" for seat in game.seats)
    raise OpponentError(f"{game.title} has no seat {name!r} (seats: {known})")


def parse_opponents(game: Game[Any], text: str) -> Mapping[int, OpponentSpec]:
    """Every computer seat of ``w=level:3,b=random`` (an empty text: none)."""
    chosen: dict[int, OpponentSpec] = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        seat, sep, spec = part.partition("=")
        if not sep:
            raise OpponentError(f"opponent {part!r} must be SEAT=PLAYER, e.g. w=level:3")
        index = seat_index(game, seat)
        if index in chosen:
            raise OpponentError(f"seat {seat.strip()!r} is given twice")
        chosen[index] = parse_spec(spec)
    return MappingProxyType(chosen)


def opponents_text(game: Game[Any], chosen: Mapping[int, OpponentSpec]) -> str:
    """The text ``parse_opponents`` reads back."""
    return ",".join(f"{game.seats[i].letter}={chosen[i].text()}" for i in sorted(chosen))


def with_computer_names(game: Game[Any], record: GameRecord, opponent: str) -> GameRecord:
    """``record`` with each seat the computer played (``opponent``, as stored with the
    game: ``w=level:3``) named by its player where the record names nobody, so that an
    export says who played it instead of leaving it blank. A name the record has (a
    game read in keeps its file's) stays; a setting this Kiban cannot read names none."""
    try:
        computer = parse_opponents(game, opponent)
    except KibanError:
        return record
    names = list((*record.players, *([""] * len(game.seats)))[: len(game.seats)])
    for index, spec in computer.items():
        if not names[index]:
            names[index] = spec.player_name()
    if not any(names):
        return record
    return replace(record, players=tuple(names))
