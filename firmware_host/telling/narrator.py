"""What a board or a page says aloud: each notice as one short sentence, the clock
warnings as a running clock passes a minute, thirty and ten seconds, and in byoyomi
the timekeeper's count (telling/byoyomi.py).

Players who look at the board, not at a screen, hear the move the board understood,
the question it asks and why it refused a move. Pure: notices and positions in,
sentences out; the speaker (loops/speaker.py) and the page (static/speech.js) say
them, and only the server decides when a clock warning is due.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.game import Position
from engine.said import Said
from firmware_host.notices.declared import GameStarted, MoveCommitted, MovesTakenBack, Notice
from firmware_host.session.clock import GameClock, TimeControl
from firmware_host.telling.byoyomi import byoyomi_calls, call_said, call_words
from firmware_host.telling.language import Language
from firmware_host.telling.notices import (
    clock_said,
    clock_sentence,
    notice_sentence,
    sentence_said,
)
from firmware_host.telling.speech_settings import SpeechMode, SpeechSpec

WARNINGS = (60.0, 30.0, 10.0)
"""Seconds left at which a running clock is announced."""


@dataclass(frozen=True, slots=True)
class Narrator:
    """Says notices in ``language`` (the words are the telling's, telling/notices.py):
    this finds the position each one happened in."""

    language: Language = Language.ENGLISH

    @classmethod
    def of(cls, mode: SpeechMode, language: Language | None = None) -> Narrator | None:
        """The narrator a speech setting asks for (None: speech is off)."""
        if mode is SpeechMode.OFF:
            return None
        if language is None:
            language = Language.JAPANESE if mode is SpeechMode.JAPANESE else Language.ENGLISH
        return cls(language)

    @classmethod
    def of_spec(cls, spec: SpeechSpec) -> Narrator | None:
        """The narrator of a profile's ``[speech]`` table (None: speech is off)."""
        return cls.of(spec.mode, spec.language)

    def sentences(
        self, notices: Sequence[Notice], position: Position[Any]
    ) -> tuple[str | None, ...]:
        """One sentence per notice (None for what is not said); ``position`` is the game
        as it stands after all of them, the positions before are found by taking moves
        back on a copy."""
        return tuple(
            self.sentence(notice, at)
            for notice, at in zip(notices, positions_of(notices, position), strict=True)
        )

    def sentence(self, notice: Notice, position: Position[Any] | None) -> str | None:
        """``notice`` said aloud; ``position`` is the game when it happened (before the
        move of a ``MoveCommitted``), None when it is not known."""
        return notice_sentence(notice, position, self.language)

    def clock_sentences(
        self,
        position: Position[Any],
        before: Sequence[float],
        after: Sequence[float],
        control: TimeControl | None = None,
    ) -> tuple[str, ...]:
        """What to say of every seat's clock that passed a warning between two readings;
        in byoyomi (``control`` has one), the timekeeper's count instead."""
        said = []
        calls = byoyomi_calls(control)
        for seat, (earlier, now) in enumerate(zip(before, after, strict=True)):
            if calls and control is not None and now <= control.overtime:
                passed = [left for left in calls if now <= left < earlier]
                if passed:
                    used = calls[min(passed)]
                    said.append(call_words(control.byoyomi, used, self.language))
                continue
            spare = control.overtime if control is not None else 0.0  # main time's warnings
            mark = clock_warning(earlier - spare, now - spare)
            if mark is not None:
                said.append(clock_sentence(position, seat, mark, self.language))
        return tuple(said)


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
    """When the running clock passes its next warning or byoyomi call (None: none
    runs, or none is left)."""
    if clock is None or clock.running is None:
        return None
    left = clock.remaining(now)[clock.running]
    ahead = [a for a in (next_warning(left - clock.control.overtime),) if a is not None]
    ahead += [left - mark for mark in byoyomi_calls(clock.control) if mark < left]
    return now + min(ahead) if ahead else None


def clock_sentences(
    position: Position[Any], before: Sequence[float], after: Sequence[float]
) -> tuple[str, ...]:
    """What to say in English of every seat's clock that passed a warning."""
    return Narrator().clock_sentences(position, before, after)


@dataclass(frozen=True, slots=True)
class ClockWarning:
    """A warning the running clock has still to pass: the seconds left when it is
    said, what is said (a value, told in the language of whoever says it), and
    whether it is the timekeeper's count of a byoyomi period."""

    left: float
    sentence: Said
    byoyomi: bool = False


def warnings_ahead(
    position: Position[Any],
    remaining: Sequence[float],
    running: int | None,
    control: TimeControl | None = None,
) -> tuple[ClockWarning, ...]:
    """The warnings the running clock has still to pass, for a page that counts the
    clock down itself; in byoyomi, the timekeeper's count of the period running; none
    when no clock runs."""
    if running is None or not remaining:
        return ()
    left = remaining[running]
    calls = byoyomi_calls(control)
    if calls and control is not None and left <= control.overtime:
        return tuple(
            ClockWarning(mark, call_said(control.byoyomi, calls[mark]), byoyomi=True)
            for mark in calls
            if left - control.byoyomi < mark < left
        )
    spare = control.overtime if control is not None else 0.0  # the warnings of main time
    return tuple(
        ClockWarning(warning + spare, clock_said(position, running, warning))
        for warning in WARNINGS
        if warning + spare < remaining[running]
    )


def positions_of(
    notices: Sequence[Notice], position: Position[Any]
) -> tuple[Position[Any] | None, ...]:
    """The game each notice happened in (None: not known); ``position`` is the game as
    it stands after all of them, the positions before are found by taking moves back
    on a copy."""
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

    return tuple(at(count) for count in counts)


def sentences_said(notices: Sequence[Notice], position: Position[Any]) -> tuple[Said | None, ...]:
    """Each notice said aloud as a value (None for what is not said), in the game it
    happened in, which whoever says it tells in its language."""
    return tuple(
        sentence_said(notice, at)
        for notice, at in zip(notices, positions_of(notices, position), strict=True)
    )
