"""Analog Hall sensors on ADS7138s: converters that watch their own inputs.

An ADS7830 board must convert every sensor to see any change, so at rest it either
scans often (the core's time) or sees a touch late (issue 48: 125 ms at 8 Hz, and
no plan of its scans under 20 ms on a Pi's bus). The ADS7138 converts its eight
inputs by itself, over and over, and compares each result with a window of its
own; when a result leaves its window it sets the channel's event flag and pulls its
open-drain ALERT line low. So each channel's window is set to the band of levels
that reads as what the channel reads now: ALERT falls exactly when a sensor's
reading changes, as an MCP23017's INT does, and the board rests until it does.

A scan reads only the chips whose line is low (and any chip without a line, and any
chip a failed scan left unread): it reads the chip's eight latest results in one
transaction, moves the windows of the channels whose reading changed, and then
clears the chip's flags. Clearing last loses nothing, because the comparator judges
every conversion (a flag cleared while its channel is outside its window is set
again by the next one, drivers/ads7138.py): a change after the read leaves the new
window and pulls the line again. Clearing first would cost a second read for every
touch: the flag the change raised against the old window would be raised again
before the window moved. A scan with no line low checks one chip, each in turn, so
that a chip that stopped answering, one that a brown-out reset (it then converts
and compares nothing, and pulls no line: it is configured again) or an alert that
was missed shows within one turn of the slow poll at rest.

Under an occupancy board the channels still keep three readings (a pole each way
and empty): a window is one band, and "either pole" is two. The source reports
either pole as present.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from drivers.ads7138 import ADS7138, FULL_SCALE, INPUTS
from drivers.interrupt_line import InterruptLine
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Reading, Sensing
from hardware.calibration import Thresholds
from hardware.frontends.analog_specs import AdcSpec, AnalogSpec
from hardware.frontends.base import Assembly
from hardware.line_watch import LineUse
from hardware.sources import SourceChannel

Window = tuple[int, int]
"""The band of results (lowest, highest, both inside) a channel stays in unnoticed."""


class ChannelWindows:
    """A channel's thresholds, and the window of each reading: the band of results that
    read the same (the thresholds cut the range in three bands). Worked out from the
    thresholds, not from a table of every result: a calibrated board has thresholds of
    its own for each channel, and a board reads only the chip that signalled."""

    __slots__ = ("classify", "windows")

    def __init__(self, thresholds: Thresholds) -> None:
        self.classify = thresholds.classify
        low_pole, high_pole = (
            (SOUTH, NORTH) if thresholds.north > thresholds.south else (NORTH, SOUTH)
        )
        low, high = sorted((thresholds.north, thresholds.south))
        # A result at or below ``low`` reads the low pole, at or above ``high`` the high
        # pole (Thresholds.classify), anything between reads empty.
        bands = {
            low_pole: (0, math.floor(low)),
            EMPTY: (math.floor(low) + 1, math.ceil(high) - 1),
            high_pole: (math.ceil(high), FULL_SCALE),
        }
        self.windows: dict[Reading, Window] = {
            reading: (max(0, first), min(FULL_SCALE, last))
            for reading, (first, last) in bands.items()
            if max(0, first) <= min(FULL_SCALE, last)
        }


UNREAD = 0xFF
"""A channel's reading before its chip is first read: unlike any, so the first read
sets every window."""

EVERYTHING: Window = (0, FULL_SCALE)
"""A window no result leaves: an unwired input's, and every input's until it is read."""


class AlertingSource:
    """The ADS7138s of a board: a sensor source, and what wakes the board (their lines).

    ``lines`` maps a GPIO to its watched line; each chip names the GPIO its ALERT pulls
    (None: no line, read every scan)."""

    def __init__(
        self,
        chips: Sequence[tuple[AdcSpec, ADS7138]],
        thresholds: Sequence[Thresholds],
        sensing: Sensing,
        lines: dict[int, InterruptLine],
    ) -> None:
        self._chips = tuple(chip for _, chip in chips)
        self._channels = tuple(
            SourceChannel(channel.label, channel.spot)
            for spec, _ in chips
            for channel in spec.all_channels
        )
        if len(thresholds) != len(self._channels):
            raise ValueError(f"{len(thresholds)} thresholds for {len(self._channels)} channels")
        # Where each chip's channels stand in the source: (input, place) of each.
        places: list[tuple[tuple[int, int], ...]] = []
        for spec, _ in chips:
            first = sum(map(len, places))
            places.append(tuple((ch.input, first + n) for n, ch in enumerate(spec.all_channels)))
        self._places = tuple(places)
        shared: dict[Thresholds, ChannelWindows] = {}  # built once for equal thresholds
        for each in thresholds:
            if each not in shared:
                shared[each] = ChannelWindows(each)
        self._windows = tuple(shared[each] for each in thresholds)
        self.thresholds = tuple(thresholds)
        self._occupancy = sensing is Sensing.OCCUPANCY
        self._lines = lines
        self._watched = tuple(
            (lines[spec.alert_gpio], index)
            for index, (spec, _) in enumerate(chips)
            if spec.alert_gpio is not None
        )
        self._unwatched = tuple(
            index for index, (spec, _) in enumerate(chips) if spec.alert_gpio is None
        )
        self._readings: list[int] = [UNREAD] * len(self._channels)
        self._sample: tuple[int, ...] = (EMPTY,) * len(self._channels)
        self._due = set(range(len(self._chips)))  # read every chip first
        self._turn = 0
        self.restarts = 0
        """Chips found reset (by a brown-out) and configured again."""
        self._unconfigured: set[int] = set()  # found reset, not yet configured again

    @property
    def name(self) -> str:
        return "analog Hall sensors on ADS7138s"

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return self._channels

    @property
    def signals_changes(self) -> bool:
        """Whether every chip pulls a line when a reading changes."""
        return not self._unwatched and bool(self._chips)

    @property
    def active(self) -> bool:
        """Whether a chip's line is low: a reading changed and is not read yet."""
        return any(line.active for line in self._lines.values())

    def close(self) -> None:
        for line in self._lines.values():
            line.close()

    def configure(self) -> None:
        """Every chip converting and comparing; the windows are set by the first scan,
        which reads every chip."""
        for chip in self._chips:
            chip.configure([EVERYTHING] * INPUTS)

    def levels(self) -> list[int]:
        """Every channel's latest result (what calibration learns from)."""
        levels = [0] * len(self._channels)
        for place_inputs, chip in zip(self._places, self._chips, strict=True):
            results = chip.levels()
            for channel, place in place_inputs:
                levels[place] = results[channel]
        return levels

    def sample(self) -> tuple[int, ...]:
        """Every channel's reading: read again from the chips that signal a change,
        the rest as last read (their windows vouch for them)."""
        due = self._due
        for line, index in self._watched:
            if line.active:
                due.add(index)
        due.update(self._unwatched)
        if due:
            for index in sorted(due):
                if index in self._unconfigured:
                    self._restart(index)  # its configuration failed half way
                else:
                    self._read(index, clear=True)
        elif self._chips:  # at rest: one chip checked in turn
            index = self._turn
            self._turn = (index + 1) % len(self._chips)
            self._due.add(index)  # a chip that fails its check is read by every scan after
            if self._chips[index].alive():
                self._read(index, clear=False)
            else:
                self._restart(index)
        return self._sample

    def _restart(self, index: int) -> None:
        """A chip that lost its configuration (a brown-out: it stopped converting and
        comparing, and pulls no line) configured again and read as at the start; until
        then its results are the reset's zeros, so nothing is read from it first."""
        self._due.add(index)
        self._unconfigured.add(index)
        self.restarts += 1
        self._chips[index].configure([EVERYTHING] * INPUTS)
        self._unconfigured.discard(index)
        for _, place in self._places[index]:
            self._readings[place] = UNREAD
        self._read(index, clear=True)

    def _read(self, index: int, *, clear: bool) -> None:
        """Read chip ``index``, move the windows of what changed, then clear its flags.
        Until all of that is done the chip stays due, and a reading counts only once
        its window moved: a read whose writes failed is done again whole by the next
        scan (which would otherwise find nothing changed and leave the old windows)."""
        self._due.add(index)
        chip = self._chips[index]
        results = chip.levels()
        readings, windows = self._readings, self._windows
        moved: list[Window | None] = [None] * INPUTS
        changes = []
        for channel, place in self._places[index]:
            reading = windows[place].classify(results[channel])
            if reading != readings[place]:
                moved[channel] = windows[place].windows[reading]
                changes.append((place, reading))
        if changes:
            chip.set_windows(moved)
            for place, reading in changes:
                readings[place] = reading
            occupancy = self._occupancy
            self._sample = tuple(
                PRESENT if occupancy and reading != EMPTY else reading for reading in readings
            )
        if clear or changes:
            chip.clear_events()
        self._due.discard(index)


