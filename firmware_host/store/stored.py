"""What a game store holds, as values: a stored game and its records (moves and
takebacks, each with when it was made), and how a row of the store is read back into
them, checked field by field (a row Kiban did not write is refused, never guessed).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.outcome import Outcome, Termination
from firmware_host.store.store_file import (
    GameStatus,
    RecordKind,
)


@dataclass(frozen=True, slots=True)
class Record:
    """One entry of a game's history: a move, or a takeback of ``plies`` moves."""

    seq: int
    kind: RecordKind
    ply: int
    move: str | None
    plies: int
    at: float
    data: Mapping[str, Any]
    wall: float | None = None  # when it was made, by the calendar (epoch s)


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: int
    game: str
    options: Mapping[str, str]
    start: str | None
    settings: Mapping[str, Any]
    status: GameStatus
    outcome: Outcome | None
    started_at: float
    ended_at: float | None
    records: tuple[Record, ...]
    clock: tuple[float, ...] | None = None
    created_wall: float | None = None  # when the game began, by the calendar (epoch s)

    def moves(self) -> list[str]:
        """The moves on the board now: the records with takebacks applied."""
        return [record.move for record in self.move_records() if record.move is not None]

    def move_records(self) -> list[Record]:
        """The records of the moves on the board now (takebacks applied): each with when
        it was made."""
        line: list[Record] = []
        for record in self.records:
            if record.kind is RecordKind.MOVE and record.move is not None:
                line.append(record)
            elif record.kind is RecordKind.TAKEBACK:
                del line[len(line) - record.plies :]
        return line


def _number(value: object, *, null: bool = False) -> float | None:
    if value is None and null:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{value!r} is not a number")
    return float(value)


def _integer(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def json_field(value: object, shape: type, *, null: bool = False) -> Any:
    """A column of JSON text read as ``shape`` (a dict, a list); TypeError if it is not."""
    if value is None and null:
        return None
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not JSON text")
    read = json.loads(value)
    if not isinstance(read, shape):
        raise TypeError(f"{value!r} is not a JSON {shape.__name__}")
    return read


def _text(value: object, *, null: bool = False) -> str | None:
    if (value is None and null) or isinstance(value, str):
        return value
    raise TypeError(f"{value!r} is not text")


def record_from_row(row: tuple[Any, ...]) -> Record:
    """A ``records`` row (its columns in ``store_file.RECORDS`` order) as Kiban wrote
    it; ValueError, TypeError or KeyError when it is not."""
    _, seq, kind, ply, move, plies, at, data, wall = row
    return Record(
        seq=_integer(seq),
        kind=RecordKind(kind),
        ply=_integer(ply),
        move=_text(move, null=True),
        plies=0 if plies is None else _integer(plies),
        at=float(_number(at) or 0.0),
        data=json_field(data, dict, null=True) or {},
        wall=_number(wall, null=True),
    )


def game_from_row(row: tuple[Any, ...], records: tuple[Record, ...]) -> StoredGame:
    """A ``games`` row (its columns in ``store_file.GAMES`` order) and its records as
    Kiban wrote them; ValueError, TypeError or KeyError when they are not."""
    (
        game_id,
        game,
        options,
        start,
        settings,
        status,
        termination,
        winners,
        started_at,
        ended_at,
        clock,
        created_wall,
    ) = row
    outcome = None
    if termination is not None:
        seats = json_field(winners, list, null=True) or []
        outcome = Outcome(Termination[termination], frozenset(_integer(s) for s in seats))
    options = json_field(options, dict)
    if not all(isinstance(v, str) for v in options.values()):
        raise TypeError(f"the options {options!r} are not all text")
    times = json_field(clock, list, null=True)
    return StoredGame(
        id=_integer(game_id),
        game=str(_text(game)),
        options=options,
        start=_text(start, null=True),
        settings=json_field(settings, dict),
        status=GameStatus(status),
        outcome=outcome,
        started_at=float(_number(started_at) or 0.0),
        ended_at=_number(ended_at, null=True),
        records=records,
        clock=None if times is None else tuple(float(_number(t) or 0.0) for t in times),
        created_wall=_number(created_wall, null=True),
    )
