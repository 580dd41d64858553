"""A CSA export's variations, which CSA has no form for and Kiban writes in words as
its moves' comments (engine/shogi/csa.py): told apart from the moves' own comments, and
checked to name every variation of the record where it belongs."""

from __future__ import annotations

import re
from dataclasses import replace

from engine.record import BranchCount, RecordInfo

HEADING = re.compile(r"^変化：\d+手$")
"""The line that begins a variation in words, ``変化：3手``."""


def split_words(comment: str) -> tuple[str, list[str]]:
    """A comment as a CSA export has it: the move's own, and the variations in words
    after it (each begins with its ``変化：N手`` line)."""
    lines = comment.split("\n")
    at = next((index for index, line in enumerate(lines) if HEADING.match(line)), len(lines))
    return "\n".join(lines[:at]), lines[at:]


def without_words(read: RecordInfo, original: RecordInfo, plies: int) -> RecordInfo:
    """``read`` (a CSA export of ``original``'s game of ``plies`` moves, read back) with
    the variations in words taken out of its comments, once they are checked to be
    there: every variation named once, those of the main line's move N on that move
    (of its ending on its last move; with no moves, in the game's comment)."""
    note, note_words = split_words(read.note)
    comments = []
    worded: dict[int, list[str]] = {0: note_words} if note_words else {}
    for ply, comment in enumerate(read.comments, start=1):
        own, words = split_words(comment)
        comments.append(own)
        if words:
            worded[ply] = words
    expected = {min(branch.ply, plies) for branch in original.branches}
    assert set(worded) == expected, f"variations in words on moves {set(worded)}, not {expected}"
    headings = sum(1 for words in worded.values() for line in words if HEADING.match(line))
    assert headings == BranchCount.of(original.branches).branches
    kept = tuple(comments) if any(comments) else ()
    return replace(read, note=note, comments=kept)
