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
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from drivers.buttons import ButtonRole
from engine.errors import KibanError
from engine.game import Game, Position
from engine.outcome import Outcome, Termination
from engine.physical import EMPTY, Reading, Sensing, Spot
from engine.recognizer import (
    Ambiguous,
    Assessment,
    Commit,
    IllegalMatch,
    Moving,
    OffGuide,
    OutOfStep,
    Recognizer,
    TakebackOffer,
    Tapped,
    Timing,
)
from engine.registry import find_game
from firmware_host.events import (
    AgreeDraw,
    BoardReady,
    BusFault,
    BusRecovered,
    ButtonPressed,
    Chosen,
    ClearGuide,
    Event,
    FaultCleared,
    FaultShown,
    FrameSeen,
    GameEnded,
    GameStarted,
    IllegalShown,
    MoveCommitted,
    NewGame,
    Notice,
    OffGuideShown,
    OutOfStepShown,
    PlayGuide,
    PromptOpened,
    Refused,
    Resign,
    TakeBack,
    TimePassed,
    TookBack,
)
from firmware_host.legend import BoardView, Phase, PromptView
from firmware_host.storage import GameStore, StoredGame

log = logging.getLogger(__name__)

TAKEBACK_DEPTH = 2  # how many plies back a board may be put to take moves back
TAKEBACK_CHOICE = "takeback"


@dataclass(frozen=True, slots=True)
class TakebackChoice:
    """The prompt choice that confirms a takeback the board offered."""

    plies: int


