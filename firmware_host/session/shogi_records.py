"""Shogi's own record formats: KIF (Japanese, read by the usual GUIs), CSA, and a USI
``position`` line. The writers live in the engine; these adapt a ``GameRecord``."""

from __future__ import annotations

from engine.shogi import SHOGI
from engine.shogi.csa import write_csa
from engine.shogi.kif import write_kif
from firmware_host.session.records import GameRecord, RecordFormat

SHOGI_ONLY = frozenset({"shogi"})


def _start_and_moves(record: GameRecord) -> tuple[str, list[str]]:
    """The start as SFEN and the moves from it. A stored start may itself be a USI
    line with moves ("startpos moves 7g7f"): those moves belong to the record too."""
    position = SHOGI.position(record.start, record.options)
    opening = [position.move_text(move) for move in position.move_stack]
    while position.move_stack:
        position.pop()
    return position.text(), opening + list(record.moves)


def write_kif_record(record: GameRecord, encoding: str = "UTF-8") -> str:
    start, moves = _start_and_moves(record)
    return write_kif(
        moves, start=start, outcome=record.outcome, encoding=encoding, started=record.started
    )


def write_csa_record(record: GameRecord) -> str:
    start, moves = _start_and_moves(record)
    return write_csa(moves, start=start, outcome=record.outcome, started=record.started)


def write_usi_record(record: GameRecord) -> str:
    start, moves = _start_and_moves(record)
    line = f"position sfen {start}"
    return line + (" moves " + " ".join(moves) if moves else "") + "\n"


KIF = RecordFormat(
    "kif",
    "KIF (Japanese, UTF-8)",
    "kifu",
    "text/plain; charset=utf-8",
    write_kif_record,
    SHOGI_ONLY,
)
CSA = RecordFormat("csa", "CSA", "csa", "text/plain; charset=utf-8", write_csa_record, SHOGI_ONLY)
USI = RecordFormat(
    "sfen", "USI position line", "usi", "text/plain; charset=utf-8", write_usi_record, SHOGI_ONLY
)
