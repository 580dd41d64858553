"""The simulated Raspberry Pi that the mock chips of every front end are wired to,
and what a front end's mock chips are to the simulated board.

These lived beside ``FrontEnd`` once; they are here so that no production module
imports the mock layer (the real pin factories of gpiozero never import its
``MockFactory`` either).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from gpiozero.pins.mock import MockFactory

from engine.physical import Reading, Sensing, Spot
from hardware.frontends.base import Part
from hardware.frontends.books import I2CPlace
from hardware.mock.analog import HallModel
from hardware.mock.bus import I2CDevice, SimulatedI2CBus
from hardware.mock.clock import SimClock

if TYPE_CHECKING:  # the models of the families a board has are imported by their front ends
    from hardware.mock.serial_device import SimulatedSerialPort
    from hardware.mock.spi import SimulatedSpiDev


class DeviceHost(Protocol):
    """A simulated bus, or a multiplexer's segment of one: chips attach to it."""

    def attach(self, address: int, device: I2CDevice) -> None: ...


@dataclass
class MockMachine:
    """The simulated Raspberry Pi a front end's mock chips are wired to: its I2C buses,
    SPI and serial device nodes, GPIO pins and clock, and the world the sensors sense."""

    buses: dict[int, SimulatedI2CBus]
    pin_factory: MockFactory
    clock: SimClock
    reading: Callable[[Spot], Reading]
    """What stands on a spot right now, as a sensor of it sees it."""
    sensing: Sensing
    hall: HallModel
    random: random.Random
    spi: dict[tuple[int, int], SimulatedSpiDev] = field(default_factory=dict)
    serial: dict[str, SimulatedSerialPort] = field(default_factory=dict)
    segments: dict[tuple[int, int, int], DeviceHost] = field(default_factory=dict)
    """(bus, multiplexer address, channel) -> the segment behind that channel."""

    def attach(self, place: I2CPlace, address: int, device: I2CDevice) -> None:
        if place.mux is None:
            self.buses[place.bus].attach(address, device)
        else:
            self.segments[(place.bus, place.mux, place.mux_channel or 0)].attach(address, device)


class MockModel:
    """A front end's simulated chips; the simulated board calls these on all of them."""

    def sync(self) -> None:
        """Set the chips' inputs from the world (the world changed)."""

    def set_error_rate(self, rate: float, seed: int) -> None:
        """Glitch at ``rate``, reproducibly for ``seed`` (buses and SPI devices already do)."""


P = TypeVar("P", bound=Part)


@dataclass(frozen=True, slots=True)
class Simulation(Generic[P]):
    """How the mock chips of one front end's part are built on the machine: each mock
    module of hardware/mock/frontends/ declares its own, for its part type."""

    part_type: type[P]
    build: Callable[[P, MockMachine], MockModel]
