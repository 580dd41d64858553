"""From chip bits to a debounced frame of spot readings.

One pass reads every chip group with one bus transaction each, turns pin levels
into spot readings through the profile's wiring, and lets a reading count only
after it has been the same for ``debounce`` scans in a row. A scan that fails
on the bus raises and changes nothing, so no move is ever judged from a
partial frame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from drivers.i2c import I2CBus
from drivers.mcp23017 import MCP23017, MCP23017Group
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Reading, Spot
from hardware.profile import ExpanderSpec, Profile


@dataclass(frozen=True, slots=True)
class FrameChange:
    """A new debounced frame and the spots whose reading changed to make it."""

    frame: Mapping[Spot, Reading]
    changed: frozenset[Spot]


class ExpanderBank:
    """The MCP23017s of one bus, read together in one transaction."""

    def __init__(self, bus: I2CBus, bus_name: str, specs: Sequence[ExpanderSpec]) -> None:
        self.specs = tuple(specs)
        self.chips = tuple(MCP23017(bus, spec.address, bus_name) for spec in self.specs)
        self.group = MCP23017Group(bus, self.chips)

    def configure(self, *, interrupts: bool = False) -> None:
        for spec, chip in zip(self.specs, self.chips, strict=True):
            chip.configure(
                spec.input_mask, interrupts=interrupts and spec.interrupt_gpio is not None
            )

    def read(self) -> dict[int, int]:
        """Pin levels by chip address (bit set: pin high)."""
        return self.group.read_all()


class Debouncer:
    """A reading counts once it has been seen ``scans`` times in a row."""

    def __init__(self, scans: int) -> None:
        self.scans = scans
        self._stable: dict[Spot, Reading] = {}
        self._candidate: dict[Spot, Reading] = {}
        self._count: dict[Spot, int] = {}

    @property
    def frame(self) -> Mapping[Spot, Reading]:
        return MappingProxyType(self._stable)

    @property
    def settled(self) -> bool:
        """No reading is on its way to changing: more identical scans change nothing."""
        return self._candidate == self._stable

    def update(self, raw: Mapping[Spot, Reading]) -> frozenset[Spot]:
        """Feed one scan; returns the spots whose debounced reading changed."""
        if not self._stable:
            self._stable = dict(raw)
            self._candidate = dict(raw)
            self._count = dict.fromkeys(raw, self.scans)
            return frozenset(raw)
        changed = []
        for spot, reading in raw.items():
            if reading == self._stable.get(spot):
                self._candidate[spot] = reading
                self._count[spot] = self.scans
                continue
            if reading == self._candidate.get(spot):
                self._count[spot] += 1
            else:
                self._candidate[spot] = reading
                self._count[spot] = 1
            if self._count[spot] >= self.scans:
                self._stable[spot] = reading
                changed.append(spot)
        return frozenset(changed)


class Scanner:
    """Reads the sensor chips and yields a debounced frame when it changes."""

    def __init__(self, banks: Sequence[ExpanderBank], profile: Profile) -> None:
        self.banks = tuple(banks)
        self.sensing = profile.sensing
        self.debouncer = Debouncer(profile.debounce_scans)
        self._wiring = tuple(
            (bank_index, spec.address, channel.pin, channel.spot, channel.pole)
            for bank_index, bank in enumerate(self.banks)
            for spec in bank.specs
            for channel in spec.channels
        )
        self._spots = tuple(dict.fromkeys(w[3] for w in self._wiring))

    @property
    def frame(self) -> Mapping[Spot, Reading]:
        return self.debouncer.frame

    def read_raw(self) -> dict[Spot, Reading]:
        """One undebounced reading of every sensed spot (one transaction per bank)."""
        levels = [bank.read() for bank in self.banks]
        raw = dict.fromkeys(self._spots, EMPTY)
        for bank_index, address, pin, spot, pole in self._wiring:
            if levels[bank_index][address] >> pin & 1:
                continue  # pulled up: no magnet closes this switch
            if pole is None:
                raw[spot] = PRESENT
            elif pole == NORTH or raw[spot] == EMPTY:
                raw[spot] = NORTH if pole == NORTH else SOUTH
        return raw

    def scan(self) -> FrameChange | None:
        """Read once; a FrameChange when the debounced frame changed, else None."""
        changed = self.debouncer.update(self.read_raw())
        if not changed:
            return None
        return FrameChange(dict(self.debouncer.frame), changed)
