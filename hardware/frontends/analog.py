"""Analog Hall sensors on ADS7830 (8-bit) and ADS1115 (16-bit) ADCs, most of them
through CD74HC4067 analog multiplexers whose select lines are shared GPIOs, or on
ADS7138s (12-bit), which watch their own inputs and pull an ALERT line when one
leaves its window (hardware/frontends/alerting_adcs.py). Each sensor reads both
poles itself; its level becomes a reading through thresholds: the ADC's, or those
``kiban calibrate`` learned and wrote beside the profile.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import getitem
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drivers.ads7830 import ADS7830
from drivers.cd74hc4067 import EnableLine, SelectLines
from drivers.i2c import I2CBus
from drivers.retry import RetryPolicy
from engine.physical import EMPTY, PRESENT, Sensing, Spot
from hardware.calibration import Thresholds, calibration_path, load_calibration
from hardware.frontends.analog_plan import GRAY_RANK, gatherer, plan
from hardware.frontends.base import (
    GPIO_NUMBERS,
    Assembly,
    FrontEnd,
    SectionReader,
)
from hardware.frontends.books import I2CPlace
from hardware.sources import SensorSource, SourceChannel
from hardware.toml_lines import KeyPath

if TYPE_CHECKING:  # the 16-bit ADC's driver, imported by a board that has one
    from drivers.ads1115 import ADS1115

ADC_ADDRESSES = {
    "ADS7830": range(0x48, 0x4C),
    "ADS1115": range(0x48, 0x4C),
    "ADS7138": range(0x10, 0x18),
}
CHIP_TABLES = (("ads7830", "ADS7830"), ("ads1115", "ADS1115"), ("ads7138", "ADS7138"))
_MUX_INPUT = re.compile(r"^I(\d{1,2})$")


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


class _Reader(SectionReader):
    def read(self) -> AnalogSpec | None:
        adcs = []
        for key, chip in CHIP_TABLES:
            for index, table in enumerate(self._table_list(key)):
                adcs.append(self._adc(chip, (key, index), table))
        return AnalogSpec(tuple(adcs)) if adcs else None

    def _adc(self, chip: str, path: KeyPath, table: Mapping[str, Any]) -> AdcSpec:
        eight_bit = chip == "ADS7830"
        alerting = chip == "ADS7138"
        extra = {"ADS7830": ("reference",), "ADS1115": ("full_scale", "data_rate")}.get(
            chip, ("alert_gpio",)
        )
        self._only(
            table,
            path,
            (
                "bus",
                "address",
                "mux",
                "mux_channel",
                *extra,
                "thresholds",
                "channels",
                *(() if alerting else ("cd74hc4067",)),
            ),
        )
        place = self._place(table, path)
        address = self._get(table, path, "address", int)
        addresses = ADC_ADDRESSES[chip]
        if address not in addresses:
            raise self.fail(
                (*path, "address"),
                f"an {chip} address is 0x{addresses[0]:02x}..0x{addresses[-1]:02x}, "
                f"not 0x{address:02x}",
            )
        self.books.addresses.claim(place, address, f"{chip} 0x{address:02x}", (*path, "address"))
        inputs = 4 if chip == "ADS1115" else 8
        prefix = "CH" if eight_bit else "AIN"
        options: dict[str, Any] = {}
        if alerting:
            alert = self._gpio(table, path, "alert_gpio", None)
            if alert is not None:  # open-drain: the chips may share a line
                self.books.gpios.claim(
                    alert, "an ADS7138's ALERT line", (*path, "alert_gpio"), "alert"
                )
            options["alert_gpio"] = alert
            # Ratiometric 12 bits: the sensors rest at half of AVDD (2048); a pole moves
            # the reading by about an eighth of the range, as on the 8-bit board.
            default = Thresholds(north=2560, south=1536)
        elif eight_bit:
            reference = self._get(table, path, "reference", str, "external")
            if reference not in ("external", "internal"):
                raise self.fail(
                    (*path, "reference"),
                    f"reference must be external or internal, not {reference!r}",
                )
            options["internal_reference"] = reference == "internal"
            default = Thresholds(north=160, south=96)
        else:
            scales = (6.144, 4.096, 2.048, 1.024, 0.512, 0.256)
            full_scale = self._get(table, path, "full_scale", float, 4.096)
            if full_scale not in scales:
                raise self.fail(
                    (*path, "full_scale"),
                    f"full_scale {full_scale} V is not one of {', '.join(map(str, scales))}",
                )
            rates = (8, 16, 32, 64, 128, 250, 475, 860)
            rate = self._get(table, path, "data_rate", int, 860)
            if rate not in rates:
                raise self.fail(
                    (*path, "data_rate"),
                    f"data_rate {rate} is not one of {', '.join(map(str, rates))}",
                )
            options.update(full_scale=full_scale, data_rate=rate)
            quiet = round(1.65 / full_scale * 32768)
            swing = round(0.4 / full_scale * 32768)
            default = Thresholds(north=quiet + swing, south=quiet - swing)
        thresholds = self._thresholds(table, path, default)
        base = f"{place.prefix}0x{address:02x}/"
        used_inputs: dict[int, KeyPath] = {}
        direct = []
        for name, target in self._get(table, path, "channels", dict, {}).items():
            where = (*path, "channels", name)
            match = re.fullmatch(prefix + r"(\d)", name)
            if not match or int(match.group(1)) >= inputs:
                raise self.fail(
                    where, f"{name!r} is not an {chip} input ({prefix}0..{prefix}{inputs - 1})"
                )
            spot, _ = self._target(where, name, target, digital=False)
            label = base + name
            self.books.wiring.add(where, target, spot, None, label=label)
            used_inputs[int(match.group(1))] = where
            direct.append(AnalogChannelSpec(label, spot, int(match.group(1))))
        analog_muxes = []
        for mux_index, mux_table in enumerate(self._get(table, path, "cd74hc4067", list, [])):
            mux_path: KeyPath = (*path, "cd74hc4067", mux_index)
            if not isinstance(mux_table, dict):
                raise self.fail(mux_path, f"each cd74hc4067 must be a table, not {mux_table!r}")
            analog_muxes.append(
                self._analog_mux(
                    mux_path,
                    mux_table,
                    chip=chip,
                    prefix=prefix,
                    inputs=inputs,
                    base=base,
                    used_inputs=used_inputs,
                )
            )
        return AdcSpec(
            chip,
            place,
            address,
            thresholds,
            tuple(sorted(direct, key=lambda c: c.input)),
            tuple(analog_muxes),
            **options,
        )

    def _thresholds(
        self, table: Mapping[str, Any], path: KeyPath, default: Thresholds
    ) -> Thresholds:
        values = self._get(table, path, "thresholds", dict, None)
        if values is None:
            return default
        where: KeyPath = (*path, "thresholds")
        self._only(values, where, ("north", "south"))
        north = self._get(values, where, "north", float)
        south = self._get(values, where, "south", float)
        if north == south:
            raise self.fail(
                where, "thresholds north and south must differ: between them reads empty"
            )
        return Thresholds(north, south)

    def _analog_mux(
        self,
        path: KeyPath,
        table: Mapping[str, Any],
        *,
        chip: str,
        prefix: str,
        inputs: int,
        base: str,
        used_inputs: dict[int, KeyPath],
    ) -> AnalogMuxSpec:
        gpios = self.books.gpios
        self._only(table, path, ("input", "select", "enable_gpio", "channels"))
        number = self._get(table, path, "input", int)
        if not 0 <= number < inputs:
            raise self.fail(
                (*path, "input"), f"input {number} is not an {chip} input (0..{inputs - 1})"
            )
        if number in used_inputs:
            raise self.fail(
                (*path, "input"), f"{prefix}{number} already has a sensor or a multiplexer on it"
            )
        used_inputs[number] = (*path, "input")
        select = self._get(table, path, "select", list)
        if len(select) != 4 or not all(
            isinstance(g, int) and not isinstance(g, bool) for g in select
        ):
            raise self.fail((*path, "select"), "select must list the four GPIOs on S0, S1, S2, S3")
        for gpio in select:
            if gpio not in GPIO_NUMBERS:
                raise self.fail((*path, "select"), f"select GPIO {gpio} is outside 0..27")
        if len(set(select)) != 4:
            raise self.fail((*path, "select"), "select names one GPIO twice")
        # Multiplexers may share their select lines, all four in the same order.
        share = "select " + ",".join(map(str, select))
        for line, gpio in enumerate(select):
            gpios.claim(gpio, f"select line S{line} of a CD74HC4067", (*path, "select"), share)
        enable = self._gpio(table, path, "enable_gpio", None)
        if enable is not None:
            gpios.claim(enable, "the enable line of a CD74HC4067", (*path, "enable_gpio"))
        channels = []
        for name, target in self._get(table, path, "channels", dict).items():
            where = (*path, "channels", name)
            match = _MUX_INPUT.fullmatch(name)
            if not match or int(match.group(1)) > 15:
                raise self.fail(where, f"{name!r} is not a CD74HC4067 channel (I0..I15)")
            spot, _ = self._target(where, name, target, digital=False)
            label = f"{base}{prefix}{number}/{name}"
            self.books.wiring.add(where, target, spot, None, label=label)
            channels.append(AnalogChannelSpec(label, spot, number, int(match.group(1))))
        return AnalogMuxSpec(
            number, tuple(select), enable, tuple(sorted(channels, key=lambda c: c.mux_channel or 0))
        )


# --- the source --------------------------------------------------------------------------


class AnalogSource:
    """Analog Hall sensors on ADCs, most through CD74HC4067 multiplexers.

    One pass walks the multiplexer channels in use: set the select lines once
    (shared by every multiplexer on them), then convert every ADC input that
    channel exposes. Direct inputs are read with the first setting. The plan of
    a pass (which conversions go together, which wait in rounds, the channels in
    Gray-code order so that one select line changes between settings) is made
    once, and so is each 8-bit channel's reading of every level (a table).
    """

    def __init__(
        self,
        entries: Sequence[tuple[AdcSpec, ADS7830 | ADS1115, I2CBus]],
        selects: Sequence[SelectLines],
        thresholds: Sequence[Thresholds],
        sensing: Sensing,
        *,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        specs: list[AnalogChannelSpec] = []
        eight_bit: list[bool] = []
        by_state: dict[int | None, list[tuple[int, ADS7830 | ADS1115, I2CBus, int]]] = {}
        for spec, adc, bus in entries:
            for channel in spec.all_channels:
                by_state.setdefault(channel.mux_channel, []).append(
                    (len(specs), adc, bus, channel.input)
                )
                specs.append(channel)
                eight_bit.append(isinstance(adc, ADS7830))
        if len(thresholds) != len(specs):
            raise ValueError(f"{len(thresholds)} thresholds for {len(specs)} analog channels")
        direct = by_state.pop(None, [])
        states: list[int | None] = [
            *sorted((state for state in by_state if state is not None), key=GRAY_RANK.__getitem__)
        ]
        if not states and direct:
            states = [None]
        if states:
            by_state[states[0]] = direct + by_state.get(states[0], [])
        self._steps = tuple(plan(state, by_state[state], retry) for state in states)
        self._channels = tuple(SourceChannel(ch.label, ch.spot) for ch in specs)
        self.thresholds = tuple(thresholds)
        occupancy = sensing is Sensing.OCCUPANCY
        tables: dict[bytes, bytes] = {}  # channels with the same thresholds share one table
        self._readings = tuple(
            _shared(tables, _Table(t, occupancy).table) if small else _Table(t, occupancy)
            for t, small in zip(self.thresholds, eight_bit, strict=True)
        )
        self.selects = tuple(selects)
        self.sensing = sensing
        self.retry = retry
        self.sleep = sleep
        self._gather = gatherer(self._steps, len(specs))

    @property
    def name(self) -> str:
        return "analog Hall sensors"

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return self._channels

    def levels(self) -> list[int]:
        """The raw ADC reading of every channel (what calibration learns from)."""
        return list(self._levels())

    def sample(self) -> list[int]:
        return list(map(getitem, self._readings, self._levels()))

    def _levels(self) -> Sequence[int]:
        """The raw ADC reading of every channel, in the channels' order."""
        gather = self._gather
        if gather is not None:  # 8-bit only: each run's results are bytes, joined once
            selects, runs = self.selects, []
            for step in self._steps:
                if step.state is not None:
                    for lines in selects:
                        lines.select(step.state)
                for together in step.together:
                    runs.append(together.conversions.run())
            levels: Sequence[int] = gather(b"".join(runs))
            return levels
        return self._levels_one_by_one()

    def _levels_one_by_one(self) -> list[int]:
        levels = [0] * len(self._channels)
        for step in self._steps:
            if step.state is not None:
                for lines in self.selects:
                    lines.select(step.state)
            for together in step.together:
                for index, value in zip(together.indices, together.conversions.run(), strict=True):
                    levels[index] = value
            for batch in step.rounds:
                for start in batch.starts:
                    start()
                self.sleep(batch.wait)
                for index, result in batch.results:
                    levels[index] = result()
        return levels


