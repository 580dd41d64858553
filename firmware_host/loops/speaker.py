"""A speaker on the board: sentences said through ``espeak-ng``, one at a time, on a
thread of their own.

Saying a sentence takes a second or two; the board's decision loop must never wait
for it, so ``say`` only queues. A speaker that cannot speak (espeak-ng missing, a
sound card gone) is logged once and then stays quiet: speech is a courtesy, never a
reason for the board to stop.
"""

from __future__ import annotations

import logging
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.game import Position
from firmware_host.notices.declared import Notice
from firmware_host.session.actions import Speak
from firmware_host.session.clock import TimeControl
from firmware_host.telling.speech import Narrator, warning_due
from firmware_host.telling.speech_settings import SpeechSpec
from firmware_host.telling.voicing import voiced

if TYPE_CHECKING:
    from firmware_host.loops.runtime import Runtime

log = logging.getLogger(__name__)

ESPEAK = "espeak-ng"
BACKLOG = 8  # sentences waiting at most; more are dropped (the board moved on)
SAY_TIMEOUT = 30.0  # seconds one sentence may take before it is given up


def espeak_command(spec: SpeechSpec) -> tuple[str, ...]:
    """espeak-ng with the profile's voice and rate; the sentence is added at the end."""
    return (ESPEAK, "-v", spec.voice, "-s", str(spec.rate))


class Speaker:
    """Says sentences in order on a worker thread; ``command`` is the program and its
    arguments, the sentence its last argument."""

    def __init__(self, command: Sequence[str], *, backlog: int = BACKLOG) -> None:
        self.command = tuple(command)
        self._queue: queue.Queue[str | None] = queue.Queue(backlog)
        self.spoken = 0
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
        if self._silent or not sentence:
            self.dropped += 1
            return False
        try:
            self._queue.put_nowait(sentence)
        except queue.Full:
            self.dropped += 1
            return False
        return True

    def close(self, timeout: float = 5.0) -> None:
        """Stop after what is queued has been said (or ``timeout`` seconds)."""
        try:
            self._queue.put(None, timeout=timeout)
        except queue.Full:
            return
        self._thread.join(timeout)

    def _work(self) -> None:
        while (sentence := self._queue.get()) is not None:
            if self._silent:
                continue
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
        sentences = [s for s in self.narrator.sentences(notices, position) if s is not None]
        times = self.clock()
        if times is not None and self._times is not None and len(times) == len(self._times):
            # in the narrator's language, the byoyomi counted as a timekeeper counts it
            sentences += self.narrator.clock_sentences(position, self._times, times, self.control())
        self._times = times
        for sentence in sentences:  # as espeak-ng says it: no symbol named
            self.speaker.say(voiced(sentence, self.narrator.language))


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
