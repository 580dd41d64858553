"""The ``[speech]`` table of a board's profile: whether a speaker on the board says the
moves, in which language and voice, how fast (``language = "pl"``: the board tells in
Polish, in espeak-ng's Polish voice unless ``voice`` names another). Registered with
the profile loader by the feature (``SPEECH``, collected in
firmware_host/loops/profiles.py); hardware/ knows nothing of it.

Speech is off unless the profile asks for it, since a board without a speaker (or
players who want quiet) should not need to say so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from engine.catalogue import CatalogueError
from firmware_host.telling.language import Language
from hardware.profile_features import FeatureReader, FeatureSection

DEFAULT_VOICE = "en"
DEFAULT_RATE = 160  # espeak-ng's words per minute: a little slower than its 175
_VOICE = re.compile(r"^[A-Za-z0-9_+\-/]{1,40}$")


class SpeechMode(Enum):
    """Whether moves are spoken, and with which piece names."""

    OFF = "off"
    ON = "on"
    JAPANESE = "ja"  # on, in Japanese: what ``language = "ja"`` says (kept for old profiles)


@dataclass(frozen=True, slots=True)
class SpeechSpec:
    """``voice``: espeak-ng's voice (``-v``); ``rate``: its words per minute (``-s``);
    ``language``: the language the board tells in (its notices and moves)."""

    mode: SpeechMode = SpeechMode.OFF
    voice: str = DEFAULT_VOICE
    rate: int = DEFAULT_RATE
    language: Language = Language.ENGLISH

    @property
    def enabled(self) -> bool:
        return self.mode is not SpeechMode.OFF


SPEECH_OFF = SpeechSpec()


def read_speech(reader: FeatureReader) -> SpeechSpec:
    """The ``[speech]`` table: ``mode`` off/on/ja, ``language``, ``voice``, ``rate``."""
    reader.only(("mode", "language", "voice", "rate"))
    text = reader.get("mode", str, SpeechMode.OFF.value)
    try:
        mode = SpeechMode(text)
    except ValueError:
        modes = ", ".join(m.value for m in SpeechMode)
        raise reader.fail(
            reader.key("mode"), f"speech mode must be one of {modes}, not {text!r}"
        ) from None
    default = Language.JAPANESE.value if mode is SpeechMode.JAPANESE else DEFAULT_VOICE
    code = reader.get("language", str, default)
    try:
        language = Language.named(code)
    except CatalogueError as error:
        raise reader.fail(reader.key("language"), str(error)) from None
    voice = reader.get("voice", str, language.voice)
    if not _VOICE.match(voice):
        raise reader.fail(reader.key("voice"), f"{voice!r} is not an espeak-ng voice name")
    rate = reader.in_range("rate", range(80, 451), DEFAULT_RATE)
    return SpeechSpec(mode, voice, rate, language)


SPEECH = FeatureSection("speech", read_speech, SPEECH_OFF)
"""The ``[speech]`` table, as the profile loader is given it."""
