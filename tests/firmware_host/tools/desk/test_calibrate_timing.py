"""kiban calibrate --timing on a simulated board: a piece slid along a line of cells
(by the stand-in of sim_bench.py, until the world's physics lands), the overlap and gap
it showed measured and written into the profile's [sensors] table, and nothing written
when the slide was not seen whole."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.registry import find_game
from engine.sensors import BOUNCE, SensorKind, SensorModel
from firmware_host.cli import main
from firmware_host.tools.desk.calibrate_timing import TimingCalibrator
from firmware_host.tools.desk.sim_bench import simulated_bench, slide_changes
from hardware.profile import load_profile
from hardware.profile_base import ProfileError

DOBUTSU = find_game("dobutsu")
BUNDLED = Path(__file__).resolve().parents[4] / "hardware" / "profiles"
# A wide test geometry: 12 + 12 mm of reach across a 20 mm pitch, a 4 mm overlap, at
# the slowest 40 mm/s 100 ms on both cells.
WIDE = """
[sensors]
kind = "hall"
pitch_mm = 20
depth_mm = 5
operate_mm = 13
release_mm = 13
# the parts (a test geometry)
part = "a wide test geometry"

"""
SCAN = 0.01  # the simulated board's scan period: what a measurement may be off by


def board_file(tmp_path: Path, sensors: str = WIDE, name: str = "sim-dobutsu") -> Path:
    path = tmp_path / "board.toml"
    text = (BUNDLED / f"{name}.toml").read_text(encoding="utf-8")
    if sensors:
        start = text.index("\n[sensors]")
        end = text.index("\n[", start + 1)
        text = text[:start] + "\n" + sensors + text[end + 1 :]
    path.write_text(text, encoding="utf-8")
    return path


def test_the_simulated_slide_shows_the_models_overlap_and_gap() -> None:
    """The simulated player's slide is the mock world's physics: on a model whose reaches
    pass the pitch, each next cell reads the piece the model's overlap before the last
    lets go; on one that falls short, neither reads it for the model's gap."""
    wide = SensorModel(SensorKind.HALL, 20.0, 5.0, 13.0, 13.0)
    changes = slide_changes(wide, DOBUTSU.geometry, ("2a", "2b", "2c"), 1.0)
    assert [(spot, present) for _, spot, present in changes] == [
        ("2a", True),
        ("2b", True),
        ("2a", False),
        ("2c", True),
        ("2b", False),
    ]
    times = [at for at, _, _ in changes]
    assert times[0] == 1.0
    assert times[2] - times[1] == pytest.approx(wide.overlap_s)  # both read it
    assert times[3] - times[1] == pytest.approx(wide.pitch_mm / wide.slowest_mm_s)
    narrow = SensorModel(SensorKind.REED, 40.0, 3.5, 6.5, 7.0)
    changes = slide_changes(narrow, DOBUTSU.geometry, ("2a", "2b"), 0.0, speed_mm_s=80.0)
    assert changes[2][0] - changes[1][0] == pytest.approx(narrow.gap_mm / 80.0)  # neither


def test_a_slide_is_measured_and_written_into_the_profile(tmp_path: Path) -> None:
    path = board_file(tmp_path)
    before = load_profile(str(path), DOBUTSU).sensor_model
    assert before.overlap_s == pytest.approx(0.1, abs=0.01)
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
    assert "# the parts (a test geometry)\n" in text  # the rest as it was
    assert text.count("overlap_ms =") == 1
    assert sim.hand.asks[-1].kind == "slide"
    assert any("read on two cells at once for up to" in line for line in sim.lines)


def test_a_narrow_board_shows_a_gap_and_no_overlap(tmp_path: Path) -> None:
    narrow = WIDE.replace("operate_mm = 13", "operate_mm = 7").replace("= 13", "= 8")
    path = board_file(tmp_path, narrow)
    model = load_profile(str(path), DOBUTSU).sensor_model
    assert model.gap_s > 0.1
    sim = simulated_bench(load_profile(str(path), DOBUTSU), DOBUTSU)
    result = TimingCalibrator(sim.bench).run()
    assert result.blur is not None
    assert result.blur.overlap_s == 0.0
    assert result.blur.gap_s == pytest.approx(model.gap_s, abs=SCAN)
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
    path = tmp_path / "board.toml"
    text = (BUNDLED / "sim-dobutsu.toml").read_text(encoding="utf-8")
    start = text.index("\n[sensors]")
    text = text[:start] + text[text.index("\n[", start + 1) :]
    path.write_text(text, encoding="utf-8")
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
