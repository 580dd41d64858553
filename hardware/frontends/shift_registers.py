"""74HC165 shift registers: a chain of them on an SPI bus, latched by a GPIO on SH/LD,
eight digital inputs per chip, the whole board in one latch pulse and one SPI read.
A check byte shifted in behind the last chip proves the chain is there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from drivers.hc165 import ShiftRegisterChain
from drivers.spi import SPI_PINS
from engine.physical import Reading, Spot
from hardware.frontends.base import (
    Assembly,
    DeviceNode,
    FrontEnd,
    SectionReader,
    SpiNode,
)
from hardware.sources import SensorSource, SourceChannel
from hardware.toml_lines import KeyPath

_SHIFT_INPUT = re.compile(r"^(\d{1,2})([A-H])$")


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
class ShiftRegistersSpec:
    """The ``[[74hc165]]`` tables of a profile."""

    chains: tuple[ShiftRegisterSpec, ...]

    @property
    def sensor_channels(self) -> tuple[SourceChannel, ...]:
        return tuple(
            SourceChannel(ch.label, ch.spot, ch.pole)
            for chain in self.chains
            for ch in chain.channels
        )

    @property
    def i2c_buses(self) -> frozenset[int]:
        return frozenset()


class _Reader(SectionReader):
    def read(self) -> ShiftRegistersSpec | None:
        wiring, gpios = self.books.wiring, self.books.gpios
        chains = []
        seen: dict[tuple[int, int], int] = {}
        for index, table in enumerate(self._table_list("74hc165")):
            path: KeyPath = ("74hc165", index)
            self._only(
                table,
                path,
                (
                    "spi_bus",
                    "spi_device",
                    "load_gpio",
                    "chips",
                    "speed_hz",
                    "check_byte",
                    "channels",
                ),
            )
            spi_bus = self._in_range(table, path, "spi_bus", range(7), 0)
            spi_device = self._in_range(table, path, "spi_device", range(4), 0)
            if (spi_bus, spi_device) in seen:
                raise self.fail(
                    (*path, "spi_device"), f"spi{spi_bus}.{spi_device} already reads another chain"
                )
            seen[(spi_bus, spi_device)] = index
            chips = self._in_range(table, path, "chips", range(1, 65), ...)
            speed = self._get(table, path, "speed_hz", int, 1_000_000)
            if not 10_000 <= speed <= 25_000_000:
                raise self.fail((*path, "speed_hz"), f"speed_hz {speed} is outside 10000..25000000")
            load = self._gpio(table, path, "load_gpio")
            name = f"spi{spi_bus}.{spi_device}"
            gpios.claim(
                load, f"the SH/LD line of the 74HC165 chain on {name}", (*path, "load_gpio")
            )
            pins = SPI_PINS.get(spi_bus, {})
            for role in ("MISO", "SCLK", f"CE{spi_device}"):
                if role in pins:
                    gpios.claim(
                        pins[role], f"SPI{spi_bus} {role}", path, share=f"spi{spi_bus} {role}"
                    )
            channels = []
            for key, target in self._get(table, path, "channels", dict).items():
                where = (*path, "channels", key)
                match = _SHIFT_INPUT.fullmatch(key)
                if not match or int(match.group(1)) >= chips:
                    raise self.fail(
                        where,
                        f"{key!r} is not an input of this chain: "
                        f"chip 0..{chips - 1} then A..H, e.g. 0A",
                    )
                spot, pole = self._target(where, key, target, digital=True)
                label = f"{name}/{key}"
                wiring.add(where, target, spot, pole, label=label)
                bit = int(match.group(1)) * 8 + "ABCDEFGH".index(match.group(2))
                channels.append(ShiftChannelSpec(bit, label, spot, pole))
            chains.append(
                ShiftRegisterSpec(
                    spi_bus,
                    spi_device,
                    load,
                    chips,
                    tuple(sorted(channels, key=lambda c: c.bit)),
                    speed,
                    self._get(table, path, "check_byte", bool, True),
                )
            )
        return ShiftRegistersSpec(tuple(chains)) if chains else None


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


class ShiftRegisterFrontEnd(FrontEnd[ShiftRegistersSpec]):
    tables = ("74hc165",)
    part_type = ShiftRegistersSpec

    def read(self, reader: SectionReader) -> ShiftRegistersSpec | None:
        return _Reader.over(reader).read()

    def build(self, part: ShiftRegistersSpec, assembly: Assembly) -> Sequence[SensorSource]:
        sources = []
        for spec in part.chains:
            if assembly.spi is None:
                raise ValueError(f"{assembly.source}: a 74HC165 chain needs an SPI device")
            chain = ShiftRegisterChain(
                assembly.spi(spec.spi_bus, spec.spi_device),
                spec.chips,
                spec.load_gpio,
                name=spec.name,
                speed_hz=spec.speed_hz,
                check_byte=spec.check_byte,
                pin_factory=assembly.pin_factory,
                retry=assembly.retry,
            )
            assembly.closers.append(chain.spi.close)
            assembly.closers.append(chain.close)
            source = ShiftRegisterSource(chain, spec)
            source.configure()
            sources.append(source)
        return sources

    def devices(self, part: ShiftRegistersSpec) -> Iterable[DeviceNode]:
        return [SpiNode(chain.spi_bus, chain.spi_device) for chain in part.chains]

    def bus_notes(self, part: ShiftRegistersSpec) -> Iterable[str]:
        return [
            f"{chain.name}: a chain of {chain.chips} 74HC165 expected (read in the walk test)"
            for chain in part.chains
        ]

    def introduce(self, source: SensorSource) -> str | None:
        if isinstance(source, ShiftRegisterSource):
            return f"{source.spec.name}: the 74HC165 chain answers (check byte 0xff)"
        return None


SHIFT_REGISTERS = ShiftRegisterFrontEnd()
