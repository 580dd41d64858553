"""The simulated MCP23017s of a profile's ``[[mcp23017]]`` tables, their switches
wired to the world and their INT outputs to the machine's GPIO pins."""

from __future__ import annotations

from engine.physical import Reading, Spot
from hardware.frontends.base import closes
from hardware.frontends.expanders import ExpanderSpec, ExpandersSpec
from hardware.mock.machine import MockMachine, MockModel, Simulation
from hardware.mock.mcp23017 import MCP23017Model, SharedInterruptLine


class ExpanderModels(MockModel):
    """The simulated MCP23017s: a closed switch pulls its pin low, the pull-up releases it."""

    def __init__(self, part: ExpandersSpec, machine: MockMachine) -> None:
        self.reading = machine.reading
        self.chips: dict[tuple[int, int], MCP23017Model] = {}
        """The chips on a bus itself, by (bus, address)."""
        self.expanders: dict[ExpanderSpec, MCP23017Model] = {}
        self._wiring: list[tuple[MCP23017Model, int, Spot, Reading | None]] = []
        self._lines: dict[int, SharedInterruptLine] = {}
        for spec in part.chips:
            chip = MCP23017Model()
            machine.attach(spec.place, spec.address, chip)
            if spec.mux is None:
                self.chips[(spec.bus, spec.address)] = chip
            self.expanders[spec] = chip
            for channel in spec.channels:
                self._wiring.append((chip, channel.pin, channel.spot, channel.pole))
            if spec.interrupt_gpio is not None:
                if spec.interrupt_gpio not in self._lines:
                    pin = machine.pin_factory.pin(spec.interrupt_gpio)
                    self._lines[spec.interrupt_gpio] = SharedInterruptLine(
                        pin.drive_low, pin.drive_high
                    )
                self._lines[spec.interrupt_gpio].connect(chip)

    def sync(self) -> None:
        for chip, pin, spot, pole in self._wiring:
            if closes(self.reading(spot), pole):
                chip.drive_low(pin)
            else:
                chip.release(pin)


SIMULATION = Simulation(ExpandersSpec, ExpanderModels)
