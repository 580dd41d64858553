"""A whole simulated board: mock buses and chips, a mock strip and mock pins, wired to a
simulated world through a profile, exactly as a real board is wired.

Every front end of a profile has its mock here: MCP23017s (on the bus or behind
a TCA9548A, their interrupt outputs on a shared GPIO line), ADCs with analog
multiplexers and Hall sensors, 74HC165 chains on a simulated SPI device, and a
scanner microcontroller on a simulated serial port.

The hardware is built from ``physical``, the wiring as it really is, and the
board is opened with ``profile``, the wiring the program believes. They are the
same profile unless a test builds a miswired board (see hardware/mock/wiring.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gpiozero.pins.mock import MockFactory

from drivers.buttons import ButtonRole
from drivers.i2c import I2CBus
from drivers.spi import SpiDevice
from engine.physical import EMPTY, Reading, Sensing, Spot
from hardware.board import Board, assemble
from hardware.mock.adc import ADS1115Model, ADS7830Model, Volts
from hardware.mock.analog import AnalogMuxModel, HallModel, HallSensor
from hardware.mock.bus import I2CDevice, SimulatedI2CBus
from hardware.mock.clock import SimClock
from hardware.mock.mcp23017 import MCP23017Model, SharedInterruptLine
from hardware.mock.serial_device import ScannerDevice, SimulatedSerialPort
from hardware.mock.spi import ShiftRegisterChainModel, SimulatedSpiDev
from hardware.mock.strip import SimulatedPixelStrip
from hardware.mock.tca9548a import TCA9548AModel
from hardware.mock.world import SimulatedWorld
from hardware.profile import ExpanderSpec, I2CPlace, Profile


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
        self.pin_factory = MockFactory()
        self._random = random.Random(seed)
        wiring = self.physical
        self.buses = {number: SimulatedI2CBus(f"i2c-{number}") for number in wiring.bus_numbers}
        self.muxes: dict[tuple[int, int], TCA9548AModel] = {}
        for mux in wiring.muxes:
            model = TCA9548AModel()
            self.buses[mux.bus].attach(mux.address, model)
            self.muxes[(mux.bus, mux.address)] = model
        self.chips: dict[tuple[int, int], MCP23017Model] = {}
        self.expanders: dict[ExpanderSpec, MCP23017Model] = {}
        self._wiring: list[tuple[MCP23017Model, int, Spot, Reading | None]] = []
        self._interrupt_lines: dict[int, SharedInterruptLine] = {}
        for spec in wiring.expanders:
            chip = MCP23017Model()
            self._attach(spec.place, spec.address, chip)
            if spec.mux is None:
                self.chips[(spec.bus, spec.address)] = chip
            self.expanders[spec] = chip
            for channel in spec.channels:
                self._wiring.append((chip, channel.pin, channel.spot, channel.pole))
            if spec.interrupt_gpio is not None:
                self._interrupt_line(spec.interrupt_gpio).connect(chip)
        self.hall: dict[str, HallSensor] = {}
        self.adcs: dict[tuple[I2CPlace, int], ADS7830Model | ADS1115Model] = {}
        self.analog_muxes: list[AnalogMuxModel] = []
        self._build_analog(hall or HallModel())
        self.spi: dict[tuple[int, int], SimulatedSpiDev] = {}
        self.chains: dict[str, ShiftRegisterChainModel] = {}
        self._chain_wiring: list[tuple[ShiftRegisterChainModel, int, Spot, Reading | None]] = []
        for chain_spec in wiring.shift_registers:
            chain = ShiftRegisterChainModel(
                chain_spec.chips,
                self.pin_factory.pin(chain_spec.load_gpio),
                ser_high=chain_spec.check_byte,
            )
            self.chains[chain_spec.name] = chain
            self.spi[(chain_spec.spi_bus, chain_spec.spi_device)] = SimulatedSpiDev(chain)
            for bit_channel in chain_spec.channels:
                self._chain_wiring.append(
                    (chain, bit_channel.bit, bit_channel.spot, bit_channel.pole)
                )
        self.serial_port: SimulatedSerialPort | None = None
        self.serial_device: ScannerDevice | None = None
        if wiring.serial_scanner is not None:
            self._build_serial()
        self.strip = SimulatedPixelStrip(profile.leds.count)
        self._synced = -1
        world.subscribe(self.sync)

    # --- building ------------------------------------------------------------------

    def _attach(self, place: I2CPlace, address: int, device: I2CDevice) -> None:
        if place.mux is None:
            self.buses[place.bus].attach(address, device)
        else:
            self.muxes[(place.bus, place.mux)].segment(place.mux_channel or 0).attach(
                address, device
            )

    def _interrupt_line(self, gpio: int) -> SharedInterruptLine:
        if gpio not in self._interrupt_lines:
            pin = self.pin_factory.pin(gpio)
            self._interrupt_lines[gpio] = SharedInterruptLine(pin.drive_low, pin.drive_high)
        return self._interrupt_lines[gpio]

    def _spot_reading(self, spot: Spot) -> Callable[[], Reading]:
        return lambda: self.world.reading(spot)

    def _build_analog(self, hall: HallModel) -> None:
        for spec in self.physical.adcs:
            inputs: dict[int, Volts] = {}
            for channel in spec.channels:
                sensor = HallSensor.drawn(self._spot_reading(channel.spot), hall, self._random)
                self.hall[channel.label] = sensor
                inputs[channel.input] = sensor.volts
            for mux_spec in spec.muxes:
                pins = [self.pin_factory.pin(gpio) for gpio in mux_spec.select]
                enable = (
                    None
                    if mux_spec.enable_gpio is None
                    else self.pin_factory.pin(mux_spec.enable_gpio)
                )
                mux = AnalogMuxModel(pins, enable)
                for channel in mux_spec.channels:
                    sensor = HallSensor.drawn(self._spot_reading(channel.spot), hall, self._random)
                    self.hall[channel.label] = sensor
                    mux.inputs[channel.mux_channel or 0] = sensor.volts
                inputs[mux_spec.input] = mux.volts
                self.analog_muxes.append(mux)
            model: ADS7830Model | ADS1115Model
            if spec.chip == "ADS7830":
                model = ADS7830Model(inputs, external_reference=2 * hall.quiescent)
            else:
                model = ADS1115Model(self.clock.now, inputs)
            self._attach(spec.place, spec.address, model)
            self.adcs[(spec.place, spec.address)] = model

    def _build_serial(self) -> None:
        spec = self.physical.serial_scanner
        assert spec is not None
        channels = max((ch.channel for ch in spec.channels), default=0) + 1
        wired = {ch.channel: ch.spot for ch in spec.channels}
        polarity = self.physical.sensing is Sensing.POLARITY

        def readings() -> list[int]:
            values = [EMPTY] * channels
            for number, spot in wired.items():
                reading = self.world.reading(spot)
                values[number] = reading if polarity else int(reading != EMPTY)
            return values

        self.serial_port = SimulatedSerialPort()
        self.serial_device = ScannerDevice(
            self.serial_port, readings, channels, polarity, self.clock.now
        )

    # --- the world reaches the pins -------------------------------------------------

    def sync(self) -> None:
        """Set every digital input from what stands on its spot (a closed switch pulls low)."""
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
        for chain, bit, spot, pole in self._chain_wiring:
            reading = self.world.reading(spot)
            closed = reading != EMPTY if pole is None else reading == pole
            if closed:
                chain.drive_low(bit)
            else:
                chain.release(bit)

    def tick(self, now: float) -> None:
        """The simulation's time has come to ``now``."""
        self.clock.advance_to(now)
        self.sync()

    # --- people ----------------------------------------------------------------------

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
        if self.serial_device is not None:
            self.serial_device.corrupt_rate = rate
            self.serial_device._random.seed(seed + 200)

    # --- opening -------------------------------------------------------------------------

    def _open_spi(self, bus: int, device: int) -> SpiDevice:
        return self.spi[(bus, device)]

    def _open_serial(self, url: str, baudrate: int) -> SimulatedSerialPort:
        if self.serial_port is None:
            raise OSError(2, f"no such port: {url}")
        return self.serial_port

    def open(self, on_button: Callable[[ButtonRole], None]) -> Board:
        self.sync()
        buses: dict[int, I2CBus] = dict(self.buses)
        for number in self.profile.bus_numbers:
            buses.setdefault(number, SimulatedI2CBus(f"i2c-{number}"))
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
