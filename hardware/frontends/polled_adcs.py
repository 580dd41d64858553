"""Analog Hall sensors on ADCs that convert when asked: ADS7830s (8-bit), most through
CD74HC4067 analog multiplexers whose select lines are shared GPIOs, and ADS1115s
(16-bit). A pass converts every sensor (hardware/frontends/analog.py reads their
tables; the ADS7138s that watch their own inputs are hardware/frontends/alerting_adcs.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from operator import getitem
from typing import TYPE_CHECKING

from drivers.ads7830 import ADS7830
from drivers.cd74hc4067 import EnableLine, SelectLines
from drivers.i2c import I2CBus
from drivers.retry import RetryPolicy
from engine.physical import EMPTY, PRESENT, Sensing
from hardware.calibration import Thresholds
from hardware.frontends.analog_plan import GRAY_RANK, gatherer, plan
from hardware.frontends.analog_specs import AdcSpec, AnalogChannelSpec, AnalogSpec
from hardware.frontends.base import Assembly
from hardware.sources import SourceChannel

if TYPE_CHECKING:  # the 16-bit ADC's driver, imported by a board that has one
    from drivers.ads1115 import ADS1115


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


def build_polled(part: AnalogSpec, adcs: Sequence[AdcSpec], assembly: Assembly) -> AnalogSource:
    """One source for the part's ADS7830s and ADS1115s: the multiplexers' select lines
    are shared."""
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
