"""``kiban list`` (also ``kiban games --stored``): the stored games, one line each, so
that a game can be found by its number for ``kiban export`` or ``--record``.

A game's date is when it began by the calendar (the store's ``created_wall``); its
players are its seats, a seat the computer played named with the player stored in
the game's ``opponent`` setting. A game read in from a record file (``kiban sim
--record``) is listed as the file has it: its players by name, the day the file says
it began (as written), its time control (as written), and while its moves are still
the file's, the file's ending (issue 81: it was listed as "sente vs gote", "playing",
dated the day it was read in). A game begun here shows its clock's setting, else "-".
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.record import RecordInfo
from engine.registry import find_game
from firmware_host.opponents.seats import parse_opponents
from firmware_host.store.imported import move_time, read_imported
from firmware_host.store.storage import GameStatus, StoredGame


@dataclass(frozen=True, slots=True)
class Listed:
    """One stored game as the list shows it."""

    number: int
    date: str
    game: str
    players: str
    time_control: str
    result: str
    moves: int

    def cells(self) -> tuple[str, ...]:
        number, moves = str(self.number), str(self.moves)
        return (number, self.date, self.game, self.players, self.time_control, self.result, moves)


HEADINGS = ("#", "date", "game", "players", "time", "result", "moves")


def listed(stored: StoredGame) -> Listed:
    """The list's line of a stored game; a game Kiban no longer knows is still listed,
    by its stored name."""
    date = "-"
    if stored.created_wall is not None:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(stored.created_wall))
    clock = str(stored.settings.get("clock", "")) or "-"
    try:
        game = find_game(stored.game)
    except KibanError:
        result = _result(stored, None)
        return Listed(stored.id, date, stored.game, "-", clock, result, _count(stored))
    imported = read_imported(stored.settings)
    players, result = _players(game, stored), _result(stored, game)
    if imported is not None:
        info = imported.info
        date = info.started or date
        clock = info.time_control or clock
        if any(info.players):
            players = _players(game, stored, info.players)
        if _still_the_files(stored, imported.plies):
            result = _files_ending(game, info) or result
    return Listed(stored.id, date, game.name, players, clock, result, _count(stored))


def _still_the_files(stored: StoredGame, plies: int) -> bool:
    """Whether a game read in is still the file's: its ending not its own, every move
    on the board read in and none after (``with_imported`` asks the same)."""
    line = stored.move_records()
    return stored.outcome is None and len(line) == plies and all(move_time(m)[0] for m in line)


def _files_ending(game: Game[Any], info: RecordInfo) -> str:
    """How the file said its game ended ("" where it did not)."""
    if info.outcome is not None:
        return str(game.describe_outcome(info.outcome))
    if info.suspended:
        return "sealed" if info.sealed else "broken off"
    return ""


def _count(stored: StoredGame) -> int:
    return len(stored.moves())


def _players(game: Game[Any], stored: StoredGame, named: tuple[str, ...] = ()) -> str:
    """Who played, seat by seat: the name a record read in gave (``named``), else the
    seat's."""
    try:
        computer = parse_opponents(game, str(stored.settings.get("opponent", "")))
    except KibanError:
        computer = {}  # a setting this Kiban cannot read: the seats are still named
    names = []
    for index, seat in enumerate(game.seats):
        name = named[index] if index < len(named) and named[index] else seat.name
        spec = computer.get(index)
        names.append(name if spec is None else f"{name} [computer {spec.text()}]")
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
