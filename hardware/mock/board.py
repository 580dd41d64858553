"""A whole simulated board: mock buses and chips, a mock strip and mock pins, wired to a
simulated world through a profile, exactly as a real board is wired.

Every front end of a profile builds its own mock chips on the simulated machine
(hardware/mock/frontends/, one module per front end): MCP23017s on the bus or behind a
TCA9548A, ADCs with analog multiplexers and Hall sensors, 74HC165 chains on a
simulated SPI device, a scanner microcontroller on a simulated serial port. This
board only owns the machine: its buses, device nodes, pins and clock.

The hardware is built from ``physical``, the wiring as it really is, and the
board is opened with ``profile``, the wiring the program believes. They are the
same profile unless a test builds a miswired board (see hardware/mock/wiring.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from gpiozero.pins.mock import MockFactory, MockPin

from drivers.buttons import ButtonRole
from drivers.i2c import I2CBus
from drivers.spi import SpiDevice
from hardware.board import Board, assemble
from hardware.mock.analog import HallModel
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.clock import SimClock
from hardware.mock.frontends import simulate
from hardware.mock.machine import MockMachine, MockModel
from hardware.mock.pins import simulated_pin_factory
from hardware.mock.strip import SimulatedPixelStrip
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile

if TYPE_CHECKING:
    from hardware.mock.serial_device import SimulatedSerialPort
    from hardware.mock.spi import SimulatedSpiDev

M = TypeVar("M", bound=MockModel)


class SimulatedBoard:
    """The mock hardware of one profile, driven by a simulated world."""

    def __init__(
        self,
        profile: Profile,
        world: SimulatedWorld,
        *,
        physical: Profile | None = None,
        clock: SimClock | None = None,
        hall: HallModel | None = None,
        seed: int = 0,
    ) -> None:
        self.profile = profile
        self.physical = physical or profile
        self.world = world
        self.clock = clock or SimClock()
        self.pin_factory: MockFactory = simulated_pin_factory()
        wiring = self.physical
        self.machine = MockMachine(
            buses={
                number: SimulatedI2CBus(f"i2c-{number}", adapter=wiring.adapter)
                for number in wiring.bus_numbers
            },
            pin_factory=self.pin_factory,
            clock=self.clock,
            reading=world.reading,
            sensing=wiring.sensing,
            hall=hall or HallModel(),
            random=random.Random(seed),
        )
        self.models: dict[type[MockModel], MockModel] = {}
        for part in wiring.parts:
            model = simulate(part, self.machine)
            self.models[type(model)] = model
        self.strip = SimulatedPixelStrip(profile.leds.count)
        self._synced = -1
        world.subscribe(self.sync)

    @property
    def buses(self) -> dict[int, SimulatedI2CBus]:
        return self.machine.buses

    @property
    def spi(self) -> dict[tuple[int, int], SimulatedSpiDev]:
        return self.machine.spi

    def model(self, kind: type[M]) -> M:
        """The mock chips of one front end (``board.model(ExpanderModels).chips``)."""
        model = self.models.get(kind)
        if not isinstance(model, kind):
            raise KeyError(f"this simulated board has no {kind.__name__}")
        return model

    # --- the world reaches the pins -------------------------------------------------

    def sync(self) -> None:
        """Set every digital input from what stands on its spot (a closed switch pulls low)."""
        if self.world.version == self._synced:
            return
        self._synced = self.world.version
        for model in self.models.values():
            model.sync()

    def tick(self, now: float) -> None:
        """The simulation's time has come to ``now``."""
        self.clock.advance_to(now)
        self.sync()

    # --- people ----------------------------------------------------------------------

    def press(self, role: ButtonRole) -> None:
        """Press and release a button, as a finger would."""
        self.hold(role)
        self.release(role)

    def hold(self, role: ButtonRole) -> None:
        """Press a button and keep it down (``release`` lets it go)."""
        self._pin(role).drive_low()

    def release(self, role: ButtonRole) -> None:
        self._pin(role).drive_high()

    def _pin(self, role: ButtonRole) -> MockPin:
        for button_role, gpio in self.profile.buttons:
            if button_role is role:
                return self.pin_factory.pin(gpio)
        raise ValueError(f"this board has no {role.value} button")

    def has_button(self, role: ButtonRole) -> bool:
        return any(button_role is role for button_role, _ in self.profile.buttons)

    # --- faults -------------------------------------------------------------------------

    def set_error_rate(self, rate: float, seed: int = 0) -> None:
        """Every bus, SPI device and serial link glitches at ``rate`` (errno 121 or 5, bad
        frames), reproducibly for ``seed``."""
        for number, bus in self.buses.items():
            bus.error_rate = rate
            bus._random.seed(seed + number)
        for index, spi in enumerate(self.spi.values()):
            spi.error_rate = rate
            spi._random.seed(seed + 100 + index)
        for model in self.models.values():
            model.set_error_rate(rate, seed)

    # --- opening -------------------------------------------------------------------------

    def _open_spi(self, bus: int, device: int) -> SpiDevice:
        return self.spi[(bus, device)]

    def _open_serial(self, url: str, baudrate: int) -> SimulatedSerialPort:
        port = self.machine.serial.get(url)
        if port is None:
            raise OSError(2, f"no such port: {url}")
        return port

    def open(self, on_button: Callable[[ButtonRole], None]) -> Board:
        self.sync()
        buses: dict[int, I2CBus] = dict(self.buses)
        for number in self.profile.bus_numbers:
            buses.setdefault(
                number, SimulatedI2CBus(f"i2c-{number}", adapter=self.physical.adapter)
            )
        return assemble(
            self.profile,
            buses,
            self.strip,
            on_button,
            pin_factory=self.pin_factory,
            bounce_time=None,
            spi=self._open_spi,
            serial=self._open_serial,
            sleep=self.clock.sleep,
            clock=self.clock.now,
        )
