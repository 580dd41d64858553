"""Byoyomi counted as a timekeeper counts it in a title match: every ten seconds from
thirty before the period's end, then the last nine one by one, in the session's
language (English and Japanese heard in WAV files espeak-ng writes, each count short
enough to keep pace with the clock), on the board's speaker as on the page."""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.loops.speaker import Announcer, Speaker, espeak_command
from firmware_host.session.clock import TimeControl
from firmware_host.telling.byoyomi import byoyomi_calls
from firmware_host.telling.language import Language
from firmware_host.telling.narrator import Narrator, warning_due, warnings_ahead
from firmware_host.telling.rendering import told
from firmware_host.telling.speech_settings import SpeechMode, SpeechSpec
from tests.firmware_host.loops.test_speaker import rms

ONE_TO_NINE_EN = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
ONE_TO_NINE_JA = ["いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"]


def counted(control: TimeControl, language: Language, start: float) -> list[str]:
    """What the narrator says as a seat's clock runs down from ``start`` seconds left to
    its flag, read every tenth of a second."""
    narrator = Narrator(language)
    position = find_game("shogi").position()
    said: list[str] = []
    left = start
    while left > 0.05:
        after = round(left - 0.1, 3)
        said += narrator.clock_sentences(position, (left, 100.0), (after, 100.0), control)
        left = after
    return said


def test_a_sixty_second_period_is_called_as_in_a_title_match() -> None:
    control = TimeControl.parse("0 byo 60s")
    assert counted(control, Language.ENGLISH, 60.0) == [
        "30 seconds",
        "40 seconds",
        "50 seconds",
        *ONE_TO_NINE_EN,
    ]
    assert counted(control, Language.JAPANESE, 60.0) == [
        "30びょう",
        "40びょう",
        "50びょう",
        *ONE_TO_NINE_JA,
    ]


def test_each_period_of_several_is_counted_and_main_time_keeps_its_warnings() -> None:
    control = TimeControl.parse("1m byo 30s x2")
    said = counted(control, Language.ENGLISH, 120.0)  # 60 s of main time, then 2 periods
    period = ["10 seconds", "20 seconds", *ONE_TO_NINE_EN]
    main = ["sente: 30 seconds left", "sente: 10 seconds left"]  # of the main time
    assert said == [*main, *period, *period]
    polish = counted(TimeControl.parse("0 byo 30s"), Language.POLISH, 30.0)
    assert polish[:2] == ["10 sekund", "20 sekund"] and polish[2] == "jeden"


def test_the_board_wakes_for_each_call_and_the_page_counts_the_period_running() -> None:
    control = TimeControl.parse("0 byo 30s")
    calls = byoyomi_calls(control)
    assert list(calls) == [20.0, 10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0]
    position = find_game("shogi").position()
    ahead = warnings_ahead(position, (25.0, 30.0), 0, control)
    assert all(a.byoyomi for a in ahead)
    japanese = [told(a.sentence, Language.JAPANESE) for a in ahead]
    assert [(a.left, str(a.sentence), said) for a, said in zip(ahead, japanese, strict=True)][
        :2
    ] == [
        (20.0, "10 seconds", "10びょう"),
        (10.0, "20 seconds", "20びょう"),
    ]
    assert japanese[2:] == ONE_TO_NINE_JA

    class Clock:
        running = 0

        def remaining(self, now: float) -> tuple[float, ...]:
            return (25.0 - now, 30.0)

    clock = Clock()
    clock.control = control  # type: ignore[attr-defined]
    assert warning_due(clock, 0.0) == pytest.approx(5.0)  # type: ignore[arg-type]


def test_the_speaker_counts_in_the_narrators_language() -> None:
    said: list[str] = []

    class Heard:
        def say(self, sentence: str) -> bool:
            said.append(sentence)
            return True

        def warn(self, sentence: str) -> bool:
            return self.say(sentence)

    times = iter([(30.0, 100.0), (19.5, 100.0), (8.5, 100.0)])
    announcer = Announcer(
        Heard(),  # type: ignore[arg-type]
        Narrator(Language.JAPANESE),
        lambda: find_game("shogi").position(),
        lambda: next(times),
        lambda: TimeControl.parse("0 byo 30s"),
    )
    for _ in range(3):
        announcer([])
    assert said == ["10びょう", "いち"]  # the latest call passed, in Japanese


def duration(path: Path) -> float:
    with wave.open(str(path), "rb") as sound:
        return sound.getnframes() / sound.getframerate()


@pytest.mark.parametrize(
    ("language", "words"), [(Language.ENGLISH, ONE_TO_NINE_EN), (Language.JAPANESE, ONE_TO_NINE_JA)]
)
def test_the_count_is_heard_in_a_wav_in_english_and_japanese(
    language: Language, words: list[str], tmp_path: Path
) -> None:
    control = TimeControl.parse("0 byo 30s")
    calls = counted(control, language, 30.0)
    assert calls[2:] == words
    spec = SpeechSpec(SpeechMode.ON, language.voice, language=language)
    sounds = []
    for index, call in enumerate(calls):
        out = tmp_path / f"{index}.wav"
        speaker = Speaker((*espeak_command(spec), "-w", str(out)))
        assert speaker.say(call)
        speaker.close(timeout=30.0)
        assert (speaker.spoken, speaker.failed) == (1, 0), call
        assert rms(out) > 500, call  # far above silence on a 16-bit scale
        sounds.append(out.read_bytes())
        if index >= 2:  # a count of the last seconds: said within its second
            assert duration(out) < 1.0, (call, duration(out))
        else:  # "ten seconds", "twenty seconds": well within the ten seconds before the next
            assert duration(out) < 2.5, (call, duration(out))
    assert len(set(sounds)) == len(sounds)  # each call its own words, not one sound again
