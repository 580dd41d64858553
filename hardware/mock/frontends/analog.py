"""The simulated ADCs, CD74HC4067 multiplexers and Hall sensors of a profile's
``[[ads7830]]``, ``[[ads1115]]`` and ``[[ads7138]]`` tables, the ADS7138s' ALERT
outputs wired to the machine's GPIO pins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hardware.frontends.analog_specs import AnalogChannelSpec, AnalogSpec
from hardware.frontends.books import I2CPlace
from hardware.mock.analog import AnalogMuxModel, HallSensor
from hardware.mock.machine import MockMachine, MockModel, Simulation
from hardware.mock.pins import OpenDrainLine

if TYPE_CHECKING:  # each chip's model (and driver) imported by a board that has one
    from hardware.mock.adc import ADS1115Model, ADS7830Model, Volts
    from hardware.mock.ads7138 import ADS7138Model


class AnalogModels(MockModel):
    """The simulated ADCs, multiplexers and Hall sensors (each sensor drawn from the
    machine's Hall model, so no two rest at the same level or swing as far)."""

    def __init__(self, part: AnalogSpec, machine: MockMachine) -> None:
        self.hall: dict[str, HallSensor] = {}
        self.adcs: dict[tuple[I2CPlace, int], ADS7830Model | ADS1115Model | ADS7138Model] = {}
        self.analog_muxes: list[AnalogMuxModel] = []
        self.watching: list[ADS7138Model] = []
        self.alert_lines: dict[int, OpenDrainLine] = {}
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
            model: ADS7830Model | ADS1115Model | ADS7138Model
            if spec.chip == "ADS7138":
                model = self._watching(spec.alert_gpio, inputs, machine)
                machine.attach(spec.place, spec.address, Converting(model))
            else:
                from hardware.mock.adc import ADS1115Model, ADS7830Model

                if spec.chip == "ADS7830":
                    model = ADS7830Model(inputs, external_reference=2 * machine.hall.quiescent)
                else:
                    model = ADS1115Model(machine.clock.now, inputs)
                machine.attach(spec.place, spec.address, model)
            self.adcs[(spec.place, spec.address)] = model

    def _watching(
        self, gpio: int | None, inputs: dict[int, Volts], machine: MockMachine
    ) -> ADS7138Model:
        """An ADS7138 (AVDD the sensors' supply: ratiometric), its ALERT on ``gpio``."""
        from hardware.mock.ads7138 import ADS7138Model

        model = ADS7138Model(inputs, reference=2 * machine.hall.quiescent)
        if gpio is not None:
            if gpio not in self.alert_lines:
                pin = machine.pin_factory.pin(gpio)
                self.alert_lines[gpio] = OpenDrainLine(pin.drive_low, pin.drive_high)
            model.on_alert = self.alert_lines[gpio].driver()
        self.watching.append(model)
        return model

    def sync(self) -> None:
        for sensor in self.hall.values():
            sensor.sense()
        for model in self.watching:  # they convert all the time: the new levels at once
            model.convert()

    def _sensor(self, channel: AnalogChannelSpec, machine: MockMachine) -> HallSensor:
        reading = machine.reading
        spot = channel.spot
        sensor = HallSensor.drawn(lambda: reading(spot), machine.hall, machine.random)
        self.hall[channel.label] = sensor
        return sensor


class Converting:
    """An ADS7138 on the bus, converting after every write as the real one converts all
    the time: a read after a transaction sees results of the inputs as they are, and
    flags a write cleared are set again while a channel is outside its window."""

    __slots__ = ("model",)

    def __init__(self, model: ADS7138Model) -> None:
        self.model = model

    def write(self, data: bytes) -> None:
        self.model.write(data)
        self.model.convert()

    def read(self, length: int) -> bytes:
        return self.model.read(length)


SIMULATION = Simulation(AnalogSpec, AnalogModels)
