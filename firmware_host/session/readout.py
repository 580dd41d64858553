"""What a session answers without changing: the questions the view, the pages, the
tools and the loops ask of a ``Controller`` (its phase, game, position, the prompt's
choices, the move to play, when it next wants a tick, the record of the game).

Every answer is read from the session's parts (its state, its match, the trust in
the board, the recognizer, the review shown), never kept beside them. The controller
is a ``Readout`` and the only writer of those parts; keeping the questions here keeps
it to what changes the session.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.claims import ClaimRule
from engine.game import Game, Position
from engine.opening import DrawResult
from engine.outcome import Outcome
from engine.recognizer import Recognizer
from engine.record import GameRecord
from engine.said import Said
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.clock import GameClock
from firmware_host.session.consent import Agreement
from firmware_host.session.match import Match
from firmware_host.session.prompts import choice_texts
from firmware_host.session.review import Review as ReviewShowing
from firmware_host.session.reviewing import Reviewing
from firmware_host.session.settings import RollMode, Settings
from firmware_host.session.state import (
    GuideMove,
    Over,
    Phase,
    SessionState,
    SettingUp,
    guide_of,
)
from firmware_host.session.trust import BoardTrust
from firmware_host.store.records import move_times, position_record
from firmware_host.store.review_notes import with_comments
from firmware_host.store.storage import GameStore, StorageError


class Readout:
    """The questions a session answers (``Controller`` sets the parts read here)."""

    state: SessionState
    match: Match
    trust: BoardTrust
    recognizer: Recognizer[Any]
    _reviewing: Reviewing
    _boards: AcrossBoards

    @property
    def fault(self) -> Said | None:
        return self.trust.fault

    @property
    def phase(self) -> Phase:
        return self.state.phase

    # --- the match: the game and its record, kept by ``Match`` -----------------------

    @property
    def game(self) -> Game[Any]:
        return self.match.game

    @property
    def position(self) -> Position[Any]:
        return self.match.position

    @property
    def game_id(self) -> int:
        return self.match.game_id

    @property
    def store(self) -> GameStore:
        return self.match.store

    @property
    def settings(self) -> Settings:
        return self.match.settings

    @property
    def clock(self) -> GameClock | None:
        return self.match.clock

    @property
    def draw(self) -> DrawResult | None:
        return self.match.draw

    def agreement(self) -> Agreement:
        """The proposals and words as they stand, for the game's other side (another
        board, a server): a frozen value, told after every event."""
        return self._boards.agreement(self.state)

    @property
    def claims(self) -> tuple[ClaimRule, ...]:
        """The claims this game offers (their names are also actions of their own)."""
        return self.game.claims(self.position.options)

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome if isinstance(self.state, Over) else None

    def record(self) -> GameRecord:
        """The record of the current game (read only: nothing changes)."""
        try:
            stored = self.store.load(self.game_id)
        except StorageError:
            stored = None
        wall = None if stored is None else stored.created_wall
        record = position_record(self.game, self.game_id, self.position, self.outcome, wall)
        if stored is not None and len(stored.moves()) == len(record.moves):
            record = dataclasses.replace(record, times=move_times(stored))  # each move's time
        return with_comments(record, self._reviewing.notes(self.game_id))

    def next_deadline(self, now: float) -> float | None:
        """When the controller wants a tick even if nothing happens on the board."""
        if not self.trust.trusted or isinstance(self.state, SettingUp):
            return None  # nothing is decided before a whole frame is seen
        if isinstance(self.state, Over):
            # the move that ended the game may still be read again (its hand went on)
            open_move = self.recognizer.last_move_open
            return self.recognizer.next_deadline(now) if open_move else None
        deadlines = [self.recognizer.next_deadline(now)]
        if self.clock is not None and self._boards.flags_here(self.clock.running):
            deadlines.append(self.clock.flag_time())
        if self.roll_due and self.settings.roll is RollMode.AUTO:
            deadlines.append(now)
        due = [deadline for deadline in deadlines if deadline is not None]
        return min(due) if due else None

    # --- what to show ----------------------------------------------------------------

    @property
    def prompt_choices(self) -> tuple[str, ...]:
        return choice_texts(self.state, self.position)

    @property
    def review(self) -> ReviewShowing | None:
        """The finished game's move the LEDs show, while stepping through its moves."""
        return self._reviewing.shown

    @property
    def guide(self) -> GuideMove | None:
        """The move to play, if one is wanted."""
        return guide_of(self.state)

    @property
    def roll_due(self) -> bool:
        playing = not isinstance(self.state, SettingUp | Over)
        if not playing or self.position.chance_moves() is None:
            return False
        return self._boards.here(self.position.turn)  # another board rolls, and says

    @property
    def forced(self) -> str | None:
        """The move the board cannot show that will be played by itself, as text."""
        forced = self.recognizer.forced
        return None if forced is None else self.position.move_text(forced)
