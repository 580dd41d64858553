"""``kiban build-check``: a board maker's check of a profile's build, from the command
line: every bundled build passes; a build with nulls fails, saying why; the pictures are
PNG files a viewer opens; ``--write`` stores the timing figures in the profile."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from firmware_host.cli import main
from firmware_host.tools.desk.png import png_bytes
from hardware.profile import load_profile

BUNDLED = Path(__file__).resolve().parents[4] / "hardware" / "profiles"
FLAT_REEDS = """
[sensors]
# the shogi board as first drawn: a block lying in each piece over a flat reed
kind = "reed"
part = "R5"
pitch_mm = 33
depth_mm = 2
tolerance_mm = 5
mounts = [{ axis = [1, 0, 0] }]

[sensors.magnet]
catalogue = "NDR-S"
height_mm = 1.5
axis = [1, 0, 0]
"""


def board_file(tmp_path: Path, sensors: str | None = None) -> Path:
    """sim-shogi, or sim-shogi with ``sensors`` in place of its ``[sensors]`` tables."""
    text = (BUNDLED / "sim-shogi.toml").read_text(encoding="utf-8")
    if sensors is not None:
        lines = text.splitlines(keepends=True)
        kept, inside = [], False
        for line in lines:
            if line.startswith("["):
                inside = line.startswith("[sensors")
                if inside and line.strip() == "[sensors]":
                    kept.append(sensors)
            if not inside:
                kept.append(line)
        text = "".join(kept)
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bundled_build_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build-check", "sim-shogi", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "PASS: every piece within 5 mm reads" in out
    assert "  9e " in out  # a line per cell
    assert "toward (1.0, 0.0)" in out and "toward (1.0, 1.0)" in out  # and each slide
    assert "Order margin the recognizer will use: 50 ms" in out


def test_a_build_with_nulls_fails_saying_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = board_file(tmp_path, FLAT_REEDS)
    assert main(["build-check", str(path), "--quick"]) == 1
    out = capsys.readouterr().out
    assert "FAIL:" in out
    assert "short of the stated 5 mm" in out
    assert "dead orientations within the tolerance" in out


def test_the_pictures_are_png_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pictures = tmp_path / "pictures"
    assert main(["build-check", "sim-shogi", "--quick", "--pictures", str(pictures)]) == 0
    for name in ("read-zone.png", "slide-timeline.png"):
        data = (pictures / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = struct.unpack(">II", data[16:24])
        assert width > 50 and height > 20
    assert "Drew" in capsys.readouterr().out


def test_write_stores_the_timing_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = board_file(tmp_path)
    text = path.read_text(encoding="utf-8")
    start = text.index("[sensors.timing]")
    path.write_text(text[:start] + text[start:].replace("gap_mm = 33.4", "gap_mm = 1.0"))
    assert load_profile(str(path)).sensor_model.gap_mm == 1.0
    assert main(["build-check", str(path), "--quick", "--write"]) == 0
    assert load_profile(str(path)).sensor_model.gap_mm == 33.4
    assert path.read_text(encoding="utf-8").count("[sensors.timing]") == 1
    assert "Wrote the timing figures" in capsys.readouterr().out


def test_write_refuses_a_bundled_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build-check", "sim-shogi", "--quick", "--write"]) == 2
    assert "copy a bundled profile" in capsys.readouterr().err


def test_a_png_is_what_zlib_and_the_format_say() -> None:
    data = png_bytes([[(255, 0, 0), (0, 255, 0)]], scale=2)
    assert data[12:16] == b"IHDR"
    assert struct.unpack(">II", data[16:24]) == (4, 2)
    length = struct.unpack(">I", data[33:37])[0]
    raw = zlib.decompress(data[41 : 41 + length])
    assert raw == (b"\x00" + bytes((255, 0, 0)) * 2 + bytes((0, 255, 0)) * 2) * 2
