"""A simulated LED strip with the ``rpi_ws281x.PixelStrip`` interface, keeping its latest frames.

Frames are kept as the raw 0xWWRRGGBB values the program set, and the
brightness in force at each ``show()`` is kept beside them: that is what the
program asked for. ``rendered`` applies brightness the way the C library does
when it renders (each channel times ``brightness + 1``, shifted right by 8), so
a test can also ask what the LEDs would emit.

Where the real library would crash or silently misbehave, this one raises:
``setPixelColor``, ``getPixelColor`` and ``show`` before ``begin()``
dereference an unallocated LED buffer in the C library (a segmentation
fault), so they raise RuntimeError here; an index outside the strip, which the
library ignores (or writes out of bounds when negative), raises IndexError; a
value that does not fit the C ``uint32_t``/``uint8_t`` raises OverflowError,
as the library's SWIG wrapper does.
"""

from __future__ import annotations

from hardware.mock.history import History

_UINT32 = 0xFFFFFFFF


class SimulatedPixelStrip:
    """A PixelDevice that records instead of lighting."""

    def __init__(self, count: int, brightness: int = 255) -> None:
        if count <= 0:
            raise ValueError(f"a strip needs at least one LED, not {count}")
        _check_brightness(brightness)
        self._count = count
        self._pixels = [0] * count
        self._brightness = brightness
        self.begun = False
        self.frames: History[tuple[int, ...]] = History()
        self.frame_brightness: History[int] = History()

    # -- PixelStrip interface ----------------------------------------------

    def begin(self) -> None:
        self.begun = True

    def numPixels(self) -> int:  # noqa: N802 - the library's spelling
        return self._count

    def setPixelColor(self, n: int, color: int) -> None:  # noqa: N802
        self._check_begun("setPixelColor")
        self._check_index(n)
        if not 0 <= color <= _UINT32:
            raise OverflowError(f"colour {color} does not fit in uint32_t")
        self._pixels[n] = color

    def getPixelColor(self, n: int) -> int:  # noqa: N802
        self._check_begun("getPixelColor")
        self._check_index(n)
        return self._pixels[n]

    def getPixels(self) -> list[int]:  # noqa: N802
        self._check_begun("getPixels")
        return list(self._pixels)

    def setBrightness(self, brightness: int) -> None:  # noqa: N802
        _check_brightness(brightness)
        self._brightness = brightness

    def getBrightness(self) -> int:  # noqa: N802
        return self._brightness

    def show(self) -> None:
        self._check_begun("show")
        self.frames.append(tuple(self._pixels))
        self.frame_brightness.append(self._brightness)

    # -- for tests ---------------------------------------------------------

    @property
    def last_frame(self) -> tuple[int, ...] | None:
        return self.frames[-1] if self.frames else None

    def rendered(self, index: int = -1) -> tuple[int, ...]:
        """Frame ``index`` as the LEDs emit it: each channel scaled by that show's brightness."""
        scale = self.frame_brightness[index] + 1
        return tuple(_scale(value, scale) for value in self.frames[index])

    def _check_begun(self, method: str) -> None:
        if not self.begun:
            raise RuntimeError(
                f"{method}() before begin(): the LED buffer does not exist yet "
                "(rpi_ws281x would crash)"
            )

    def _check_index(self, n: int) -> None:
        if not 0 <= n < self._count:
            raise IndexError(f"LED {n} is outside a strip of {self._count}")


def _check_brightness(brightness: int) -> None:
    if not 0 <= brightness <= 255:
        raise OverflowError(f"brightness {brightness} does not fit in uint8_t")


def _scale(value: int, scale: int) -> int:
    out = 0
    for shift in (24, 16, 8, 0):
        out |= ((((value >> shift) & 0xFF) * scale) >> 8) << shift
    return out
