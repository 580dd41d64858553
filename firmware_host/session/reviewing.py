"""The controller's collaborator for stepping through a finished game's moves (this
game's, or a stored one's of the same game): it keeps the review the LEDs show, and
changes neither the game nor the store's moves.

It also has the game's moves judged in the background (``review_judging.py``): from
the game's end when a seat is coached or warned, else from the first review step.
The judgements, once all are in, are kept with the stored game for its exports.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.errors import KibanError
from engine.game import Game, Position
from engine.physical import Sensing
from engine.said import N_, said, said_of
from firmware_host.notices.declared import Refused, ReviewShown
from firmware_host.opponents.thinking import ThinkRequest, ThinkResult
from firmware_host.session.decisions import Now, Say
from firmware_host.session.review import Review, ReviewError, Step, review_of
from firmware_host.session.state import Over
from firmware_host.store.imported import RecordFacts, read_imported, read_in_plies, record_facts
from firmware_host.store.records import stored_position
from firmware_host.store.review_notes import MoveNote, read_notes, stored_notes
from firmware_host.store.storage import GameStore, StorageError, StoredGame

if TYPE_CHECKING:  # a game is judged once it is over, never while it is played
    from firmware_host.session.review_judging import ReviewJudging

log = logging.getLogger(__name__)


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
