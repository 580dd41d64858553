"""What the doctor knows of each Raspberry Pi model: the core clock its SPI and I2C
clocks are divided from, and the I2C buses its chip can give a board.

The figures are Raspberry Pi's own (the config.txt documentation's table of
defaults, the UART page, the device-tree overlays' README) and the people who
measured the buses (raspberrypi/firmware#1281, raspberrypi/linux#3257, #2060 and
#4884), so a fix the doctor names is the documented one. On a Pi 1-4 the VideoCore's
core clock drives the SPI and I2C controllers, and the firmware moves it between
``core_freq`` (under load) and ``core_freq_min`` (idle) unless ``config.txt`` pins
it; Linux is told the top rate and sets its dividers from it, so a bus runs as asked
at the top and slower at the floor, never faster (raspberrypi/linux#2060). A Pi 5's
SPI and I2C are in its RP1 chip, on a clock of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from firmware_host.tools.desk.boot_config import BootConfig, config_int, model_filters

MHZ = 1_000_000


@dataclass(frozen=True, slots=True)
class CoreClock:
    """A model's VPU core clock in MHz as ``config.txt`` leaves it by default (the
    overclocking page's table), and the lines that pin it for good."""

    default_max: int
    default_min: int
    fix: tuple[str, ...] = ()

    @property
    def scales(self) -> bool:
        """Whether the clock moves with load unless ``config.txt`` pins it."""
        return self.default_max != self.default_min


UART_CORE = 250
"""The core clock in MHz that ``enable_uart=1`` pins where the mini UART is the
primary UART (the UART page: its baud rate is divided from the core clock)."""

BT_UART_OVERLAYS = frozenset({"disable-bt", "miniuart-bt", "pi3-disable-bt", "pi3-miniuart-bt"})
"""Overlays that make the PL011 the primary UART, so ``enable_uart=1`` no longer
pins the core clock (``miniuart-bt`` needs it pinned by hand instead)."""

I2C_GPIO = "i2c-gpio"
"""The overlay that makes an I2C bus in software on any two GPIOs, on any model."""


@dataclass(frozen=True, slots=True)
class BusOverlay:
    """The overlay that enables one of a chip's own I2C controllers, and the GPIOs it
    takes unless told others (the overlays' README)."""

    name: str
    pins: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PiModel:
    """One family of Raspberry Pi as the doctor judges it."""

    name: str
    """How the doctor names it (``Raspberry Pi Zero 2 W``)."""
    chip: str
    clock: CoreClock | None
    """None: the SPI and I2C controllers run on a clock of their own (the Pi 5's RP1)."""
    mini_uart_primary: bool = False
    """The mini UART is on GPIO 14 and 15 (a model with Bluetooth on the PL011)."""
    i2c_overlays: Mapping[int, BusOverlay] = field(default_factory=lambda: MappingProxyType({}))
    """The I2C buses but 1 the chip has an overlay for (a Pi 1-4's bus 0 is
    ``dtparam=i2c_vc=on`` instead), and that overlay."""

    @property
    def own_buses(self) -> tuple[int, ...]:
        """The I2C buses the chip gives a board (i2c-gpio makes others in software)."""
        return tuple(sorted({0, 1, *self.i2c_overlays}))


PI3_CORE = CoreClock(400, 250, ("core_freq=250",))
PI4_CORE = CoreClock(500, 200, ("core_freq=500", "core_freq_min=500"))
FIXED_250 = CoreClock(250, 250)
BCM2711_BUSES = MappingProxyType(
    {
        bus: BusOverlay(f"i2c{bus}", pins)
        for bus, pins in ((3, (4, 5)), (4, (8, 9)), (5, (12, 13)), (6, (22, 23)))
    }
)
RP1_BUSES = MappingProxyType(
    {
        bus: BusOverlay(f"i2c{bus}-pi5", pins)
        for bus, pins in ((0, (0, 1)), (2, (4, 5)), (3, (6, 7)))
    }
)


def pi_model(model: str) -> PiModel | None:
    """The family of the model the firmware names; None for one the doctor does not know."""
    filters = model_filters(model)
    if "pi5" in filters:
        return PiModel("Raspberry Pi 5", "RP1", None, False, RP1_BUSES)
    if "pi4" in filters:
        board = "cm4" not in filters  # a Compute Module's UARTs are off until an overlay
        return PiModel("Raspberry Pi 4", "BCM2711", PI4_CORE, board, BCM2711_BUSES)
    if "pi02" in filters:  # Bluetooth on the PL011, as on a Zero W and a Pi 3
        return PiModel("Raspberry Pi Zero 2 W", "BCM2710A1", PI3_CORE, True)
    if "pi3" in filters:
        return PiModel("Raspberry Pi 3", "BCM2837", PI3_CORE, "cm3" not in filters)
    if "pi0" in filters:
        return PiModel("Raspberry Pi Zero", "BCM2835", PI3_CORE, "pi0w" in filters)
    if "pi2" in filters:
        return PiModel("Raspberry Pi 2", "BCM2836", FIXED_250)
    if "pi1" in filters:
        return PiModel("Raspberry Pi 1", "BCM2835", FIXED_250)
    return None


def core_range(config: BootConfig, model: PiModel) -> tuple[int, int] | None:
    """The core clock's top and floor in Hz as ``config.txt`` leaves them (None: the
    model's buses have a clock of their own). ``core_freq`` (or ``gpu_freq``, which the
    overclocking page says sets it too) and ``core_freq_min`` bound it (``gpu_freq_min``
    is left out: the page does not say it moves the core's floor, and a floor taken
    too high would hide a slow bus); ``force_turbo=1`` keeps it at the top;
    ``enable_uart=1`` pins it at 250 MHz where the mini UART is the primary UART (at
    the top with ``force_turbo=1``)."""
    clock = model.clock
    if clock is None:
        return None
    settings = config.settings
    top = config_int(settings.get("core_freq", settings.get("gpu_freq")), clock.default_max)
    floor = config_int(settings.get("core_freq_min"), clock.default_min)
    turbo = settings.get("force_turbo", "0").strip() == "1"
    uart = (
        model.mini_uart_primary
        and settings.get("enable_uart", "0").strip() == "1"
        and not BT_UART_OVERLAYS & set(config.overlays)
    )
    if uart and not turbo:
        top = UART_CORE
    if uart or turbo:
        floor = top
    return top * MHZ, min(top, floor) * MHZ


def clock_fixed(config: BootConfig, model: PiModel) -> bool:
    """Whether the core clock stays put (or the model's buses do not follow it)."""
    span = core_range(config, model)
    return span is None or span[0] == span[1]
