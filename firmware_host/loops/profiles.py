"""Board profiles as the program reads them: the board's own tables (hardware/profile.py)
and the table of each feature that keeps settings there.

A feature with settings in the profile declares its ``FeatureSection`` beside its code
and is listed in ``FEATURES``; every command that loads a board's profile loads it
here, so a ``[speech]`` or ``[remote]`` table is read (and a mistake in it named with
its file and line) before anything is built.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from firmware_host.club.options import CLUB
from firmware_host.remote.options import REMOTE
from firmware_host.telling.speech_settings import SPEECH
from hardware.profile import Profile
from hardware.profile import load_profile as load_board_profile
from hardware.profile_features import FeatureSection

FEATURES: tuple[FeatureSection[Any], ...] = (SPEECH, REMOTE, CLUB)
"""Every feature's table of a profile."""


def load_profile(name_or_path: str, game: Game[Any] | None = None) -> Profile:
    """A profile by path or bundled name, with every feature's table read."""
    return load_board_profile(name_or_path, game, FEATURES)
