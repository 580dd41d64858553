"""A speaker on the board: sentences said through ``espeak-ng``, one at a time, on a
thread of their own.

Saying a sentence takes a second or two; the board's decision loop must never wait
for it, so ``say`` only queues. A speaker that cannot speak (espeak-ng missing, a
sound card gone) is logged once and then stays quiet: speech is a courtesy, never a
reason for the board to stop.

A clock warning is news only while it is true: it goes ahead of the sentences still
waiting (a move said after it is no less true), and one that could not be said within
``STALE_AFTER`` of falling due (a move's sentence was being said) is dropped, never
said late.
"""

from __future__ import annotations

import logging
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import TYPE_CHECKING, Any

from engine.game import Position
from firmware_host.notices.declared import Notice
from firmware_host.session.actions import Speak
from firmware_host.session.clock import TimeControl
from firmware_host.telling.espeak_text import voiced
from firmware_host.telling.narrator import Narrator, warning_due
from firmware_host.telling.speech_settings import SpeechSpec

if TYPE_CHECKING:
    from firmware_host.loops.runtime import Runtime

log = logging.getLogger(__name__)

ESPEAK = "espeak-ng"
BACKLOG = 8  # sentences waiting at most; more are dropped (the board moved on)
SAY_TIMEOUT = 30.0  # seconds one sentence may take before it is given up
STALE_AFTER = 1.0
"""Seconds after it falls due that a clock warning may still be said. A warning says
whole seconds ("ten seconds left", the byoyomi's count): later than one of them, the
number it says is wrong by a unit it speaks in. A move's sentence takes longer than
that to say: measured with espeak-ng 1.51 at its default rate into a WAV file,
"A: chick to 2 b, takes chick" 2.5 s, "gote: pawn to 5 seven, takes pawn, promotes"
3.7 s ("A: one minute left" 1.6 s), the 3-4 s the issue heard a warning late."""

URGENT, IN_TURN, LAST = 0, 1, 2
"""The order the queue says things in: clock warnings, then the rest as they came,
then the end."""


@dataclass(frozen=True, order=True, slots=True)
class Utterance:
    """One queued sentence: said in ``rank``'s order, then as queued (``number``);
    ``stale_at``: the speaker's time after which it is no longer said (None: never
    stale); ``sentence`` None is the end of the queue."""

    rank: int
    number: int
    sentence: str | None = field(compare=False)
    stale_at: float | None = field(default=None, compare=False)


def espeak_command(spec: SpeechSpec) -> tuple[str, ...]:
    """espeak-ng with the profile's voice and rate; the sentence is added at the end."""
    return (ESPEAK, "-v", spec.voice, "-s", str(spec.rate))


