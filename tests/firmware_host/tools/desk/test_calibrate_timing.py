"""kiban calibrate --timing on a simulated board: a piece slid along a line of cells (the
simulated hand of sim_bench.py, over the board's build: the world's physics), the
overlap and gap it showed measured, written into the profile's [sensors] table and
compared with what the build predicts, and nothing written when the slide was not seen
whole."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.recognition.sensors import BOUNCE
from engine.registry import find_game
from firmware_host.cli import main
from firmware_host.tools.desk.calibrate_timing import TimingCalibrator
from firmware_host.tools.desk.sim_bench import simulated_bench, slide_changes
from hardware.mock.bodies import board_of
from hardware.profile import load_profile
from hardware.profile_base import ProfileError

DOBUTSU = find_game("dobutsu")
BUNDLED = Path(__file__).resolve().parents[4] / "hardware" / "profiles"
# A wide test build: 15 mm discs over upright reeds 16 mm apart: a piece slid straight to
# the next cell reads on both for 3.9 mm of its way, at the slowest 40 mm/s 98 ms.
WIDE = """
[sensors]
# the parts (a test build)
kind = "reed"
part = "R5"
pitch_mm = 16
depth_mm = 6
tolerance_mm = 2
mounts = [{ axis = [0, 0, 1] }]

[sensors.magnet]
shape = "cylinder"
size_mm = [15, 2]
height_mm = 1.5

"""
NARROW = WIDE.replace("pitch_mm = 16", "pitch_mm = 24").replace("[15, 2]", "[10, 2]")
"""10 mm discs 24 mm apart: read on neither cell for 8.7 mm of a straight slide."""
SCAN = 0.01  # the simulated board's scan period: what a measurement may be off by


def board_file(tmp_path: Path, sensors: str = WIDE, name: str = "sim-dobutsu") -> Path:
    path = tmp_path / "board.toml"
    text = (BUNDLED / f"{name}.toml").read_text(encoding="utf-8")
    if sensors:  # "\n": none at all
        start = text.index("\n[sensors]")
        end = start + 1
        while text.startswith("\n[sensors", end - 1) or not text.startswith("\n[", end - 1):
            end = text.index("\n[", end) + 1
        text = text[:start] + "\n" + sensors + text[end:]
    path.write_text(text, encoding="utf-8")
    return path


def test_the_simulated_slide_shows_the_builds_overlap_and_gap(tmp_path: Path) -> None:
    """The simulated player's slide is the mock world's physics: on a build whose read
    zones pass the pitch, each next cell reads the piece the build's overlap before the
    last lets go; on one that falls short, neither reads it for the build's gap."""
    profile = load_profile(str(board_file(tmp_path)), DOBUTSU)
    wide = board_of(DOBUTSU, profile)
    changes = slide_changes(wide, ("2a", "2b", "2c"), 1.0)
    assert [(spot, present) for _, spot, present in changes] == [
        ("2a", True),
        ("2b", True),
        ("2a", False),
        ("2c", True),
        ("2b", False),
    ]
    times = [at for at, _, _ in changes]
    assert times[0] == 1.0
    overlap = times[2] - times[1]  # both read it
    assert overlap == pytest.approx(3.9 / 40.0, abs=0.005)
    assert overlap <= profile.sensor_model.overlap_s + 0.001
    # a pitch apart, give or take each switch's own place in its band
    assert times[3] - times[1] == pytest.approx(16.0 / 40.0, abs=0.01)
    narrow_profile = load_profile(str(board_file(tmp_path, NARROW)), DOBUTSU)
    narrow = board_of(DOBUTSU, narrow_profile)
    changes = slide_changes(narrow, ("2a", "2b"), 0.0, speed_mm_s=80.0)
    assert changes[2][0] - changes[1][0] == pytest.approx(8.66 / 80.0, abs=0.003)  # neither


