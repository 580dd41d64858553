"""Sensor sources: each front end reads its raw channels its own cheapest way.

A ``SensorSource`` knows its channels (a label for people, the spot, the pole
for half of a digital polarity pair) and returns one value per channel per
``sample()``, reading with the fewest bus transactions its chips allow:

* ``ExpanderBank``: the MCP23017s of one bus or multiplexer segment, all in one
  combined I2C transaction;
* ``AnalogSource``: ADCs behind CD74HC4067s; per setting of the shared select
  lines, one combined transaction per bus for the ADS7830s (the ADS1115s
  convert in parallel: start each, wait once, read each);
* ``ShiftRegisterSource``: a 74HC165 chain, one latch pulse and one SPI read;
* ``SerialSource``: the image a scanner microcontroller keeps sending.

A value is 1 for an active digital channel (a closed switch, or the pole its
half of a pair answers to), else the reading itself (0 empty, 1 north or
present, 2 south). A source that cannot read raises ``BusError`` naming the
chip, and the scanner builds no frame from the others.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from drivers.ads1115 import ADS1115
from drivers.ads7830 import ADS7830, convert_together
from drivers.cd74hc4067 import SelectLines
from drivers.errors import HardwareError
from drivers.hc165 import ShiftRegisterChain
from drivers.i2c import I2CBus
from drivers.mcp23017 import MCP23017, MCP23017Group
from drivers.retry import RetryPolicy
from drivers.serial_scanner import SerialScanner
from engine.physical import EMPTY, PRESENT, Reading, Sensing, Spot
from hardware.profile import (
    AdcSpec,
    AnalogChannelSpec,
    ExpanderSpec,
    SerialScannerSpec,
    ShiftRegisterSpec,
    Thresholds,
)


@dataclass(frozen=True, slots=True)
class SourceChannel:
    """A channel as the scanner maps it and the doctor names it."""

    label: str
    spot: Spot
    pole: Reading | None = None


class SensorSource(Protocol):
    """A front end: its channels, and one value per channel per sample."""

    @property
    def name(self) -> str: ...

    @property
    def channels(self) -> tuple[SourceChannel, ...]: ...

    def sample(self) -> Sequence[int]: ...


class ExpanderBank:
    """The MCP23017s of one bus (or segment), read together in one transaction."""

    def __init__(
        self,
        bus: I2CBus,
        bus_name: str,
        specs: Sequence[ExpanderSpec],
        retry: RetryPolicy | None = None,
    ) -> None:
        self.specs = tuple(specs)
        self.bus_name = bus_name
        self.chips = tuple(
            MCP23017(bus, spec.address, bus_name, retry=retry) for spec in self.specs
        )
        self.group = MCP23017Group(bus, self.chips, retry=retry)
        self._channels = tuple(
            SourceChannel(spec.label(channel), channel.spot, channel.pole)
            for spec in self.specs
            for channel in spec.channels
        )
        self._pins = tuple(
            (spec.address, channel.pin) for spec in self.specs for channel in spec.channels
        )

    @property
    def name(self) -> str:
        return f"MCP23017 on {self.bus_name}"

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return self._channels

    def configure(self, *, interrupts: bool = False) -> None:
        for spec, chip in zip(self.specs, self.chips, strict=True):
            chip.configure(
                spec.input_mask, interrupts=interrupts and spec.interrupt_gpio is not None
            )

    def read(self) -> dict[int, int]:
        """Pin levels by chip address (bit set: pin high)."""
        return self.group.read_all()

    def sample(self) -> list[int]:
        """1 for each closed switch (its pin pulled low), 0 for an open one."""
        levels = self.read()
        return [0 if levels[address] >> pin & 1 else 1 for address, pin in self._pins]


@dataclass(frozen=True, slots=True)
class _Conversion:
    index: int  # the channel's place in the source
    adc: ADS7830 | ADS1115
    input: int


class AnalogSource:
    """Analog Hall sensors on ADCs, most through CD74HC4067 multiplexers.

    One pass walks the multiplexer channels in use: set the select lines once
    (shared by every multiplexer on them), then convert every ADC input that
    channel exposes. Direct inputs are read with the first setting.
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
        steps: dict[int | None, list[_Conversion]] = {}
        self._buses: dict[int, I2CBus] = {}
        for spec, adc, bus in entries:
            self._buses[id(adc)] = bus
            for channel in spec.all_channels:
                steps.setdefault(channel.mux_channel, []).append(
                    _Conversion(len(specs), adc, channel.input)
                )
                specs.append(channel)
        if len(thresholds) != len(specs):
            raise ValueError(f"{len(thresholds)} thresholds for {len(specs)} analog channels")
        direct = steps.pop(None, [])
        order = sorted(state for state in steps if state is not None)
        self._steps: list[tuple[int | None, list[_Conversion]]] = [
            (state, steps[state]) for state in order
        ]
        if direct:
            if self._steps:
                first_state, first = self._steps[0]
                self._steps[0] = (first_state, direct + first)
            else:
                self._steps = [(None, direct)]
        self._channels = tuple(SourceChannel(ch.label, ch.spot) for ch in specs)
        self.thresholds = tuple(thresholds)
        self.selects = tuple(selects)
        self.sensing = sensing
        self.retry = retry
        self.sleep = sleep

    @property
    def name(self) -> str:
        return "analog Hall sensors"

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return self._channels

    def levels(self) -> list[int]:
        """The raw ADC reading of every channel (what calibration learns from)."""
        levels = [0] * len(self._channels)
        for state, conversions in self._steps:
            if state is not None:
                for lines in self.selects:
                    lines.select(state)
            fast: dict[int, list[_Conversion]] = {}
            slow: dict[int, list[_Conversion]] = {}
            for conversion in conversions:
                kind = fast if isinstance(conversion.adc, ADS7830) else slow
                kind.setdefault(id(self._buses[id(conversion.adc)]), []).append(conversion)
            for group in fast.values():
                bus = self._buses[id(group[0].adc)]
                requests = [(c.adc, c.input) for c in group]
                values = convert_together(bus, requests, self.retry)  # type: ignore[arg-type]
                for conversion, value in zip(group, values, strict=True):
                    levels[conversion.index] = value
            self._convert_in_rounds([c for group in slow.values() for c in group], levels)
        return levels

    def _convert_in_rounds(self, conversions: list[_Conversion], levels: list[int]) -> None:
        """ADS1115s convert one input each at a time: start one per chip, wait, read."""
        queues: dict[int, list[_Conversion]] = {}
        for conversion in conversions:
            queues.setdefault(id(conversion.adc), []).append(conversion)
        while any(queues.values()):
            batch = [queue.pop(0) for queue in queues.values() if queue]
            for conversion in batch:
                assert isinstance(conversion.adc, ADS1115)
                conversion.adc.start(conversion.input)
            self.sleep(max(c.adc.conversion_time for c in batch))  # type: ignore[union-attr]
            for conversion in batch:
                assert isinstance(conversion.adc, ADS1115)
                levels[conversion.index] = conversion.adc.result()

    def sample(self) -> list[int]:
        readings = [
            thresholds.classify(level)
            for thresholds, level in zip(self.thresholds, self.levels(), strict=True)
        ]
        if self.sensing is Sensing.OCCUPANCY:
            return [PRESENT if reading != EMPTY else EMPTY for reading in readings]
        return readings


