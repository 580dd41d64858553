"""Game records for download: the engine's ``GameRecord`` built from a session or a
stored game, and the formats its game lists (``Game.record_formats``)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import KibanError
from engine.game import Game, Position
from engine.outcome import Outcome, Termination
from engine.record import Branch, BranchCount, GameRecord, RecordFormat, Variations
from engine.registry import find_game
from engine.said import NP_, Said, Term, plural_said
from firmware_host.store.imported import move_time, with_imported
from firmware_host.store.review_notes import MoveNote, read_notes, with_comments

if TYPE_CHECKING:
    from firmware_host.store.storage import StoredGame


class UnknownFormatError(KibanError, LookupError):
    """No record format of that name for this game."""


def stored_record(stored: StoredGame) -> GameRecord:
    """The record of a stored game, its moves replayed through the rules, each with the
    time it took."""
    game = find_game(stored.game)
    position = stored_position(game, stored)
    record = position_record(game, stored.id, position, stored.outcome, stored.created_wall)
    return kept_record(game, record, stored)


def kept_record(
    game: Game[Any],
    record: GameRecord,
    stored: StoredGame,
    notes: Sequence[MoveNote] | None = None,
) -> GameRecord:
    """``record`` (of ``stored``'s moves) with what the store keeps beside them: each
    move's time, what the record it was read from said (``imported``), and a review
    (``notes``, by default the one kept with it)."""
    record = dataclasses.replace(record, times=move_times(stored), ending_time=time_run_out(stored))
    record = with_imported(game, record, stored.settings, stored.move_records())
    return with_comments(record, read_notes(stored.settings) if notes is None else notes)


def move_times(stored: StoredGame) -> tuple[float | None, ...]:
    """How long each move on the board took: from the move before (the game's start,
    for the first) to it, as the board saw them committed, by the session's clock; by
    the calendar across a restart (where the session's clock began again), when both
    moves have it; else not known. Nobody presses anything for it: a game two people
    play on the board has its times. A move read in from a record (all played at once,
    as the game began) has the time the record gave it, or none: never 0:00."""
    times: list[float | None] = []
    before, wall_before = stored.started_at, stored.created_wall
    for record in stored.move_records():
        read_in, given = move_time(record)
        if read_in:  # a move of a record read in: the time the record gave, if any
            times.append(given)
            before, wall_before = record.at, record.wall
            continue
        spent: float | None = record.at - before
        if record.at < before:  # the session's clock began again: a restart
            known = record.wall is not None and wall_before is not None
            spent = record.wall - wall_before if record.wall and wall_before and known else None
        times.append(spent if spent is not None and spent >= 0 else None)
        before, wall_before = record.at, record.wall
    return tuple(times)


def time_run_out(stored: StoredGame) -> float | None:
    """How long the side to move thought before its time ran out, in a game lost on
    time: from the last move (the game's start, for none) to the game's end, by the
    session's clock; None for any other ending, or across a restart (the clock began
    again, and the calendar is not kept for the end)."""
    outcome = stored.outcome
    if outcome is None or outcome.termination is not Termination.TIME_FORFEIT:
        return None
    if stored.ended_at is None:
        return None
    line = stored.move_records()
    before = line[-1].at if line else stored.started_at
    return stored.ended_at - before if stored.ended_at >= before else None


def stored_position(game: Game[Any], stored: StoredGame) -> Position[Any]:
    """Where a stored game of ``game`` stands, its moves replayed through the rules."""
    position: Position[Any] = game.position(stored.start, stored.options)
    for move in stored.moves():
        position.push_text(move)
    return position


def position_record(
    game: Game[Any],
    game_id: int,
    position: Position[Any],
    outcome: Outcome | None,
    wall: float | None = None,
) -> GameRecord:
    """The record of the moves that led to ``position``; ``wall`` is when the game
    started (seconds since the epoch), written in local time."""
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
    return GameRecord(
        game=game.name,
        title=game.title,
        seats=tuple(seat.name for seat in game.seats),
        game_id=game_id,
        options=position.options,
        start=start,
        standard_start=start == game.position(None, position.options).text(),
        moves=tuple(moves),
        movers=tuple(movers),
        outcome=outcome,
        result="*" if outcome is None else str(game.describe_outcome(outcome)),
        started=None if wall is None else _calendar(wall),
    )


def _calendar(wall: float) -> str:
    return time.strftime("%Y/%m/%d %H:%M:%S", time.localtime(wall))


def formats(game: str) -> tuple[RecordFormat, ...]:
    """The formats a game's records can be written in, plain text first."""
    return find_game(game).record_formats()


def find_format(game: str, name: str) -> RecordFormat:
    for record_format in formats(game):
        if record_format.name == name:
            return record_format
    known = ", ".join(f.name for f in formats(game))
    raise UnknownFormatError(f"{game} records come as {known}, not {name!r}")


IN_WORDS = NP_(
    "{format} has no form for variations: the record's {count} variation is written in "
    "words, as a comment on the move it is played instead of",
    "{format} has no form for variations: the record's {count} variations are written in "
    "words, as comments on the moves they are played instead of",
)
LEFT_OUT = NP_(
    "{format} has no form for variations: the record's {count} variation is left out",
    "{format} has no form for variations: the record's {count} variations are left out",
)


def variations_note(record: GameRecord, record_format: RecordFormat) -> Said | None:
    """What the player is told of the record's variations (a game read in from a file
    that had them) when ``record_format`` does not keep them as such: how many were
    written in words (CSA) or left out (plain text, a USI line); None when it keeps
    them, or there are none."""
    return branches_note(record.branches, record_format)


def branches_note(branches: Sequence[Branch], record_format: RecordFormat) -> Said | None:
    """``variations_note`` for a record with ``branches``."""
    count = BranchCount.of(branches).branches
    if not count or record_format.variations is Variations.KEPT:
        return None
    msgid = IN_WORDS if record_format.variations is Variations.IN_WORDS else LEFT_OUT
    return plural_said(msgid, count, format=Term(record_format.title))
