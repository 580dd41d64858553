"""What a sensor front end is to the rest of Kiban.

A front end is one family of sensor chips: MCP23017 expanders, TCA9548A
multiplexers, analog ADCs, 74HC165 chains, a scanner microcontroller. All that
depends on the family lives in its own module, behind ``FrontEnd``, so the
profile loader, the board factory, the simulated board and the doctor loop over
the registry (registry.py) and never name a chip:

* ``read``: its TOML tables, into a frozen ``Part`` (file and line in every error);
* ``load_beside``: a file kept beside the profile (an analog board's calibration);
* ``routers`` and ``build``: the bus segments it offers, the sources it reads;
* ``devices``, ``expected_chips``, ``bus_notes``, ``introduce``: what the doctor tries,
  looks for and says.

Its mock chips are not here: each family's live in hardware/mock/frontends/, which
only a simulated board imports, so a real board's service never loads the mock layer.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from gpiozero.pins import Factory

from drivers.gpio_lines import GpioChip
from drivers.i2c import I2CBus
from drivers.i2c_adapters import STRICTEST, I2CAdapter
from drivers.retry import RetryPolicy
from engine.physical import EMPTY, NORTH, SOUTH, Reading, Sensing, Spot
from hardware.frontends.books import Books, I2CPlace
from hardware.line_watch import LineWatch
from hardware.profile_base import ReaderBase
from hardware.sources import SensorSource, SourceChannel, WakeSource
from hardware.toml_lines import KeyPath, SourceMap

if TYPE_CHECKING:  # the drivers of the families a profile has are imported by their front ends
    from drivers.serial_scanner import SerialPort
    from drivers.spi import SpiDevice
    from drivers.tca9548a import MuxTree

GPIO_NUMBERS = range(28)

SpiOpener = Callable[[int, int], "SpiDevice"]
SerialOpener = Callable[[str, int], "SerialPort"]


class Part(Protocol):
    """A front end's sections of a profile, read and checked: a frozen dataclass."""

    @property
    def sensor_channels(self) -> tuple[SourceChannel, ...]:
        """Every channel in wiring order, named as the scanner and the doctor name it."""
        ...

    @property
    def i2c_buses(self) -> frozenset[int]:
        """The I2C buses the board must open for it."""
        ...


P = TypeVar("P", bound=Part)


@dataclass(frozen=True, slots=True)
class SpiNode:
    """An SPI device a board opens: ``/dev/spidev<bus>.<device>``."""

    bus: int
    device: int


@dataclass(frozen=True, slots=True)
class SerialNode:
    """A serial port (or pyserial URL) a board opens."""

    url: str
    baudrate: int


DeviceNode = SpiNode | SerialNode
"""A device file a board opens besides its I2C buses (the doctor tries each first)."""


def closes(reading: Reading, pole: Reading | None) -> bool:
    """Whether a digital sensor's contact is closed by what stands on its spot: any
    piece, or for half of a polarity pair, a piece showing its pole."""
    return reading != EMPTY if pole is None else reading == pole


# --- reading the sections ------------------------------------------------------------------


class SectionReader(ReaderBase):
    """Reads a front end's tables; the checks several front ends share are here."""

    def __init__(self, data: dict[str, Any], source: str, lines: SourceMap, books: Books) -> None:
        super().__init__(data, source, lines)
        self.books = books

    @classmethod
    def over(cls, reader: SectionReader) -> Self:
        """A reader of another front end over the same profile and books."""
        return cls(reader.data, reader.source, reader.lines, reader.books)

    def _target(
        self, where: KeyPath, name: str, target: Any, *, digital: bool
    ) -> tuple[Spot, Reading | None]:
        """The spot (and, for a digital polarity pair, the pole) a channel names."""
        spots, sensing = self.books.spots, self.books.sensing
        if not isinstance(target, str):
            raise self.fail(where, f"channel {name} must name a spot, not {target!r}")
        # Spot names may hold colons ("hand:b:C"): only a final :north/:south is a pole.
        spot, _, pole_text = target.rpartition(":")
        if pole_text not in ("north", "south"):
            spot, pole_text = target, ""
        pole: Reading | None = None
        if not digital:
            if pole_text:
                raise self.fail(
                    where, f"{target!r}: this channel reads both poles itself; write {spot!r}"
                )
        elif sensing is Sensing.POLARITY:
            poles = {"north": NORTH, "south": SOUTH}
            if pole_text not in poles:
                raise self.fail(where, f"with polarity sensing, write {spot}:north or {spot}:south")
            pole = poles[pole_text]
        elif pole_text:
            raise self.fail(where, f"{target!r}: a pole only makes sense with polarity sensing")
        if spot not in spots:
            raise self.fail(where, f"{spot!r} is not a spot of this game")
        return spot, pole

    def _gpio(self, table: Mapping[str, Any], path: KeyPath, key: str, default: Any = ...) -> Any:
        value = self._get(table, path, key, int, default)
        if key in table and value not in GPIO_NUMBERS:
            raise self.fail((*path, key), f"{key} needs a GPIO number 0..27, not {value}")
        return value

    def _place(self, table: Mapping[str, Any], path: KeyPath) -> I2CPlace:
        """``bus``, and ``mux`` with ``mux_channel`` for a chip behind a TCA9548A."""
        bus = self._in_range(table, path, "bus", range(100), 1)
        mux = self._get(table, path, "mux", int, None)
        channel = self._get(table, path, "mux_channel", int, None)
        if mux is None:
            if channel is not None:
                raise self.fail(
                    (*path, "mux_channel"), "mux_channel needs mux (the TCA9548A address)"
                )
            return I2CPlace(bus)
        if (bus, mux) not in self.books.muxes:
            raise self.fail(
                (*path, "mux"),
                f"no TCA9548A at 0x{mux:02x} on bus {bus}: declare it in a [[tca9548a]] table",
            )
        if channel is None:
            raise self.fail((*path, "mux"), "a chip behind a TCA9548A needs mux_channel (0..7)")
        if not 0 <= channel <= 7:
            raise self.fail((*path, "mux_channel"), f"mux_channel {channel} is outside 0..7")
        return I2CPlace(bus, mux, channel)


