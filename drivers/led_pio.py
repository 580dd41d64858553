"""WS2812 strips on a Raspberry Pi 5 through the kernel's PIO driver (``/dev/leds0``).

rpi-ws281x does not run on the Pi 5 (its RP1 chip moved PWM, PCM and DMA).
Raspberry Pi's kernel has a driver of its own, ``ws2812-pio-rp1`` (drivers/misc,
added by Phil Elwell in December 2024), which runs the WS2812 waveform on one of
RP1's PIO state machines and shows the strip as a character device. What this
module relies on, from the driver's commit message and the ``ws2812-pio``
overlay:

* the overlay sets the GPIO, the LED count, RGB or RGBW, and a default
  brightness: ``dtoverlay=ws2812-pio,gpio=18,num_leds=122`` in
  /boot/firmware/config.txt (``rgbw`` for SK6812 RGBW strips); each instance
  appears as /dev/leds<n>;
* a write of four bytes per LED, in the order R G B W (W ignored unless the
  overlay says rgbw), is one frame; the driver puts the bytes in the order the
  LEDs want, so there is no colour-order setting here;
* a write of a single byte sets the driver's global brightness (it is left
  alone here: the painter dims the colours itself);
* the driver applies a gamma curve of its own (raspberrypi/linux#7108; newer
  kernels skip it when the overlay sets brightness=0);
* the device is root's only (mode 0600) unless a udev rule gives it away:
  ``KERNEL=="leds[0-9]*", GROUP="gpio", MODE="0660"``.
"""

from __future__ import annotations

import os

from drivers.errors import LedStripError
from drivers.pixel_buffer import PixelBuffer

DEFAULT_DEVICE = "/dev/leds0"
BYTES_PER_LED = 4
OVERLAY_HINT = (
    "on a Raspberry Pi 5, add 'dtoverlay=ws2812-pio,gpio=18,num_leds=<count>' to "
    "/boot/firmware/config.txt and reboot"
)
PERMISSION_HINT = (
    'the device is root-only unless a udev rule gives it to the gpio group: KERNEL=="leds[0-9]*", '
    'GROUP="gpio", MODE="0660" in /etc/udev/rules.d/99-kiban-leds.rules'
)


class PioLedDevice(PixelBuffer):
    """The PixelDevice interface over the ws2812-pio-rp1 character device."""

    def __init__(self, count: int, path: str = DEFAULT_DEVICE, *, rgbw: bool = False) -> None:
        super().__init__(count)
        self.path = path
        self.rgbw = rgbw
        self._fd: int | None = None
        self.frames_written = 0

    def begin(self) -> None:
        """Open the device; a failure says which device and what to check."""
        try:
            self._fd = os.open(self.path, os.O_WRONLY)
        except FileNotFoundError as error:
            raise LedStripError(
                f"LED device {self.path} does not exist ({error.strerror}): {OVERLAY_HINT}"
            ) from error
        except PermissionError as error:
            raise LedStripError(
                f"LED device {self.path} could not be opened ({error.strerror}): {PERMISSION_HINT}"
            ) from error
        except OSError as error:
            raise LedStripError(
                f"LED device {self.path} could not be opened ({error.strerror}): {OVERLAY_HINT}"
            ) from error

    def frame(self) -> bytes:
        """The bytes one show() writes: R G B W per LED, scaled by the brightness."""
        out = bytearray(self._count * BYTES_PER_LED)
        for index, value in enumerate(self._pixels):
            base = index * BYTES_PER_LED
            out[base] = self._channel(value, 16)
            out[base + 1] = self._channel(value, 8)
            out[base + 2] = self._channel(value, 0)
            out[base + 3] = self._channel(value, 24) if self.rgbw else 0
        return bytes(out)

    def show(self) -> None:
        if self._fd is None:
            raise LedStripError(f"LED device {self.path} is not open (begin() first)")
        data = self.frame()
        try:
            written = os.write(self._fd, data)
        except OSError as error:
            raise LedStripError(
                f"LED device {self.path} could not be written ({error.strerror}): check that the "
                f"ws2812-pio overlay sets num_leds={self._count}"
            ) from error
        if written != len(data):
            raise LedStripError(
                f"LED device {self.path} took {written} of {len(data)} bytes: check that the "
                f"ws2812-pio overlay sets num_leds={self._count}"
            )
        self.frames_written += 1

    def close(self) -> None:
        """Every LED off, then the device closed; safe to call twice."""
        if self._fd is None:
            return
        try:
            self._clear()
            self.show()
        except LedStripError:
            pass
        finally:
            os.close(self._fd)
            self._fd = None
