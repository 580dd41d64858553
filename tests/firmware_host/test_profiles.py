"""The program loads a board's profile with every feature's table read: a ``[speech]``
or ``[remote]`` in a board's file is the feature's, named with its line when wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_host.loops.profiles import FEATURES, load_profile
from firmware_host.remote.options import REMOTE, RemoteSpec
from firmware_host.telling.speech_settings import SPEECH, SpeechMode
from hardware import profile as board_profile
from hardware.profile_base import ProfileError

BOARD = 'name = "board"\ngames = ["dobutsu"]\n[leds]\nbackend = "simulated"\ncount = 20\n'


def test_a_boards_file_with_speech_and_remote_is_read_by_their_features(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(
        BOARD + '[speech]\nmode = "ja"\n[remote]\nbroker = "mqtt://b.example"\nhost = true\n'
    )
    profile = load_profile(str(path))
    assert profile.feature(SPEECH).mode is SpeechMode.JAPANESE
    assert profile.feature(REMOTE) == RemoteSpec("mqtt://b.example", True)
    with pytest.raises(ProfileError, match=r"board\.toml:6: unknown key 'speech'"):
        board_profile.load_profile(str(path))  # the board alone does not read them


def test_a_mistake_in_a_features_table_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(BOARD + "[speech]\nrate = 9000\n")
    with pytest.raises(ProfileError, match=r"board\.toml:7: rate 9000 is outside 80\.\.450"):
        load_profile(str(path))


def test_every_feature_reads_a_table_of_its_own() -> None:
    names = [section.name for section in FEATURES]
    assert names == ["speech", "remote", "club"]
    assert not set(names) & set(board_profile.BOARD_TABLES)
