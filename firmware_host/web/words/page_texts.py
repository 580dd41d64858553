"""The server's free texts the page shows: who plays a computer seat ("the computer
(level 3, novice)"), a review's place and the engine's judgement of the move shown,
made values here (engine/said.py) as what the computer proved and what a remote game
waits for are. The page's state carries each beside its English as its value
(``..._said``, as ``notes_said``), which the page tells in its language (speech.js
``inLanguage``) as telling/said.py tells it here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.said import Said, Term, Value, alone, said
from engine.search.types import Quality
from firmware_host.opponents.seats import OpponentKind, OpponentSpec
from firmware_host.session.review import Review
from firmware_host.store.review_notes import MoveNote
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.said import told, value_told
from firmware_host.wire.notice_records import said_record

# --- who plays a computer seat ----------------------------------------------------

LEVEL_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "first steps": N_("first steps"),
        "beginner": N_("beginner"),
        "novice": N_("novice"),
        "casual": N_("casual"),
        "club": N_("club"),
        "keen": N_("keen"),
        "strong": N_("strong"),
        "expert": N_("expert"),
        "master": N_("master"),
        "strongest": N_("strongest"),
    }
)
"""The levels' names (engine/search/levels.py), as msgids."""

OPPONENTS: Mapping[OpponentKind, str] = MappingProxyType(
    {
        OpponentKind.RANDOM: N_("the computer (random moves)"),
        OpponentKind.USI: N_("the engine {path} (level {number})"),
        OpponentKind.REMOTE: N_("the other board"),
        OpponentKind.BUILTIN: N_("the computer (level {number}, {name})"),
        OpponentKind.ENGINE: N_("Fairy-Stockfish (level {number})"),
    }
)
"""``OpponentSpec.describe``'s sentences, by kind (an engine at a level as the built-in)."""


def opponent_said(spec: OpponentSpec, engine_plays: bool = True) -> Said:
    """Who plays a computer seat, as ``OpponentSpec.describe`` says it, as a value
    (``engine_plays``: as there)."""
    kind = spec.kind
    if kind is OpponentKind.ENGINE and not engine_plays:
        kind = OpponentKind.BUILTIN
    msgid = OPPONENTS.get(kind, OPPONENTS[OpponentKind.BUILTIN])
    name = Term(LEVEL_NAMES.get(spec.level.name, spec.level.name))
    path: dict[str, Value] = {} if spec.path is None else {"path": spec.path}
    return said(msgid, number=spec.level.number, name=name, **path)


def opponent_text(spec: OpponentSpec, language: Language, engine_plays: bool = True) -> str:
    """Who plays a computer seat in ``language`` (``opponent_said`` told)."""
    return told(opponent_said(spec, engine_plays), language)


# --- a review ----------------------------------------------------------------------

QUALITIES: Mapping[Quality, str] = MappingProxyType(
    {
        Quality.BEST: N_("best"),
        Quality.GOOD: N_("good"),
        Quality.DOUBTFUL: N_("doubtful"),
        Quality.LOSING: N_("losing"),
    }
)
BETTER = N_("{quality}; better {move}")
REVIEW_START = N_("review of game {id}: the start")
REVIEW_MOVE = N_("review of game {id}: move {ply} of {count} ({move})")
JUDGED = N_("{review}: {note}")


def note_said(note: MoveNote) -> Value:
    """The engine's judgement of a move (``MoveNote.comment``) as a value."""
    quality = Term(QUALITIES[note.quality])
    return quality if note.better is None else said(BETTER, quality=quality, move=note.better)


def note_text(note: MoveNote, language: Language) -> str:
    """The engine's judgement of a move in ``language`` (``note_said`` told)."""
    return value_told(note_said(note), language, None)


def review_text(review: Review, language: Language) -> str:
    """A review's place and the judgement of the move shown (``Review.describe``)."""
    if review.ply == 0:
        text = translated(REVIEW_START, language).format(id=review.game_id)
    else:
        text = translated(REVIEW_MOVE, language).format(
            id=review.game_id, ply=review.ply, count=len(review.moves), move=review.move
        )
    note = review.note
    if note is None:
        return text
    return translated(JUDGED, language).format(review=text, note=note_text(note, language))


def notes_said(review: Review) -> dict[str, dict[str, Any]]:
    """Each judged move's note as a value the page tells, by ply (the review bar's)."""
    return {
        str(ply): said_record(alone(note_said(note))) for ply, note in sorted(review.notes.items())
    }
