"""WS2811/WS2812 strips driven by rpi-ws281x (PWM, PCM or SPI on a Raspberry Pi).

``rpi_ws281x`` is imported inside ``open_ws281x`` only, so this module imports
on any machine. Two traps of that library are handled here:

* ``PixelStrip.__init__`` registers ``atexit.register(self._cleanup)``, and
  ``_cleanup`` calls ``ws2811_fini`` on its handle. After a failed ``begin()``
  the C library has already torn its device down, and ``ws2811_fini`` then
  dereferences it: the process dies with a segmentation fault at exit
  (jgarff/rpi_ws281x#284). The failed strip is disarmed: its cleanup is
  unregistered and its handle cleared, so neither atexit nor a later
  ``_cleanup`` touches the C library.
  The struct itself is freed through the library's ``delete_ws2811_t``, which also
  disowns its SWIG pointer: dropped while still owned, SWIG would print "swig/python
  detected a memory leak of type 'ws2811_t *', no destructor found." into the
  service's journal at each failed start (issue 80).
* Nothing turns the LEDs off at exit; ``Ws281xStrip.close`` does (call it on
  SIGTERM), then releases DMA and PWM once.

The library's SPI mode (GPIO 10) opens ``/dev/spidev0.0`` and then maps the GPIO
registers through ``/dev/gpiomem`` to give the pin to SPI (rpi_ws281x's
``spi_init``); either failing is code -13, and the library's own line names neither
well (its ``mapmem`` says "Can't open /dev/mem" whatever file it opened). The error
here names the file that failed, read from the device files themselves, and the fix:
the ``spi`` backend needs ``/dev/spidev0.0`` only.
"""

from __future__ import annotations

import atexit
import os
import re
from pathlib import Path
from types import ModuleType
from typing import Any

from drivers.errors import LedStripError

PI_EXTRA_HINT = (
    "rpi-ws281x is not installed; on a Raspberry Pi install the pi extra: pip install 'kiban[pi]'"
)

# Hints by the library's ws2811_return_t code (ws2811.h).
_ROOT_HINT = (
    "PWM and PCM output need /dev/mem: run as root (sudo, or the systemd service), "
    "or use SPI on GPIO 10, which needs only membership of the gpio group"
)
_GPIO_HINT = (
    "use GPIO 18 or 12 (PWM channel 0), GPIO 13 or 19 (PWM, channel=1), "
    "GPIO 21 (PCM) or GPIO 10 (SPI, with dtparam=spi=on)"
)
_AUDIO_HINT = (
    "the onboard audio uses the PWM: blacklist snd_bcm2835 (or set dtparam=audio=off "
    "in config.txt) and reboot, or use GPIO 10 (SPI)"
)
_HINTS: dict[int, str] = {
    -3: (
        "this Raspberry Pi model is not supported by rpi-ws281x (the Pi 5 is not): on a Pi 5 "
        'set backend = "pio" (the kernel\'s /dev/leds0) or "spi" in the profile\'s [leds]'
    ),
    -4: _ROOT_HINT,
    -5: _ROOT_HINT,
    -6: _ROOT_HINT,
    -7: _GPIO_HINT,
    -8: _AUDIO_HINT,
    -9: _ROOT_HINT,
    -10: "the DMA channel is in use by the system: keep dma=10 (never 5, the SD card's)",
    -11: _GPIO_HINT,
    -12: "PCM output on GPIO 21 conflicts with I2S audio: disable it or use another GPIO",
}
_SPI_SETUP = -13
_CODE = re.compile(r"code (-?\d+)")
SPIDEV = Path("/dev/spidev0.0")
"""The SPI device rpi-ws281x's SPI mode opens (always SPI0's first)."""
GPIOMEM = Path("/dev/gpiomem")
"""The GPIO registers rpi-ws281x's SPI mode maps to give GPIO 10 to SPI (a Raspberry
Pi kernel's device: Debian's own kernels, a virtual machine's, have none)."""
SPI_BACKEND = (
    'or set backend = "spi" in the profile\'s [leds] (with spi_bus = 0, spi_device = 0): '
    "Kiban's own SPI driver needs /dev/spidev0.0 only"
)


