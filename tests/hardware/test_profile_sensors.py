"""The ``[sensors]`` table of a profile: the board's build and what it blurs, read into
the board's sensor model, every mistake named by file and line, the session's timing
taken from it; and a profile of before builds (spheres of reach) still read."""

from __future__ import annotations

import pytest

from engine.recognition.answers import Timing
from engine.recognition.sensors import BOUNCE, WIDEST, SensorKind
from tests.hardware.test_profile import HEAD, LEDS, parse, refused

BUILD = (
    "[sensors]\n"
    'kind = "reed"\n'
    'part = "R5"\n'
    "pitch_mm = 50\n"
    "depth_mm = 7\n"
    "tolerance_mm = 8\n"
    "mounts = [{ axis = [0, 0, 1] }]\n"
    "[sensors.magnet]\n"
    'shape = "cylinder"\n'
    "size_mm = [12, 2]\n"
    "height_mm = 1.5\n"
    "[sensors.timing]\n"
    "overlap_mm = 0.0\n"
    "gap_mm = 52.5\n"
    "departs_mm = 9.2\n"
)
"""The Robot Duel reference board's build."""

REED = (
    "[sensors]\n"
    'kind = "reed"\n'
    "pitch_mm = 35.2\n"
    "depth_mm = 4\n"
    "operate_mm = 7.5\n"
    "release_mm = 8.0\n"
    'part = "a reed sensor and its magnet"\n'
)


def test_a_profile_without_sensors_blurs_as_the_widest_bundled_board() -> None:
    profile = parse(HEAD + LEDS)
    assert profile.sensor_model == WIDEST
    assert profile.timing() == Timing()


def test_the_sensors_table_is_the_boards_build_and_its_figures() -> None:
    profile = parse(HEAD + BUILD + LEDS)
    model, build = profile.sensor_model, profile.build
    assert build is not None
    assert (build.pitch_mm, build.depth_mm, build.tolerance_mm) == (50.0, 7.0, 8.0)
    assert build.part.name == "RRE R5 reed sensor, 12-17 AT"
    assert build.piece.magnet.size_mm == (12.0, 2.0)
    assert build.rest_z == 8.5
    assert model.kind is SensorKind.REED
    assert (model.overlap_mm, model.gap_mm, model.departs_mm) == (0.0, 52.5, 9.2)
    assert model.order_margin == BOUNCE
    assert model.departure_s == pytest.approx(9.2 / 40.0)
    assert "R5" in model.part


def test_a_build_without_its_timing_figures_gets_them_computed() -> None:
    text = HEAD + BUILD.split("[sensors.timing]", maxsplit=1)[0] + LEDS
    model = parse(text).sensor_model
    assert (model.overlap_mm, model.gap_mm, model.departs_mm) == (0.0, 52.5, 9.2)


@pytest.mark.parametrize(
    ("line", "needle", "reason"),
    [
        (
            'part = "TLE4913"',
            "TLE4913",
            r"^no sensor part 'TLE4913' \(known: R5, HAL504, DRV5055A2\)$",
        ),
        ("tolerance_mm = -1", "tolerance_mm", r"^tolerance_mm -1 must be positive$"),
        ("mounts = [3]", "mounts", r"^each mount is a table"),
        ("mounts = [{ axis = [0, 0] }]", "mounts", r"^axis is 3 numbers$"),
        ("depth_mm = 3", "depth_mm", r"^sensors: a sensor 3 mm below the surface pokes through it"),
    ],
)
def test_a_wrong_key_of_a_build_names_its_line(line: str, needle: str, reason: str) -> None:
    key = line.split(" =", maxsplit=1)[0]
    kept = "".join(row + "\n" for row in BUILD.splitlines() if not row.startswith(f"{key} ="))
    text = HEAD + kept.replace("[sensors.magnet]\n", line + "\n[sensors.magnet]\n", 1) + LEDS
    refused(text, needle if key != "depth_mm" else "[sensors]", reason)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('catalogue = "NDX-Q"', r"^no magnet 'NDX-Q'"),
        ('grade = "N99"', r"^no NdFeB grade 'N99'"),
        ('body = "cube"', r"^body 'cube' is not one of flat, ball, weighted-ball$"),
        ('shape = "torus"', r"^shape 'torus' is not one of block, cylinder, sphere$"),
    ],
)
def test_a_wrong_magnet_names_its_line(line: str, reason: str) -> None:
    key = line.split(" =", maxsplit=1)[0]
    head, magnet = BUILD.split("[sensors.magnet]\n")
    rows = [row for row in magnet.splitlines() if not row.startswith(f"{key} =")]
    if key == "catalogue":
        rows = [row for row in rows if not row.startswith(("shape", "size_mm"))]
    text = HEAD + head + "[sensors.magnet]\n" + line + "\n" + "\n".join(rows) + "\n" + LEDS
    refused(text, line.split('"')[1], reason)


