"""SFEN-style position text written without any engine, for the tests of the games that
use it (Robot Duel and Shogi), so a test's position does not depend on the writer it
is testing."""

from __future__ import annotations


def sfen_text(
    pieces: dict[str, str], files: str, ranks: str, *, turn: str, hand: str, number: int
) -> str:
    """Ranks top to bottom, files left to right as given; runs of empty cells as digits."""
    rows = []
    for rank in ranks:
        row, gap = "", 0
        for file in files:
            piece = pieces.get(file + rank)
            if piece is None:
                gap += 1
                continue
            row += (str(gap) if gap else "") + piece
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return f"{'/'.join(rows)} {turn} {hand} {number}"