# --- building the sources --------------------------------------------------------------------


@dataclass
class Assembly:
    """What front ends build their sources on, real or simulated, and what they leave
    for the board: things to release, interrupt lines to watch."""

    source: str
    """The profile's file, for errors."""
    sensing: Sensing
    buses: Mapping[int, I2CBus]
    closers: list[Callable[[], None]]
    retry: RetryPolicy
    pin_factory: Factory | None = None
    gpio_chip: GpioChip | None = None
    """The chip the INT/ALERT lines are watched on (a Pi's header chip, its character
    device); None: through gpiozero, on ``pin_factory``."""
    spi: SpiOpener | None = None
    serial: SerialOpener | None = None
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic
    adapter: I2CAdapter = STRICTEST
    """The host's I2C adapter: the transactions the drivers plan must keep its rules."""
    routers: dict[int, MuxTree] = field(default_factory=dict)
    """The multiplexers of each bus, which reach the chips behind them."""
    interrupt_gpios: set[int] = field(default_factory=set)
    """GPIO lines the chips pull low when an input changes."""
    signalling: list[SensorSource] = field(default_factory=list)
    """The sources whose every change pulls an interrupt line or sends a message."""
    wakers: list[WakeSource] = field(default_factory=list)
    """What besides the interrupt lines tells of a change (a scanner's messages); each
    calls ``wake`` when it does."""
    woken: list[Callable[[], None]] = field(default_factory=list)
    """Who hears ``wake``: the board, once it is built."""
    lines: LineWatch = field(default_factory=LineWatch)
    """Where the lines watched on ``gpio_chip`` tell that the kernel took them away."""

    def wake(self) -> None:
        """A source signalled a change (from any thread): tell whoever listens."""
        for listener in list(self.woken):
            listener()

    def bus_at(self, place: I2CPlace) -> I2CBus:
        """The bus a chip at ``place`` is reached on: the bus, or a multiplexer's segment."""
        if place.mux is None:
            return self.buses[place.bus]
        segment: I2CBus = self.routers[place.bus].segment(place.mux, place.mux_channel or 0)
        return segment


# --- the front end --------------------------------------------------------------------------


class FrontEnd(ABC, Generic[P]):
    """One family of sensor chips: everything Kiban does that depends on the family."""

    tables: tuple[str, ...]
    """The top-level TOML tables it reads."""
    part_type: type[P]

    @abstractmethod
    def read(self, reader: SectionReader) -> P | None:
        """Its tables of a profile; None when the profile has none."""

    def load_beside(self, part: P, profile_path: Path) -> P:
        """``part`` with what a file beside the profile adds (read with the profile)."""
        return part

    def routers(self, part: P, buses: Mapping[int, I2CBus]) -> Mapping[int, MuxTree]:
        """The multiplexers it puts on each open bus, for the chips of any front end."""
        return {}

    @abstractmethod
    def build(self, part: P, assembly: Assembly) -> Sequence[SensorSource]:
        """Its sources, opened and configured."""

    def devices(self, part: P) -> Iterable[DeviceNode]:
        """The SPI devices and serial ports ``build`` opens (its I2C buses are ``i2c_buses``)."""
        return ()

    def expected_chips(self, part: P) -> Iterable[tuple[I2CPlace, int, str]]:
        """(place, address, chip name) of each chip a bus scan should find."""
        return ()

    def bus_notes(self, part: P) -> Iterable[str]:
        """What the doctor's bus scan says of chips it cannot probe."""
        return ()

    def introduce(self, source: SensorSource) -> str | None:
        """What the doctor says of one of its sources once the board is open."""
        return None
