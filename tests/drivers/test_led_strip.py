"""LedStrip writes whole frames, and only when they change."""

from __future__ import annotations

import pytest

from drivers.led_strip import OFF, Colour, LedStrip
from hardware.mock.strip import SimulatedPixelStrip

RED = Colour(255, 0, 0)
BLUE = Colour(0, 0, 255)


def _strip(count: int = 3) -> tuple[LedStrip, SimulatedPixelStrip]:
    device = SimulatedPixelStrip(count)
    device.begin()
    return LedStrip(device), device


def test_a_frame_is_written_once() -> None:
    strip, device = _strip()
    assert strip.count == 3
    assert strip.show([RED, OFF, BLUE])
    assert device.frames == [(0xFF0000, 0, 0x0000FF)]


def test_an_unchanged_frame_is_not_rewritten() -> None:
    strip, device = _strip()
    strip.show([RED, OFF, BLUE])
    assert not strip.show([RED, OFF, BLUE])
    assert len(device.frames) == 1
    assert strip.show([BLUE, OFF, BLUE])
    assert len(device.frames) == 2


def test_off_darkens_every_led() -> None:
    strip, device = _strip()
    strip.show([RED, RED, RED])
    strip.off()
    assert device.last_frame == (0, 0, 0)


def test_a_frame_of_the_wrong_length_is_refused() -> None:
    strip, device = _strip()
    with pytest.raises(ValueError, match="2 colours for a strip of 3"):
        strip.show([RED, BLUE])
    assert device.frames == []


class CountingStrip(SimulatedPixelStrip):
    """Counts the pixels written, and fails the write of a chosen pixel once."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.written: list[int] = []
        self.fail_at: int | None = None

    def setPixelColor(self, n: int, color: int) -> None:  # noqa: N802 - rpi_ws281x's name
        if n == self.fail_at:
            self.fail_at = None
            raise OSError(5, "a write that failed half-way")
        self.written.append(n)
        super().setPixelColor(n, color)


def test_a_new_frame_writes_only_the_leds_that_changed() -> None:
    device = CountingStrip(4)
    device.begin()
    strip = LedStrip(device)
    strip.show([RED, OFF, BLUE, OFF])
    device.written.clear()
    strip.show([RED, RED, BLUE, OFF])
    assert device.written == [1]
    assert device.last_frame == (0xFF0000, 0xFF0000, 0x0000FF, 0)


def test_after_a_write_that_failed_half_way_the_whole_frame_is_written() -> None:
    device = CountingStrip(3)
    device.begin()
    strip = LedStrip(device)
    strip.show([RED, OFF, OFF])
    device.fail_at = 2
    with pytest.raises(OSError):
        strip.show([BLUE, OFF, BLUE])  # pixel 0 went blue before the failure
    device.written.clear()
    strip.show([RED, OFF, BLUE])  # pixel 0 differs from what the device holds
    assert device.written == [0, 1, 2]
    assert device.last_frame == (0xFF0000, 0, 0x0000FF)
