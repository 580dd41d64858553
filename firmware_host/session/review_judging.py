"""A finished game's moves judged in the background, one position at a time, by the
same worker and the same judge as the coach: each move's quality and the engine's
better move, for a review that starts from the worst moves and for the comments
of a KIF or CSA export.

The questions go out as ``Purpose.REVIEW`` requests (every move of the position
valued, as for the coach's ``JUDGE``, but asked apart from the coach's own); the
decision loop never waits for them, and an answer that is not one of this game's
questions is not taken.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.game import Position
from engine.search.judge import quality
from engine.search.types import Analysis, Quality
from firmware_host.opponents.thinking import Purpose, ThinkRequest, ThinkResult, request_for
from firmware_host.session.computer import JUDGE_SPEC
from firmware_host.store.review_notes import MoveNote

LOST = -2.0
"""The value of a move the judge did not value: below any the searches give."""


@dataclass(frozen=True, slots=True)
class Question:
    """The judge's question about the position before move ``ply``, and the move played."""

    ply: int
    played: str
    request: ThinkRequest


def questions_for(position: Position[Any], game_id: int, seed: int) -> tuple[Question, ...]:
    """A question for each move that led to ``position`` (not changed), but for the
    dice's rolls (nothing to choose there)."""
    played = position.played()
    whole = request_for(Purpose.REVIEW, position, game_id, JUDGE_SPEC, seed)
    probe: Position[Any] = position.game.position(played.start, position.options)
    questions: list[Question] = []
    for index, (text, mover) in enumerate(zip(played.moves, played.movers, strict=True)):
        if probe.chance_moves() is None:
            request = replace(whole, moves=played.moves[:index], seat=mover)
            questions.append(Question(index + 1, text, request))
        probe.push_text(text)
    return tuple(questions)


def note_of(question: Question, result: ThinkResult) -> MoveNote:
    """What the judge's answer says of the move played."""
    values = dict(result.values)
    best = result.best if result.best is not None else question.played
    analysis = Analysis(best, result.value, 0, 0, values, result.mate_in)
    judged = quality(analysis, question.played)
    top = max(values.values(), default=result.value)
    loss = max(top - values.get(question.played, LOST), 0.0)
    better = None if judged is Quality.BEST or best == question.played else best
    return MoveNote(question.ply, judged, loss, better)


@dataclass
class ReviewJudging:
    """The judging of one finished game: its questions and the notes answered so far."""

    game_id: int
    start: Position[Any]  # the game's first position (the better moves are read on it)
    moves: tuple[str, ...]
    questions: tuple[Question, ...]
    notes: dict[int, MoveNote] = field(default_factory=dict)
    unanswered: set[int] = field(default_factory=set)  # the judge could not answer

    @classmethod
    def of(
        cls,
        position: Position[Any],
        game_id: int,
        seed: int,
        kept: Iterable[MoveNote] = (),
    ) -> ReviewJudging:
        """The judging of the game that led to ``position``; ``kept``: notes stored
        with it already (their moves are not asked again)."""
        played = position.played()
        start = position.game.position(played.start, position.options)
        judging = cls(game_id, start, played.moves, questions_for(position, game_id, seed))
        judging.notes = {note.ply: note for note in kept}
        return judging

    def wanted(self) -> tuple[ThinkRequest, ...]:
        """The questions still open, first move first."""
        return tuple(q.request for q in self.questions if not self._answered(q.ply))

    def _answered(self, ply: int) -> bool:
        return ply in self.notes or ply in self.unanswered

    def take(self, result: ThinkResult) -> bool:
        """Keep the note an answer gives, if it answers one of the open questions."""
        for question in self.questions:
            if question.request == result.request and not self._answered(question.ply):
                if result.best is None:
                    self.unanswered.add(question.ply)
                else:
                    self.notes[question.ply] = note_of(question, result)
                return True
        return False

    @property
    def done(self) -> bool:
        return all(self._answered(q.ply) for q in self.questions)

    def progress(self) -> str:
        return f"{len(self.notes)} of {len(self.questions)} moves judged"

    def by_ply(self) -> Mapping[int, MoveNote]:
        return dict(self.notes)
