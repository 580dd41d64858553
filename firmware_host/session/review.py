"""Reviewing a finished game on the board (this game, or a stored one of the same game):
``Review``, the moves and the one shown, stepped through in order, or from the move that
gave away most (``worst``, ``next-worst``), the LEDs lighting each move's from and to
(the last-move meaning) and, once the moves are judged, the engine's better move as the
suggested one; and ``Reviewing``, the controller's collaborator that keeps the review
shown and answers each step with a notice.

A review only reads: it is worked out from the game's moves (the game just ended, or a
stored one) and changes neither the position nor the store's moves. The moves are judged
in the background (``review_judging.py``, imported once a game is over): from the
game's end when a seat is coached or warned, else from the first review step; the
judgements, once all are in, are kept with the stored game for its exports.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.errors import KibanError
from engine.game import Game, Position
from engine.physical import Sensing, Spot
from engine.said import N_, said, said_of
from engine.search.types import Quality
from firmware_host.notices.declared import Refused, ReviewShown
from firmware_host.opponents.thinking import ThinkRequest, ThinkResult
from firmware_host.session.decisions import Now, Say
from firmware_host.session.state import Over
from firmware_host.store.imported import RecordFacts, read_imported, read_in_plies, record_facts
from firmware_host.store.records import stored_position
from firmware_host.store.review_notes import MoveNote, read_notes, stored_notes
from firmware_host.store.storage import GameStore, StorageError, StoredGame

if TYPE_CHECKING:  # a game is judged once it is over, never while it is played
    from firmware_host.session.review_judging import ReviewJudging

log = logging.getLogger(__name__)


class ReviewError(KibanError, ValueError):
    """A review step that cannot be taken (a word not known, a move out of range)."""


class Step(StrEnum):
    """Where a review step goes: to the start, a move back, a move on, the last move,
    the worst move, the next worse one after the move shown; a number goes to that move."""

    FIRST = "first"
    BACK = "back"
    NEXT = "next"
    LAST = "last"
    WORST = "worst"
    NEXT_WORST = "next-worst"


SEVERITY = MappingProxyType(
    {Quality.LOSING: 3, Quality.DOUBTFUL: 2, Quality.GOOD: 1, Quality.BEST: 0}
)
"""How bad each quality is: the worst-first order goes by it, then by what was given away."""


def worst_first(notes: Mapping[int, MoveNote]) -> tuple[int, ...]:
    """The moves judged worse than the best, the worst first (by quality, then by what
    each gave away, then the earlier first)."""
    below = (note for note in notes.values() if note.quality is not Quality.BEST)
    ordered = sorted(below, key=lambda note: (-SEVERITY[note.quality], -note.loss, note.ply))
    return tuple(note.ply for note in ordered)


@dataclass(frozen=True, slots=True)
class Review:
    """Game ``game_id`` shown after ``ply`` of its ``moves`` (0: the start)."""

    game_id: int
    moves: tuple[str, ...]
    footprints: tuple[frozenset[Spot], ...]
    ply: int
    notes: Mapping[int, MoveNote] = field(default_factory=dict)  # the judged moves, by ply
    better: Mapping[int, frozenset[Spot]] = field(default_factory=dict)  # their better moves' spots
    facts: RecordFacts | None = None  # what the record it was read from said (its variations)

    @property
    def spots(self) -> frozenset[Spot]:
        """The spots of the move shown: where it came from and went to."""
        return self.footprints[self.ply - 1] if self.ply else frozenset()

    @property
    def move(self) -> str | None:
        return self.moves[self.ply - 1] if self.ply else None

    @property
    def note(self) -> MoveNote | None:
        """The engine's judgement of the move shown, once it is judged."""
        return self.notes.get(self.ply)

    @property
    def better_spots(self) -> frozenset[Spot]:
        """The spots of the engine's better move than the one shown (lit as a hint)."""
        return self.better.get(self.ply, frozenset())

    def with_notes(
        self, notes: Mapping[int, MoveNote], sensing: Sensing, start: Position[Any]
    ) -> Review:
        """The review with the moves' judgements, the better moves' spots worked out
        from ``start`` (the game's first position, not changed)."""
        probe = start.copy()
        better: dict[int, frozenset[Spot]] = {}
        for ply, text in enumerate(self.moves, start=1):
            note = notes.get(ply)
            if note is not None and note.better is not None:
                with suppress(KibanError):  # a better move it cannot read: nothing lit
                    better[ply] = probe.footprint(probe.read_move(note.better), sensing).spots()
            probe.push_text(text)
        return replace(self, notes=MappingProxyType(dict(notes)), better=MappingProxyType(better))

    def step(self, text: str) -> Review:
        """The review after a step (``first``, ``back``, ``next``, ``last`` or a move
        number)."""
        word = text.strip().lower().replace("_", "-").replace(" ", "-")
        last = len(self.moves)
        if word in (Step.WORST, Step.NEXT_WORST):
            return replace(self, ply=self._worse(Step(word)))
        if word.isdigit():
            ply = int(word)
            if ply > last:
                raise ReviewError(f"game {self.game_id} has {last} moves, not {ply}")
        else:
            try:
                chosen = Step(word)
            except ValueError:
                known = ", ".join(step.value for step in Step)
                raise ReviewError(
                    f"a review step is {known} or a move number, not {text!r}"
                ) from None
            ply = {
                Step.FIRST: 0,
                Step.BACK: max(self.ply - 1, 0),
                Step.NEXT: min(self.ply + 1, last),
                Step.LAST: last,
            }[chosen]
        return replace(self, ply=ply)

    def _worse(self, step: Step) -> int:
        """The worst move, or the next worse after the one shown."""
        order = worst_first(self.notes)
        if not order:
            if not self.notes:
                raise ReviewError(f"the moves of game {self.game_id} are not judged yet")
            raise ReviewError("every move judged was as good as the engine's best")
        if step is Step.WORST or self.ply not in order:
            return order[0]
        place = order.index(self.ply) + 1
        if place == len(order):
            raise ReviewError("no move judged worse than the best is left")
        return order[place]


