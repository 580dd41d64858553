"""The board's speaker: espeak-ng really speaks (into a WAV file here), and a speaker
that is slow, failing or missing never holds up or stops the board."""

from __future__ import annotations

import array
import asyncio
import logging
import math
import sys
import time
import wave
from pathlib import Path

import pytest

from engine.registry import find_game
from engine.said import verbatim
from firmware_host.loops.speaker import (
    BACKLOG,
    STALE_AFTER,
    Announcer,
    Speaker,
    announce,
    espeak_command,
)
from firmware_host.notices.declared import (
    IllegalShown,
    MoveCommitted,
)
from firmware_host.telling.narrator import Narrator
from firmware_host.telling.speech_settings import SpeechMode, SpeechSpec
from tests.firmware_host.loops.runtimekit import until
from tests.firmware_host.loops.test_runtime import _runtime

WRITE = "import sys; open(sys.argv[1], 'a').write(sys.argv[2] + '\\n')"
"""A fake speaker: appends the sentence to a file."""


def writer(path: Path) -> tuple[str, ...]:
    return (sys.executable, "-c", WRITE, str(path))


def rms(path: Path) -> float:
    """The root mean square of a 16-bit mono WAV file, in sample units."""
    with wave.open(str(path), "rb") as sound:
        assert (sound.getsampwidth(), sound.getnchannels()) == (2, 1)
        samples = array.array("h", sound.readframes(sound.getnframes()))
    assert len(samples) > 0
    return math.sqrt(sum(s * s for s in samples) / len(samples))


def test_espeak_ng_says_a_move_into_a_wav_file(tmp_path: Path) -> None:
    out = tmp_path / "move.wav"
    position = find_game("shogi").position("4k4/9/9/9/9/4p4/4P4/9/4K4 w - 1")
    position.push_text("5f5g+")
    (sentence,) = Narrator().sentences([MoveCommitted(1, "5f5g+", 0.0)], position)
    assert sentence == "gote: pawn to 5 seven, takes pawn, promotes"
    speaker = Speaker((*espeak_command(SpeechSpec(SpeechMode.ON)), "-w", str(out)))
    assert not speaker.silent
    assert speaker.say(sentence)
    speaker.close(timeout=30.0)
    assert (speaker.spoken, speaker.failed) == (1, 0)
    with wave.open(str(out), "rb") as sound:
        seconds = sound.getnframes() / sound.getframerate()
    assert 1.0 < seconds < 10.0  # a sentence, not a click
    assert rms(out) > 500  # far above silence (0) on a 16-bit scale of 32767


def test_the_command_carries_the_voice_and_rate() -> None:
    spec = SpeechSpec(SpeechMode.ON, "en-gb", 200)
    assert espeak_command(spec) == ("espeak-ng", "-v", "en-gb", "-s", "200")


def test_sentences_are_said_in_order(tmp_path: Path) -> None:
    said = tmp_path / "said.txt"
    speaker = Speaker(writer(said))
    sentences = [f"sentence {n}" for n in range(5)]
    assert all(speaker.say(s) for s in sentences)
    speaker.close(timeout=30.0)
    assert said.read_text().splitlines() == sentences
    assert speaker.spoken == 5


def test_say_never_waits_for_a_speaker_that_is_busy(tmp_path: Path) -> None:
    """The fake speaker waits for a gate file: while it waits, every ``say`` returns
    at once, keeping at most BACKLOG sentences and dropping the rest."""
    gate, said = tmp_path / "gate", tmp_path / "said.txt"
    wait = (
        "import os, sys, time\n"
        "while not os.path.exists(sys.argv[1]): time.sleep(0.01)\n"
        "open(sys.argv[2], 'a').write(sys.argv[3] + '\\n')"
    )
    speaker = Speaker((sys.executable, "-c", wait, str(gate), str(said)))
    taken = [speaker.say(f"sentence {n}") for n in range(3 * BACKLOG)]
    kept = taken.count(True)
    assert BACKLOG <= kept <= BACKLOG + 1  # the one being said, and the queue
    assert taken == [True] * kept + [False] * (3 * BACKLOG - kept)
    assert speaker.dropped == 3 * BACKLOG - kept
    assert not said.exists()  # nothing was said yet: the calls did not wait for it
    gate.touch()
    speaker.close(timeout=60.0)
    assert said.read_text().splitlines() == [f"sentence {n}" for n in range(kept)]


def test_a_missing_program_is_logged_once_and_never_raises(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="firmware_host.loops.speaker"):
        speaker = Speaker(("kiban-no-such-speaker", "-v", "en"))
        assert speaker.silent
        assert [speaker.say("hello"), speaker.say("again")] == [False, False]
        speaker.close()
    warnings = [r.getMessage() for r in caplog.records]
    assert warnings == [
        "kiban-no-such-speaker is not installed: moves are not spoken (sudo apt install espeak-ng)"
    ]
    assert (speaker.spoken, speaker.dropped) == (0, 2)


def test_a_program_that_fails_is_logged_once_and_the_speaker_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fail = "import sys; sys.stderr.write('no sound card\\n'); sys.exit(1)"
    with caplog.at_level(logging.WARNING, logger="firmware_host.loops.speaker"):
        speaker = Speaker((sys.executable, "-c", fail))
        assert all(speaker.say(f"sentence {n}") for n in range(3))
        speaker.close(timeout=30.0)
    assert (speaker.spoken, speaker.failed) == (0, 3)
    assert [r.getMessage() for r in caplog.records] == [f"{sys.executable} failed: no sound card"]


