"""One game session: the only writer of its state.

Frames, buttons, choices, ticks and commands arrive as typed events; the
controller asks the recognizer what the board means, commits moves (storing
each one before anything else changes), opens prompts, guides corrections, and
describes what the LEDs should show. It does no I/O of its own beyond the game
store, and takes its time from the events, so the same code runs on real time
on the Pi and on simulated time in the simulator and in replays.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from drivers.buttons import ButtonRole
from engine.errors import KibanError, UnknownClaimError
from engine.game import Game, Position
from engine.opening import DrawResult, draw_first_player
from engine.outcome import Outcome, Termination
from engine.physical import Reading, Sensing, Spot
from engine.policy import IllegalMovePolicy
from engine.recognizer import (
    Ambiguous,
    Assessment,
    Commit,
    IllegalMatch,
    OffGuide,
    OutOfStep,
    Pending,
    Recognizer,
    TakebackOffer,
    Timing,
)
from engine.registry import find_game
from firmware_host.session.clock import GameClock
from firmware_host.session.events import (
    AgreeDraw,
    BoardReady,
    BoardTurned,
    BusFault,
    BusRecovered,
    ButtonPressed,
    Chosen,
    ClearGuide,
    Event,
    FaultCleared,
    FaultShown,
    FirstPlayerDrawn,
    FrameSeen,
    GameEnded,
    GameStarted,
    IllegalShown,
    ImpasseAgreed,
    MoveCommitted,
    NewGame,
    Notice,
    OffGuideShown,
    OutOfStepShown,
    PlayGuide,
    PromptOpened,
    Refused,
    Resign,
    RollDice,
    TakeBack,
    TimePassed,
    TookBack,
    WinDeclared,
)
from firmware_host.session.legend import BoardView, Phase
from firmware_host.session.settings import Settings, SettingsError
from firmware_host.session.storage import GameStore, StoredGame
from firmware_host.session.view import TAKEBACK_CHOICE, build_view
from hardware.orientation import SpotTurn

log = logging.getLogger(__name__)

TAKEBACK_DEPTH = 2  # how many plies back a board may be put to take moves back
FORCED_DELAY = 1.5  # seconds a forced move the board cannot show (a lost turn) is shown first


@dataclass(frozen=True, slots=True)
class TakebackChoice:
    """The prompt choice that confirms a takeback the board offered."""

    plies: int


class Controller:
    """A game session on one board."""

    def __init__(
        self,
        game: Game[Any],
        sensing: Sensing,
        sensed: frozenset[Spot],
        store: GameStore,
        *,
        timing: Timing | None = None,
        orientation: SpotTurn | None = None,
    ) -> None:
        self.game = game
        self.orientation = orientation
        self.sensing = sensing
        self.sensed = sensed
        self.store = store
        self.timing = timing or Timing()
        self.position: Position[Any] = game.position()
        self.game_id = 0
        self.phase = Phase.SETUP
        self.recognizer: Recognizer[Any] = Recognizer(sensing, sensed, self.timing)
        self._frames: list[dict[Spot, Reading]] = []
        self._frame: dict[Spot, Reading] = {}
        self._assessment: Assessment[Any] | None = None
        self._prompt: tuple[Hashable, ...] = ()
        self._selected = 0
        self._shown: object = None  # the last assessment reported, so each is said once
        self._guide_spots: frozenset[Spot] = frozenset()
        self._last_move: frozenset[Spot] = frozenset()
        self._teaching: tuple[frozenset[Spot], frozenset[Spot]] = (frozenset(), frozenset())
        self._fault: str | None = None
        self._outcome: Outcome | None = None
        self.settings = Settings()
        self.clock: GameClock | None = None
        self.draw: DrawResult | None = None
        self._rng: random.Random = random.Random()
        self._forced: tuple[Hashable, float] | None = None
        self._kept_rolls: dict[int, Hashable] = {}  # rolls a takeback undid, by ply

    # --- sessions ------------------------------------------------------------------

    def start(
        self,
        at: float,
        *,
        resume: bool = True,
        options: Mapping[str, str] | None = None,
        position: str | None = None,
        settings: Mapping[str, str] | None = None,
    ) -> list[Notice]:
        """Resume the game's unfinished session, or start a new one."""
        if resume and position is None:
            stored = self.store.unfinished(self.game.name)
            if stored is not None:
                try:
                    return self._resume(stored, at)
                except KibanError as error:
                    self.store.abandon(stored.id, at)
                    log.error("game %d cannot be resumed: %s", stored.id, error)
                    notices: list[Notice] = [
                        Refused(f"game {stored.id} could not be resumed: {error}", at)
                    ]
                    return notices + self._new(at, options, position, settings)
        return self._new(at, options, position, settings)

    def _new(
        self,
        at: float,
        options: Mapping[str, str] | None,
        text: str | None,
        settings: Mapping[str, str] | None = None,
    ) -> list[Notice]:
        self.position = self.game.position(text, options)
        default_draw = self.game.first_player_draw(self.position.options)
        self.settings = Settings.parse(settings or {}, draw=default_draw)
        stored_options = self.position.options.non_default(self.game.option_specs)
        self.game_id = self.store.new_game(
            self.game.name, stored_options, text, at, settings=self.settings.stored()
        )
        self._rng = self.settings.random_source()
        self._start_clock_from(None)
        notices: list[Notice] = [GameStarted(self.game_id, self.game.name, False, at)]
        self.draw = draw_first_player(self.settings.draw, self._rng)
        if self.draw is not None:
            notices.append(FirstPlayerDrawn(self.draw.describe(), at))
        self._begin(at)
        # The board may already show the new position: no frame change would say so.
        return notices + self._judge(at)

    def _resume(self, stored: StoredGame, at: float) -> list[Notice]:
        self.settings = Settings.parse(stored.settings)
        position = self.game.position(stored.start, stored.options)
        for move in stored.moves():
            position.push_text(move)
        self.position = position
        self.game_id = stored.id
        self._rng = self.settings.random_source()
        self._start_clock_from(stored.clock)
        self.draw = None
        self._begin(at)
        self._frames = self._replayed_frames()
        self._reset_recognizer(at)
        return [GameStarted(self.game_id, self.game.name, True, at)]

    def _start_clock_from(self, remaining: tuple[float, ...] | None) -> None:
        control = self.settings.clock
        self.clock = (
            None if control is None else GameClock(control, len(self.game.seats), remaining)
        )

    def _begin(self, at: float) -> None:
        self._frames = [self.position.expected_frame(self.sensing)]
        self._outcome = self.position.outcome()
        self._forced = None
        self._kept_rolls.clear()
        self._last_move = frozenset()
        self.recognizer.guide = None
        self._guide_spots = frozenset()
        self._close_prompt()
        self._reset_recognizer(at)
        self.phase = Phase.SETUP

    def _replayed_frames(self) -> list[dict[Spot, Reading]]:
        """Expected frames of the last few plies, for takeback detection after a resume."""
        probe = self.position.copy()
        frames = [probe.expected_frame(self.sensing)]
        for _ in range(min(TAKEBACK_DEPTH, len(probe.move_stack))):
            probe.pop()
            frames.insert(0, probe.expected_frame(self.sensing))
        return frames

    def _reset_recognizer(self, at: float) -> None:
        history = list(reversed(self._frames[-1 - TAKEBACK_DEPTH : -1]))
        self.recognizer.reset(self.position, history, at)
        if self._frame:
            self.recognizer.observe(self._frame, at)
        self._assessment = None
        self._shown = None
        self._teaching = (self.position.threatened_spots(), self.position.check_spots())
        self._forced = None
        if self._outcome is None and self.position.chance_moves() is None:
            moves = list(self.position.legal_moves())
            if len(moves) == 1 and moves[0] in self.recognizer.unseen:
                # The only move is one the board cannot show (a lost turn): play it
                # after a moment, so the players see why the turn passes.
                self._forced = (moves[0], at + FORCED_DELAY)

    # --- events --------------------------------------------------------------------

    def handle(self, event: Event) -> list[Notice]:
        """Apply one event; returns what happened, for logs, screens and replays."""
        match event:
            case FrameSeen(frame, at):
                self._frame = {s: r for s, r in frame.items() if s in self.sensed}
                self.recognizer.observe(self._frame, at)
                return self._judge(at)
            case TimePassed(at):
                return self._judge(at)
            case ButtonPressed(role, at):
                return self._button(role, at)
            case Chosen(text, at):
                return self._choose(text, at)
            case Resign(at, seat):
                return self._resign(at, seat)
            case AgreeDraw(at):
                # the players end the game: a draw, or the game's own count (scores)
                return self._end(self.position.end_by_agreement(), at)
            case TakeBack(at):
                return self._take_back(1, at, board_follows=False)
            case NewGame(at, game, options, position, settings):
                return self._new_game(at, game, options, position, settings)
            case RollDice(at):
                return self._roll(at, asked=True)
            case ImpasseAgreed(at):
                return self._claim(at, "impasse", "impasse rule")
            case WinDeclared(at):
                return self._claim(at, "declare", "win declaration")
            case PlayGuide(move, at):
                return self._set_guide(move, at)
            case ClearGuide(at):
                self.recognizer.guide = None
                self._guide_spots = frozenset()
                return self._judge(at)
            case BusFault(message, at):
                self._fault = message
                if self.clock is not None:
                    self.clock.stop(at)  # the game waits for the board, and so do the clocks
                return [FaultShown(message, at)]
            case BusRecovered(at):
                self._fault = None
                self._run_clock(at)
                return [FaultCleared(at), *self._judge(at)]
        raise TypeError(f"not an event: {event!r}")  # pragma: no cover

    def next_deadline(self, now: float) -> float | None:
        """When the controller wants a tick even if nothing happens on the board."""
        if self.phase in (Phase.SETUP, Phase.GAME_OVER) or self._fault is not None:
            return None
        deadlines = [self.recognizer.next_deadline(now)]
        if self.clock is not None:
            deadlines.append(self.clock.flag_time())
        if self._forced is not None:
            deadlines.append(self._forced[1])
        if self._roll_due() and self.settings.roll.value == "auto":
            deadlines.append(now)
        due = [deadline for deadline in deadlines if deadline is not None]
        return min(due) if due else None

    def _run_clock(self, at: float) -> None:
        """The clock of the seat to move runs while the game is in play."""
        if self.clock is None:
            return
        if self._outcome is None and self.phase is not Phase.SETUP and self._fault is None:
            self.clock.start(self.position.turn, at)
        else:
            self.clock.stop(at)
        self.store.save_clock(self.game_id, self.clock.remaining(at))

    # --- judging the board -----------------------------------------------------------

    def _judge(self, at: float) -> list[Notice]:
        if self._fault is not None:
            return []  # a partial view of the board decides nothing
        if self.phase is Phase.GAME_OVER:
            return []
        if self.phase is Phase.SETUP:
            if self._frame and self._frame == dict(self.recognizer.expected):
                self.phase = Phase.GUIDE if self.recognizer.guide is not None else Phase.PLAY
                self._reset_recognizer(at)
                self._run_clock(at)
                return [BoardReady(at), *self._judge(at)]
            if self._turned_round():
                assert self.orientation is not None
                return [BoardTurned(self.orientation.turned, at), *self._judge(at)]
            return []
        if self.clock is not None:
            flagged = self.clock.flagged(at)
            if flagged is not None:
                winners = frozenset(range(len(self.game.seats))) - {flagged}
                return self._end(Outcome(Termination.TIME_FORFEIT, winners), at)
        if self._roll_due():
            return self._roll(at, asked=False)
        if self._forced is not None and at >= self._forced[1] - 1e-9:
            return self._commit(self._forced[0], at)
        assessment = self.recognizer.assess(at)
        self._assessment = assessment
        notices: list[Notice] = []
        match assessment:
            case Commit(move):
                return self._commit(move, at)
            case Ambiguous(candidates):
                ordered = tuple(sorted(candidates, key=self.position.move_text))
                if ordered != self._prompt:
                    self._prompt = ordered
                    self._selected = 0
                    self.phase = Phase.PROMPT
                    notices.append(
                        PromptOpened(tuple(self.position.move_text(m) for m in ordered), at)
                    )
                return notices
            case TakebackOffer(plies):
                # Offered, never automatic: lifting the piece the opponent just dropped
                # recreates the earlier board too, and must not undo their move.
                offer = (TakebackChoice(plies),)
                if offer != self._prompt:
                    self._prompt = offer
                    self._selected = 0
                    self.phase = Phase.PROMPT
                    notices.append(PromptOpened((TAKEBACK_CHOICE,), at))
                return notices
            case IllegalMatch(move, reason):
                self._close_prompt()
                text = self.position.move_text(move)
                policy = self.game.illegal_policy(self.position.options)
                if policy is IllegalMovePolicy.LOSES:
                    winners = frozenset(range(len(self.game.seats))) - {self.position.turn}
                    notices.append(IllegalShown(text, reason, at))
                    return notices + self._end(Outcome(Termination.ILLEGAL_MOVE, winners), at)
                if self._shown != assessment:
                    self._shown = assessment
                    notices.append(IllegalShown(text, reason, at))
                return notices
            case OffGuide(moves, guide):
                self._close_prompt()
                if self._shown != assessment:
                    self._shown = assessment
                    notices.append(
                        OffGuideShown(
                            tuple(self.position.move_text(m) for m in moves),
                            self.position.move_text(guide),
                            at,
                        )
                    )
                return notices
            case OutOfStep(correction):
                self._close_prompt()
                self.phase = Phase.CORRECTION
                if self._shown != assessment:
                    self._shown = assessment
                    notices.append(OutOfStepShown(correction, at))
                return notices
        self._close_prompt()
        self._shown = None
        return notices

    def _turned_round(self) -> bool:
        """A start position standing across the half turn is a board set up the other
        way round, not a wrong one: turn the board's spots (sensors and LEDs) to match."""
        turn = self.orientation
        if turn is None or self.position.move_stack or not self._frame:
            return False
        seen = turn.remap(self._frame)
        if seen != dict(self.recognizer.expected):
            return False
        turn.turn()
        self._frame = seen
        return True

    def _close_prompt(self) -> None:
        self._prompt = ()
        self._selected = 0
        if self.phase in (Phase.PROMPT, Phase.CORRECTION):
            self.phase = Phase.GUIDE if self.recognizer.guide is not None else Phase.PLAY

    def _commit(self, move: Hashable, at: float) -> list[Notice]:
        position = self.position
        text = position.move_text(move)
        ply = len(position.move_stack) + 1
        mover = position.turn
        data = None
        if self.clock is not None:
            self.clock.stop(at)
            data = {"clock": [round(t, 3) for t in self.clock.remaining(at)]}
        self.store.add_move(self.game_id, ply, text, at, data)  # stored before anything changes
        footprint = position.footprint(move, self.sensing)
        position.push(move)
        self._frames.append(position.expected_frame(self.sensing))
        del self._frames[: -1 - TAKEBACK_DEPTH]
        self._last_move = footprint.spots()
        if self.recognizer.guide is not None:
            self.recognizer.guide = None
            self._guide_spots = frozenset()
        self._close_prompt()
        self.phase = Phase.PLAY
        self._reset_recognizer(at)
        notices: list[Notice] = [MoveCommitted(ply, text, at)]
        outcome = position.outcome()
        if outcome is not None:
            return notices + self._end(outcome, at)
        if self.clock is not None:
            self.clock.moved(mover, None, at)
            self._run_clock(at)
        return notices

    def _end(self, outcome: Outcome, at: float) -> list[Notice]:
        if self.phase is Phase.GAME_OVER:
            return [Refused("the game is already over", at)]
        self.store.finish(self.game_id, outcome, at)
        self._outcome = outcome
        self._forced = None
        self._close_prompt()
        self.phase = Phase.GAME_OVER
        self._run_clock(at)
        return [GameEnded(outcome, self.game.describe_outcome(outcome), at)]

    def _take_back(self, plies: int, at: float, *, board_follows: bool) -> list[Notice]:
        if plies > len(self.position.move_stack):
            return [Refused("there is no move to take back", at)]
        self.store.add_takeback(self.game_id, len(self.position.move_stack), plies, at)
        if self._outcome is not None:
            self.store.reopen(self.game_id)
            self._outcome = None
        for _ in range(plies):
            move = self.position.pop()
            self._frames.pop()
            chance = self.position.chance_moves()
            if chance is not None and move in chance:
                # the dice stay as they fell: taking a move back never rolls again
                self._kept_rolls[len(self.position.move_stack)] = move
        if len(self._frames) < 1 + TAKEBACK_DEPTH:
            self._frames = self._replayed_frames()
        self._last_move = frozenset()
        self._close_prompt()
        self._reset_recognizer(at)
        # A takeback from the controls leaves the pieces where they were: guide them back
        # (unless they already stand as the position now has them).
        self.phase = Phase.PLAY if board_follows else Phase.SETUP
        self._run_clock(at)
        return [TookBack(plies, at), *self._judge(at)]

    # --- people ----------------------------------------------------------------------

    def _button(self, role: ButtonRole, at: float) -> list[Notice]:
        if self.phase is Phase.PROMPT and self._prompt:
            if role is ButtonRole.NEXT:
                self._selected = (self._selected + 1) % len(self._prompt)
                return []
            if role is ButtonRole.BACK:
                self._selected = (self._selected - 1) % len(self._prompt)
                return []
            if role is ButtonRole.OK:
                return self._accept(self._prompt[self._selected], at)
        if self.phase is Phase.GAME_OVER and role is ButtonRole.OK:
            return self._new_game(
                at,
                None,
                dict(self.position.options.non_default(self.game.option_specs)),
                None,
                self.settings.stored(),
            )
        if self.phase is Phase.GAME_OVER or self.phase is Phase.SETUP:
            return []
        if role is ButtonRole.BACK:
            return self._take_back(1, at, board_follows=False)
        if role is ButtonRole.ROLL:
            return self._roll(at, asked=True)
        if role is ButtonRole.CLOCK:
            return self._confirm(at)
        if role is ButtonRole.OK:
            # ok confirms a move the board shows but that may still go on (a chain)
            confirmed = self._confirm(at)
            if any(isinstance(notice, MoveCommitted) for notice in confirmed):
                return confirmed
        if role in (ButtonRole.OK, ButtonRole.REFILL) and self.recognizer.unseen:
            # Moves the board cannot show (a refill, an exchange) are chosen at a prompt.
            self._prompt = tuple(sorted(self.recognizer.unseen, key=self.position.move_text))
            self._selected = 0
            self.phase = Phase.PROMPT
            return [PromptOpened(self.prompt_choices, at)]
        return []

    def _confirm(self, at: float) -> list[Notice]:
        """The clock button: play the move the board shows now, without the settle time."""
        assessment = self.recognizer.assess(at)
        if isinstance(assessment, Pending) and len(assessment.candidates) == 1:
            return self._commit(assessment.candidates[0], at)
        return self._judge(at)

    def _roll_due(self) -> bool:
        return (
            self._outcome is None
            and self.phase not in (Phase.SETUP, Phase.GAME_OVER)
            and self.position.chance_moves() is not None
        )

    def _roll(self, at: float, *, asked: bool) -> list[Notice]:
        """Roll the dice from the session's own random source; the roll is a move of
        the record, so the game replays exactly."""
        if not self._roll_due():
            return [Refused("no roll is due", at)] if asked else []
        if self.settings.roll.value == "button" and not asked:
            return []
        outcomes = self.position.chance_moves()
        assert outcomes is not None
        kept = self._kept_rolls.pop(len(self.position.move_stack), None)
        roll = kept if kept is not None and kept in outcomes else self._rng.choice(outcomes)
        return self._commit(roll, at)

    def _claim(self, at: float, name: str, what: str) -> list[Notice]:
        """A claim that ends the game by the game's own count: the engine judges it."""
        if self.phase is Phase.GAME_OVER:
            return [Refused("the game is already over", at)]
        try:
            outcome = self.position.claim(name)
        except UnknownClaimError:
            return [Refused(f"{self.game.title} has no {what}", at)]
        except KibanError as error:
            return [Refused(str(error), at)]
        return self._end(outcome, at)

    def _choose(self, text: str, at: float) -> list[Notice]:
        if self.phase is not Phase.PROMPT or not self._prompt:
            for move in self.recognizer.unseen if self.phase is not Phase.SETUP else ():
                if self.position.move_text(move) == text.strip():
                    return self._commit(move, at)
            return [Refused(f"no prompt is open for {text!r}", at)]
        for choice in self._prompt:
            if self._choice_text(choice) == text.strip():
                return self._accept(choice, at)
        names = ", ".join(self.prompt_choices)
        return [Refused(f"{text!r} is not one of the choices ({names})", at)]

    def _accept(self, choice: Hashable, at: float) -> list[Notice]:
        if isinstance(choice, TakebackChoice):
            return self._take_back(choice.plies, at, board_follows=True)
        return self._commit(choice, at)

    def _choice_text(self, choice: Hashable) -> str:
        if isinstance(choice, TakebackChoice):
            return TAKEBACK_CHOICE
        return self.position.move_text(choice)

    def _choice_spots(self, choice: Hashable) -> frozenset[Spot]:
        if isinstance(choice, TakebackChoice):
            target = self._frames[-1 - choice.plies]
            now = self._frames[-1]
            return frozenset(s for s in now.keys() | target.keys() if now.get(s) != target.get(s))
        return self.position.footprint(choice, self.sensing).spots()

    def _resign(self, at: float, seat: int | None) -> list[Notice]:
        if self.phase is Phase.GAME_OVER:
            return [Refused("the game is already over", at)]
        loser = self.position.turn if seat is None else seat
        if not 0 <= loser < len(self.game.seats):
            return [Refused(f"there is no seat {loser}", at)]
        winners = frozenset(range(len(self.game.seats))) - {loser}
        return self._end(Outcome(Termination.RESIGNATION, winners), at)

    def _new_game(
        self,
        at: float,
        game: str | None,
        options: Mapping[str, str] | None,
        position: str | None,
        settings: Mapping[str, str] | None = None,
    ) -> list[Notice]:
        try:
            new_game = find_game(game) if game else self.game
            new_game.options(options)
            if position is not None:
                new_game.position(position, options)
            Settings.parse(settings or {})
        except (KibanError, SettingsError) as error:
            return [Refused(str(error), at)]
        if self.phase is not Phase.GAME_OVER:
            self.store.abandon(self.game_id, at)
        if new_game is not self.game:
            self.game = new_game
            self.sensed = self.sensed & frozenset(new_game.spots)
            self.recognizer = Recognizer(self.sensing, self.sensed, self.timing)
        return self._new(at, options, position, settings)

    def _set_guide(self, text: str, at: float) -> list[Notice]:
        if self.phase is Phase.GAME_OVER:
            return [Refused("the game is over", at)]
        try:
            move = self.position.parse_move(text)
        except KibanError as error:
            return [Refused(str(error), at)]
        self.recognizer.guide = move
        self._guide_spots = self.position.footprint(move, self.sensing).spots()
        if self.phase is Phase.PLAY:
            self.phase = Phase.GUIDE
        return self._judge(at)

    # --- what to show ----------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def prompt_choices(self) -> tuple[str, ...]:
        return tuple(self._choice_text(choice) for choice in self._prompt)

    @property
    def assessment(self) -> Assessment[Any] | None:
        return self._assessment

    @property
    def frame(self) -> Mapping[Spot, Reading]:
        return self._frame

    @property
    def fault(self) -> str | None:
        return self._fault

    @property
    def last_move(self) -> frozenset[Spot]:
        return self._last_move

    @property
    def guide_spots(self) -> frozenset[Spot]:
        return self._guide_spots

    @property
    def teaching(self) -> tuple[frozenset[Spot], frozenset[Spot]]:
        """The mover's threatened pieces, and its king when in check."""
        return self._teaching

    @property
    def prompt(self) -> tuple[tuple[str, ...], tuple[frozenset[Spot], ...], int] | None:
        """The open prompt: its choices by name, the spots of each, the selected one."""
        if self.phase is not Phase.PROMPT or not self._prompt:
            return None
        spots = tuple(self._choice_spots(choice) for choice in self._prompt)
        return self.prompt_choices, spots, self._selected

    @property
    def roll_due(self) -> bool:
        return self._roll_due()

    @property
    def forced(self) -> str | None:
        """The move the board cannot show that will be played by itself, as text."""
        return None if self._forced is None else self.position.move_text(self._forced[0])

    def view(self, now: float | None = None) -> BoardView:
        """What the LEDs (and a screen) should show; ``now`` runs the clocks."""
        return build_view(self, now)
