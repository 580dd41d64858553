"""The blur a slide shows, measured from timed readings alone (synthetic streams), and the
measured figures written into a profile's ``[sensors]`` table without touching the rest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.registry import find_game
from hardware.profile import parse_profile
from hardware.profile_base import ProfileError
from hardware.profile_sensors import with_measured
from hardware.sensor_timing import Blur, BlurError, TimedReading, measure_blur
from tests.hardware.test_profile import HEAD, LEDS
from tests.hardware.test_profile_sensors import REED

PATH = ("3a", "3b", "3c", "3d")


def figures(blur: Blur) -> tuple[float, float, int]:
    return (blur.overlap_s, blur.gap_s, blur.crossings)


def slide(
    step: float, overlap: float, gap: float, path: tuple[str, ...] = PATH
) -> list[TimedReading]:
    """A piece at rest on the path's first cell, slid to its last: each step takes
    ``step`` seconds; neighbours read it at once ``overlap`` s, or neither does ``gap`` s."""
    stream = [TimedReading(0.0, path[0], True)]
    for k in range(len(path) - 1):
        middle = 1.0 + (k + 0.5) * step
        stream.append(TimedReading(middle - overlap / 2 + gap / 2, path[k + 1], True))
        stream.append(TimedReading(middle + overlap / 2 - gap / 2, path[k], False))
    return stream


def test_a_slide_that_reads_on_two_cells_at_once() -> None:
    assert figures(measure_blur(slide(0.8, 0.2, 0.0), PATH)) == pytest.approx((0.2, 0.0, 3))


def test_a_slide_that_reads_on_neither_between_cells() -> None:
    assert figures(measure_blur(slide(0.8, 0.0, 0.3), PATH)) == pytest.approx((0.0, 0.3, 3))


def test_the_longest_of_each_is_kept() -> None:
    stream = [
        TimedReading(0.0, "3a", True),
        TimedReading(1.0, "3b", True),
        TimedReading(1.1, "3a", False),  # 0.1 s on both
        TimedReading(2.0, "3b", False),
        TimedReading(2.25, "3c", True),  # 0.25 s on neither
        TimedReading(3.0, "3d", True),
        TimedReading(3.3, "3c", False),  # 0.3 s on both
        TimedReading(4.0, "3d", False),  # lifted at the end: no gap after it
    ]
    assert figures(measure_blur(stream, PATH)) == pytest.approx((0.3, 0.25, 3))


def test_there_and_back_counts_every_crossing_and_order_does_not_matter() -> None:
    there = slide(0.5, 0.12, 0.0)
    back = slide(0.5, 0.0, 0.07, tuple(reversed(PATH)))
    stream = there + [TimedReading(r.at + 5.0, r.spot, r.present) for r in back[1:]]
    stream.reverse()  # the measurement sorts by time
    assert figures(measure_blur(stream, PATH)) == pytest.approx((0.12, 0.07, 6))


def test_cells_off_the_path_repeats_and_flicker_on_one_cell() -> None:
    stream = [
        TimedReading(0.0, "3a", True),
        TimedReading(0.2, "1a", True),  # another piece, elsewhere
        TimedReading(0.5, "3a", False),  # a flicker on its own cell: neither reads it
        TimedReading(0.52, "3a", True),
        TimedReading(0.52, "3a", True),  # read again, unchanged
        TimedReading(1.0, "3b", True),
        TimedReading(1.05, "3a", False),
    ]
    assert figures(measure_blur(stream, PATH)) == pytest.approx((0.05, 0.02, 1))


def test_two_cells_that_are_not_neighbours_reading_at_once_are_no_overlap() -> None:
    stream = [
        TimedReading(0.0, "3a", True),
        TimedReading(0.1, "3c", True),  # a second piece two cells on
        TimedReading(0.5, "3c", False),
        TimedReading(1.0, "3b", True),
        TimedReading(1.0, "3a", False),
    ]
    assert figures(measure_blur(stream, PATH)) == pytest.approx((0.0, 0.0, 1))


def test_nothing_moved_measures_nothing() -> None:
    assert measure_blur([], PATH) == Blur(0.0, 0.0, 0)
    assert measure_blur([TimedReading(0.0, "3a", True)], PATH) == Blur(0.0, 0.0, 0)


@pytest.mark.parametrize("path", [("3a",), ("3a", "3b", "3a")])
def test_a_path_needs_two_distinct_cells(path: tuple[str, ...]) -> None:
    with pytest.raises(BlurError, match="distinct neighbouring cells"):
        measure_blur([], path)


@given(
    step=st.floats(0.3, 3.0),
    blur=st.floats(0.0, 0.29),
    overlapping=st.booleans(),
)
def test_any_slide_measures_what_it_was_made_of(
    step: float, blur: float, overlapping: bool
) -> None:
    overlap, gap = (blur, 0.0) if overlapping else (0.0, blur)
    measured = measure_blur(slide(step, overlap, gap), PATH)
    assert measured.overlap_s == pytest.approx(overlap, abs=1e-9)
    assert measured.gap_s == pytest.approx(gap, abs=1e-9)
    assert measured.crossings == 3


# --- the measured figures in the profile --------------------------------------------------

NOTE = "measured by kiban calibrate on 2026-11-27 12:00"


def test_the_measured_figures_go_into_the_sensors_table() -> None:
    text = HEAD + "# the sensors\n" + REED + "\n# the strip\n" + LEDS
    written = with_measured(text, "board.toml", 123.44, 0.0, NOTE)
    assert written == (
        HEAD
        + "# the sensors\n"
        + REED
        + f"overlap_ms = 123.4  # {NOTE}\ngap_ms = 0.0  # {NOTE}\n"
        + "\n# the strip\n"
        + LEDS
    )
    model = parse_profile(written, "board.toml", find_game("dobutsu")).sensor_model
    assert model.measured_overlap_s == pytest.approx(0.1234)
    assert model.measured_gap_s == 0.0


def test_measuring_again_replaces_what_was_measured() -> None:
    text = HEAD + LEDS + REED.rstrip("\n")  # the last table, with no newline at the end
    once = with_measured(text, "board.toml", 50.0, 10.0, NOTE)
    twice = with_measured(once, "board.toml", 60.0, 0.0, "again")
    assert twice == HEAD + LEDS + REED + "overlap_ms = 60.0  # again\ngap_ms = 0.0  # again\n"


def test_a_profile_without_a_sensors_table_is_refused() -> None:
    with pytest.raises(ProfileError, match=r"^board\.toml: declares no \[sensors\] table"):
        with_measured(HEAD + LEDS, "board.toml", 1.0, 1.0, NOTE)
