"""Shogi's own record formats: KIF (Japanese, read by the usual GUIs), KI2 (the form
published games take), CSA, and a USI
``position`` line. Each writes a ``GameRecord`` by replaying it on the game's positions."""

from __future__ import annotations

from typing import TypedDict

from engine.game import Game
from engine.record import Branch, GameRecord, RecordFormat, Variations, joined
from engine.shogi.csa import write_csa
from engine.shogi.ki2 import write_ki2
from engine.shogi.kif import write_kif
from engine.shogi.position import ShogiPosition

TEXT = "text/plain; charset=utf-8"


class Facts(TypedDict):
    """The game's facts both writers take by the same names."""

    players: tuple[str, str]
    event: str
    time_control: str
    note: str
    suspended: bool
    sealed: bool
    move_limit: bool
    headers: tuple[tuple[str, str], ...]
    closing: str
    foul: str
    branches: tuple[Branch, ...]


def shogi_formats(game: Game[ShogiPosition]) -> tuple[RecordFormat, ...]:
    """KIF, KI2, CSA and the USI line, written with ``game``'s positions."""

    def start_and_moves(record: GameRecord) -> tuple[ShogiPosition, list[str]]:
        """The start and the moves from it. A stored start may itself be a USI line with
        moves ("startpos moves 7g7f"): those moves belong to the record too."""
        position = game.position(record.start, record.options)
        opening = [position.move_text(move) for move in position.move_stack]
        while position.move_stack:
            position.pop()
        return position, opening + list(record.moves)

    def comments(record: GameRecord, moves: list[str]) -> tuple[str, ...]:
        """The record's comments, placed on its own moves (after any the start held)."""
        return ("",) * (len(moves) - len(record.moves)) + record.comments

    def times(record: GameRecord, moves: list[str]) -> tuple[float | None, ...]:
        """Each move's time, placed on its own moves (none for those the start held)."""
        return (None,) * (len(moves) - len(record.moves)) + record.times

    def said(record: GameRecord) -> Facts:
        """What the record says of the game beside its moves, as both writers take it. The
        comment after the ending is written after it; with no ending to write, it is the
        game's comment's last lines (``RecordInfo.up_to``)."""
        names = (*record.players, "", "")[:2]
        ended = record.outcome is not None or record.suspended
        return {
            "players": (names[0], names[1]),
            "event": record.event,
            "time_control": record.time_control,
            "note": record.note if ended else joined(record.note, record.closing),
            "closing": record.closing if ended else "",
            "suspended": record.suspended,
            "sealed": record.sealed,
            "move_limit": record.move_limit,
            "headers": record.headers,
            "foul": record.foul if ended else "",
            "branches": record.branches,
        }

    def kif(record: GameRecord, encoding: str) -> str:
        start, moves = start_and_moves(record)
        return write_kif(
            start,
            moves,
            outcome=record.outcome,
            encoding=encoding,
            started=record.started,
            comments=comments(record, moves),
            times=times(record, moves),
            ending_time=record.ending_time,
            **said(record),
        )

    def ki2(record: GameRecord, encoding: str) -> str:
        start, moves = start_and_moves(record)
        return write_ki2(
            start,
            moves,
            outcome=record.outcome,
            encoding=encoding,
            started=record.started,
            comments=comments(record, moves),
            **said(record),
        )

    def csa(record: GameRecord, encoding: str) -> str:
        start, moves = start_and_moves(record)
        return write_csa(
            start,
            moves,
            outcome=record.outcome,
            started=record.started,
            comments=comments(record, moves),
            times=times(record, moves),
            ending_time=record.ending_time,
            **said(record),
        )

    def usi(record: GameRecord, encoding: str) -> str:
        start, moves = start_and_moves(record)
        line = f"position sfen {start.text()}"
        return line + (" moves " + " ".join(moves) if moves else "") + "\n"

    return (
        RecordFormat("kif", "KIF (Japanese, UTF-8)", "kifu", TEXT, kif, Variations.KEPT),
        RecordFormat("ki2", "KI2 (Japanese, UTF-8)", "ki2u", TEXT, ki2, Variations.KEPT),
        RecordFormat("csa", "CSA", "csa", TEXT, csa, Variations.IN_WORDS),
        RecordFormat("sfen", "USI position line", "usi", TEXT, usi),
    )
