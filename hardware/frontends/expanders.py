"""MCP23017 port expanders: sixteen digital inputs each (reed switches, digital Hall
sensors), eight chips to a bus or a multiplexer's segment, all of a segment read in
as few I2C transactions as the host's adapter allows (one a chip on a Raspberry Pi).
Their open-drain INT outputs may share a GPIO line, so a board of them only needs
scanning when a line falls.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from drivers.i2c import I2CBus
from drivers.i2c_adapters import STRICTEST, I2CAdapter
from drivers.mcp23017 import MCP23017, MCP23017Group
from drivers.retry import RetryPolicy
from engine.physical import Reading, Spot
from hardware.frontends.base import (
    Assembly,
    FrontEnd,
    SectionReader,
)
from hardware.frontends.books import I2CPlace
from hardware.sources import SensorSource, SourceChannel
from hardware.toml_lines import KeyPath

MCP23017_ADDRESSES = range(0x20, 0x28)
ERRATUM_PINS = frozenset({7, 15})  # GPA7 and GPB7 are output-only on current MCP23017s
_PIN = re.compile(r"^([AB])([0-7])$")


@dataclass(frozen=True, slots=True)
class ChannelSpec:
    """One expander input: the pin, the spot it senses and, for a polarity pair of
    digital sensors, which pole it answers to (None: the pin alone means present)."""

    pin: int
    spot: Spot
    pole: Reading | None = None

    @property
    def pin_name(self) -> str:
        return f"{'AB'[self.pin // 8]}{self.pin % 8}"


@dataclass(frozen=True, slots=True)
class ExpanderSpec:
    """An MCP23017 on a bus (perhaps behind a TCA9548A), with the channels wired to it."""

    bus: int
    address: int
    channels: tuple[ChannelSpec, ...]
    interrupt_gpio: int | None = None
    mux: int | None = None
    mux_channel: int | None = None

    @property
    def input_mask(self) -> int:
        mask = 0
        for channel in self.channels:
            mask |= 1 << channel.pin
        return mask

    @property
    def place(self) -> I2CPlace:
        return I2CPlace(self.bus, self.mux, self.mux_channel)

    def label(self, channel: ChannelSpec) -> str:
        """How a channel is named to people: ``0x21/B3`` (bus 1), ``i2c-3:0x20/A0``..."""
        return f"{self.place.prefix}0x{self.address:02x}/{channel.pin_name}"


@dataclass(frozen=True, slots=True)
class ExpandersSpec:
    """The ``[[mcp23017]]`` tables of a profile."""

    chips: tuple[ExpanderSpec, ...]

    @property
    def sensor_channels(self) -> tuple[SourceChannel, ...]:
        return tuple(
            SourceChannel(chip.label(ch), ch.spot, ch.pole)
            for chip in self.chips
            for ch in chip.channels
        )

    @property
    def i2c_buses(self) -> frozenset[int]:
        return frozenset(chip.bus for chip in self.chips)


class _Reader(SectionReader):
    def read(self) -> ExpandersSpec | None:
        gpios, addresses = self.books.gpios, self.books.addresses
        seen_chips: set[tuple[I2CPlace, int]] = set()
        chips = []
        for index, table in enumerate(self._table_list("mcp23017")):
            path: KeyPath = ("mcp23017", index)
            self._only(
                table, path, ("bus", "address", "mux", "mux_channel", "interrupt_gpio", "channels")
            )
            place = self._place(table, path)
            address = self._get(table, path, "address", int)
            if address not in MCP23017_ADDRESSES:
                raise self.fail(
                    (*path, "address"), f"an MCP23017 address is 0x20..0x27, not 0x{address:02x}"
                )
            if (place, address) in seen_chips:
                located = f"bus {place.bus}" if place.mux is None else place.describe()
                raise self.fail((*path, "address"), f"two MCP23017 at 0x{address:02x} on {located}")
            seen_chips.add((place, address))
            addresses.claim(place, address, f"MCP23017 0x{address:02x}", (*path, "address"))
            interrupt = self._get(table, path, "interrupt_gpio", int, None)
            if interrupt is not None:
                # Open-drain INT outputs of several chips may share one line.
                gpios.claim(
                    interrupt, "interrupt line", (*path, "interrupt_gpio"), share="interrupt"
                )
            channels = []
            spec = ExpanderSpec(place.bus, address, (), interrupt, place.mux, place.mux_channel)
            for pin_name, target in self._get(table, path, "channels", dict).items():
                where = (*path, "channels", pin_name)
                channel = self._channel(where, pin_name, target)
                self.books.wiring.add(
                    where, target, channel.spot, channel.pole, label=spec.label(channel)
                )
                channels.append(channel)
            chips.append(
                ExpanderSpec(
                    place.bus,
                    address,
                    tuple(sorted(channels, key=lambda c: c.pin)),
                    interrupt,
                    place.mux,
                    place.mux_channel,
                )
            )
        return ExpandersSpec(tuple(chips)) if chips else None

    def _channel(self, where: KeyPath, pin_name: str, target: Any) -> ChannelSpec:
        match = _PIN.match(pin_name)
        if not match:
            raise self.fail(where, f"{pin_name!r} is not an MCP23017 pin (A0..A6, B0..B6)")
        pin = (8 if match.group(1) == "B" else 0) + int(match.group(2))
        if pin in ERRATUM_PINS:
            raise self.fail(
                where,
                f"{pin_name} cannot be an input: GPA7 and GPB7 are output-only on the MCP23017 "
                "(datasheet erratum); use A0..A6 and B0..B6",
            )
        spot, pole = self._target(where, pin_name, target, digital=True)
        return ChannelSpec(pin, spot, pole)


class ExpanderBank:
    """The MCP23017s of one bus (or segment), read together in as few transactions as
    the adapter runs."""

    def __init__(
        self,
        bus: I2CBus,
        bus_name: str,
        specs: Sequence[ExpanderSpec],
        retry: RetryPolicy | None = None,
        adapter: I2CAdapter = STRICTEST,
    ) -> None:
        self.specs = tuple(specs)
        self.bus_name = bus_name
        self.chips = tuple(
            MCP23017(bus, spec.address, bus_name, retry=retry, adapter=adapter)
            for spec in self.specs
        )
        self.group = MCP23017Group(bus, self.chips, retry=retry)
        self._channels = tuple(
            SourceChannel(spec.label(channel), channel.spot, channel.pole)
            for spec in self.specs
            for channel in spec.channels
        )
        # Where each channel's level stands in a raw reading: (byte, bit).
        self._bits = tuple(
            (2 * index + channel.pin // 8, channel.pin % 8)
            for index, spec in enumerate(self.specs)
            for channel in spec.channels
        )
        self._raw = b""  # the last raw reading, and its sample
        self._sample: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        return f"MCP23017 on {self.bus_name}"

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return self._channels

    @property
    def signals_changes(self) -> bool:
        """Whether every chip of the bank pulls an interrupt line when an input changes."""
        return all(spec.interrupt_gpio is not None for spec in self.specs)

    def configure(self, *, interrupts: bool = False) -> None:
        for spec, chip in zip(self.specs, self.chips, strict=True):
            chip.configure(
                spec.input_mask, interrupts=interrupts and spec.interrupt_gpio is not None
            )

    def read(self) -> dict[int, int]:
        """Pin levels by chip address (bit set: pin high)."""
        return self.group.read_all()

    def sample(self) -> Sequence[int]:
        """1 for each closed switch (its pin pulled low), 0 for an open one; the very
        sample of before when no pin changed (a board at rest decodes nothing)."""
        raw = self.group.read_raw()
        if raw == self._raw:
            return self._sample
        sample = tuple(0 if raw[byte] >> bit & 1 else 1 for byte, bit in self._bits)
        self._raw, self._sample = raw, sample
        return sample


class ExpanderFrontEnd(FrontEnd[ExpandersSpec]):
    tables = ("mcp23017",)
    part_type = ExpandersSpec

    def read(self, reader: SectionReader) -> ExpandersSpec | None:
        return _Reader.over(reader).read()

    def build(self, part: ExpandersSpec, assembly: Assembly) -> Sequence[SensorSource]:
        """One bank per bus segment, in bus order (the bus itself before its segments)."""
        places = sorted(
            {spec.place for spec in part.chips},
            key=lambda p: (p.bus, -1 if p.mux is None else p.mux, p.mux_channel or 0),
        )
        banks = []
        for place in places:
            specs = [spec for spec in part.chips if spec.place == place]
            bank = ExpanderBank(
                assembly.bus_at(place),
                place.segment_name,
                specs,
                assembly.retry,
                assembly.adapter,
            )
            bank.configure(interrupts=any(spec.interrupt_gpio is not None for spec in specs))
            if bank.signals_changes:
                assembly.signalling.append(bank)
            banks.append(bank)
        assembly.interrupt_gpios |= {
            spec.interrupt_gpio for spec in part.chips if spec.interrupt_gpio is not None
        }
        return banks

    def expected_chips(self, part: ExpandersSpec) -> Iterable[tuple[I2CPlace, int, str]]:
        return [(spec.place, spec.address, "MCP23017") for spec in part.chips]


EXPANDERS = ExpanderFrontEnd()
