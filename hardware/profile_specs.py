"""The parts of a profile the front ends besides the MCP23017 add: where an I2C chip sits,
multiplexers, ADCs with their analog multiplexers and thresholds, shift-register chains,
and a scanner microcontroller."""

from __future__ import annotations

from dataclasses import dataclass

from engine.physical import EMPTY, NORTH, SOUTH, Reading, Spot


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Where an analog Hall reading stops meaning empty.

    A level at or beyond ``north`` (on the side away from ``south``) reads north,
    at or beyond ``south`` reads south, and the dead band between reads empty.
    Either pole may be the high one: it depends on how the sensor is mounted.
    """

    north: float
    south: float

    def __post_init__(self) -> None:
        if self.north == self.south:
            raise ValueError("north and south thresholds must differ (an empty dead band)")

    def classify(self, level: float) -> Reading:
        if self.north > self.south:
            if level >= self.north:
                return NORTH
            return SOUTH if level <= self.south else EMPTY
        if level <= self.north:
            return NORTH
        return SOUTH if level >= self.south else EMPTY


@dataclass(frozen=True, slots=True)
class I2CPlace:
    """Where an I2C chip sits: a bus, and perhaps a channel of a TCA9548A on it."""

    bus: int = 1
    mux: int | None = None
    mux_channel: int | None = None

    @property
    def segment_name(self) -> str:
        """The bus as errors name it: ``i2c-1``, or ``i2c-1/0x70.2`` behind a multiplexer."""
        name = f"i2c-{self.bus}"
        if self.mux is not None:
            name += f"/0x{self.mux:02x}.{self.mux_channel}"
        return name

    @property
    def prefix(self) -> str:
        """What a channel label starts with: nothing on bus 1, else the bus and segment."""
        bus = "" if self.bus == 1 else f"i2c-{self.bus}:"
        mux = "" if self.mux is None else f"0x{self.mux:02x}.{self.mux_channel}:"
        return bus + mux

    def describe(self) -> str:
        where = f"bus {self.bus}"
        if self.mux is not None:
            where += f", TCA9548A 0x{self.mux:02x} channel {self.mux_channel}"
        return where


@dataclass(frozen=True, slots=True)
class MuxSpec:
    """A TCA9548A I2C multiplexer."""

    bus: int
    address: int


@dataclass(frozen=True, slots=True)
class AnalogChannelSpec:
    """One analog Hall sensor: an ADC input, through channel ``mux_channel`` of the
    CD74HC4067 on that input (None: wired to the input directly)."""

    label: str
    spot: Spot
    input: int
    mux_channel: int | None = None


@dataclass(frozen=True, slots=True)
class AnalogMuxSpec:
    """A CD74HC4067 feeding one ADC input, its select lines (GPIOs, S0 first)."""

    input: int
    select: tuple[int, ...]
    enable_gpio: int | None
    channels: tuple[AnalogChannelSpec, ...]


@dataclass(frozen=True, slots=True)
class AdcSpec:
    """An ADS7830 or ADS1115 with the sensors wired to it, directly or through muxes."""

    chip: str
    place: I2CPlace
    address: int
    thresholds: Thresholds
    channels: tuple[AnalogChannelSpec, ...] = ()
    muxes: tuple[AnalogMuxSpec, ...] = ()
    internal_reference: bool = False
    full_scale: float = 4.096
    data_rate: int = 860

    @property
    def all_channels(self) -> tuple[AnalogChannelSpec, ...]:
        return self.channels + tuple(ch for mux in self.muxes for ch in mux.channels)

    @property
    def input_names(self) -> str:
        return "CH" if self.chip == "ADS7830" else "AIN"


@dataclass(frozen=True, slots=True)
class ShiftChannelSpec:
    """One input of a 74HC165 chain: bit ``bit`` of the chain's value (chip * 8 + A..H)."""

    bit: int
    label: str
    spot: Spot
    pole: Reading | None = None


@dataclass(frozen=True, slots=True)
class ShiftRegisterSpec:
    """A chain of 74HC165 on an SPI bus, latched by a GPIO on SH/LD."""

    spi_bus: int
    spi_device: int
    load_gpio: int
    chips: int
    channels: tuple[ShiftChannelSpec, ...]
    speed_hz: int = 1_000_000
    check_byte: bool = True

    @property
    def name(self) -> str:
        return f"spi{self.spi_bus}.{self.spi_device}"


@dataclass(frozen=True, slots=True)
class SerialChannelSpec:
    channel: int
    label: str
    spot: Spot


@dataclass(frozen=True, slots=True)
class SerialScannerSpec:
    """A scanner microcontroller on a serial port (docs/scanner-protocol.md)."""

    url: str
    baudrate: int
    channels: tuple[SerialChannelSpec, ...]