class Ws281xStrip:
    """A started rpi-ws281x ``PixelStrip``: the PixelDevice interface plus ``close``."""

    def __init__(self, strip: Any) -> None:
        self._strip = strip
        self._count = int(strip.numPixels())
        self._closed = False

    def begin(self) -> None:
        """Already begun by ``open_ws281x``; beginning twice would leak the DMA buffer."""

    def numPixels(self) -> int:  # noqa: N802 - the library's spelling
        return self._count

    def setPixelColor(self, n: int, color: int) -> None:  # noqa: N802
        self._check_open()
        self._strip.setPixelColor(n, color)

    def getPixelColor(self, n: int) -> int:  # noqa: N802
        self._check_open()
        return int(self._strip.getPixelColor(n))

    def setBrightness(self, brightness: int) -> None:  # noqa: N802
        self._check_open()
        if not 0 <= brightness <= 255:
            raise ValueError(f"brightness {brightness} is not in 0-255")
        self._strip.setBrightness(brightness)

    def show(self) -> None:
        self._check_open()
        try:
            self._strip.show()
        except RuntimeError as exc:
            raise LedStripError(f"LED strip could not be written: {exc}") from exc

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Turn every LED off, then release DMA and PWM; safe to call twice.

        The library's own atexit cleanup is unregistered so it does not run
        ``ws2811_fini`` a second time at exit.
        """
        if self._closed:
            return
        self._closed = True
        try:
            for index in range(self._count):
                self._strip.setPixelColor(index, 0)
            self._strip.show()
        except RuntimeError:
            pass  # the strip cannot be written: still release the hardware
        finally:
            cleanup = getattr(self._strip, "_cleanup", None)
            if cleanup is not None:
                atexit.unregister(cleanup)
                cleanup()

    def _check_open(self) -> None:
        if self._closed:
            raise LedStripError("LED strip is closed")


def open_ws281x(
    count: int,
    *,
    gpio: int = 18,
    frequency_hz: int = 800_000,
    dma: int = 10,
    invert: bool = False,
    brightness: int = 255,
    channel: int = 0,
    strip_type: str | None = None,
) -> Ws281xStrip:
    """Start a strip of ``count`` LEDs on ``gpio``; every failure is a LedStripError.

    ``strip_type`` names the colour order, e.g. ``"GRB"`` (the WS2812 default),
    ``"RGB"``, ``"GRBW"`` (SK6812 RGBW) or a library constant name such as
    ``"WS2811_STRIP_GRB"``.
    """
    if count <= 0:
        raise ValueError(f"a strip needs at least one LED, not {count}")
    if not 0 <= brightness <= 255:
        raise ValueError(f"brightness {brightness} is not in 0-255")
    if channel not in (0, 1):
        raise ValueError(f"PWM channel {channel} is not 0 or 1")
    try:
        import rpi_ws281x
    except ImportError as exc:
        raise LedStripError(PI_EXTRA_HINT) from exc
    type_code = None if strip_type is None else _strip_type(rpi_ws281x, strip_type)
    strip = rpi_ws281x.PixelStrip(
        count, gpio, frequency_hz, dma, invert, brightness, channel, type_code
    )
    try:
        strip.begin()
    except RuntimeError as exc:
        disarm(strip)
        raise LedStripError(_failure_message(exc, gpio)) from exc
    return Ws281xStrip(strip)


def disarm(strip: Any) -> None:
    """Stop a strip that failed to begin from ever calling into the C library again."""
    cleanup = getattr(strip, "_cleanup", None)
    if cleanup is not None:
        atexit.unregister(cleanup)
    # A later _cleanup() (or a __del__ in another version) returns at once when
    # the handle is None. The ws2811_t struct is freed as the library's own cleanup
    # frees it, without its ws2811_fini: delete_ws2811_t is a free() of the struct
    # alone (what it points to after the failed init is left, never touched), and it
    # disowns the SWIG pointer, which would otherwise print its "memory leak" line.
    handle = getattr(strip, "_leds", None)
    delete = getattr(_swig_module(), "delete_ws2811_t", None)
    if handle is not None and delete is not None:
        delete(handle)
    for name in ("_leds", "_channel"):
        if hasattr(strip, name):
            setattr(strip, name, None)


def _swig_module() -> ModuleType | None:
    """rpi-ws281x's SWIG module (``_rpi_ws281x``, which its ``PixelStrip`` calls)."""
    try:
        import _rpi_ws281x
    except ImportError:
        return None
    module: ModuleType = _rpi_ws281x
    return module


def _failure_message(exc: RuntimeError, gpio: int) -> str:
    match = _CODE.search(str(exc))
    code = int(match.group(1)) if match else None
    hint = (
        _spi_setup_hint() if code == _SPI_SETUP else _HINTS.get(code) if code is not None else None
    )
    if hint is None:
        hint = f"{_ROOT_HINT}; {_GPIO_HINT}; {_AUDIO_HINT}"
    return f"LED strip on GPIO {gpio} could not be started ({exc}): {hint}"


def _spi_setup_hint() -> str:
    """Why rpi-ws281x's SPI mode could not start, from the two files it opens."""
    for path, group, missing in (
        (SPIDEV, "spi", "SPI is not enabled: `sudo raspi-config nonint do_spi 0`, then reboot"),
        (
            GPIOMEM,
            "gpio",
            "rpi-ws281x maps the GPIO registers through it to give GPIO 10 to SPI, and this "
            "kernel has none (a Raspberry Pi's kernel has it; the library's \"Can't open "
            '/dev/mem" names the wrong file)',
        ),
    ):
        if not path.exists():
            return f"{path} does not exist: {missing}; {SPI_BACKEND}"
        if not _usable(path):
            return (
                f"{path} is not open to this user: it needs the {group} group "
                f"(`sudo usermod -aG {group} $USER`; the service's unit has it); {SPI_BACKEND}"
            )
    return (
        f"{SPIDEV} and {GPIOMEM} open, but the SPI device refused its mode, word size or "
        f"speed; {SPI_BACKEND}"
    )


def _usable(path: Path) -> bool:
    """Whether this process may read and write ``path``."""
    return os.access(path, os.R_OK | os.W_OK)


def _strip_type(library: ModuleType, name: str) -> int:
    wanted = name.strip().upper()
    prefix = "WS2811_STRIP_" if len(wanted) == 3 else "SK6812_STRIP_"
    for candidate in (wanted, prefix + wanted):
        value = getattr(library, candidate, None)
        if isinstance(value, int):
            return value
    raise LedStripError(
        f"unknown LED strip type {name!r}: use a colour order such as GRB, RGB or GRBW"
    )
