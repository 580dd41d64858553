"""The simulated ADCs, CD74HC4067 multiplexers and Hall sensors of a profile's
``[[ads7830]]`` and ``[[ads1115]]`` tables."""

from __future__ import annotations

from hardware.frontends.analog import AnalogChannelSpec, AnalogSpec
from hardware.frontends.books import I2CPlace
from hardware.mock.adc import ADS1115Model, ADS7830Model, Volts
from hardware.mock.analog import AnalogMuxModel, HallSensor
from hardware.mock.machine import MockMachine, MockModel, Simulation


class AnalogModels(MockModel):
    """The simulated ADCs, multiplexers and Hall sensors (each sensor drawn from the
    machine's Hall model, so no two rest at the same level or swing as far)."""

    def __init__(self, part: AnalogSpec, machine: MockMachine) -> None:
        self.hall: dict[str, HallSensor] = {}
        self.adcs: dict[tuple[I2CPlace, int], ADS7830Model | ADS1115Model] = {}
        self.analog_muxes: list[AnalogMuxModel] = []
        for spec in part.adcs:
            inputs: dict[int, Volts] = {}
            for channel in spec.channels:
                inputs[channel.input] = self._sensor(channel, machine).volts
            for mux_spec in spec.muxes:
                pins = [machine.pin_factory.pin(gpio) for gpio in mux_spec.select]
                enable = mux_spec.enable_gpio
                mux = AnalogMuxModel(
                    pins, None if enable is None else machine.pin_factory.pin(enable)
                )
                for channel in mux_spec.channels:
                    mux.inputs[channel.mux_channel or 0] = self._sensor(channel, machine).volts
                inputs[mux_spec.input] = mux.volts
                self.analog_muxes.append(mux)
            model: ADS7830Model | ADS1115Model
            if spec.chip == "ADS7830":
                model = ADS7830Model(inputs, external_reference=2 * machine.hall.quiescent)
            else:
                model = ADS1115Model(machine.clock.now, inputs)
            machine.attach(spec.place, spec.address, model)
            self.adcs[(spec.place, spec.address)] = model

    def sync(self) -> None:
        for sensor in self.hall.values():
            sensor.sense()

    def _sensor(self, channel: AnalogChannelSpec, machine: MockMachine) -> HallSensor:
        reading = machine.reading
        spot = channel.spot
        sensor = HallSensor.drawn(lambda: reading(spot), machine.hall, machine.random)
        self.hall[channel.label] = sensor
        return sensor


SIMULATION = Simulation(AnalogSpec, AnalogModels)
