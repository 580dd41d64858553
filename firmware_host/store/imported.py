"""What a record read in said beside its moves, as stored with the game played on from it
(``kiban sim --record``), so that its exports say it again.

The game's facts (players, event, when it began, the time control, the game's comment,
every other header the file had, the ending the file gave, its variations) are kept in its stored
settings under ``imported``, as a review is under ``review``; each move read in carries
its own time and comment in its record's data under ``imported``, so that a takeback
takes them back with the move and a move played after has none. A move read in whose
time the file did not give has no time: it was played on no clock here either, and is
never written as taking 0:00.

A stored game that has none of this (every game played on the board, and games stored
before Kiban kept it) exports as it always did.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.game import Game
from engine.outcome import Outcome, Termination
from engine.record import Branch, GameRecord, RecordInfo, branches_up_to, joined
from firmware_host.store.stored import Record

KEY = "imported"
"""Where a stored game's settings keep what its record said, and a move's data its own."""


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """What a stored game's record said of the game: ``info`` without the moves' own
    comments and times (those are the moves' records'), and ``plies``, how many moves
    were read in (the ending is theirs)."""

    info: RecordInfo
    plies: int


def stored_game(info: RecordInfo, plies: int) -> dict[str, Any]:
    """The game's facts as kept in its settings (JSON)."""
    outcome = info.outcome
    return {
        "players": list(info.players),
        "event": info.event,
        "started": info.started,
        "time_control": info.time_control,
        "note": info.note,
        "plies": plies,
        "termination": None if outcome is None else outcome.termination.name,
        "winners": [] if outcome is None else sorted(outcome.winners),
        "suspended": info.suspended,
        "sealed": info.sealed,
        "move_limit": info.move_limit,
        "ending_time": info.ending_time,
        "headers": [[name, value] for name, value in info.headers],
        "closing": info.closing,
        "foul": info.foul,
        "branches": [branch_json(branch) for branch in info.branches],
    }


def _outcome_json(outcome: Outcome | None) -> dict[str, Any]:
    return {
        "termination": None if outcome is None else outcome.termination.name,
        "winners": [] if outcome is None else sorted(outcome.winners),
    }


def _outcome_of(kept: Mapping[str, Any]) -> Outcome | None:
    termination = kept.get("termination")
    if termination is None:
        return None
    winners = frozenset(int(seat) for seat in kept.get("winners", []))
    return Outcome(Termination[str(termination)], winners)


def branch_json(branch: Branch) -> dict[str, Any]:
    """A variation of the record as kept in the game's settings (JSON), its own inside."""
    return {
        "ply": branch.ply,
        "moves": list(branch.moves),
        "comments": list(branch.comments),
        "times": list(branch.times),
        **_outcome_json(branch.outcome),
        "suspended": branch.suspended,
        "ending_time": branch.ending_time,
        "closing": branch.closing,
        "foul": branch.foul,
        "branches": [branch_json(inner) for inner in branch.branches],
    }


def branch_of(kept: Mapping[str, Any]) -> Branch:
    """A variation as ``branch_json`` keeps it (KeyError, TypeError or ValueError when
    what is kept cannot be read)."""
    ending_time = kept.get("ending_time")
    return Branch(
        ply=int(kept["ply"]),
        moves=tuple(str(move) for move in kept["moves"]),
        comments=tuple(str(comment) for comment in kept.get("comments", [])),
        times=tuple(None if t is None else float(t) for t in kept.get("times", [])),
        outcome=_outcome_of(kept),
        suspended=bool(kept.get("suspended", False)),
        ending_time=None if ending_time is None else float(ending_time),
        closing=str(kept.get("closing", "")),
        foul=str(kept.get("foul", "")),
        branches=tuple(branch_of(inner) for inner in kept.get("branches", [])),
    )


def stored_move(info: RecordInfo, index: int) -> dict[str, Any]:
    """Move ``index``'s (0: the first) time and comment as its record's data keeps them:
    only what the file gave (an empty object: a move read in with neither)."""
    kept: dict[str, Any] = {}
    if index < len(info.times) and info.times[index] is not None:
        kept["time"] = info.times[index]
    if index < len(info.comments) and info.comments[index]:
        kept["comment"] = info.comments[index]
    return {KEY: kept}


