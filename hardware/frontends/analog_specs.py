"""The parts of a profile's analog Hall sensors: its ADCs, their CD74HC4067s and the
sensors wired to them. A module of their own because three modules read them: the
tables' reader and front end (analog.py) build them and import each family's source
when a board has it (polled_adcs.py, alerting_adcs.py), and those sources take them;
here, both sides import the parts without importing each other back.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.physical import Spot
from hardware.calibration import Thresholds
from hardware.frontends.books import I2CPlace
from hardware.sources import SourceChannel


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
    """An ADS7830, ADS1115 or ADS7138 with the sensors wired to it, directly or through
    muxes (an ADS7138's directly: it compares each input with a window of its own)."""

    chip: str
    place: I2CPlace
    address: int
    thresholds: Thresholds
    channels: tuple[AnalogChannelSpec, ...] = ()
    muxes: tuple[AnalogMuxSpec, ...] = ()
    internal_reference: bool = False
    full_scale: float = 4.096
    data_rate: int = 860
    alert_gpio: int | None = None
    """The GPIO an ADS7138's ALERT output pulls low (open-drain; chips may share one)."""

    @property
    def all_channels(self) -> tuple[AnalogChannelSpec, ...]:
        return self.channels + tuple(ch for mux in self.muxes for ch in mux.channels)

    @property
    def input_names(self) -> str:
        return "CH" if self.chip == "ADS7830" else "AIN"


@dataclass(frozen=True, slots=True)
class AnalogSpec:
    """The ``[[ads7830]]``, ``[[ads1115]]`` and ``[[ads7138]]`` tables of a profile, and
    the calibration found beside its file (thresholds by channel label)."""

    adcs: tuple[AdcSpec, ...]
    calibration: tuple[tuple[str, Thresholds], ...] = ()
    calibration_source: str | None = None

    @property
    def channels(self) -> tuple[AnalogChannelSpec, ...]:
        return tuple(ch for adc in self.adcs for ch in adc.all_channels)

    @property
    def sensor_channels(self) -> tuple[SourceChannel, ...]:
        return tuple(SourceChannel(ch.label, ch.spot) for ch in self.channels)

    @property
    def i2c_buses(self) -> frozenset[int]:
        return frozenset(adc.place.bus for adc in self.adcs)

    def thresholds(self, label: str) -> Thresholds:
        """The thresholds of a channel: calibrated, else its ADC's defaults."""
        for name, thresholds in self.calibration:
            if name == label:
                return thresholds
        for adc in self.adcs:
            if any(ch.label == label for ch in adc.all_channels):
                return adc.thresholds
        raise KeyError(f"{label} is not an analog channel")
