"""``kiban export``: a stored shogi game as KIF, CSA or a USI ``position`` line.

The moves are replayed through the rules engine on the way out, so a record
that exports is a game any reader can play through.
"""

from __future__ import annotations

from engine.errors import KibanError
from engine.registry import find_game
from engine.shogi import SHOGI
from engine.shogi.csa import write_csa
from engine.shogi.kif import write_kif
from firmware_host.storage import StoredGame

FORMATS = ("kif", "csa", "sfen")


class ExportError(KibanError, ValueError):
    """A stored game that cannot be exported in the format asked for."""


def export_game(stored: StoredGame, fmt: str, *, encoding: str = "UTF-8") -> str:
    """The text of ``stored`` in ``fmt`` (kif, csa or sfen)."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")
    if find_game(stored.game) is not SHOGI:
        raise ExportError(
            f"game {stored.id} is {stored.game}, not shogi: only shogi games export as "
            "KIF, CSA or SFEN"
        )
    # The stored start may itself be a USI line with moves ("startpos moves 7g7f"):
    # those moves belong to the record too.
    position = SHOGI.position(stored.start, stored.options)
    opening = [position.move_text(move) for move in position.move_stack]
    while position.move_stack:
        position.pop()
    start = position.text()
    moves = opening + stored.moves()
    if fmt == "sfen":
        line = f"position sfen {start}"
        return line + (" moves " + " ".join(moves) if moves else "") + "\n"
    if fmt == "kif":
        return write_kif(moves, start=start, outcome=stored.outcome, encoding=encoding)
    return write_csa(moves, start=start, outcome=stored.outcome)
