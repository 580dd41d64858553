"""The simulated TCA9548A multiplexers of a profile's ``[[tca9548a]]`` tables: their
segments become the machine's, for the chips of other front ends behind them."""

from __future__ import annotations

from drivers.tca9548a import CHANNELS
from hardware.frontends.i2c_muxes import I2CMuxesSpec
from hardware.mock.machine import MockMachine, MockModel, Simulation
from hardware.mock.tca9548a import TCA9548AModel


class I2CMuxModels(MockModel):
    """The simulated multiplexers, by (bus, address); their segments are the machine's."""

    def __init__(self, part: I2CMuxesSpec, machine: MockMachine) -> None:
        self.muxes: dict[tuple[int, int], TCA9548AModel] = {}
        for mux in part.muxes:
            model = TCA9548AModel()
            machine.buses[mux.bus].attach(mux.address, model)
            self.muxes[(mux.bus, mux.address)] = model
            for channel in range(CHANNELS):
                machine.segments[(mux.bus, mux.address, channel)] = model.segment(channel)


SIMULATION = Simulation(I2CMuxesSpec, I2CMuxModels)
