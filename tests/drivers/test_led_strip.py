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
