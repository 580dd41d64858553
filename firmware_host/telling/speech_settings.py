"""The ``[speech]`` table of a board's profile: whether a speaker on the board says the
moves, in which voice, how fast. Registered with the profile loader by the feature
(``SPEECH``, collected in firmware_host/boards/profiles.py); hardware/ knows nothing of it.

Speech is off unless the profile asks for it, since a board without a speaker (or
players who want quiet) should not need to say so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from hardware.profile_features import FeatureReader, FeatureSection

DEFAULT_VOICE = "en"
DEFAULT_RATE = 160  # espeak-ng's words per minute: a little slower than its 175
_VOICE = re.compile(r"^[A-Za-z0-9_+\-/]{1,40}$")


class SpeechMode(Enum):
    """Whether moves are spoken, and with which piece names."""

    OFF = "off"
    ON = "on"
    JAPANESE = "ja"  # shogi and Robot Duel pieces and squares by their Japanese names


@dataclass(frozen=True, slots=True)
class SpeechSpec:
    """``voice``: espeak-ng's voice (``-v``); ``rate``: its words per minute (``-s``)."""

    mode: SpeechMode = SpeechMode.OFF
    voice: str = DEFAULT_VOICE
    rate: int = DEFAULT_RATE

    @property
    def enabled(self) -> bool:
        return self.mode is not SpeechMode.OFF


SPEECH_OFF = SpeechSpec()


def read_speech(reader: FeatureReader) -> SpeechSpec:
    """The ``[speech]`` table: ``mode`` off/on/ja, ``voice``, ``rate``."""
    reader.only(("mode", "voice", "rate"))
    text = reader.get("mode", str, SpeechMode.OFF.value)
    try:
        mode = SpeechMode(text)
    except ValueError:
        modes = ", ".join(m.value for m in SpeechMode)
        raise reader.fail(
            reader.key("mode"), f"speech mode must be one of {modes}, not {text!r}"
        ) from None
    voice = reader.get("voice", str, DEFAULT_VOICE)
    if not _VOICE.match(voice):
        raise reader.fail(reader.key("voice"), f"{voice!r} is not an espeak-ng voice name")
    rate = reader.in_range("rate", range(80, 451), DEFAULT_RATE)
    return SpeechSpec(mode, voice, rate)


SPEECH = FeatureSection("speech", read_speech, SPEECH_OFF)
"""The ``[speech]`` table, as the profile loader is given it."""