def test_a_slide_is_measured_and_written_into_the_profile(tmp_path: Path) -> None:
    path = board_file(tmp_path)
    before = load_profile(str(path), DOBUTSU).sensor_model
    assert before.overlap_s == pytest.approx(0.1, abs=0.01)  # its build's, on every slide
    sim = simulated_bench(load_profile(str(path), DOBUTSU), DOBUTSU)
    result = TimingCalibrator(sim.bench).run()
    assert result.refused is None
    assert result.written == path
    assert result.path == ("2a", "2b", "2c", "2d")
    assert result.blur is not None
    assert result.blur.crossings == 6  # there and back
    assert result.blur.overlap_s == pytest.approx(before.overlap_s, abs=SCAN)
    assert result.blur.gap_s == 0.0
    after = load_profile(str(path), DOBUTSU).sensor_model
    assert after.measured_overlap_s == pytest.approx(result.blur.overlap_s, abs=0.001)
    assert after.order_margin == pytest.approx(before.order_margin, abs=SCAN)
    text = path.read_text(encoding="utf-8")
    assert "# the parts (a test build)\n" in text  # the rest as it was
    assert text.count("overlap_ms =") == 1
    assert sim.hand.asks[-1].kind == "slide"
    assert any("read on two cells at once for up to" in line for line in sim.lines)
    assert any("the build predicts at most" in line for line in sim.lines)


def test_a_narrow_board_shows_a_gap_and_no_overlap(tmp_path: Path) -> None:
    path = board_file(tmp_path, NARROW)
    model = load_profile(str(path), DOBUTSU).sensor_model
    assert model.gap_s > 0.1
    sim = simulated_bench(load_profile(str(path), DOBUTSU), DOBUTSU)
    result = TimingCalibrator(sim.bench).run()
    assert result.blur is not None
    assert result.blur.overlap_s == 0.0
    # a straight slide's gap (8.7 mm at 40 mm/s); the build's figure is the diagonal's
    assert result.blur.gap_s == pytest.approx(8.66 / 40.0, abs=SCAN)
    assert result.blur.gap_s <= model.gap_s
    assert load_profile(str(path), DOBUTSU).sensor_model.order_margin == BOUNCE


def test_a_slide_not_seen_whole_writes_nothing(tmp_path: Path) -> None:
    path = board_file(tmp_path)
    text = path.read_text(encoding="utf-8")
    sim = simulated_bench(load_profile(str(path), DOBUTSU), DOBUTSU, ignore=())
    sim.bench.timeout = 1.0
    sim.bench.helper = None  # nobody at the board
    result = TimingCalibrator(sim.bench).run()
    assert result.refused is not None
    assert "crossing 0 of the 6 steps" in result.refused
    assert result.written is None
    assert path.read_text(encoding="utf-8") == text


def test_a_bundled_profile_is_written_to_the_output_given(tmp_path: Path) -> None:
    profile = load_profile("sim-dobutsu", DOBUTSU)
    with pytest.raises(ValueError, match="copy it to a file of your own"):
        TimingCalibrator(simulated_bench(profile, DOBUTSU).bench).run()
    output = tmp_path / "mine.toml"
    result = TimingCalibrator(simulated_bench(profile, DOBUTSU).bench).run(output)
    assert result.written == output
    assert load_profile(str(output), DOBUTSU).sensor_model.measured_gap_s is not None


def test_a_profile_without_sensors_cannot_keep_a_measure(tmp_path: Path) -> None:
    path = board_file(tmp_path, "\n")
    text = path.read_text(encoding="utf-8")
    assert "[sensors" not in text
    sim = simulated_bench(load_profile(str(path), DOBUTSU), DOBUTSU)
    with pytest.raises(ProfileError, match=r"declares no \[sensors\] table"):
        TimingCalibrator(sim.bench).run()
    assert path.read_text(encoding="utf-8") == text


def test_kiban_calibrate_measures_the_timing_of_a_digital_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = board_file(tmp_path)
    assert main(["calibrate", "--profile", str(path), "--simulate"]) == 0
    out = capsys.readouterr().out
    assert "slide or roll it slowly, without lifting it" in out
    assert f"written to {path}" in out
    assert load_profile(str(path), DOBUTSU).sensor_model.measured_overlap_s is not None


def test_kiban_calibrate_timing_on_an_analog_board(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    shutil.copy(BUNDLED / "sim-dobutsu-ads1115.toml", path)
    assert main(["calibrate", "--profile", str(path), "--simulate", "--timing"]) == 0
    assert load_profile(str(path), DOBUTSU).sensor_model.measured_gap_s is not None
