"""The board as the controller's runtime uses it, built from a profile.

Like gpiozero's pin factories, one function builds the real thing and the
simulated board builds the same object over the mock layer; nothing above this
module knows which it has. ``assemble`` takes the buses, SPI devices and serial
ports it is given (real or simulated) and lets every front end of the profile
build its sources on them (hardware/frontends/); ``open_board`` opens the real ones.

Which watches the buttons and the INT/ALERT lines: given a pin factory (the simulator's
``MockFactory``, the tests'), gpiozero on it; else the Pi's header chip through the
kernel's GPIO character device when its device file opens (``edge_watching``: no
wake-ups at rest, where gpiozero's lgpio polls 2,000 times a second); else gpiozero's
own choice of factory, as before issue 61.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gpiozero.pins import Factory

from drivers.buttons import ButtonPanel, ButtonRole
from drivers.errors import DeviceUnavailableError, GpioError
from drivers.gpio_lines import GpioChip, find_header_chip
from drivers.i2c import I2CBus, open_i2c_bus
from drivers.i2c_adapters import SMBUS, I2CAdapter
from drivers.interrupt_line import InterruptLine
from drivers.led_strip import LedStrip, PixelDevice
from drivers.retry import RetryPolicy
from drivers.spi import open_spi
from engine.registry import find_game
from hardware.frontends.base import Assembly, DeviceNode, SerialOpener, SpiNode, SpiOpener
from hardware.frontends.registry import front_end_of
from hardware.led_backends import led_backend
from hardware.line_watch import LineUse, LineWatch
from hardware.orientation import SpotTurn
from hardware.painter import LedPainter
from hardware.profile import Profile
from hardware.scanner import Scanner
from hardware.sources import SensorSource, WakeSource

if TYPE_CHECKING:
    from drivers.serial_scanner import SerialPort

log = logging.getLogger(__name__)


def open_serial(url: str, baudrate: int) -> SerialPort:
    """A serial scanner's port (``drivers.serial_scanner``, imported by a board that has
    one: the link's framing and decoding are no part of any other)."""
    from drivers.serial_scanner import open_serial as opened

    return opened(url, baudrate)


# Pauses before each retry of a glitching bus call, as many as the profile's retries.
RETRY_DELAYS = (0.0005, 0.002, 0.005, 0.01, 0.02)


