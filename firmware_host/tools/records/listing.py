"""``kiban list`` (also ``kiban games --stored``): the stored games, one line each, so
that a game can be found by its number for ``kiban export`` or ``--record``.

A game's date is when it began by the calendar (the store's ``created_wall``); its
players are its seats, a seat the computer played named with the player stored in
the game's ``opponent`` setting.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.registry import find_game
from firmware_host.opponents.seats import parse_opponents
from firmware_host.store.storage import GameStatus, StoredGame


@dataclass(frozen=True, slots=True)
class Listed:
    """One stored game as the list shows it."""

    number: int
    date: str
    game: str
    players: str
    result: str
    moves: int

    def cells(self) -> tuple[str, ...]:
        return (str(self.number), self.date, self.game, self.players, self.result, str(self.moves))


HEADINGS = ("#", "date", "game", "players", "result", "moves")


def listed(stored: StoredGame) -> Listed:
    """The list's line of a stored game; a game Kiban no longer knows is still listed,
    by its stored name."""
    date = "-"
    if stored.created_wall is not None:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(stored.created_wall))
    try:
        game = find_game(stored.game)
    except KibanError:
        return Listed(stored.id, date, stored.game, "-", _result(stored, None), _count(stored))
    return Listed(
        stored.id, date, game.name, _players(game, stored), _result(stored, game), _count(stored)
    )


def _count(stored: StoredGame) -> int:
    return len(stored.moves())


def _players(game: Game[Any], stored: StoredGame) -> str:
    try:
        computer = parse_opponents(game, str(stored.settings.get("opponent", "")))
    except KibanError:
        computer = {}  # a setting this Kiban cannot read: the seats are still named
    names = []
    for index, seat in enumerate(game.seats):
        spec = computer.get(index)
        names.append(seat.name if spec is None else f"{seat.name} [computer {spec.text()}]")
    return " vs ".join(names)


def _result(stored: StoredGame, game: Game[Any] | None) -> str:
    if stored.status is GameStatus.ABANDONED:
        return "abandoned"
    if stored.outcome is None:
        return "playing"
    if game is not None:
        return str(game.describe_outcome(stored.outcome))
    return stored.outcome.termination.value


def table(rows: list[Listed]) -> list[str]:
    """The lines of the list: headings, then a game a line, in aligned columns (the
    last column unpadded)."""
    lines = [HEADINGS, *(row.cells() for row in rows)]
    widths = [max(len(line[i]) for line in lines) for i in range(len(HEADINGS))]
    out = []
    for line in lines:
        padded = [cell.ljust(width) for cell, width in zip(line[:-1], widths[:-1], strict=True)]
        out.append("  ".join([*padded, line[-1].rjust(widths[-1])]).rstrip())
    return out
