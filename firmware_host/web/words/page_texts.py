"""The server's free texts the page shows: who plays a computer seat ("the computer
(level 3, novice)") and the engine's judgement of each move a review shows (said in
store/review_notes.py), made values here (engine/said.py) as what the computer proved
and what a remote game waits for are. The page's state carries each beside its English as its value
(``..._said``, as ``notes_said``), told in the page's language at its edge
(``told_for_page``) by telling/rendering.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.said import Said, Term, Value, alone, said
from firmware_host.opponents.seats import OpponentKind, OpponentSpec
from firmware_host.session.review import Review
from firmware_host.store.review_notes import note_said
from firmware_host.telling.language import N_, Language
from firmware_host.telling.rendering import told
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
"""Who plays a computer seat, by kind (an engine at a level as the built-in): said only
here, for the page's English and every language's words."""


def opponent_said(spec: OpponentSpec, engine_plays: bool = True) -> Said:
    """Who plays a computer seat, for people, as a value (``engine_plays``: the outside
    engine plays the game; else the built-in search plays an ``engine`` seat, and is
    named)."""
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


def notes_said(review: Review) -> dict[str, dict[str, Any]]:
    """Each judged move's note as a value the page tells, by ply (the review bar's)."""
    return {
        str(ply): said_record(alone(note_said(note))) for ply, note in sorted(review.notes.items())
    }
