"""The pixels and brightness a backend keeps when it writes the LEDs itself (the Pi 5's
PIO device, plain SPI), behind the ``PixelStrip`` calls the painter makes."""

from __future__ import annotations


class PixelBuffer:
    """Colours as 0xWWRRGGBB per LED and a brightness of 0-255, checked as they are set."""

    def __init__(self, count: int) -> None:
        if count <= 0:
            raise ValueError(f"a strip needs at least one LED, not {count}")
        self._count = count
        self._pixels = [0] * count
        self._brightness = 255

    def numPixels(self) -> int:  # noqa: N802 - the PixelStrip spelling
        return self._count

    def setPixelColor(self, n: int, color: int) -> None:  # noqa: N802
        if not 0 <= n < self._count:
            raise IndexError(f"LED {n} is outside a strip of {self._count}")
        self._pixels[n] = color

    def setBrightness(self, brightness: int) -> None:  # noqa: N802
        if not 0 <= brightness <= 255:
            raise ValueError(f"brightness {brightness} is not in 0-255")
        self._brightness = brightness

    def _clear(self) -> None:
        self._pixels = [0] * self._count

    def _channel(self, value: int, shift: int) -> int:
        """One 8-bit channel of a colour, dimmed as rpi-ws281x dims it."""
        return ((value >> shift) & 0xFF) * (self._brightness + 1) >> 8