def build_alerting(part: AnalogSpec, assembly: Assembly) -> AlertingSource:
    """The part's ADS7138s configured, their lines watched; the source wakes the board
    when every chip has a line."""
    chips = []
    for spec in part.adcs:
        if spec.chip == "ADS7138":
            chip = ADS7138(
                assembly.bus_at(spec.place),
                spec.address,
                spec.place.segment_name,
                retry=assembly.retry,
                adapter=assembly.adapter,
            )
            chips.append((spec, chip))
    lines = {
        gpio: InterruptLine(
            gpio,
            assembly.wake,
            pin_factory=assembly.pin_factory,
            chip=assembly.gpio_chip,
            on_lost=assembly.lines.on_lost(LineUse.INTERRUPT, (gpio,)),
            on_back=assembly.lines.on_back(LineUse.INTERRUPT, (gpio,)),
        )
        for gpio in sorted({spec.alert_gpio for spec, _ in chips if spec.alert_gpio is not None})
    }
    thresholds = [part.thresholds(ch.label) for spec, _ in chips for ch in spec.all_channels]
    source = AlertingSource(chips, thresholds, assembly.sensing, lines)
    assembly.closers.append(source.close)
    source.configure()
    if lines:
        assembly.wakers.append(source)
    if source.signals_changes:
        assembly.signalling.append(source)
    return source