@dataclass
class Board:
    """Sensors, LEDs and buttons of one board, opened and configured."""

    profile: Profile
    scanner: Scanner
    painter: LedPainter
    buttons: ButtonPanel | None
    _closers: list[Callable[[], None]] = field(default_factory=list)
    buses: dict[int, I2CBus] = field(default_factory=dict)
    orientation: SpotTurn | None = None
    retry: RetryPolicy | None = None
    interrupts: list[WakeSource] = field(default_factory=list)
    """The interrupt lines, and whatever else signals a change (a scanner's messages)."""
    wake: list[Callable[[], None]] = field(default_factory=list)
    """Called (on gpiozero's or a watcher's thread) when a source signals a change."""
    signalling: tuple[SensorSource, ...] = ()
    """The sources whose every change pulls an interrupt line or sends a message."""
    lines: LineWatch = field(default_factory=LineWatch)
    """The buttons and INT/ALERT lines the kernel took away, until they are back."""

    @property
    def interrupt_driven(self) -> bool:
        """Whether every source signals its changes, so scans may wait for one."""
        return bool(self.interrupts) and all(
            any(source is signalling for signalling in self.signalling)
            for source in self.scanner.sources
        )

    def interrupt_pending(self) -> bool:
        """Whether a change is signalled and not yet read (a line held low, bytes waiting)."""
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
    gpio_chip: GpioChip | None = None,
    bounce_time: float | None = 0.03,
    spi: SpiOpener | None = None,
    serial: SerialOpener | None = None,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
    retry: RetryPolicy | None = None,
) -> Board:
    """Build a board over the given buses, SPI and serial openers and LED device
    (real or simulated); its buttons and INT/ALERT lines are watched on ``gpio_chip``
    when one is given, else through gpiozero on ``pin_factory``."""
    closers: list[Callable[[], None]] = [bus.close for bus in buses.values()]
    try:
        return _assemble(
            profile,
            dict(buses),
            device,
            on_button,
            closers,
            pin_factory=pin_factory,
            gpio_chip=gpio_chip,
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
    gpio_chip: GpioChip | None,
    bounce_time: float | None,
    spi: SpiOpener | None,
    serial: SerialOpener | None,
    sleep: Callable[[float], None],
    clock: Callable[[], float],
    retry: RetryPolicy,
) -> Board:
    assembly = Assembly(
        profile.source,
        profile.sensing,
        buses,
        closers,
        retry,
        pin_factory=pin_factory,
        gpio_chip=gpio_chip,
        spi=spi,
        serial=serial,
        sleep=sleep,
        clock=clock,
        adapter=_adapter(profile, buses),
    )
    for part in profile.parts:
        assembly.routers.update(front_end_of(part).routers(part, buses))
    sources: list[SensorSource] = []
    for part in profile.parts:
        sources += front_end_of(part).build(part, assembly)
    games = [find_game(name) for name in profile.games]
    orientation = SpotTurn.for_games(games, profile.sensed_spots)
    scanner = Scanner(sources, profile, orientation)
    device.begin()
    painter = LedPainter(LedStrip(device), profile.leds, orientation=orientation)
    close_device = getattr(device, "close", None)
    if callable(close_device):
        closers.insert(0, close_device)  # the last to go, after the LEDs are off
    buttons = None
    lines = assembly.lines
    if profile.buttons:
        gpios = tuple(gpio for _, gpio in profile.buttons)
        buttons = ButtonPanel(
            dict(profile.buttons),
            on_button,
            pin_factory=pin_factory,
            bounce_time=bounce_time,
            clock=clock,  # a held button is timed on the board's clock (simulated or not)
            chip=gpio_chip,
            on_lost=lines.on_lost(LineUse.BUTTONS, gpios),
            on_back=lines.on_back(LineUse.BUTTONS, gpios),
        )
    board = Board(
        profile,
        scanner,
        painter,
        buttons,
        closers,
        buses=buses,
        orientation=orientation,
        retry=retry,
        signalling=tuple(assembly.signalling),
        lines=lines,
    )
    for gpio in sorted(assembly.interrupt_gpios):
        line = InterruptLine(
            gpio,
            board._interrupted,
            pin_factory=pin_factory,
            chip=gpio_chip,
            on_lost=lines.on_lost(LineUse.INTERRUPT, (gpio,)),
            on_back=lines.on_back(LineUse.INTERRUPT, (gpio,)),
        )
        board.interrupts.append(line)
        closers.append(line.close)
    board.interrupts += assembly.wakers  # their front ends close them
    assembly.woken.append(board._interrupted)
    return board


def _adapter(profile: Profile, buses: Mapping[int, I2CBus]) -> I2CAdapter:
    """The rules the board's transactions are planned for: its host's (the profile's
    ``host``), unless a bus says its adapter runs SMBus transfers only (make pi-vm's
    i2c-stub, a PC's SMBus controller: drivers/i2c.py, SmbusOnlyBus), whose rules are
    stricter than any other's."""
    if any(getattr(bus, "adapter", None) is SMBUS for bus in buses.values()):
        log.info("an I2C bus runs SMBus transfers only: each read sends its register first")
        return SMBUS
    return profile.adapter


@dataclass(frozen=True, slots=True)
class EdgeWatching:
    """What watches the board's buttons and INT/ALERT lines on a real board, and why."""

    chip: GpioChip | None
    """The header's chip, watched through the kernel's character device; None: gpiozero."""
    reason: str | None = None
    """Why not the chip (its device file missing or not this user's), when not."""

    def __str__(self) -> str:
        if self.chip is not None:
            return f"the kernel's GPIO character device, {self.chip.path} ({self.chip.label})"
        return f"gpiozero ({self.reason})"


