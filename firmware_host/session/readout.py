"""A session's parts, and what they answer without changing: the questions the view,
the pages, the tools, the loops and the controller's collaborators ask of a
``Controller`` (its phase, game, position, the prompt's choices, the move to play,
when it next wants a tick, the record of the game, the session as a collaborator
reads it to decide).

A session is made of its parts: what it is doing (one state value), the match and
its record, what the board shows and how far it is trusted, the recognizer, the
computer's part, and the collaborators that decide (``decisions.py``). They are
made here, once; every answer is read from them, never kept beside them. The
controller is a ``Readout`` and the only writer of those parts, so ``controller.py``
holds only what changes the session.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.claims import ClaimRule
from engine.game import Game, Position
from engine.opening import DrawResult
from engine.outcome import Outcome
from engine.physical import Reading, Sensing, Spot
from engine.recognition.answers import Assessment, Timing
from engine.recognition.board_plies import Foresight, unforeseen
from engine.recognition.recognizer import Recognizer
from engine.record import GameRecord
from engine.said import Said
from firmware_host.opponents.seats import with_computer_names
from firmware_host.opponents.thinking import ThinkRequest
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.board_reading import BoardReading
from firmware_host.session.clock import GameClock
from firmware_host.session.computer import Computer
from firmware_host.session.computer_turns import ComputerTurns
from firmware_host.session.consent import Agreement, Consent
from firmware_host.session.decisions import Now
from firmware_host.session.history import BoardHistory
from firmware_host.session.match import Match
from firmware_host.session.presses import Presses, Showing
from firmware_host.session.prompts import Prompts, choice_texts
from firmware_host.session.review import Review as ReviewShowing
from firmware_host.session.review import Reviewing
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
from firmware_host.store.journal import Journal
from firmware_host.store.records import kept_record, position_record
from firmware_host.store.review_notes import with_comments
from firmware_host.store.storage import GameStore, StorageError
from hardware.orientation import SpotTurn


class Readout:
    """A session's parts, and the questions they answer (``Controller``, a Readout, is
    the only one that changes them)."""

    def __init__(
        self,
        game: Game[Any],
        sensing: Sensing,
        sensed: frozenset[Spot],
        store: GameStore | Journal,
        *,
        timing: Timing | None = None,
        orientation: SpotTurn | None = None,
    ) -> None:
        self.orientation = orientation
        self.sensing = sensing
        self.sensed = sensed
        self.timing = timing or Timing()
        self.recognizer: Recognizer[Any] = Recognizer(sensing, sensed, self.timing)
        self.match = Match(game, store)
        # what the session is doing, and what the board says (read by the view and the
        # pages; written only by the controller)
        self.state: SessionState = SettingUp()
        self.trust = BoardTrust()
        self.frame: dict[Spot, Reading] = {}
        self.history = BoardHistory(sensing)  # for takebacks: the board a move or two ago
        self.assessment: Assessment[Any] | None = None
        self.last_move: frozenset[Spot] = frozenset()
        # the mover's threatened pieces, and its king when in check
        self.teaching: tuple[frozenset[Spot], frozenset[Spot]] = (frozenset(), frozenset())
        self.computer = Computer()  # its seats, hints and judgements of this game
        self._turns = ComputerTurns(self.computer, sensing)
        self._boards = AcrossBoards(Consent())  # proposals and words across boards
        self._reading = BoardReading(self._boards, self.computer, sensing)
        self._prompts = Prompts(self._boards)
        self._reviewing = Reviewing(sensing)  # stepping through a finished game's moves
        self._presses = Presses(self._prompts, self._turns, self._boards, sensing)  # buttons
        self.remote_wait: Said | None = None  # why a remote game waits on the network
        # the record's moves a question about an earlier ply took back: played again when
        # the answer is the record's own move there (``Controller._play_again``)
        self.asked_over: tuple[Hashable, ...] = ()
        self.speaking = False  # whether the session says what happens (actions.Speak)
        self.starting_seats: str | None = None  # ``--opponent`` the session started with

    @property
    def fault(self) -> Said | None:
        return self.trust.fault

    @property
    def lines_lost(self) -> Said | None:
        return self.trust.lines_lost

    def thinking(self) -> tuple[tuple[ThinkRequest, ...], bool]:
        """What the computer should think about now, and whether to hurry it."""
        if isinstance(self.state, Over):
            return self._reviewing.wanted(), False  # the finished game's moves judged
        trusted = self.trust.trusted
        return self._turns.wanted(self.state, self.position, self.game_id, trusted=trusted)

    @property
    def phase(self) -> Phase:
        return self.state.phase

    def resigner(self) -> int | None:
        """The seat Resign would resign, pressed now with no seat named (the person's,
        not the computer's whose reply is pending); None: the players say which."""
        return self._boards.resigner(self.position.turn, len(self.game.seats))

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
        notes = self._reviewing.notes(self.game_id)
        if stored is not None and stored.moves() == list(record.moves):
            # each move's time, and what a record it was read from said
            record = kept_record(self.game, record, stored, notes)
        else:
            record = with_comments(record, notes)
        return with_computer_names(self.game, record, self.settings.opponent)

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
    def foresight(self) -> Foresight[Any]:
        """The rolls the board will make, known before they are shown, so that a move
        made before its roll is read under it (``engine.recognition.board_plies``): only
        when the board rolls by itself as soon as a roll is due; players who roll by a
        button, another board or a remote seat roll when they do."""
        rolls = self.game.rolls_dice(self.position.options)
        if not rolls or self.settings.roll is not RollMode.AUTO:
            return unforeseen
        if self._boards.needed or self.computer.remote:
            return unforeseen
        return self.match.foresee

    @property
    def forced(self) -> str | None:
        """The move the board cannot show that will be played by itself, as text."""
        forced = self.recognizer.forced
        return None if forced is None else self.position.move_text(forced)

    # --- what the collaborators and the game's other side are given ---------------

    def now(self, at: float) -> Now:
        """The session as a collaborator reads it, to decide."""
        return Now(self.state, self.position, self.game_id, at)

    def showing(self, at: float) -> Showing:
        """The board as a press reads it."""
        return Showing(
            unseen=tuple(self.recognizer.unseen),
            forced=self.recognizer.forced,
            at_rest=self.frame == dict(self.recognizer.expected),
            just_committed=self.trust.just_committed(at),
            thinking=self.computer.thinking(self.position),
            roll_due=self.roll_due,
            roll=self.settings.roll,
        )

    def agreement(self) -> Agreement:
        """The proposals and words as they stand, for the game's other side (another
        board, a server): a frozen value, told after every event."""
        return self._boards.agreement(self.state)
