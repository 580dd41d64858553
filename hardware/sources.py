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
class _Together:
    """ADS7830 conversions on one bus: one combined transaction."""

    bus: I2CBus
    indices: tuple[int, ...]  # the channels' places in the source
    requests: tuple[tuple[ADS7830, int], ...]


@dataclass(frozen=True, slots=True)
class _Round:
    """ADS1115 conversions, one per chip: start each, wait once, read each."""

    conversions: tuple[tuple[int, ADS1115, int], ...]  # (place, chip, input)
    wait: float


@dataclass(frozen=True, slots=True)
class _Step:
    """What one setting of the select lines (None: no multiplexer) converts."""

    state: int | None
    together: tuple[_Together, ...]
    rounds: tuple[_Round, ...]


class AnalogSource:
    """Analog Hall sensors on ADCs, most through CD74HC4067 multiplexers.

    One pass walks the multiplexer channels in use: set the select lines once
    (shared by every multiplexer on them), then convert every ADC input that
    channel exposes. Direct inputs are read with the first setting. The plan of
    a pass (which conversions go together, which wait in rounds) is made once.
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
        by_state: dict[int | None, list[tuple[int, ADS7830 | ADS1115, I2CBus, int]]] = {}
        for spec, adc, bus in entries:
            for channel in spec.all_channels:
                by_state.setdefault(channel.mux_channel, []).append(
                    (len(specs), adc, bus, channel.input)
                )
                specs.append(channel)
        if len(thresholds) != len(specs):
            raise ValueError(f"{len(thresholds)} thresholds for {len(specs)} analog channels")
        direct = by_state.pop(None, [])
        states: list[int | None] = [*sorted(state for state in by_state if state is not None)]
        if not states and direct:
            states = [None]
        if states:
            by_state[states[0]] = direct + by_state.get(states[0], [])
        self._steps = tuple(_plan(state, by_state[state]) for state in states)
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
        for step in self._steps:
            if step.state is not None:
                for lines in self.selects:
                    lines.select(step.state)
            for together in step.together:
                values = convert_together(together.bus, together.requests, self.retry)
                for index, value in zip(together.indices, values, strict=True):
                    levels[index] = value
            for batch in step.rounds:
                for _, adc, channel in batch.conversions:
                    adc.start(channel)
                self.sleep(batch.wait)
                for index, adc, _ in batch.conversions:
                    levels[index] = adc.result()
        return levels

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


def _plan(
    state: int | None, conversions: list[tuple[int, ADS7830 | ADS1115, I2CBus, int]]
) -> _Step:
    """ADS7830s grouped per bus; ADS1115s queued per chip and taken one of each per round."""
    fast: dict[int, list[tuple[int, ADS7830, I2CBus, int]]] = {}
    queues: dict[int, list[tuple[int, ADS1115, int]]] = {}
    for index, adc, bus, channel in conversions:
        if isinstance(adc, ADS7830):
            fast.setdefault(id(bus), []).append((index, adc, bus, channel))
        else:
            queues.setdefault(id(adc), []).append((index, adc, channel))
    together = tuple(
        _Together(
            group[0][2],
            tuple(index for index, _, _, _ in group),
            tuple((adc, channel) for _, adc, _, channel in group),
        )
        for group in fast.values()
    )
    rounds: list[_Round] = []
    while any(queues.values()):
        batch = tuple(queue.pop(0) for queue in queues.values() if queue)
        rounds.append(_Round(batch, max(adc.conversion_time for _, adc, _ in batch)))
    return _Step(state, together, tuple(rounds))