def test_the_sensors_table_of_before_builds_is_read_as_spheres_of_reach() -> None:
    profile = parse(HEAD + REED + LEDS)
    model = profile.sensor_model
    assert profile.build is None
    assert model.kind is SensorKind.REED
    assert model.slowest_mm_s == WIDEST.slowest_mm_s
    assert (model.measured_overlap_s, model.measured_gap_s) == (None, None)
    assert model.part == "a reed sensor and its magnet"
    assert model.overlap_s == 0.0  # 6.3 + 6.9 mm of reach across a 35.2 mm pitch
    assert model.departs_mm == pytest.approx(6.93, abs=0.01)
    assert model.order_margin == BOUNCE


def test_measured_overlap_and_gap_are_milliseconds_and_replace_the_geometrys() -> None:
    text = HEAD + REED + "slowest_mm_s = 25\noverlap_ms = 120\ngap_ms = 80.5\n" + LEDS
    model = parse(text).sensor_model
    assert model.slowest_mm_s == 25.0
    assert model.overlap_s == pytest.approx(0.120)
    assert model.gap_s == pytest.approx(0.0805)
    assert model.order_margin == pytest.approx(0.120 + BOUNCE)


def test_a_narrow_board_gives_the_session_a_narrow_order_margin() -> None:
    profile = parse(HEAD + REED + LEDS)
    assert profile.timing().order == BOUNCE < Timing().order
    kept = profile.timing(Timing(settle=0.05, grace=9.0))
    assert (kept.settle, kept.grace, kept.order) == (0.05, 9.0, BOUNCE)
    wide = parse(HEAD + REED + "overlap_ms = 300\n" + LEDS)
    assert wide.timing().order == pytest.approx(0.300 + BOUNCE)


@pytest.mark.parametrize(
    ("line", "needle", "reason"),
    [
        ("colour = 3", "colour", r"^unknown key 'colour' \(expected one of: kind, pitch_mm,"),
        ('kind = "optical"', "optical", r"^sensor kind 'optical' is not one of reed, hall,"),
        ('pitch_mm = "wide"', "wide", r"^pitch_mm must be a number, not 'wide'$"),
        ("part = 59140", "59140", r"^part must be text, not 59140$"),
        ("overlap_ms = -5", "overlap_ms", r"^overlap_ms -5 is outside 0\.\.10000$"),
        ("gap_ms = true", "gap_ms", r"^gap_ms must be a number, not True$"),
    ],
)
def test_a_wrong_key_of_sensors_names_its_line(line: str, needle: str, reason: str) -> None:
    key = line.split(" =", maxsplit=1)[0]
    kept = "".join(row + "\n" for row in REED.splitlines() if not row.startswith(f"{key} ="))
    refused(HEAD + kept + line + "\n" + LEDS, needle, reason)


def test_a_missing_figure_names_the_table() -> None:
    text = HEAD + REED.replace("depth_mm = 4\n", "") + LEDS
    refused(text, "[sensors]", r"^missing key 'depth_mm' in sensors$")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (("operate_mm = 7.5", "operate_mm = 3.5"), r"does not reach a piece at rest 4\.0 mm above"),
        (("release_mm = 8.0", "release_mm = 7.0"), r"release_mm \(7\.0\) is shorter than operate"),
        (("release_mm = 8.0", "release_mm = 36"), r"reaches a piece at rest on the next cell"),
        (("pitch_mm = 35.2", "pitch_mm = 0"), r"must be positive"),
    ],
)
def test_a_model_no_board_can_have_is_refused_at_its_table(
    change: tuple[str, str], reason: str
) -> None:
    text = HEAD + REED.replace(*change) + LEDS
    refused(text, "[sensors]", rf"^sensors: .*{reason}")


def test_sensors_must_be_a_table() -> None:
    refused(HEAD + "sensors = 3\n" + LEDS, "sensors = 3", r"^sensors must be a table, not 3$")
