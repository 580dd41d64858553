"""The simulated 74HC165 chains of a profile's ``[[74hc165]]`` tables, each on a
simulated SPI device of the machine."""

from __future__ import annotations

from engine.physical import Reading, Spot
from hardware.frontends.base import closes
from hardware.frontends.shift_registers import ShiftRegistersSpec
from hardware.mock.machine import MockMachine, MockModel, Simulation
from hardware.mock.spi import ShiftRegisterChainModel, SimulatedSpiDev


class ShiftRegisterModels(MockModel):
    """The simulated chains, by name, each on its simulated SPI device of the machine."""

    def __init__(self, part: ShiftRegistersSpec, machine: MockMachine) -> None:
        self.reading = machine.reading
        self.chains: dict[str, ShiftRegisterChainModel] = {}
        self._wiring: list[tuple[ShiftRegisterChainModel, int, Spot, Reading | None]] = []
        for spec in part.chains:
            chain = ShiftRegisterChainModel(
                spec.chips, machine.pin_factory.pin(spec.load_gpio), ser_high=spec.check_byte
            )
            self.chains[spec.name] = chain
            machine.spi[(spec.spi_bus, spec.spi_device)] = SimulatedSpiDev(chain)
            for channel in spec.channels:
                self._wiring.append((chain, channel.bit, channel.spot, channel.pole))

    def sync(self) -> None:
        for chain, bit, spot, pole in self._wiring:
            if closes(self.reading(spot), pole):
                chain.drive_low(bit)
            else:
                chain.release(bit)


SIMULATION = Simulation(ShiftRegistersSpec, ShiftRegisterModels)
