"""The book-keeping every section of a profile shares while it is read: each spot wired
once across every front end, each GPIO and each I2C address used once, and where an
I2C chip sits (a bus, perhaps a multiplexer's channel), which several front ends share."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.physical import NORTH, SOUTH, Reading, Sensing, Spot
from hardware.profile_base import ReaderBase
from hardware.toml_lines import KeyPath


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


class Wiring:
    """Which channel senses which spot (and pole): each once, across every front end."""

    def __init__(self, reader: ReaderBase) -> None:
        self.reader = reader
        self._seen: dict[Spot, dict[Reading | None, str]] = {}
        self._where: dict[Spot, KeyPath] = {}

    def add(
        self, where: KeyPath, target: str, spot: Spot, pole: Reading | None, label: str
    ) -> None:
        entries = self._seen.setdefault(spot, {})
        clash = entries.get(pole)
        # A channel that reads the whole spot excludes any other for it.
        if clash is None and entries and (pole is None or None in entries):
            clash = next(iter(entries.values()))
        if clash is not None:
            raise self.reader.fail(where, f"{target!r} is wired twice: {clash} and {label}")
        entries[pole] = label
        self._where.setdefault(spot, where)

    def check_poles(self) -> None:
        """A spot sensed by pole channels needs both of them."""
        for spot, entries in self._seen.items():
            if None not in entries and set(entries) != {NORTH, SOUTH}:
                raise self.reader.fail(
                    self._where[spot], f"polarity sensing needs {spot}:north and {spot}:south"
                )

    @property
    def spots(self) -> frozenset[Spot]:
        return frozenset(self._seen)


class Gpios:
    """Which GPIO does what; a pin may be shared only by parts that share by design
    (several open-drain interrupt outputs, several multiplexers' select lines)."""

    def __init__(self, reader: ReaderBase) -> None:
        self.reader = reader
        self._used: dict[int, tuple[str, str | None]] = {}

    def claim(self, gpio: int, label: str, where: KeyPath, share: str | None = None) -> None:
        used = self._used.get(gpio)
        if used is not None:
            if share is not None and used[1] == share:
                return
            raise self.reader.fail(where, f"GPIO {gpio} is already used by {used[0]}")
        self._used[gpio] = (label, share)

    def label(self, gpio: int) -> str | None:
        used = self._used.get(gpio)
        return None if used is None else used[0]


class I2CAddresses:
    """Each address answers once where it is heard: a chip on the bus itself (or a
    multiplexer) is heard on every segment behind it too."""

    def __init__(self, reader: ReaderBase) -> None:
        self.reader = reader
        self._root: dict[tuple[int, int], str] = {}
        self._segments: dict[tuple[int, int, int, int], str] = {}

    def claim(self, place: I2CPlace, address: int, label: str, where: KeyPath) -> None:
        clash: str | None
        if place.mux is None:
            clash = self._root.get((place.bus, address))
            if clash is None:
                clash = next(
                    (
                        name
                        for (bus, _, _, a), name in self._segments.items()
                        if (bus, a) == (place.bus, address)
                    ),
                    None,
                )
            if clash is None:
                self._root[(place.bus, address)] = label
        else:
            key = (place.bus, place.mux, place.mux_channel or 0, address)
            clash = self._root.get((place.bus, address)) or self._segments.get(key)
            if clash is None:
                self._segments[key] = label
        if clash is not None:
            raise self.reader.fail(
                where, f"0x{address:02x} on {place.describe()} is already taken by {clash}"
            )


@dataclass
class Books:
    """What the sections of one profile share while it is read."""

    spots: frozenset[Spot]
    sensing: Sensing
    wiring: Wiring
    gpios: Gpios
    addresses: I2CAddresses
    muxes: set[tuple[int, int]] = field(default_factory=set)
    """The (bus, address) of each I2C multiplexer read so far: chips behind one name it."""