def test_the_announcer_says_what_the_board_tells_it(tmp_path: Path) -> None:
    said = tmp_path / "said.txt"
    position = find_game("dobutsu").position()
    speaker = Speaker(writer(said))
    announcer = Announcer(speaker, Narrator(), lambda: position)
    position.push_text("2c2b")
    announcer([MoveCommitted(1, "2c2b", 0.0)])
    announcer([IllegalShown("2b2a", verbatim("it is B's turn"), 0.0)])
    announcer([])
    speaker.close(timeout=30.0)
    assert said.read_text().splitlines() == [
        "A: chick to 2 b, takes chick",
        "illegal: it is B's turn",
    ]


def test_a_board_says_its_clock_warnings_and_its_moves(tmp_path: Path) -> None:
    """On the real-time runtime: the clock's warning wakes the board by itself, and
    the move is said as the board recognises it."""
    runtime, simulated, store = _runtime(tmp_path)
    said = tmp_path / "said.txt"
    speaker = announce(runtime, SpeechSpec(SpeechMode.ON), Speaker(writer(said)))
    assert speaker is not None

    def lines() -> list[str]:
        return said.read_text().splitlines() if said.exists() else []

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False, settings={"clock": "60.3s"}))
        await until(lambda: "A: one minute left" in lines(), timeout=30.0)
        world = simulated.world
        world.lift("2c")
        await asyncio.sleep(0.15)
        captured = world.lift("2b")
        world.place_as("hand:b:C", captured, captured.__class__("C", 0))
        await asyncio.sleep(0.1)
        world.place("2b")
        await until(lambda: "A: chick to 2 b, takes chick" in lines(), timeout=30.0)
        runtime.stopping.set()
        await task

    asyncio.run(play())
    speaker.close(timeout=30.0)
    store.close()
    assert lines()[:3] == [
        "the board is set up: play",
        "A: one minute left",
        "A: chick to 2 b, takes chick",
    ]
    # B's clock runs from A's move: it may pass its own minute before the board stops
    assert lines()[3:] in ([], ["B: one minute left"])


def test_a_board_without_speech_in_its_profile_says_nothing(tmp_path: Path) -> None:
    runtime, _, store = _runtime(tmp_path)
    observers = list(runtime.observers)
    assert announce(runtime, SpeechSpec()) is None
    assert (runtime.observers, runtime.deadlines) == (observers, [])
    store.close()


class FakeClock:
    """The speaker's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


GATED = (
    "import os, sys, time\n"
    "if sys.argv[3] == 'first move':\n"
    "    while not os.path.exists(sys.argv[1]): time.sleep(0.01)\n"
    "open(sys.argv[2], 'a').write(sys.argv[3] + '\\n')"
)
"""A fake speaker that says 'first move' only once the gate file is there."""


def _gated(tmp_path: Path, clock: FakeClock) -> tuple[Speaker, Path, Path]:
    gate, said = tmp_path / "gate", tmp_path / "said.txt"
    speaker = Speaker((sys.executable, "-c", GATED, str(gate), str(said)), clock=clock)
    return speaker, gate, said


def _saying(speaker: Speaker, said: Path, sentence: str) -> None:
    """Queue ``sentence`` and wait until the worker has taken it up (the queue empty)."""
    assert speaker.say(sentence)
    for _ in range(3000):
        if speaker._queue.empty():
            return
        time.sleep(0.01)
    raise AssertionError(f"{sentence!r} was never taken up")


def test_a_warning_that_falls_due_while_a_move_is_said_is_dropped_once_stale(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    speaker, gate, said = _gated(tmp_path, clock)
    _saying(speaker, said, "first move")  # being said: the gate holds it
    assert speaker.warn("A: ten seconds left")
    clock.now += STALE_AFTER + 0.5  # the move took longer to say than the warning lives
    gate.touch()
    speaker.close(timeout=30.0)
    assert said.read_text().splitlines() == ["first move"]
    assert (speaker.stale, speaker.dropped) == (1, 1)


def test_a_warning_goes_ahead_of_the_sentences_waiting_and_is_said_while_fresh(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    speaker, gate, said = _gated(tmp_path, clock)
    _saying(speaker, said, "first move")
    assert speaker.say("second move")
    assert speaker.warn("A: one minute left")
    clock.now += STALE_AFTER / 2
    gate.touch()
    speaker.close(timeout=30.0)
    assert said.read_text().splitlines() == ["first move", "A: one minute left", "second move"]
    assert speaker.stale == 0


def test_the_announcer_says_a_warning_before_the_move_of_its_batch(tmp_path: Path) -> None:
    said = tmp_path / "said.txt"
    position = find_game("dobutsu").position()
    speaker = Speaker(writer(said))
    times = iter([(61.0, 300.0), (59.5, 300.0)])
    announcer = Announcer(speaker, Narrator(), lambda: position, lambda: next(times))
    announcer([])
    position.push_text("2c2b")
    announcer([MoveCommitted(1, "2c2b", 0.0)])
    speaker.close(timeout=30.0)
    assert said.read_text().splitlines() == ["A: one minute left", "A: chick to 2 b, takes chick"]
