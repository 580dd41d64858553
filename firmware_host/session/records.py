"""Game records for download: what was played, in formats chosen per game.

Every game can be written as plain text (headers, then the moves in the game's
own notation). A game with formats of its own (shogi's KIF and CSA) adds them
to ``_all_formats`` below, one import line and one tuple entry, as games are
added to the engine's registry; the web page offers whatever ``formats(game)``
lists.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import KibanError
from engine.game import Game, Position
from engine.options import Options
from engine.outcome import Outcome
from engine.registry import find_game

if TYPE_CHECKING:
    from firmware_host.session.controller import Controller
    from firmware_host.session.storage import StoredGame


class UnknownFormatError(KibanError, LookupError):
    """No record format of that name for this game."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as played so far: everything a record writer needs.

    ``movers`` holds the seat that made each move. ``start`` is the position
    the game started from, in the game's notation; ``standard_start`` says
    whether that is the game's usual start.
    """

    game: Game[Any]
    game_id: int
    options: Options
    start: str
    standard_start: bool
    moves: tuple[str, ...]
    movers: tuple[int, ...]
    outcome: Outcome | None
    result: str
    started: str | None = None  # "YYYY/MM/DD HH:MM:SS", local time, when known

    @classmethod
    def of(cls, controller: Controller) -> GameRecord:
        """The record of a controller's current game (read only; the controller is
        not changed)."""
        from firmware_host.session.storage import StorageError

        try:
            wall = controller.store.load(controller.game_id).created_wall
        except StorageError:
            wall = None
        return cls.of_position(
            controller.game, controller.game_id, controller.position, controller.outcome, wall
        )

    @classmethod
    def of_stored(cls, stored: StoredGame) -> GameRecord:
        """The record of a stored game, its moves replayed through the rules."""
        game = find_game(stored.game)
        position = game.position(stored.start, stored.options)
        for move in stored.moves():
            position.push_text(move)
        return cls.of_position(game, stored.id, position, stored.outcome, stored.created_wall)

    @classmethod
    def of_position(
        cls,
        game: Game[Any],
        game_id: int,
        position: Position[Any],
        outcome: Outcome | None,
        wall: float | None = None,
    ) -> GameRecord:
        probe = position.copy()
        played = []
        while probe.move_stack:
            played.append(probe.pop())
        start = probe.text()
        moves: list[str] = []
        movers: list[int] = []
        for move in reversed(played):
            movers.append(probe.turn)
            moves.append(probe.move_text(move))
            probe.push(move)
        standard = start == game.position(None, position.options).text()
        return cls(
            game=game,
            game_id=game_id,
            options=position.options,
            start=start,
            standard_start=standard,
            moves=tuple(moves),
            movers=tuple(movers),
            outcome=outcome,
            result="*" if outcome is None else game.describe_outcome(outcome),
            started=None
            if wall is None
            else time.strftime("%Y/%m/%d %H:%M:%S", time.localtime(wall)),
        )


def _calendar(wall: float) -> str:
    return time.strftime("%Y/%m/%d %H:%M:%S", time.localtime(wall))


@dataclass(frozen=True, slots=True)
class RecordFormat:
    """A way to write a record: ``games`` empty means it serves every game."""

    name: str
    title: str
    extension: str
    media_type: str
    write: Callable[[GameRecord], str]
    games: frozenset[str] = frozenset()

    def serves(self, game: str) -> bool:
        return not self.games or game in self.games

    def filename(self, record: GameRecord) -> str:
        return f"kiban-{record.game.name}-{record.game_id}.{self.extension}"


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_plain_text(record: GameRecord) -> str:
    """Headers in brackets, then the moves: a new numbered line each time the
    turn comes round again (a seat's roll and the move after it share a line)."""
    game = record.game
    headers = [
        ("Game", game.title),
        ("Kiban", game.name),
        ("Record", str(record.game_id)),
        *((f"Seat{index + 1}", seat.name) for index, seat in enumerate(game.seats)),
        ("Options", " ".join(f"{key}={value}" for key, value in record.options.items())),
        ("Start", record.start),
        ("Result", record.result),
    ]
    if record.started is not None:
        headers.insert(3, ("Date", record.started))
    if record.outcome is not None:
        headers.append(("Termination", record.outcome.termination.value))
    lines = [f"[{name} {_quote(value)}]" for name, value in headers]
    lines.append("")
    rows: list[list[str]] = []
    seats = len(game.seats)
    first = record.movers[0] if record.movers else 0
    previous: int | None = None
    for move, mover in zip(record.moves, record.movers, strict=True):
        # seats counted round the table from the first mover: the count falls when a
        # round ends, even if the first mover has left the game since
        place = (mover - first) % seats
        if previous is None or place < previous:
            rows.append([])
        rows[-1].append(move)
        previous = place
    lines += [f"{number}. {' '.join(row)}" for number, row in enumerate(rows, start=1)]
    lines.append(record.result)
    return "\n".join(lines) + "\n"


PLAIN_TEXT = RecordFormat(
    "txt",
    "plain text (headers and moves)",
    "txt",
    "text/plain; charset=utf-8",
    write_plain_text,
)


def _all_formats() -> tuple[RecordFormat, ...]:
    # A game with formats of its own imports them here, as the registry does games.
    from firmware_host.session.shogi_records import CSA, KIF, USI

    return (PLAIN_TEXT, KIF, CSA, USI)


def formats(game: str) -> tuple[RecordFormat, ...]:
    """The formats a game's records can be written in, plain text first."""
    return tuple(f for f in _all_formats() if f.serves(game))


def find_format(game: str, name: str) -> RecordFormat:
    for record_format in formats(game):
        if record_format.name == name:
            return record_format
    known = ", ".join(f.name for f in formats(game))
    raise UnknownFormatError(f"{game} records come as {known}, not {name!r}")