def describe(game: Game[Any], outcome: Outcome) -> str:
    """A sentence for the end of a game."""
    if outcome.is_draw:
        return f"draw ({outcome.termination.value})"
    names = " and ".join(game.seats[seat].name for seat in sorted(outcome.winners))
    verb = "wins" if len(outcome.winners) == 1 else "share the win"
    return f"{names} {verb} ({outcome.termination.value})"


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
    ) -> None:
        self.game = game
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
        self._message = ""

    # --- sessions ------------------------------------------------------------------

    def start(
        self,
        at: float,
        *,
        resume: bool = True,
        options: Mapping[str, str] | None = None,
        position: str | None = None,
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
                    return notices + self._new(at, options, position)
        return self._new(at, options, position)

    def _new(self, at: float, options: Mapping[str, str] | None, text: str | None) -> list[Notice]:
        self.position = self.game.position(text, options)
        stored_options = self.position.options.non_default(self.game.option_specs)
        self.game_id = self.store.new_game(self.game.name, stored_options, text, at)
        self._begin(at)
        # The board may already show the new position: no frame change would say so.
        return [GameStarted(self.game_id, self.game.name, False, at), *self._judge(at)]

    def _resume(self, stored: StoredGame, at: float) -> list[Notice]:
        position = self.game.position(stored.start, stored.options)
        for move in stored.moves():
            position.push_text(move)
        self.position = position
        self.game_id = stored.id
        self._begin(at)
        self._frames = self._replayed_frames()
        self._reset_recognizer(at)
        return [GameStarted(self.game_id, self.game.name, True, at)]

    def _begin(self, at: float) -> None:
        self._frames = [self.position.expected_frame(self.sensing)]
        self._outcome = self.position.outcome()
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
                return self._end(Outcome.draw(Termination.AGREEMENT), at)
            case TakeBack(at):
                return self._take_back(1, at, board_follows=False)
            case NewGame(at, game, options, position):
                return self._new_game(at, game, options, position)
            case PlayGuide(move, at):
                return self._set_guide(move, at)
            case ClearGuide(at):
                self.recognizer.guide = None
                self._guide_spots = frozenset()
                return self._judge(at)
            case BusFault(message, at):
                self._fault = message
                return [FaultShown(message, at)]
            case BusRecovered(at):
                self._fault = None
                return [FaultCleared(at), *self._judge(at)]
        raise TypeError(f"not an event: {event!r}")  # pragma: no cover

    def next_deadline(self, now: float) -> float | None:
        """When the controller wants a tick even if nothing happens on the board."""
        if self.phase in (Phase.SETUP, Phase.GAME_OVER) or self._fault is not None:
            return None
        return self.recognizer.next_deadline(now)

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
                return [BoardReady(at)]
            return []
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
                if self.position.options.get("illegal") == "loses":
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

    def _close_prompt(self) -> None:
        self._prompt = ()
        self._selected = 0
        if self.phase in (Phase.PROMPT, Phase.CORRECTION):
            self.phase = Phase.GUIDE if self.recognizer.guide is not None else Phase.PLAY

    def _commit(self, move: Hashable, at: float) -> list[Notice]:
        position = self.position
        text = position.move_text(move)
        ply = len(position.move_stack) + 1
        self.store.add_move(self.game_id, ply, text, at)  # stored before anything changes
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
            notices += self._end(outcome, at)
        return notices

    def _end(self, outcome: Outcome, at: float) -> list[Notice]:
        if self.phase is Phase.GAME_OVER:
            return [Refused("the game is already over", at)]
        self.store.finish(self.game_id, outcome, at)
        self._outcome = outcome
        self._close_prompt()
        self.phase = Phase.GAME_OVER
        return [GameEnded(outcome, describe(self.game, outcome), at)]

    def _take_back(self, plies: int, at: float, *, board_follows: bool) -> list[Notice]:
        if plies > len(self.position.move_stack):
            return [Refused("there is no move to take back", at)]
        self.store.add_takeback(self.game_id, len(self.position.move_stack), plies, at)
        if self._outcome is not None:
            self.store.reopen(self.game_id)
            self._outcome = None
        for _ in range(plies):
            self.position.pop()
            self._frames.pop()
        if len(self._frames) < 1 + TAKEBACK_DEPTH:
            self._frames = self._replayed_frames()
        self._last_move = frozenset()
        self._close_prompt()
        self._reset_recognizer(at)
        # A takeback from the controls leaves the pieces where they were: guide them back
        # (unless they already stand as the position now has them).
        self.phase = Phase.PLAY if board_follows else Phase.SETUP
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
                at, None, dict(self.position.options.non_default(self.game.option_specs)), None
            )
        if role is ButtonRole.BACK:
            return self._take_back(1, at, board_follows=False)
        return []

    def _choose(self, text: str, at: float) -> list[Notice]:
        if self.phase is not Phase.PROMPT or not self._prompt:
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
        self, at: float, game: str | None, options: Mapping[str, str] | None, position: str | None
    ) -> list[Notice]:
        try:
            new_game = find_game(game) if game else self.game
            new_game.options(options)
            if position is not None:
                new_game.position(position, options)
        except KibanError as error:
            return [Refused(str(error), at)]
        if self.phase is not Phase.GAME_OVER:
            self.store.abandon(self.game_id, at)
        if new_game is not self.game:
            self.game = new_game
            self.sensed = self.sensed & frozenset(new_game.spots)
            self.recognizer = Recognizer(self.sensing, self.sensed, self.timing)
        return self._new(at, options, position)

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

    def view(self) -> BoardView:
        expected = self.recognizer.expected
        frame = self._frame
        seats = self.game.seats
        turn = self.position.turn
        if self.phase is Phase.SETUP:
            missing = frozenset(
                s for s, r in expected.items() if r != EMPTY and frame.get(s, EMPTY) != r
            )
            extra = frozenset(
                s for s, r in frame.items() if r != EMPTY and expected.get(s, EMPTY) == EMPTY
            )
            return BoardView(
                Phase.SETUP,
                seats,
                turn,
                missing=missing,
                extra=extra,
                fault=self._fault,
                message=f"set up the board: {len(missing)} to place, {len(extra)} to remove",
            )
        assessment = self._assessment
        hints = assessment.hints if isinstance(assessment, Moving | Tapped) else ()
        lifted = frozenset(
            s for s, r in expected.items() if r != EMPTY and frame.get(s, EMPTY) == EMPTY
        )
        prompt = None
        if self.phase is Phase.PROMPT and self._prompt:
            prompt = PromptView(
                self.prompt_choices,
                tuple(self._choice_spots(choice) for choice in self._prompt),
                self._selected,
            )
        correction = assessment.correction if isinstance(assessment, OutOfStep) else None
        illegal: frozenset[Spot] = frozenset()
        if isinstance(assessment, IllegalMatch):
            illegal = self.position.footprint(assessment.move, self.sensing).spots()
        elif isinstance(assessment, OffGuide):
            illegal = frozenset().union(
                *(self.position.footprint(m, self.sensing).spots() for m in assessment.moves)
            )
        threatened, in_check = self._teaching
        return BoardView(
            self.phase,
            seats,
            turn,
            last_move=self._last_move,
            threatened=threatened,
            in_check=in_check,
            hints=hints,
            lifted=lifted,
            guide=self._guide_spots,
            prompt=prompt,
            correction=correction,
            illegal=illegal,
            fault=self._fault,
            outcome=self._outcome,
            message=self._status_text(),
        )

    def _status_text(self) -> str:
        if self._fault is not None:
            return f"waiting for the board: {self._fault}"
        if self._outcome is not None:
            return f"game over: {describe(self.game, self._outcome)}"
        seat = self.game.seats[self.position.turn].name
        assessment = self._assessment
        if self.phase is Phase.PROMPT:
            choice = self.prompt_choices[self._selected]
            if choice == TAKEBACK_CHOICE:
                return "the board shows an earlier position: press ok to take the move back"
            return f"which move? {' / '.join(self.prompt_choices)} (selected: {choice})"
        if isinstance(assessment, IllegalMatch):
            return (
                f"illegal: {self.position.move_text(assessment.move)} ({assessment.reason});"
                " put it back"
            )
        if isinstance(assessment, OffGuide):
            return f"please play {self.position.move_text(assessment.guide)}"
        if isinstance(assessment, OutOfStep):
            c = assessment.correction
            parts = []
            if c.take_from is not None and c.take_from != c.put_on:
                parts.append(f"take the piece off {c.take_from}")
            if c.put_on is not None:
                parts.append(f"put a piece on {c.put_on}")
            if c.take_from is not None and c.take_from == c.put_on:
                parts = [f"turn the piece on {c.put_on} over"]
            return "board out of step: " + " and ".join(parts)
        if self.recognizer.guide is not None:
            return f"{seat} to play {self.position.move_text(self.recognizer.guide)}"
        return f"{seat} to move"
