"""TCA9548A I2C multiplexers: eight bus segments behind each, so more chips of one
address fit on a bus. They sense nothing themselves; the chips of other front ends
sit behind them (``mux`` and ``mux_channel`` in their tables), reached through the
``MuxTree`` this front end puts on each bus.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from drivers.i2c import I2CBus
from drivers.tca9548a import MuxTree
from hardware.frontends.base import (
    Assembly,
    FrontEnd,
    SectionReader,
)
from hardware.frontends.books import I2CPlace
from hardware.sources import SensorSource, SourceChannel
from hardware.toml_lines import KeyPath

MUX_ADDRESSES = range(0x70, 0x78)


@dataclass(frozen=True, slots=True)
class MuxSpec:
    """A TCA9548A I2C multiplexer."""

    bus: int
    address: int


@dataclass(frozen=True, slots=True)
class I2CMuxesSpec:
    """The ``[[tca9548a]]`` tables of a profile."""

    muxes: tuple[MuxSpec, ...]

    @property
    def sensor_channels(self) -> tuple[SourceChannel, ...]:
        return ()

    @property
    def i2c_buses(self) -> frozenset[int]:
        return frozenset(mux.bus for mux in self.muxes)

    def addresses(self, bus: int) -> list[int]:
        return [mux.address for mux in self.muxes if mux.bus == bus]


class _Reader(SectionReader):
    def read(self) -> I2CMuxesSpec | None:
        muxes = []
        for index, table in enumerate(self._table_list("tca9548a")):
            path: KeyPath = ("tca9548a", index)
            self._only(table, path, ("bus", "address"))
            bus = self._in_range(table, path, "bus", range(100), 1)
            address = self._get(table, path, "address", int)
            if address not in MUX_ADDRESSES:
                raise self.fail(
                    (*path, "address"), f"a TCA9548A address is 0x70..0x77, not 0x{address:02x}"
                )
            self.books.addresses.claim(
                I2CPlace(bus), address, f"TCA9548A 0x{address:02x}", (*path, "address")
            )
            self.books.muxes.add((bus, address))
            muxes.append(MuxSpec(bus, address))
        return I2CMuxesSpec(tuple(muxes)) if muxes else None


class I2CMuxFrontEnd(FrontEnd[I2CMuxesSpec]):
    tables = ("tca9548a",)
    part_type = I2CMuxesSpec

    def read(self, reader: SectionReader) -> I2CMuxesSpec | None:
        return _Reader.over(reader).read()

    def routers(self, part: I2CMuxesSpec, buses: Mapping[int, I2CBus]) -> Mapping[int, MuxTree]:
        return {
            number: MuxTree(buses[number], f"i2c-{number}", part.addresses(number))
            for number in sorted(part.i2c_buses)
            if number in buses
        }

    def build(self, part: I2CMuxesSpec, assembly: Assembly) -> Sequence[SensorSource]:
        return ()  # the routers are what it offers

    def expected_chips(self, part: I2CMuxesSpec) -> Iterable[tuple[I2CPlace, int, str]]:
        return [(I2CPlace(mux.bus), mux.address, "TCA9548A") for mux in part.muxes]


I2C_MUXES = I2CMuxFrontEnd()
