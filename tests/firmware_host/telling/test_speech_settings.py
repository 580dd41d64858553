"""The ``[speech]`` table the speech feature reads from a board's profile: off unless
asked for, and every mistake named with its line."""

from __future__ import annotations

import pytest

from firmware_host.loops.profiles import FEATURES
from firmware_host.telling.language import Language
from firmware_host.telling.speech_settings import SPEECH, SpeechMode, SpeechSpec
from hardware.profile import Profile
from hardware.profile_base import ProfileError
from tests.hardware import test_profile
from tests.hardware.test_profile import HEAD, LEDS


def parse(text: str) -> Profile:
    return test_profile.parse(text, features=FEATURES)


def refused(text: str, needle: str, reason: str) -> ProfileError:
    return test_profile.refused(text, needle, reason, features=FEATURES)


def test_speech_is_off_without_the_table() -> None:
    speech = parse(HEAD + LEDS).feature(SPEECH)
    assert speech == SpeechSpec(SpeechMode.OFF, "en", 160)
    assert not speech.enabled


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("off", SpeechMode.OFF), ("on", SpeechMode.ON), ("ja", SpeechMode.JAPANESE)],
)
def test_each_mode_is_read(mode: str, expected: SpeechMode) -> None:
    speech = parse(HEAD + LEDS + f'[speech]\nmode = "{mode}"\n').feature(SPEECH)
    assert speech.mode is expected
    assert speech.enabled is (expected is not SpeechMode.OFF)


def test_voice_and_rate_are_read() -> None:
    text = HEAD + LEDS + '[speech]\nmode = "on"\nvoice = "en-gb"\nrate = 200\n'
    assert parse(text).feature(SPEECH) == SpeechSpec(SpeechMode.ON, "en-gb", 200)


def test_an_unknown_mode_names_its_line() -> None:
    text = HEAD + LEDS + '[speech]\nmode = "loud"\n'
    refused(text, "loud", r"^speech mode must be one of off, on, ja, not 'loud'$")


def test_an_unknown_key_names_its_line() -> None:
    text = HEAD + LEDS + "[speech]\nvolume = 3\n"
    expected = r"unknown key 'volume' \(expected one of: mode, language, voice, rate\)"
    refused(text, "volume", expected)


def test_a_voice_that_is_not_a_name_is_refused() -> None:
    text = HEAD + LEDS + '[speech]\nvoice = "en; rm -rf"\n'
    refused(text, "voice", r"is not an espeak-ng voice name")


def test_a_rate_out_of_range_is_refused() -> None:
    text = HEAD + LEDS + "[speech]\nrate = 20\n"
    refused(text, "rate", r"^rate 20 is outside 80\.\.450$")


def test_speech_must_be_a_table() -> None:
    text = HEAD + 'speech = "on"\n' + LEDS
    refused(text, "speech", r"speech must be a table")


def test_the_language_is_read_and_chooses_the_voice() -> None:
    speech = parse(HEAD + LEDS + '[speech]\nmode = "on"\nlanguage = "pl"\n').feature(SPEECH)
    assert speech == SpeechSpec(SpeechMode.ON, "pl", 160, Language.POLISH)
    named = parse(HEAD + LEDS + '[speech]\nmode = "on"\nlanguage = "cs"\nvoice = "cs+f2"\n')
    assert named.feature(SPEECH).voice == "cs+f2"
    old = parse(HEAD + LEDS + '[speech]\nmode = "ja"\n').feature(SPEECH)
    assert old.language is Language.JAPANESE and old.voice == "ja"
    refused(HEAD + LEDS + '[speech]\nlanguage = "de"\n', "language", "no language 'de'")