class ShiftRegisterSource:
    """A 74HC165 chain: inputs pulled up, a closed switch (or an active-low Hall
    output) reads low, which is an active channel."""

    def __init__(self, chain: ShiftRegisterChain, spec: ShiftRegisterSpec) -> None:
        self.chain = chain
        self.spec = spec
        self._channels = tuple(SourceChannel(ch.label, ch.spot, ch.pole) for ch in spec.channels)
        self._bits = tuple(ch.bit for ch in spec.channels)

    @property
    def name(self) -> str:
        return f"74HC165 chain on {self.spec.name}"

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return self._channels

    def configure(self) -> None:
        self.chain.configure()

    def sample(self) -> list[int]:
        value = self.chain.read()
        return [0 if value >> bit & 1 else 1 for bit in self._bits]


class SerialSource:
    """The channels a scanner microcontroller reports, as the profile maps them."""

    def __init__(self, scanner: SerialScanner, spec: SerialScannerSpec, sensing: Sensing) -> None:
        self.scanner = scanner
        self.spec = spec
        self.sensing = sensing
        self._channels = tuple(SourceChannel(ch.label, ch.spot) for ch in spec.channels)
        self._numbers = tuple(ch.channel for ch in spec.channels)

    @property
    def name(self) -> str:
        return f"serial scanner on {self.spec.url}"

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return self._channels

    def configure(self) -> None:
        """Wait for the device's hello and check it can serve the profile."""
        hello = self.scanner.start()
        highest = max(self._numbers, default=-1)
        if highest >= hello.channels:
            raise HardwareError(
                f"the profile wires channel {highest} of the serial scanner on {self.spec.url}, "
                f"which has {hello.channels} channels"
            )
        if self.sensing is Sensing.POLARITY and not hello.polarity:
            raise HardwareError(
                f"the profile senses polarity but the serial scanner on {self.spec.url} "
                "reports occupancy only"
            )

    def sample(self) -> list[int]:
        readings = self.scanner.readings()
        values = [readings[number] for number in self._numbers]
        if self.sensing is Sensing.OCCUPANCY:
            return [PRESENT if value != EMPTY else EMPTY for value in values]
        return values
