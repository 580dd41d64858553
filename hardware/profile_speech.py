"""The ``[speech]`` table of a profile: whether a speaker on the board says the moves.

Speech is off unless the profile asks for it, since a board without a speaker (or
players who want quiet) should not need to say so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from hardware.profile_base import ReaderBase
from hardware.toml_lines import KeyPath

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


class SpeechReader(ReaderBase):
    def _speech(self) -> SpeechSpec:
        """The optional ``[speech]`` table: ``mode`` off/on/ja, ``voice``, ``rate``."""
        table = self._get(self.data, (), "speech", dict, {})
        path: KeyPath = ("speech",)
        self._only(table, path, ("mode", "voice", "rate"))
        text = self._get(table, path, "mode", str, SpeechMode.OFF.value)
        try:
            mode = SpeechMode(text)
        except ValueError:
            modes = ", ".join(m.value for m in SpeechMode)
            raise self.fail(
                (*path, "mode"), f"speech mode must be one of {modes}, not {text!r}"
            ) from None
        voice = self._get(table, path, "voice", str, DEFAULT_VOICE)
        if not _VOICE.match(voice):
            raise self.fail((*path, "voice"), f"{voice!r} is not an espeak-ng voice name")
        rate = self._in_range(table, path, "rate", range(80, 451), DEFAULT_RATE)
        return SpeechSpec(mode, voice, rate)


SPEECH_OFF = SpeechSpec()