def review_of(game_id: int, position: Position[Any], sensing: Sensing) -> Review:
    """A review of the moves that led to ``position`` (not changed), at its last move."""
    probe = position.copy()
    played = []
    while probe.move_stack:
        played.append(probe.pop())
    moves: list[str] = []
    footprints: list[frozenset[Spot]] = []
    for move in reversed(played):
        moves.append(probe.move_text(move))
        footprints.append(probe.footprint(move, sensing).spots())
        probe.push(move)
    return Review(game_id, tuple(moves), tuple(footprints), len(moves))


class Reviewing:
    """The review shown, if any (only a finished game is reviewed), and the judging of
    the game reviewed."""

    def __init__(self, sensing: Sensing, seed: int = 0) -> None:
        self.sensing = sensing
        self.seed = seed
        self.shown: Review | None = None
        self.judging: ReviewJudging | None = None

    def close(self) -> None:
        """The game goes on, or another begins: nothing is reviewed, nor judged."""
        self.shown = None
        self.judging = None

    # --- judging in the background ------------------------------------------------

    def judge(self, position: Position[Any], game_id: int, kept: tuple[MoveNote, ...] = ()) -> None:
        """Have the moves that led to ``position`` judged (again only if they changed)."""
        judging = self.judging
        moves = position.played().moves
        if judging is not None and judging.game_id == game_id and judging.moves == moves:
            return
        from firmware_host.session.review_judging import ReviewJudging

        self.judging = ReviewJudging.of(position, game_id, self.seed, kept)

    def wanted(self) -> tuple[ThinkRequest, ...]:
        """The judge's questions still open (asked only while a game is over)."""
        return () if self.judging is None else self.judging.wanted()

    def answered(self, result: ThinkResult, store: GameStore) -> bool:
        """Take an answer to one of the review's questions (False: not one of them); the
        review shown gains it, and a game judged whole is kept with its notes."""
        judging = self.judging
        if judging is None or not judging.take(result):
            return False
        shown = self.shown
        if shown is not None and shown.game_id == judging.game_id:
            self.shown = self._noted(shown)
        if judging.done:
            try:
                store.save_review(judging.game_id, stored_notes(list(judging.notes.values())))
            except (StorageError, ValueError, TypeError) as error:  # it can be judged again
                log.warning("the review of game %s is not kept: %s", judging.game_id, error)
        return True

    def notes(self, game_id: int) -> tuple[MoveNote, ...]:
        """The notes judged so far of game ``game_id``."""
        judging = self.judging
        if judging is None or judging.game_id != game_id:
            return ()
        return tuple(judging.notes.values())

    def _noted(self, review: Review) -> Review:
        """``review`` with the judgements of its game so far."""
        judging = self.judging
        if judging is None or judging.game_id != review.game_id:
            return review
        return review.with_notes(judging.notes, self.sensing, judging.start)

    # --- stepping -----------------------------------------------------------------

    def step(
        self,
        step: str,
        game: int | None,
        now: Now,
        store: GameStore,
        facts: RecordFacts | None = None,
    ) -> Say:
        """A step through game ``game`` (None: the one reviewed, else this one; ``facts``:
        what the record this one was read from said, which a review shows)."""
        if not isinstance(now.state, Over):
            return Say((Refused(said(N_("moves are reviewed once the game is over")), now.at),))
        review = self.shown
        wanted = game if game is not None else now.game_id if review is None else review.game_id
        try:
            if review is None or review.game_id != wanted:
                position = now.position
                kept: tuple[MoveNote, ...] = ()
                if wanted != now.game_id:
                    stored = store.load(wanted)
                    position = _stored(stored.game, position.game, stored)
                    kept = read_notes(stored.settings)
                    facts = stored_facts(stored)
                review = replace(review_of(wanted, position, self.sensing), facts=facts)
                self.judge(position, wanted, kept)
                review = self._noted(review)
            word = step.strip().lower()
            judging = self.judging
            worse = word.replace("_", "-") in (Step.WORST, Step.NEXT_WORST)
            if worse and judging is not None and not judging.done:
                raise ReviewError(f"the review is still being worked out: {judging.progress()}")
            shown = self.shown = review.step(step)
        except KibanError as error:
            return Say((Refused(said_of(error), now.at),))
        return Say((ReviewShown(shown.game_id, shown.ply, len(shown.moves), shown.move, now.at),))


def stored_facts(stored: StoredGame) -> RecordFacts | None:
    """What the record a stored game was read from says of it (None: none)."""
    imported = read_imported(stored.settings)
    if imported is None:
        return None
    line = stored.move_records()
    return record_facts(imported, read_in_plies(line), len(line), stored.outcome is not None)


def _stored(name: str, game: Game[Any], stored: Any) -> Position[Any]:
    if name != game.name:
        raise ReviewError(f"game {stored.id} is {name}, not {game.name}")
    return stored_position(game, stored)
