"""The simulated scanner microcontroller of a profile's ``[serial_scanner]`` table,
on a simulated serial port of the machine."""

from __future__ import annotations

from engine.physical import EMPTY, Sensing
from hardware.frontends.serial_scanner import SerialScannerSpec
from hardware.mock.machine import MockMachine, MockModel, Simulation
from hardware.mock.serial_device import ScannerDevice, SimulatedSerialPort


class SerialScannerModel(MockModel):
    """The simulated microcontroller (the firmware's own link code) on its port."""

    def __init__(self, spec: SerialScannerSpec, machine: MockMachine) -> None:
        channels = max((ch.channel for ch in spec.channels), default=0) + 1
        wired = {ch.channel: ch.spot for ch in spec.channels}
        polarity = machine.sensing is Sensing.POLARITY
        reading = machine.reading

        def readings() -> list[int]:
            values = [EMPTY] * channels
            for number, spot in wired.items():
                value = reading(spot)
                values[number] = value if polarity else int(value != EMPTY)
            return values

        self.port = SimulatedSerialPort()
        self.device = ScannerDevice(self.port, readings, channels, polarity, machine.clock.now)
        machine.serial[spec.url] = self.port

    def sync(self) -> None:
        """The world changed: the firmware, which scans on its own, runs a pass and sends
        the change (the host hears of it without polling)."""
        self.device.service()

    def set_error_rate(self, rate: float, seed: int) -> None:
        self.device.corrupt_rate = rate
        self.device._random.seed(seed + 200)


SIMULATION = Simulation(SerialScannerSpec, SerialScannerModel)
