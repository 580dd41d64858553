"""LED colours and the strip interface every LED backend offers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol


class Colour(NamedTuple):
    """An RGB colour, each channel 0-255.

    A named tuple, not a frozen dataclass: a frame of a hundred LEDs is hashed and
    compared colour by colour at every paint, which a tuple does in C (a dataclass's
    ``__hash__`` and ``__eq__`` are Python calls)."""

    red: int
    green: int
    blue: int

    def scaled(self, factor: float) -> Colour:
        """The colour dimmed (or brightened) by ``factor``, clamped to 0-255."""
        return Colour(
            _clamp(round(self.red * factor)),
            _clamp(round(self.green * factor)),
            _clamp(round(self.blue * factor)),
        )

    def packed(self) -> int:
        """The 24-bit 0xRRGGBB value rpi-ws281x expects."""
        return (self.red << 16) | (self.green << 8) | self.blue

    @classmethod
    def unpacked(cls, value: int) -> Colour:
        return cls((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)

    def hex(self) -> str:
        return f"#{self.red:02x}{self.green:02x}{self.blue:02x}"


OFF = Colour(0, 0, 0)


def _clamp(value: int) -> int:
    return max(0, min(255, value))


class PixelDevice(Protocol):
    """The ``rpi_ws281x.PixelStrip`` interface, which every backend imitates."""

    def begin(self) -> None: ...

    def numPixels(self) -> int: ...  # noqa: N802 - the library's spelling

    def setPixelColor(self, n: int, color: int) -> None: ...  # noqa: N802

    def setBrightness(self, brightness: int) -> None: ...  # noqa: N802

    def show(self) -> None: ...


class LedStrip:
    """A started strip that shows whole frames of colours."""

    def __init__(self, device: PixelDevice) -> None:
        self._device = device
        self._count = device.numPixels()
        self._shown: tuple[Colour, ...] | None = None

    @property
    def count(self) -> int:
        return self._count

    def show(self, colours: Sequence[Colour]) -> bool:
        """Write a frame; returns False (and writes nothing) when it is already shown."""
        if len(colours) != self._count:
            raise ValueError(f"frame has {len(colours)} colours for a strip of {self._count}")
        frame = tuple(colours)
        shown = self._shown
        if frame == shown:
            return False
        set_pixel = self._device.setPixelColor
        self._shown = None  # unknown until the whole frame is written
        if shown is None:
            for index, colour in enumerate(frame):
                set_pixel(index, colour.packed())
        else:  # the device keeps the rest: a move changes a few LEDs of a whole board
            for index, colour in enumerate(frame):
                before = shown[index]
                if colour is not before and colour != before:
                    set_pixel(index, colour.packed())
        self._device.show()
        self._shown = frame
        return True

    def off(self) -> None:
        self.show([OFF] * self._count)
