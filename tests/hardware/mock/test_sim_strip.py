"""The simulated strip keeps every frame and refuses what would crash the real one."""

from __future__ import annotations

import pytest

from hardware.mock.strip import SimulatedPixelStrip


def test_frames_are_kept_raw_with_their_brightness() -> None:
    strip = SimulatedPixelStrip(3)
    strip.begin()
    assert strip.begun
    strip.setPixelColor(0, 0xFF8000)
    strip.show()
    strip.setBrightness(127)
    strip.setPixelColor(2, 0x0000FF)
    strip.show()
    assert strip.frames == [(0xFF8000, 0, 0), (0xFF8000, 0, 0x0000FF)]
    assert strip.frame_brightness == [255, 127]
    assert strip.last_frame == (0xFF8000, 0, 0x0000FF)
    assert strip.getPixels() == [0xFF8000, 0, 0x0000FF]
    assert strip.getPixelColor(2) == 0x0000FF
    assert strip.getBrightness() == 127


def test_rendered_applies_brightness_as_the_c_library_does() -> None:
    strip = SimulatedPixelStrip(2, brightness=127)
    strip.begin()
    strip.setPixelColor(0, 0xFF8001)
    strip.setPixelColor(1, 0x40FFFFFF)  # an RGBW value: white is scaled too
    strip.show()
    # (channel * (brightness + 1)) >> 8
    assert strip.rendered() == (0x7F4000, 0x207F7F7F)
    strip.setBrightness(255)
    strip.show()
    assert strip.rendered() == (0xFF8001, 0x40FFFFFF)
    assert strip.rendered(0) == (0x7F4000, 0x207F7F7F)


@pytest.mark.parametrize("call", ["setPixelColor", "getPixelColor", "getPixels", "show"])
def test_use_before_begin_raises(call: str) -> None:
    strip = SimulatedPixelStrip(2)
    with pytest.raises(RuntimeError, match="begin"):
        if call == "setPixelColor":
            strip.setPixelColor(0, 1)
        elif call == "getPixelColor":
            strip.getPixelColor(0)
        elif call == "getPixels":
            strip.getPixels()
        else:
            strip.show()
    assert strip.frames == []


def test_count_and_brightness_work_before_begin() -> None:
    strip = SimulatedPixelStrip(5)
    strip.setBrightness(10)
    assert strip.numPixels() == 5
    assert strip.getBrightness() == 10


def test_out_of_range_values_are_refused() -> None:
    strip = SimulatedPixelStrip(2)
    strip.begin()
    with pytest.raises(IndexError):
        strip.setPixelColor(2, 0)
    with pytest.raises(IndexError):
        strip.setPixelColor(-1, 0)
    with pytest.raises(OverflowError):
        strip.setPixelColor(0, 1 << 32)
    with pytest.raises(OverflowError):
        strip.setBrightness(256)
    with pytest.raises(ValueError):
        SimulatedPixelStrip(0)
