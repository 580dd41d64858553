"""A whole simulated board: mock buses and chips, a mock strip and mock button pins,
wired to a simulated world through the same profile that maps a real board."""

from __future__ import annotations

from collections.abc import Callable

from gpiozero.pins.mock import MockFactory

from drivers.buttons import ButtonRole
from drivers.i2c import I2CBus
from engine.physical import EMPTY, Spot
from hardware.board import Board, assemble
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model
from hardware.mock.strip import SimulatedPixelStrip
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile


class SimulatedBoard:
    """The mock hardware of one profile, driven by a simulated world."""

    def __init__(self, profile: Profile, world: SimulatedWorld) -> None:
        self.profile = profile
        self.world = world
        self.buses = {number: SimulatedI2CBus(f"i2c-{number}") for number in profile.bus_numbers}
        self.chips: dict[tuple[int, int], MCP23017Model] = {}
        self._wiring: list[tuple[MCP23017Model, int, Spot, int | None]] = []
        for spec in profile.expanders:
            chip = MCP23017Model()
            self.buses[spec.bus].attach(spec.address, chip)
            self.chips[(spec.bus, spec.address)] = chip
            for channel in spec.channels:
                self._wiring.append((chip, channel.pin, channel.spot, channel.pole))
        self.strip = SimulatedPixelStrip(profile.leds.count)
        self.pin_factory = MockFactory()
        self._synced = -1
        world.subscribe(self.sync)

    def sync(self) -> None:
        """Set every chip input from what stands on its spot (a closed switch pulls low)."""
        if self.world.version == self._synced:
            return
        self._synced = self.world.version
        for chip, pin, spot, pole in self._wiring:
            reading = self.world.reading(spot)
            closed = reading != EMPTY if pole is None else reading == pole
            if closed:
                chip.drive_low(pin)
            else:
                chip.release(pin)

    def press(self, role: ButtonRole) -> None:
        """Press and release a button, as a finger would."""
        for button_role, gpio in self.profile.buttons:
            if button_role is role:
                pin = self.pin_factory.pin(gpio)
                pin.drive_low()
                pin.drive_high()
                return
        raise ValueError(f"this board has no {role.value} button")

    def has_button(self, role: ButtonRole) -> bool:
        return any(button_role is role for button_role, _ in self.profile.buttons)

    def open(self, on_button: Callable[[ButtonRole], None]) -> Board:
        self.sync()
        buses: dict[int, I2CBus] = dict(self.buses)
        return assemble(
            self.profile,
            buses,
            self.strip,
            on_button,
            pin_factory=self.pin_factory,
            bounce_time=None,
        )
