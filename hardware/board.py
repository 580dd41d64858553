"""The board as the controller's runtime uses it, built from a profile.

Like gpiozero's pin factories, one function builds the real thing and the
simulated board builds the same object over the mock layer; nothing above this
module knows which it has.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from gpiozero.pins import Factory

from drivers.buttons import ButtonPanel, ButtonRole
from drivers.i2c import I2CBus, open_i2c_bus
from drivers.led_strip import LedStrip, PixelDevice
from hardware.painter import LedPainter
from hardware.profile import Profile
from hardware.scanner import ExpanderBank, Scanner

log = logging.getLogger(__name__)


@dataclass
class Board:
    """Sensors, LEDs and buttons of one board, opened and configured."""

    profile: Profile
    scanner: Scanner
    painter: LedPainter
    buttons: ButtonPanel | None
    _closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        """LEDs off, then buses and pins released; safe to call twice."""
        try:
            self.painter.off()
        except OSError as error:
            log.warning("could not turn the LEDs off: %s", error)
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None
        while self._closers:
            self._closers.pop()()


def assemble(
    profile: Profile,
    buses: dict[int, I2CBus],
    device: PixelDevice,
    on_button: Callable[[ButtonRole], None],
    *,
    pin_factory: Factory | None = None,
    bounce_time: float | None = 0.03,
) -> Board:
    """Build a board over the given buses and LED device (real or simulated)."""
    banks = []
    for number in profile.bus_numbers:
        specs = [spec for spec in profile.expanders if spec.bus == number]
        bank = ExpanderBank(buses[number], f"i2c-{number}", specs)
        bank.configure()
        banks.append(bank)
    scanner = Scanner(banks, profile)
    device.begin()
    painter = LedPainter(LedStrip(device), profile.leds)
    buttons = None
    if profile.buttons:
        buttons = ButtonPanel(
            dict(profile.buttons),
            on_button,
            pin_factory=pin_factory,
            bounce_time=bounce_time,
        )
    board = Board(profile, scanner, painter, buttons)
    board._closers.extend(bus.close for bus in buses.values())
    return board


def open_board(profile: Profile, on_button: Callable[[ButtonRole], None]) -> Board:
    """The real board on a Raspberry Pi."""
    from drivers.ws281x import open_ws281x

    leds = profile.leds
    if leds.backend != "ws281x":
        raise ValueError(f"{profile.source}: LED backend {leds.backend!r} needs the simulator")
    buses = {number: open_i2c_bus(number) for number in profile.bus_numbers}
    device = open_ws281x(
        leds.count,
        gpio=leds.gpio,
        frequency_hz=leds.frequency_hz,
        dma=leds.dma,
        invert=leds.invert,
        channel=leds.channel,
    )
    return assemble(profile, buses, device, on_button)