def read_imported(settings: Mapping[str, Any]) -> ImportedGame | None:
    """What a stored game's settings keep of its record; None when there is none, or
    when what is kept cannot be read (the game then exports as one played here)."""
    kept = settings.get(KEY)
    if not isinstance(kept, dict):
        return None
    try:
        termination = kept.get("termination")
        outcome = None
        if termination is not None:
            winners = frozenset(int(seat) for seat in kept.get("winners", []))
            outcome = Outcome(Termination[str(termination)], winners)
        started = kept.get("started")
        ending_time = kept.get("ending_time")
        info = RecordInfo(
            players=tuple(str(name) for name in kept.get("players", [])),
            event=str(kept.get("event", "")),
            started=None if started is None else str(started),
            time_control=str(kept.get("time_control", "")),
            note=str(kept.get("note", "")),
            outcome=outcome,
            suspended=bool(kept.get("suspended", False)),
            sealed=bool(kept.get("sealed", False)),
            move_limit=bool(kept.get("move_limit", False)),
            ending_time=None if ending_time is None else float(ending_time),
            headers=tuple((str(name), str(value)) for name, value in kept.get("headers", [])),
            closing=str(kept.get("closing", "")),
            foul=str(kept.get("foul", "")),
            branches=tuple(branch_of(branch) for branch in kept.get("branches", [])),
        )
        return ImportedGame(info, int(kept.get("plies", 0)))
    except (KeyError, TypeError, ValueError):
        return None


def read_in_plies(line: Sequence[Record]) -> int:
    """How many of a stored game's moves on the board, from the first, were read in from
    its record (a takeback then a move played here ends them)."""
    return next((index for index, move in enumerate(line) if not move_time(move)[0]), len(line))


@dataclass(frozen=True, slots=True)
class RecordFacts:
    """What a game read in from a record file says of itself, as the page and the review
    show it (``kiban list`` and the exports say it too): its players by name, its event,
    the day it began and its time control as the file writes them, the file's ending
    while the game is still the file's (its ``outcome``, or broken off, ``suspended``,
    by a sealed move, ``sealed``), and the file's variations that are still alternatives
    to the moves on the board (``branches``)."""

    players: tuple[str, ...]
    event: str
    started: str | None
    time_control: str
    outcome: Outcome | None
    suspended: bool
    sealed: bool
    branches: tuple[Branch, ...]


def record_facts(imported: ImportedGame, read_in: int, plies: int, ended: bool) -> RecordFacts:
    """The facts of a game read in (``imported``), ``plies`` moves on the board of which
    the first ``read_in`` are the file's; ``ended``: the game has an ending of its own
    (``with_imported`` asks the same of an export)."""
    info = imported.info
    still = read_in == plies == imported.plies and not ended
    return RecordFacts(
        players=info.players,
        event=info.event,
        started=info.started,
        time_control=info.time_control,
        outcome=info.outcome if still else None,
        suspended=still and info.outcome is None and info.suspended,
        sealed=still and info.outcome is None and info.sealed,
        branches=branches_up_to(info.branches, read_in),
    )


def move_time(record: Record) -> tuple[bool, float | None]:
    """Whether the move was read in, and if so its time as the file gave it (None: none)."""
    kept = record.data.get(KEY)
    if not isinstance(kept, dict):
        return False, None
    spent = kept.get("time")
    if isinstance(spent, bool) or not isinstance(spent, int | float):
        return True, None
    return True, float(spent)


def _comment(record: Record) -> str:
    kept = record.data.get(KEY)
    comment = kept.get("comment") if isinstance(kept, dict) else None
    return comment if isinstance(comment, str) else ""


def with_imported(
    game: Game[Any], record: GameRecord, settings: Mapping[str, Any], line: Sequence[Record]
) -> GameRecord:
    """``record`` (of a stored game whose moves on the board are ``line``) with what its
    record file said: the players, event, start date, time control, other headers and
    comments, and the file's ending and the comment after it while the game is still the
    file's (every move on the board read in, none after, and no ending of its own; after,
    that comment is the game's comment's last lines), and the file's variations of the
    moves read in still on the board (or of the move after them). A start date the file
    did not give is left out: the day it was read in is not the day it was played."""
    imported = read_imported(settings)
    if imported is None:
        return record
    info = imported.info
    comments = tuple(_comment(move) for move in line)
    read_in = read_in_plies(line)
    own = len(line) == imported.plies and read_in == len(line)
    ending = own and record.outcome is None
    outcome = info.outcome if ending else record.outcome
    return dataclasses.replace(
        record,
        players=info.players,
        event=info.event,
        started=info.started,
        time_control=info.time_control,
        # the comment after the file's ending goes with it; once the game went on from
        # it, it is the game's comment's last lines
        note=info.note if ending else joined(info.note, info.closing),
        closing=info.closing if ending else "",
        headers=info.headers,
        comments=comments if any(comments) else record.comments,
        outcome=outcome,
        result=record.result if outcome is None else str(game.describe_outcome(outcome)),
        suspended=ending and info.outcome is None and info.suspended,
        sealed=ending and info.outcome is None and info.sealed,
        move_limit=ending and info.outcome is not None and info.move_limit,
        ending_time=info.ending_time if ending else record.ending_time,
        foul=info.foul if ending else "",
        # a variation stays an alternative while the moves before it are the file's
        branches=branches_up_to(info.branches, read_in),
    )
