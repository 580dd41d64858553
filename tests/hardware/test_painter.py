"""The LED painter: spot and indicator colours land on their LEDs, dimmed, written on change."""

from __future__ import annotations

import pytest

from drivers.led_strip import OFF, Colour, LedStrip
from engine.registry import find_game
from hardware.mock.strip import SimulatedPixelStrip
from hardware.painter import LedPainter
from hardware.profile import LedSpec, load_profile, parse_profile

DOBUTSU = find_game("dobutsu")
RED = Colour(255, 0, 0)
GREEN = Colour(0, 255, 0)
BLUE = Colour(0, 0, 255)
GREY = Colour(200, 100, 10)

CORNERS = """\
name = "corners"
games = ["dobutsu"]
[leds]
backend = "simulated"
count = 21
grid = [["3a", "2a", "1a"], ["3b", "2b", "1b"], ["3c", "2c", "1c"], ["3d", "2d", "1d"]]
corners = true
[leds.indicators]
status = 20
"""


def painter_for(
    spec: LedSpec, brightness: float | None = 1.0
) -> tuple[LedPainter, SimulatedPixelStrip]:
    device = SimulatedPixelStrip(spec.count)
    device.begin()
    return LedPainter(LedStrip(device), spec, brightness), device


Sim = tuple[LedPainter, SimulatedPixelStrip]
"""A painter and the strip it writes to."""


@pytest.fixture
def sim() -> Sim:
    return painter_for(load_profile("sim", DOBUTSU).leds)


def lit(frame: tuple[int, ...] | None) -> dict[int, int]:
    assert frame is not None
    return {index: value for index, value in enumerate(frame) if value}


def test_spot_colours_land_on_their_leds_in_serpentine_order(sim: Sim) -> None:
    painter, device = sim
    assert painter.paint({"3a": RED, "1a": GREEN, "3b": BLUE, "1b": RED, "2d": GREEN}, {})
    # row a runs 0..2 left to right, row b 5..3, row c 6..8, row d 11..9
    assert lit(device.last_frame) == {
        0: 0xFF0000,
        2: 0x00FF00,
        5: 0x0000FF,
        3: 0xFF0000,
        10: 0x00FF00,
    }
    assert painter.leds_of("3b") == (5,)
    assert painter.leds_of("hand:b:C") == ()


def test_indicators_land_on_theirs(sim: Sim) -> None:
    painter, device = sim
    assert painter.indicators == {"turn:0", "turn:1", "status"}
    painter.paint({"2b": GREEN}, {"turn:0": BLUE, "status": RED})
    assert lit(device.last_frame) == {4: 0x00FF00, 13: 0x0000FF, 14: 0xFF0000}


def test_spots_and_indicators_without_leds_are_ignored(sim: Sim) -> None:
    painter, device = sim
    painter.paint({"hand:b:C": RED, "nowhere": RED}, {"clock": GREEN})
    assert device.last_frame == (0,) * 15


def test_compose_is_the_full_brightness_view(sim: Sim) -> None:
    painter, device = sim
    pixels = painter.compose({"2a": GREY}, {"status": GREEN})
    assert pixels == tuple(GREY if i == 1 else GREEN if i == 14 else OFF for i in range(15))
    assert device.frames == []  # composing writes nothing


def test_later_spots_win_shared_corner_leds() -> None:
    painter, device = painter_for(parse_profile(CORNERS, "c.toml", DOBUTSU).leds)
    # 3a has corners 0, 1, 4, 5; 2a has 1, 2, 5, 6; 2b has 5, 6, 9, 10
    painter.paint({"3a": RED, "2a": GREEN}, {})
    assert lit(device.last_frame) == {
        0: 0xFF0000,
        4: 0xFF0000,
        1: 0x00FF00,
        5: 0x00FF00,
        2: 0x00FF00,
        6: 0x00FF00,
    }
    painter.paint({"2a": GREEN, "3a": RED}, {})
    assert lit(device.last_frame) == {
        0: 0xFF0000,
        4: 0xFF0000,
        1: 0xFF0000,
        5: 0xFF0000,
        2: 0x00FF00,
        6: 0x00FF00,
    }
    painter.paint({"2a": GREEN, "3a": RED, "2b": BLUE}, {"status": GREY})
    frame = lit(device.last_frame)
    assert frame[5] == 0x0000FF  # the corner of all three goes to the last
    assert (frame[1], frame[6], frame[9], frame[10]) == (0xFF0000, 0x0000FF, 0x0000FF, 0x0000FF)
    assert frame[20] == GREY.packed()


def test_brightness_scales_what_is_written_but_not_the_view() -> None:
    spec = load_profile("sim", DOBUTSU).leds
    painter, device = painter_for(spec, brightness=None)
    assert painter.brightness == spec.brightness == 0.35
    painter.paint({"3a": GREY}, {"status": Colour(255, 255, 255)})
    assert lit(device.last_frame) == {
        0: Colour(70, 35, 4).packed(),
        14: Colour(89, 89, 89).packed(),
    }
    assert painter.pixels[0] == GREY  # the painter remembers the view at full brightness
    assert device.frame_brightness == [255]  # dimming is ours, not the strip's
    half, device = painter_for(spec, brightness=0.5)
    half.paint({"3a": GREY}, {})
    assert lit(device.last_frame) == {0: Colour(100, 50, 5).packed()}


def test_the_strip_is_written_only_when_the_frame_changes(sim: Sim) -> None:
    painter, device = sim
    assert painter.paint({"3a": RED}, {}) is True
    assert painter.paint({"3a": RED}, {}) is False
    assert painter.paint({"3a": RED, "hand:b:C": GREEN}, {}) is False  # no LED there
    assert len(device.frames) == 1
    assert painter.paint({"3a": RED}, {"status": GREEN}) is True
    assert painter.paint({}, {}) is True
    assert painter.paint({}, {}) is False
    assert len(device.frames) == 3
    assert device.last_frame == (0,) * 15


def test_a_colour_too_dim_to_show_is_no_change() -> None:
    painter, device = painter_for(load_profile("sim", DOBUTSU).leds, brightness=0.1)
    assert painter.paint({"3a": Colour(4, 4, 4)}, {}) is True  # the first frame, all dark
    assert painter.paint({"3a": Colour(4, 0, 0)}, {}) is False
    assert device.frames == [(0,) * 15]


def test_off_blanks_the_strip(sim: Sim) -> None:
    painter, device = sim
    painter.paint({"3a": RED, "1d": BLUE}, {"status": GREEN})
    painter.off()
    assert device.last_frame == (0,) * 15
    assert painter.pixels == (OFF,) * 15
    assert len(device.frames) == 2
    painter.off()
    assert len(device.frames) == 2  # already dark: nothing written
    painter.paint({"3a": RED}, {})
    assert lit(device.last_frame) == {0: 0xFF0000}


@pytest.mark.parametrize("length", [14, 16])
def test_a_strip_of_another_length_is_refused(length: int) -> None:
    device = SimulatedPixelStrip(length)
    device.begin()
    with pytest.raises(ValueError, match=rf"strip has {length} LEDs, profile says 15"):
        LedPainter(LedStrip(device), load_profile("sim", DOBUTSU).leds)
    assert device.frames == []
