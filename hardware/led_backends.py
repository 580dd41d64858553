"""The ways to drive the LED strip, each in one place: the GPIOs it takes from the
profile's pins, and how it opens on a Raspberry Pi (its driver in drivers/, imported
only when opened, so any machine loads a profile of any backend).

A new LED backend is its driver and one entry of ``LED_BACKENDS``; the profile
reader checks the name and the pins, ``hardware.board`` opens it, the simulator
draws every backend on its simulated strip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from drivers.led_strip import PixelDevice
from drivers.spi import SPI_PINS
from hardware.frontends.base import SpiNode
from hardware.profile_leds import LedSpec
from hardware.toml_lines import KeyPath

Pins = tuple[tuple[int, str, KeyPath], ...]
"""(GPIO, what uses it, the profile key that chose it)."""


@dataclass(frozen=True, slots=True)
class LedBackend:
    """One way to drive the strip (``[leds] backend``)."""

    name: str
    pins: Callable[[LedSpec], Pins]
    open: Callable[[LedSpec], PixelDevice] | None
    """None: it exists only in the simulator."""
    devices: Callable[[LedSpec], tuple[SpiNode, ...]] = lambda leds: ()
    """The SPI devices it opens (the doctor tries them first)."""


def _no_pins(leds: LedSpec) -> Pins:
    return ()


def _data_pin(leds: LedSpec) -> Pins:
    return ((leds.gpio, "the LED strip", ("leds", "gpio")),)


def _spi_pins(leds: LedSpec) -> Pins:
    pins = SPI_PINS.get(leds.spi_bus, {})
    return tuple(
        (pins[role], f"the LED strip (SPI{leds.spi_bus} {role})", ("leds", "spi_bus"))
        for role in ("MOSI", "SCLK")
        if role in pins
    )


def _open_ws281x(leds: LedSpec) -> PixelDevice:
    from drivers.ws281x import open_ws281x

    return open_ws281x(
        leds.count,
        gpio=leds.gpio,
        frequency_hz=leds.frequency_hz,
        dma=leds.dma,
        invert=leds.invert,
        channel=leds.channel,
        strip_type=None if leds.order == "GRB" else leds.order,
    )


def _open_pio(leds: LedSpec) -> PixelDevice:
    from drivers.led_pio import PioLedDevice

    return PioLedDevice(leds.count, leds.device, rgbw=leds.rgbw)


def _open_spi(leds: LedSpec) -> PixelDevice:
    from drivers.led_spi import SpiLedDevice
    from drivers.spi import open_spi, spi_name, spidev_bufsiz

    return SpiLedDevice(
        open_spi(leds.spi_bus, leds.spi_device),
        leds.count,
        name=spi_name(leds.spi_bus, leds.spi_device),
        order=leds.order,
        bits=leds.spi_bits,
        bufsiz=spidev_bufsiz(),
    )


LED_BACKENDS: tuple[LedBackend, ...] = (
    LedBackend("ws281x", _data_pin, _open_ws281x),
    LedBackend("simulated", _no_pins, None),
    LedBackend("pio", _data_pin, _open_pio),
    LedBackend("spi", _spi_pins, _open_spi, lambda leds: (SpiNode(leds.spi_bus, leds.spi_device),)),
)

BACKEND_NAMES: tuple[str, ...] = tuple(backend.name for backend in LED_BACKENDS)


def led_backend(name: str) -> LedBackend:
    """The backend of that name (the profile reader has checked it is one)."""
    for backend in LED_BACKENDS:
        if backend.name == name:
            return backend
    raise KeyError(f"LED backend {name!r} is not one of {', '.join(BACKEND_NAMES)}")
