"""What a board or a page says aloud: each notice as one short sentence, and the clock
warnings as a running clock passes a minute, thirty and ten seconds.

Players who look at the board, not at a screen, hear the move the board understood,
the question it asks and why it refused a move. Pure: notices and positions in,
sentences out; the speaker (boards/speaker.py) and the page (static/speech.js) say
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.game import Position
from firmware_host.notices.declared import (
    BlunderWarned,
    BoardReady,
    BoardTurned,
    ComputerMoved,
    FaultCleared,
    FaultShown,
    FaultSource,
    FirstPlayerDrawn,
    GameEnded,
    GameStarted,
    HintShown,
    IllegalShown,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    OffGuideShown,
    OutOfStepShown,
    PromptOpened,
    ProposalAnswered,
    ProposalMade,
    Refused,
    RemoteMoved,
    ReviewShown,
    StoreReplaced,
)
from firmware_host.session.clock import GameClock
from firmware_host.session.consent import (
    answered_words,
    made_words,
)
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    PlayOnChoice,
    TakebackChoice,
)
from firmware_host.telling.spoken_moves import count_words, move_sentence, move_words, seat_name
from hardware.profile_speech import SpeechMode

WARNINGS = (60.0, 30.0, 10.0)
"""Seconds left at which a running clock is announced."""


@dataclass(frozen=True, slots=True)
class Narrator:
    """Turns notices into sentences; ``japanese``: shogi and Robot Duel pieces and
    squares by their Japanese names."""

    japanese: bool = False

    @classmethod
    def of(cls, mode: SpeechMode) -> Narrator | None:
        """The narrator a speech setting asks for (None: speech is off)."""
        if mode is SpeechMode.OFF:
            return None
        return cls(japanese=mode is SpeechMode.JAPANESE)

    def sentences(
        self, notices: Sequence[Notice], position: Position[Any]
    ) -> tuple[str | None, ...]:
        """One sentence per notice (None for what is not said); ``position`` is the game
        as it stands after all of them, the positions before are found by taking moves
        back on a copy."""
        counts = _plies_at(notices, len(position.move_stack))
        found: dict[int, Position[Any] | None] = {}

        def at(plies: int | None) -> Position[Any] | None:
            if plies is None or plies > len(position.move_stack):
                return None
            if plies == len(position.move_stack):
                return position  # only read: no copy
            if plies not in found:
                earlier = position.copy()
                while len(earlier.move_stack) > plies:
                    earlier.pop()
                found[plies] = earlier
            return found[plies]

        return tuple(
            self.sentence(notice, at(count)) for notice, count in zip(notices, counts, strict=True)
        )

    def sentence(self, notice: Notice, position: Position[Any] | None) -> str | None:
        """``notice`` said aloud; ``position`` is the game when it happened (before the
        move of a ``MoveCommitted``), None when it is not known."""
        match notice:
            case MoveCommitted(_, move, _):
                return self._move(position, move)
            case PromptOpened(choices, _):
                return self._prompt(position, choices)
            case MovesTakenBack(plies, _):
                return f"took back {count_words(plies, 'move')}"
            case IllegalShown(_, reason, _):
                return f"illegal: {reason}"
            case OffGuideShown(_, guide, _):
                return f"not that move: play {self._words(position, guide)}"
            case GameEnded(_, description, _):
                return f"game over: {description}"
            case FirstPlayerDrawn(description, _):
                return description
            case Refused(reason, _):
                return f"refused: {reason}"
            case FaultShown(message, _, FaultSource.STORE):
                return f"not saved: {message}"
            case FaultShown(message, _, _):
                return f"fault: {message}"
            case FaultCleared(_, FaultSource.STORE):
                return "the game is saved again"
            case FaultCleared():
                return "the board answers again"
            case ComputerMoved(_, move, _, _):
                return f"the computer plays {self._words(position, move)}"
            case RemoteMoved(_, move, _):
                return f"the other board plays {self._words(position, move)}"
            case ProposalMade():
                return made_words(notice)
            case ProposalAnswered():
                return answered_words(notice)
            case HintShown(move, _):
                return f"hint: {self._words(position, move)}"
            case BlunderWarned(_, reason, _):
                return f"careful: that move {reason}"
            case BoardReady():
                return "the board is ready: play"
            case ReviewShown(_, ply, plies, move, _):
                shown = f": {move}" if move else ""
                return f"move {ply} of {plies}{shown}"
            case StoreReplaced() | BoardTurned() | GameStarted() | OutOfStepShown():
                return None

    def _move(self, position: Position[Any] | None, move: str) -> str:
        if position is None:
            return move
        return move_sentence(position, move, japanese=self.japanese)

    def _words(self, position: Position[Any] | None, move: str) -> str:
        if position is None:
            return move
        return move_words(position, move, japanese=self.japanese)

    def _prompt(self, position: Position[Any] | None, choices: tuple[str, ...]) -> str:
        if len(choices) == 2 and f"{min(choices, key=len)}+" == max(choices, key=len):
            return "which move? promote or not"
        if set(choices) == {TakebackChoice.NAME, PlayOnChoice.NAME}:
            return "take it back, or play on?"
        if set(choices) == {AcceptChoice.NAME, DeclineChoice.NAME}:
            return "the other board asks: accept, or decline?"
        return "which move? " + ", or ".join(self._words(position, c) for c in choices)


def _plies_at(notices: Sequence[Notice], plies_now: int) -> list[int | None]:
    """How many moves the game had when each notice happened (before a move's own),
    counting back from the end; None before a new game the batch started."""
    counts: list[int | None] = []
    plies: int | None = plies_now
    for notice in reversed(notices):
        match notice:
            case MoveCommitted(ply, _, _):
                plies = ply - 1 if plies is not None else None
            case MovesTakenBack(taken, _):
                plies = plies + taken if plies is not None else None
        counts.append(plies)
        if isinstance(notice, GameStarted):
            plies = None
    return counts[::-1]


def clock_warning(before: float, after: float) -> float | None:
    """The warning a clock passed in going from ``before`` to ``after`` seconds left
    (the last one, when it passed several at once), None if it passed none."""
    passed = [mark for mark in WARNINGS if after <= mark < before]
    return min(passed) if passed else None


def next_warning(remaining: float) -> float | None:
    """Seconds until a clock with ``remaining`` seconds passes its next warning."""
    ahead = [remaining - mark for mark in WARNINGS if mark < remaining]
    return min(ahead) if ahead else None


def warning_due(clock: GameClock | None, now: float) -> float | None:
    """When the running clock passes its next warning (None: none runs, or none is
    left)."""
    if clock is None or clock.running is None:
        return None
    ahead = next_warning(clock.remaining(now)[clock.running])
    return None if ahead is None else now + ahead


def clock_sentences(
    position: Position[Any], before: Sequence[float], after: Sequence[float]
) -> tuple[str, ...]:
    """What to say of every seat's clock that passed a warning between two readings."""
    said = []
    for seat, (earlier, now) in enumerate(zip(before, after, strict=True)):
        mark = clock_warning(earlier, now)
        if mark is not None:
            left = "one minute" if mark == 60 else f"{mark:g} seconds"
            said.append(f"{seat_name(position, seat)}: {left} left")
    return tuple(said)