def edge_watching(find: Callable[[], GpioChip] = find_header_chip) -> EdgeWatching:
    """The header's chip when its device file opens and says it is a Pi's; else gpiozero,
    which watches the lines as it did before (on lgpio, polling), with the reason."""
    try:
        return EdgeWatching(find())
    except GpioError as error:
        return EdgeWatching(None, str(error))


def open_led_device(profile: Profile) -> PixelDevice:
    """The profile's LED strip on real hardware; every failure names what to check."""
    backend = led_backend(profile.leds.backend)
    if backend.open is None:
        raise ValueError(f"{profile.source}: LED backend {backend.name!r} needs the simulator")
    return backend.open(profile.leds)


def open_buses(
    numbers: Iterable[int], opener: Callable[[int], I2CBus] = open_i2c_bus
) -> tuple[dict[int, I2CBus], list[DeviceUnavailableError]]:
    """The I2C buses that open, and for each that does not (not enabled, not this
    user's) the error that says how to fix it."""
    buses: dict[int, I2CBus] = {}
    unavailable: list[DeviceUnavailableError] = []
    for number in numbers:
        try:
            buses[number] = opener(number)
        except DeviceUnavailableError as error:
            unavailable.append(error)
    return buses, unavailable


def device_nodes(profile: Profile) -> list[DeviceNode]:
    """The SPI devices and serial ports the board opens: its front ends', its strip's."""
    nodes: list[DeviceNode] = []
    for part in profile.parts:
        nodes += front_end_of(part).devices(part)
    nodes += led_backend(profile.leds.backend).devices(profile.leds)
    return list(dict.fromkeys(nodes))


def unavailable_devices(
    profile: Profile, spi: SpiOpener = open_spi, serial: SerialOpener = open_serial
) -> list[DeviceUnavailableError]:
    """Each SPI device and serial port of the board opened once and closed again: those
    not enabled or not this user's, each with how to fix it. Other failures are left to
    opening the board, which names the chip."""
    unavailable: list[DeviceUnavailableError] = []
    for node in device_nodes(profile):
        try:
            if isinstance(node, SpiNode):
                spi(node.bus, node.device).close()
            else:
                serial(node.url, node.baudrate).close()
        except DeviceUnavailableError as error:
            unavailable.append(error)
        except OSError as error:
            log.debug("%s: %s (left to opening the board)", node, error)
    return unavailable


def open_board(profile: Profile, on_button: Callable[[ButtonRole], None]) -> Board:
    """The real board on a Raspberry Pi; a device file that cannot be opened (I2C or SPI
    not enabled, a group missing) is a ``DeviceUnavailableError`` saying how to fix it."""
    backend = profile.leds.backend
    if led_backend(backend).open is None:
        raise ValueError(f"{profile.source}: LED backend {backend!r} needs the simulator")
    buses, unavailable = open_buses(profile.bus_numbers)
    try:
        if unavailable:
            raise unavailable[0]
        device = open_led_device(profile)
    except BaseException:
        for bus in buses.values():
            bus.close()
        raise
    return assemble_real(profile, buses, device, on_button)


def assemble_real(
    profile: Profile,
    buses: Mapping[int, I2CBus],
    device: PixelDevice,
    on_button: Callable[[ButtonRole], None],
    watcher: Callable[[], EdgeWatching] = edge_watching,
) -> Board:
    """The real board over opened buses and strip: the Pi's SPI and serial devices, its
    lines watched as ``edge_watching`` finds (``kiban run`` and ``kiban doctor`` alike)."""
    watching = watcher()
    if watching.chip is None:
        log.warning("buttons and INT/ALERT lines watched through %s", watching)
    return assemble(
        profile,
        buses,
        device,
        on_button,
        gpio_chip=watching.chip,
        spi=open_spi,
        serial=open_serial,
    )
