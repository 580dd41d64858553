"""A scanner microcontroller on a serial port: it scans the sensors itself and keeps
sending their image over the link of docs/scanner-protocol.md; the host only maps
its channel numbers to spots.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from drivers.errors import HardwareError
from drivers.serial_scanner import SerialScanner
from engine.physical import EMPTY, PRESENT, Sensing, Spot
from hardware.frontends.base import (
    Assembly,
    DeviceNode,
    FrontEnd,
    SectionReader,
    SerialNode,
)
from hardware.sources import SensorSource, SourceChannel
from hardware.toml_lines import KeyPath


@dataclass(frozen=True, slots=True)
class SerialChannelSpec:
    channel: int
    label: str
    spot: Spot


@dataclass(frozen=True, slots=True)
class SerialScannerSpec:
    """The ``[serial_scanner]`` table: the port, and the spot of each channel number."""

    url: str
    baudrate: int
    channels: tuple[SerialChannelSpec, ...]

    @property
    def sensor_channels(self) -> tuple[SourceChannel, ...]:
        return tuple(SourceChannel(ch.label, ch.spot) for ch in self.channels)

    @property
    def i2c_buses(self) -> frozenset[int]:
        return frozenset()


class _Reader(SectionReader):
    def read(self) -> SerialScannerSpec | None:
        table = self._get(self.data, (), "serial_scanner", dict, None)
        if table is None:
            return None
        path: KeyPath = ("serial_scanner",)
        self._only(table, path, ("url", "baudrate", "channels"))
        url = self._get(table, path, "url", str)
        if not url.strip():
            raise self.fail((*path, "url"), "url must name a serial port or a pyserial URL")
        baudrate = self._get(table, path, "baudrate", int, 115_200)
        if not 1200 <= baudrate <= 12_000_000:
            raise self.fail((*path, "baudrate"), f"baudrate {baudrate} is outside 1200..12000000")
        channels = []
        for key, target in self._get(table, path, "channels", dict).items():
            where = (*path, "channels", key)
            if not key.isdigit() or int(key) >= 1024:
                raise self.fail(where, f"{key!r} is not a scanner channel number (0..1023)")
            spot, _ = self._target(where, key, target, digital=False)
            label = f"serial/{int(key)}"
            self.books.wiring.add(where, target, spot, None, label=label)
            channels.append(SerialChannelSpec(int(key), label, spot))
        return SerialScannerSpec(url, baudrate, tuple(sorted(channels, key=lambda c: c.channel)))


class SerialSource:
    """The channels a scanner microcontroller reports, as the profile maps them."""

    def __init__(self, scanner: SerialScanner, spec: SerialScannerSpec, sensing: Sensing) -> None:
        self.scanner = scanner
        self.spec = spec
        self.sensing = sensing
        self._channels = spec.sensor_channels
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

    @property
    def gaps(self) -> int:
        """Frames the link lost so far: the changes they carried were never seen."""
        return self.scanner.gaps

    def sample(self) -> list[int]:
        readings = self.scanner.readings()
        values = [readings[number] for number in self._numbers]
        if self.sensing is Sensing.OCCUPANCY:
            return [PRESENT if value != EMPTY else EMPTY for value in values]
        return values


class SerialScannerFrontEnd(FrontEnd[SerialScannerSpec]):
    tables = ("serial_scanner",)
    part_type = SerialScannerSpec

    def read(self, reader: SectionReader) -> SerialScannerSpec | None:
        return _Reader.over(reader).read()

    def build(self, part: SerialScannerSpec, assembly: Assembly) -> Sequence[SensorSource]:
        if assembly.serial is None:
            raise ValueError(f"{assembly.source}: a serial scanner needs a serial port")
        link = SerialScanner(
            assembly.serial(part.url, part.baudrate),
            part.url,
            clock=assembly.clock,
            sleep=assembly.sleep,
        )
        assembly.closers.append(link.close)
        source = SerialSource(link, part, assembly.sensing)
        source.configure()
        return (source,)

    def devices(self, part: SerialScannerSpec) -> Iterable[DeviceNode]:
        return [SerialNode(part.url, part.baudrate)]

    def bus_notes(self, part: SerialScannerSpec) -> Iterable[str]:
        return [f"{part.url}: a serial scanner expected (asked for its hello when the board opens)"]

    def introduce(self, source: SensorSource) -> str | None:
        if not isinstance(source, SerialSource) or source.scanner.hello is None:
            return None
        hello = source.scanner.hello
        mode = "polarity" if hello.polarity else "occupancy"
        return (
            f"{source.spec.url}: serial scanner '{hello.firmware}', "
            f"{hello.channels} channels, {mode}"
        )


SERIAL_SCANNER = SerialScannerFrontEnd()
