"""The board as the controller's runtime uses it, built from a profile.

Like gpiozero's pin factories, one function builds the real thing and the
simulated board builds the same object over the mock layer; nothing above this
module knows which it has. ``assemble`` takes the buses, SPI devices and serial
ports it is given (real or simulated) and builds every front end of the
profile on them; ``open_board`` opens the real ones.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gpiozero.pins import Factory

from drivers.ads1115 import ADS1115
from drivers.ads7830 import ADS7830
from drivers.buttons import ButtonPanel, ButtonRole
from drivers.cd74hc4067 import EnableLine, SelectLines
from drivers.hc165 import ShiftRegisterChain
from drivers.i2c import I2CBus, open_i2c_bus
from drivers.interrupt_line import InterruptLine
from drivers.led_strip import LedStrip, PixelDevice
from drivers.retry import RetryPolicy
from drivers.serial_scanner import SerialPort, SerialScanner, open_serial
from drivers.spi import SpiDevice, open_spi
from drivers.tca9548a import MuxTree
from engine.registry import find_game
from hardware.orientation import SpotTurn
from hardware.painter import LedPainter
from hardware.profile import I2CPlace, Profile
from hardware.scanner import Scanner
from hardware.sources import (
    AnalogSource,
    ExpanderBank,
    SensorSource,
    SerialSource,
    ShiftRegisterSource,
)

log = logging.getLogger(__name__)

# Pauses before each retry of a glitching bus call, as many as the profile's retries.
RETRY_DELAYS = (0.0005, 0.002, 0.005, 0.01, 0.02)

SpiOpener = Callable[[int, int], SpiDevice]
SerialOpener = Callable[[str, int], SerialPort]


@dataclass
class Board:
    """Sensors, LEDs and buttons of one board, opened and configured."""

    profile: Profile
    scanner: Scanner
    painter: LedPainter
    buttons: ButtonPanel | None
    _closers: list[Callable[[], None]] = field(default_factory=list)
    buses: dict[int, I2CBus] = field(default_factory=dict)
    mux_trees: dict[int, MuxTree] = field(default_factory=dict)
    orientation: SpotTurn | None = None
    retry: RetryPolicy | None = None
    interrupts: list[InterruptLine] = field(default_factory=list)
    wake: list[Callable[[], None]] = field(default_factory=list)
    """Called (on gpiozero's thread) when a sensor chip pulls its interrupt line."""

    @property
    def interrupt_driven(self) -> bool:
        """Whether every source raises an interrupt on change, so scans may wait for one."""
        return bool(self.interrupts) and all(
            isinstance(source, ExpanderBank)
            and all(spec.interrupt_gpio is not None for spec in source.specs)
            for source in self.scanner.sources
        )

    def interrupt_pending(self) -> bool:
        """Whether some chip holds its interrupt line low right now."""
        return any(line.active for line in self.interrupts)

    def _interrupted(self) -> None:
        for callback in list(self.wake):
            callback()

    def close(self) -> None:
        """LEDs off, then buses and pins released; safe to call twice."""
        try:
            self.painter.off()
        except OSError as error:
            log.warning("could not turn the LEDs off: %s", error)
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None
        while self._closers:
            self._closers.pop()()


def retry_policy(profile: Profile, sleep: Callable[[float], None] = time.sleep) -> RetryPolicy:
    return RetryPolicy(RETRY_DELAYS[: profile.retries], sleep)


def assemble(
    profile: Profile,
    buses: Mapping[int, I2CBus],
    device: PixelDevice,
    on_button: Callable[[ButtonRole], None],
    *,
    pin_factory: Factory | None = None,
    bounce_time: float | None = 0.03,
    spi: SpiOpener | None = None,
    serial: SerialOpener | None = None,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
    retry: RetryPolicy | None = None,
) -> Board:
    """Build a board over the given buses, SPI and serial openers and LED device
    (real or simulated)."""
    closers: list[Callable[[], None]] = [bus.close for bus in buses.values()]
    try:
        return _assemble(
            profile,
            dict(buses),
            device,
            on_button,
            closers,
            pin_factory=pin_factory,
            bounce_time=bounce_time,
            spi=spi,
            serial=serial,
            sleep=sleep,
            clock=clock,
            retry=retry or retry_policy(profile, sleep),
        )
    except BaseException:
        while closers:
            try:
                closers.pop()()
            except OSError as error:  # pragma: no cover - cleaning up after a failure
                log.warning("while giving up: %s", error)
        raise


def _assemble(
    profile: Profile,
    buses: dict[int, I2CBus],
    device: PixelDevice,
    on_button: Callable[[ButtonRole], None],
    closers: list[Callable[[], None]],
    *,
    pin_factory: Factory | None,
    bounce_time: float | None,
    spi: SpiOpener | None,
    serial: SerialOpener | None,
    sleep: Callable[[float], None],
    clock: Callable[[], float],
    retry: RetryPolicy,
) -> Board:
    trees = {
        number: MuxTree(
            buses[number],
            f"i2c-{number}",
            [mux.address for mux in profile.muxes if mux.bus == number],
        )
        for number in sorted({mux.bus for mux in profile.muxes})
    }

    def bus_at(place: I2CPlace) -> I2CBus:
        if place.mux is None:
            return buses[place.bus]
        segment: I2CBus = trees[place.bus].segment(place.mux, place.mux_channel or 0)
        return segment

    sources: list[SensorSource] = []
    places = sorted(
        {spec.place for spec in profile.expanders},
        key=lambda p: (p.bus, -1 if p.mux is None else p.mux, p.mux_channel or 0),
    )
    for place in places:
        specs = [spec for spec in profile.expanders if spec.place == place]
        bank = ExpanderBank(bus_at(place), place.segment_name, specs, retry)
        bank.configure(interrupts=any(spec.interrupt_gpio is not None for spec in specs))
        sources.append(bank)
    if profile.adcs:
        sources.append(
            _analog(profile, bus_at, closers, pin_factory=pin_factory, retry=retry, sleep=sleep)
        )
    for chain_spec in profile.shift_registers:
        if spi is None:
            raise ValueError(f"{profile.source}: a 74HC165 chain needs an SPI device")
        chain = ShiftRegisterChain(
            spi(chain_spec.spi_bus, chain_spec.spi_device),
            chain_spec.chips,
            chain_spec.load_gpio,
            name=chain_spec.name,
            speed_hz=chain_spec.speed_hz,
            check_byte=chain_spec.check_byte,
            pin_factory=pin_factory,
            retry=retry,
        )
        closers.append(chain.spi.close)
        closers.append(chain.close)
        chain_source = ShiftRegisterSource(chain, chain_spec)
        chain_source.configure()
        sources.append(chain_source)
    if profile.serial_scanner is not None:
        if serial is None:
            raise ValueError(f"{profile.source}: a serial scanner needs a serial port")
        spec = profile.serial_scanner
        scanner_link = SerialScanner(
            serial(spec.url, spec.baudrate), spec.url, clock=clock, sleep=sleep
        )
        closers.append(scanner_link.close)
        serial_source = SerialSource(scanner_link, spec, profile.sensing)
        serial_source.configure()
        sources.append(serial_source)
    games = [find_game(name) for name in profile.games]
    orientation = SpotTurn.for_games(games, profile.sensed_spots)
    scanner = Scanner(sources, profile, orientation)
    device.begin()
    painter = LedPainter(LedStrip(device), profile.leds, orientation=orientation)
    close_device = getattr(device, "close", None)
    if callable(close_device):
        closers.insert(0, close_device)  # the last to go, after the LEDs are off
    buttons = None
    if profile.buttons:
        buttons = ButtonPanel(
            dict(profile.buttons),
            on_button,
            pin_factory=pin_factory,
            bounce_time=bounce_time,
        )
    board = Board(
        profile,
        scanner,
        painter,
        buttons,
        closers,
        buses=buses,
        mux_trees=trees,
        orientation=orientation,
        retry=retry,
    )
    lines = sorted(
        {spec.interrupt_gpio for spec in profile.expanders if spec.interrupt_gpio is not None}
    )
    for gpio in lines:
        line = InterruptLine(gpio, board._interrupted, pin_factory=pin_factory)
        board.interrupts.append(line)
        closers.append(line.close)
    return board


def _analog(
    profile: Profile,
    bus_at: Callable[[I2CPlace], I2CBus],
    closers: list[Callable[[], None]],
    *,
    pin_factory: Factory | None,
    retry: RetryPolicy,
    sleep: Callable[[float], None],
) -> AnalogSource:
    selects: dict[tuple[int, ...], SelectLines] = {}
    entries: list[tuple[Any, ADS7830 | ADS1115, I2CBus]] = []
    thresholds = []
    for spec in profile.adcs:
        bus = bus_at(spec.place)
        name = spec.place.segment_name
        adc: ADS7830 | ADS1115
        if spec.chip == "ADS7830":
            adc = ADS7830(
                bus, spec.address, name, internal_reference=spec.internal_reference, retry=retry
            )
        else:
            adc = ADS1115(
                bus,
                spec.address,
                name,
                full_scale=spec.full_scale,
                data_rate=spec.data_rate,
                retry=retry,
                sleep=sleep,
            )
        entries.append((spec, adc, bus))
        for mux in spec.muxes:
            if mux.select not in selects:
                lines = SelectLines(mux.select, pin_factory=pin_factory, sleep=sleep)
                selects[mux.select] = lines
                closers.append(lines.close)
            if mux.enable_gpio is not None:
                enable = EnableLine(mux.enable_gpio, pin_factory=pin_factory)
                closers.append(enable.close)
        thresholds += [profile.thresholds(channel.label) for channel in spec.all_channels]
    return AnalogSource(
        entries, list(selects.values()), thresholds, profile.sensing, retry=retry, sleep=sleep
    )


def open_led_device(profile: Profile) -> PixelDevice:
    """The profile's LED strip on real hardware; every failure names what to check."""
    leds = profile.leds
    if leds.backend == "ws281x":
        from drivers.ws281x import open_ws281x

        return open_ws281x(
            leds.count,
            gpio=leds.gpio,
            frequency_hz=leds.frequency_hz,
            dma=leds.dma,
            invert=leds.invert,
            channel=leds.channel,
            strip_type=None if leds.order == "GRB" else leds.order,
        )
    if leds.backend == "pio":
        from drivers.led_pio import PioLedDevice

        return PioLedDevice(leds.count, leds.device, rgbw=leds.rgbw)
    if leds.backend == "spi":
        from drivers.led_spi import SpiLedDevice
        from drivers.spi import spi_name, spidev_bufsiz

        return SpiLedDevice(
            open_spi(leds.spi_bus, leds.spi_device),
            leds.count,
            name=spi_name(leds.spi_bus, leds.spi_device),
            order=leds.order,
            bits=leds.spi_bits,
            bufsiz=spidev_bufsiz(),
        )
    raise ValueError(f"{profile.source}: LED backend {leds.backend!r} needs the simulator")


def open_board(profile: Profile, on_button: Callable[[ButtonRole], None]) -> Board:
    """The real board on a Raspberry Pi."""
    if profile.leds.backend == "simulated":
        raise ValueError(f"{profile.source}: LED backend 'simulated' needs the simulator")
    buses = {number: open_i2c_bus(number) for number in profile.bus_numbers}
    device = open_led_device(profile)
    return assemble(profile, buses, device, on_button, spi=open_spi, serial=open_serial)