class _Table:
    """A channel's reading of a level, through its thresholds (and, on an occupancy
    board, any pole as present); ``table`` lists it for every 8-bit level."""

    __slots__ = ("_classify", "_occupancy")

    def __init__(self, thresholds: Thresholds, occupancy: bool) -> None:
        self._classify = thresholds.classify
        self._occupancy = occupancy

    def __getitem__(self, level: int) -> int:
        reading = self._classify(level)
        return PRESENT if self._occupancy and reading != EMPTY else reading

    @property
    def table(self) -> bytes:
        return bytes(self[level] for level in range(256))


def _shared(tables: dict[bytes, bytes], table: bytes) -> bytes:
    """``table``, or the equal one a channel read before it has."""
    return tables.setdefault(table, table)


# --- the front end ---------------------------------------------------------------------------


class AnalogFrontEnd(FrontEnd[AnalogSpec]):
    tables = ("ads7830", "ads1115", "ads7138")
    part_type = AnalogSpec

    def read(self, reader: SectionReader) -> AnalogSpec | None:
        return _Reader.over(reader).read()

    def load_beside(self, part: AnalogSpec, profile_path: Path) -> AnalogSpec:
        """With the calibration ``kiban calibrate`` wrote beside the profile, if any."""
        path = calibration_path(profile_path)
        if not path.is_file():
            return part
        calibration = load_calibration(path, part.sensor_channels, str(profile_path))
        return dataclasses.replace(part, calibration=calibration, calibration_source=str(path))

    def build(self, part: AnalogSpec, assembly: Assembly) -> Sequence[SensorSource]:
        """One source for every ADS7830 and ADS1115 (the multiplexers' select lines are
        shared), one for every ADS7138 (they watch their inputs themselves)."""
        sources: list[SensorSource] = []
        polled = tuple(spec for spec in part.adcs if spec.chip != "ADS7138")
        if polled:
            sources.append(self._polled(part, polled, assembly))
        if len(polled) < len(part.adcs):
            from hardware.frontends.alerting_adcs import build_alerting

            sources.append(build_alerting(part, assembly))
        return sources

    def _polled(
        self, part: AnalogSpec, adcs: Sequence[AdcSpec], assembly: Assembly
    ) -> SensorSource:
        selects: dict[tuple[int, ...], SelectLines] = {}
        entries: list[tuple[AdcSpec, ADS7830 | ADS1115, I2CBus]] = []
        pins, retry, sleep = assembly.pin_factory, assembly.retry, assembly.sleep
        for spec in adcs:
            bus = assembly.bus_at(spec.place)
            name = spec.place.segment_name
            adc: ADS7830 | ADS1115
            if spec.chip == "ADS7830":
                adc = ADS7830(
                    bus,
                    spec.address,
                    name,
                    internal_reference=spec.internal_reference,
                    retry=retry,
                    adapter=assembly.adapter,
                )
            else:
                from drivers.ads1115 import ADS1115

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
                    lines = SelectLines(mux.select, pin_factory=pins, sleep=sleep)
                    selects[mux.select] = lines
                    assembly.closers.append(lines.close)
                if mux.enable_gpio is not None:
                    enable = EnableLine(mux.enable_gpio, pin_factory=pins)
                    assembly.closers.append(enable.close)
        channels = [channel for spec in adcs for channel in spec.all_channels]
        thresholds = [part.thresholds(channel.label) for channel in channels]
        return AnalogSource(
            entries, list(selects.values()), thresholds, assembly.sensing, retry=retry, sleep=sleep
        )

    def expected_chips(self, part: AnalogSpec) -> Iterable[tuple[I2CPlace, int, str]]:
        return [(adc.place, adc.address, adc.chip) for adc in part.adcs]


ANALOG = AnalogFrontEnd()
