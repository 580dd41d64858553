"""The calibration file beside a profile: written, loaded with the profile, and a stale or
malformed one named with its file and line."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.registry import find_game
from hardware.calibration import (
    ChannelCalibration,
    Thresholds,
    calibration_path,
    calibration_text,
    wiring_fingerprint,
)
from hardware.profile import ProfileError, load_profile
from tests.hardware.parts import analog

DOBUTSU = find_game("dobutsu")
BUNDLED = Path(__file__).resolve().parents[2] / "hardware" / "profiles"


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "board.toml"
    shutil.copy(BUNDLED / "sim-dobutsu-ads1115.toml", path)
    return path


def write(board: Path, text: str) -> Path:
    path = calibration_path(board)
    path.write_text(text, encoding="utf-8")
    return path


def good_text(board: Path) -> str:
    profile = load_profile(str(board), DOBUTSU)
    channels = {
        "0x48/AIN0": ChannelCalibration("3a", 13000, 19000, 7000, Thresholds(16000.5, 10000.25)),
        "0x49/AIN3": ChannelCalibration("2c", 13200, 7200, 19200, Thresholds(10200, 16200)),
    }
    return calibration_text(
        profile.name,
        profile.source,
        analog(profile).sensor_channels,
        channels,
        written="2025-01-01 10:00",
        notes=["a note"],
    )


def test_the_calibration_path_sits_beside_the_profile(tmp_path: Path) -> None:
    assert calibration_path(tmp_path / "board.toml") == tmp_path / "board.calibration.toml"


def test_a_written_calibration_loads_with_its_profile(board: Path) -> None:
    write(board, good_text(board))
    part = analog(load_profile(str(board), DOBUTSU))
    assert part.calibration_source == str(calibration_path(board))
    assert dict(part.calibration) == {
        "0x48/AIN0": Thresholds(16000.5, 10000.2),
        "0x49/AIN3": Thresholds(10200, 16200),
    }
    assert part.thresholds("0x49/AIN3") == Thresholds(10200, 16200)
    # a channel left out keeps its ADC's thresholds
    assert part.thresholds("0x48/AIN1") == part.adcs[0].thresholds
    # the inverted channel classifies the other way round
    inverted = part.thresholds("0x49/AIN3")
    assert [inverted.classify(v) for v in (7000, 13200, 19500)] == [1, 0, 2]


def test_without_a_calibration_file_the_defaults_hold(board: Path) -> None:
    part = analog(load_profile(str(board), DOBUTSU))
    assert part.calibration == () and part.calibration_source is None


def line_of(text: str, needle: str) -> int:
    (number,) = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    return number


@pytest.mark.parametrize(
    ("edit", "needle", "reason"),
    [
        (
            lambda t: re.sub(r'wiring = "\w+"', 'wiring = "0123456789ab"', t),
            "wiring = ",
            r"stale: written for other wiring \(fingerprint 0123456789ab",
        ),
        (
            lambda t: t.replace('"0x49/AIN3"', '"0x4b/AIN3"'),
            "0x4b/AIN3",
            r"stale: '0x4b/AIN3' is not an analog channel of .*; run kiban calibrate again",
        ),
        (
            lambda t: t.replace('spot = "2c"', 'spot = "3c"'),
            "0x49/AIN3",
            r"stale: 0x49/AIN3 sensed 3c, the profile now wires it to 2c",
        ),
        (
            lambda t: t.replace("north_at = 16000.5", 'north_at = "high"'),
            "0x48/AIN0",
            r"north_at must be a number, not 'high'",
        ),
        (
            lambda t: t.replace("south_at = 10000.2", "gain = 2"),
            "0x48/AIN0",
            r"unknown key 'gain'",
        ),
        (lambda t: t.replace("[channels]", "[channels\n"), "[channels", r"not valid TOML"),
        (lambda t: "extra = 1\n" + t, "extra", r"unknown key 'extra'"),
        (lambda t: t + '"speed" = 3\n', '"speed"', r"stale: 'speed' is not an analog channel"),
    ],
)
def test_stale_or_malformed_files_name_their_line(
    board: Path, edit: Callable[[str], str], needle: str, reason: str
) -> None:
    text = edit(good_text(board))
    path = write(board, text)
    with pytest.raises(ProfileError) as caught:
        load_profile(str(board), DOBUTSU)
    error = caught.value
    assert error.source == str(path)
    assert error.line == line_of(text, needle)
    assert str(error).startswith(f"{path}:{error.line}: ")
    assert re.search(reason, error.reason), error.reason


def test_the_fingerprint_follows_the_wiring(board: Path) -> None:
    profile = load_profile(str(board), DOBUTSU)
    board.write_text(
        board.read_text()
        .replace('AIN0 = "3a"', 'AIN0 = "3d"', 1)
        .replace('AIN1 = "3d"', 'AIN1 = "3a"', 1)
    )
    rewired = load_profile(str(board), DOBUTSU)
    assert wiring_fingerprint(analog(profile).sensor_channels) != wiring_fingerprint(
        analog(rewired).sensor_channels
    )


@pytest.mark.parametrize(
    "text",
    [
        "channels = " + "[" * 1000 + "]" * 1000 + "\n",
        "wiring = 1" + "0" * 5000 + "\n",
    ],
    ids=["nested too deeply", "a number too long"],
)
def test_a_calibration_tomllib_cannot_read_is_a_profile_error(board: Path, text: str) -> None:
    path = write(board, text)
    with pytest.raises(ProfileError, match=rf"^{re.escape(str(path))}: not valid TOML: "):
        load_profile(str(board), DOBUTSU)


def test_a_calibration_that_is_not_utf8_names_its_line(board: Path) -> None:
    path = calibration_path(board)
    path.write_bytes(b'profile = "board.toml"\n# \xff\n')
    with pytest.raises(ProfileError, match=rf"^{re.escape(str(path))}:2: not UTF-8 text"):
        load_profile(str(board), DOBUTSU)
