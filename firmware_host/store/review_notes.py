"""A finished game's review as stored with it: each judged move's quality, how much it
gave away beside the best move, and the engine's better move, so that an export
made later (KIF and CSA comments) has them without judging the game again.

Kept in the game's stored settings under ``review``, a list of plain objects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from engine.record import GameRecord
from engine.said import N_, Term, Value, said
from engine.search.types import Quality

KEY = "review"
"""Where a stored game's settings keep its review."""

QUALITIES = MappingProxyType(
    {
        Quality.BEST: N_("best"),
        Quality.GOOD: N_("good"),
        Quality.DOUBTFUL: N_("doubtful"),
        Quality.LOSING: N_("losing"),
    }
)
"""How the coach judged a move reviewed, in words."""


@dataclass(frozen=True, slots=True)
class MoveNote:
    """The engine's judgement of move ``ply`` (1: the first move): its quality, what it
    gave away beside the best move (on the searches' scale), and the better move
    (None when the move played was as good as the best)."""

    ply: int
    quality: Quality
    loss: float
    better: str | None

    def comment(self) -> str:
        """The note in English, as a record's comment: ``doubtful; better 7g7f``."""
        return str(note_said(self))

    def stored(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "quality": self.quality.value,
            "loss": round(self.loss, 4),
            "better": self.better,
        }


def note_said(note: MoveNote) -> Value:
    """The engine's judgement of a move as a value: its quality, and the better move
    (said once: the record's comment, the status line's review and the page's review
    bar all tell it)."""
    quality = Term(QUALITIES[note.quality])
    return (
        quality
        if note.better is None
        else said(N_("{quality}; better {move}"), quality=quality, move=note.better)
    )


def stored_notes(notes: Sequence[MoveNote]) -> list[dict[str, Any]]:
    return [note.stored() for note in sorted(notes, key=lambda note: note.ply)]


def read_notes(settings: Mapping[str, Any]) -> tuple[MoveNote, ...]:
    """The review kept in a stored game's ``settings`` (none when there is none, or
    when what is kept cannot be read: a review can always be worked out again)."""
    kept = settings.get(KEY)
    if not isinstance(kept, list):
        return ()
    notes: list[MoveNote] = []
    for item in kept:
        try:
            better = item.get("better")
            notes.append(
                MoveNote(
                    int(item["ply"]),
                    Quality(item["quality"]),
                    float(item["loss"]),
                    better if isinstance(better, str) else None,
                )
            )
        except (AttributeError, KeyError, TypeError, ValueError):
            return ()
    return tuple(notes)


def with_comments(record: GameRecord, notes: Sequence[MoveNote]) -> GameRecord:
    """``record`` with a comment on each move the review judged, after the comment the
    move had (a record read in has its own: the review adds to it, never replaces it)."""
    if not notes:
        return record
    comments = list(record.comments[: len(record.moves)])
    comments += [""] * (len(record.moves) - len(comments))
    for note in notes:
        if 1 <= note.ply <= len(comments):
            before = comments[note.ply - 1]
            comments[note.ply - 1] = f"{before}\n{note.comment()}" if before else note.comment()
    return replace(record, comments=tuple(comments))