class Speaker:
    """Says sentences in order on a worker thread; ``command`` is the program and its
    arguments, the sentence its last argument; ``clock`` tells when a warning is stale
    (the board's monotonic clock)."""

    def __init__(
        self,
        command: Sequence[str],
        *,
        backlog: int = BACKLOG,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.command = tuple(command)
        self.clock = clock
        self._queue: queue.PriorityQueue[Utterance] = queue.PriorityQueue(backlog)
        self._numbers = count()
        self.spoken = 0
        self.stale = 0
        self.dropped = 0
        self.failed = 0
        self._silent = shutil.which(self.command[0]) is None
        if self._silent:
            log.warning(
                "%s is not installed: moves are not spoken (sudo apt install espeak-ng)",
                self.command[0],
            )
        self._thread = threading.Thread(target=self._work, name="speaker", daemon=True)
        self._thread.start()

    @property
    def silent(self) -> bool:
        """Whether the speaker gave up (its program is missing or failed to start)."""
        return self._silent

    def say(self, sentence: str) -> bool:
        """Queue a sentence, never waiting; False if it was dropped (silent, or too
        many waiting)."""
        return self._put(Utterance(IN_TURN, next(self._numbers), sentence))

    def warn(self, sentence: str) -> bool:
        """Queue a clock warning falling due now: ahead of the sentences waiting, and
        dropped if it cannot be said within ``STALE_AFTER``."""
        stale_at = self.clock() + STALE_AFTER
        return self._put(Utterance(URGENT, next(self._numbers), sentence, stale_at))

    def _put(self, utterance: Utterance) -> bool:
        if self._silent or not utterance.sentence:
            self.dropped += 1
            return False
        try:
            self._queue.put_nowait(utterance)
        except queue.Full:
            self.dropped += 1
            return False
        return True

    def close(self, timeout: float = 5.0) -> None:
        """Stop after what is queued has been said (or ``timeout`` seconds)."""
        try:
            self._queue.put(Utterance(LAST, next(self._numbers), None), timeout=timeout)
        except queue.Full:
            return
        self._thread.join(timeout)

    def _work(self) -> None:
        while (sentence := self._next()) is not None:
            try:
                subprocess.run(
                    [*self.command, sentence],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    timeout=SAY_TIMEOUT,
                    check=True,
                )
                self.spoken += 1
            except OSError as error:  # the program vanished or cannot run
                self._silent = True
                self.failed += 1
                log.warning(
                    "%s cannot run (%s): moves are no longer spoken", self.command[0], error
                )
            except subprocess.SubprocessError as error:
                self.failed += 1
                if self.failed == 1:  # once: a broken sound card would fill the log
                    log.warning("%s failed: %s", self.command[0], _reason(error))

    def _next(self) -> str | None:
        """The next sentence to say, None at the end; a stale warning is dropped."""
        while True:
            utterance = self._queue.get()
            if utterance.sentence is None:
                return None
            if self._silent:
                continue
            if utterance.stale_at is not None and self.clock() > utterance.stale_at:
                self.stale += 1
                self.dropped += 1
                continue
            return utterance.sentence


def _reason(error: subprocess.SubprocessError) -> str:
    if isinstance(error, subprocess.CalledProcessError):
        stderr = error.stderr.decode(errors="replace").strip() if error.stderr else ""
        return stderr or f"exit status {error.returncode}"
    return str(error)


class Announcer:
    """An observer of the board (``Runtime.observers``): says what each event brought,
    and a running clock that passed a warning since the last event (``clock`` reads
    every seat's time left now), while ``speaking`` (the session's switch, which a page
    or the terminal turns off for a quiet room) says so."""

    def __init__(
        self,
        speaker: Speaker,
        narrator: Narrator,
        position: Callable[[], Position[Any]],
        clock: Callable[[], tuple[float, ...] | None] = lambda: None,
        control: Callable[[], TimeControl | None] = lambda: None,
        *,
        speaking: Callable[[], bool] = lambda: True,
    ) -> None:
        """``control``: the game's time control (its byoyomi is counted aloud)."""
        self.speaker = speaker
        self.narrator = narrator
        self.position = position
        self.clock = clock
        self.control = control
        self.speaking = speaking
        self._times: tuple[float, ...] | None = None

    def __call__(self, notices: list[Notice]) -> None:
        if not self.speaking():
            self._times = None  # a warning passed while quiet is not said later
            return
        position = self.position()
        language = self.narrator.language
        times = self.clock()
        if times is not None and self._times is not None and len(times) == len(self._times):
            # in the narrator's language, the byoyomi counted as a timekeeper counts it;
            # first: a warning falls due now, the batch's move can wait a sentence
            control = self.control()
            for warning in self.narrator.clock_sentences(position, self._times, times, control):
                self.speaker.warn(voiced(warning, language))
        self._times = times
        for sentence in self.narrator.sentences(notices, position):
            if sentence is not None:  # as espeak-ng says it: no symbol named
                self.speaker.say(voiced(sentence, language))


def announce(runtime: Runtime, spec: SpeechSpec, speaker: Speaker | None = None) -> Speaker | None:
    """Let ``runtime``'s board say what happens, when ``spec`` asks for speech: an
    observer for the notices, and a deadline that wakes the board as a running clock
    reaches a warning; the session's switch (``Speak``) turned on, as the page shows
    it, until someone turns it off. ``speaker``: by default, espeak-ng as ``spec``
    says."""
    narrator = Narrator.of_spec(spec)
    if narrator is None:
        return None
    speaker = speaker or Speaker(espeak_command(spec))
    controller = runtime.controller
    controller.handle(Speak(True), time.monotonic())

    def times() -> tuple[float, ...] | None:
        clock = controller.clock
        return None if clock is None else clock.remaining(time.monotonic())

    def control() -> TimeControl | None:
        clock = controller.clock
        return None if clock is None else clock.control

    runtime.observers.append(
        Announcer(
            speaker,
            narrator,
            lambda: controller.position,
            times,
            control,
            speaking=lambda: controller.speaking,
        )
    )
    runtime.deadlines.append(lambda now: warning_due(controller.clock, now))
    return speaker
