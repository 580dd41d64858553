"""``kiban calibrate``: learn where each analog Hall sensor stops reading empty.

No two linear Hall sensors rest at the same level or swing as far, and a magnet
a millimetre further away reads weaker, so one pair of thresholds for the whole
board misreads some cells. Calibration measures every channel in three states:

1. empty: the board cleared, every channel sampled together;
2. north: pieces north face up on the lit cells, as many at a time as there are
   pieces (one is enough: lift it, and put it on a cell still lit). A channel
   is measured once its level has moved well away from empty and stayed still
   for a moment; its cell then goes dark;
3. south: the same with the pieces turned over. The north-up pieces are still on
   the board when the cells light again, and a fast converter (an ADS7138 reads
   every channel in one transaction) sees them still for long enough to call
   them measured: so a channel whose north level is known counts a level only on
   the other side of empty (a piece not yet turned over is waited for).

For each channel the thresholds sit between the empty level and each pole's,
at the point equally many standard deviations from both (the noisier side
gets the wider margin). A channel whose poles are not at least ``SEPARATION``
standard deviations (summed) from empty, or not on opposite sides of it, does
not separate: it is named, and nothing is written (a file with some channels
missing would load as if the board were calibrated). A full result goes to
``<profile>.calibration.toml`` beside the profile, which loads with it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from drivers.led_strip import Colour
from engine.physical import NORTH, SOUTH, Reading, Spot
from firmware_host.store.replacing import replace_text
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning, Palette
from firmware_host.tools.desk.workbench import Ask, Bench, face_name
from hardware.calibration import (
    ChannelCalibration,
    Thresholds,
    calibration_path,
    calibration_text,
)
from hardware.frontends.alerting_adcs import AlertingSource
from hardware.frontends.analog_specs import AdcSpec, AnalogSpec
from hardware.frontends.polled_adcs import AnalogSource
from hardware.sources import SourceChannel

SAMPLES = 24  # readings averaged for each state of each channel
SEPARATION = 6.0  # (pole - empty) / (sigma_pole + sigma_empty) at least this
DETECT_SIGMAS = 8.0  # a level this many empty-sigmas away means a piece is there
MIN_SIGMA = 0.5  # counts: the quantisation noise of a steady level
MIN_STEP_VOLTS = 0.03  # a piece must move the level at least this much


@dataclass(frozen=True, slots=True)
class Level:
    mean: float
    sigma: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Level:
        sigma = statistics.pstdev(values) if len(values) > 1 else 0.0
        return cls(statistics.fmean(values), max(sigma, MIN_SIGMA))

    def __str__(self) -> str:
        return f"{self.mean:.1f} ±{self.sigma:.1f}"


@dataclass
class Calibration:
    """What a calibration learned: thresholds by channel, and the channels refused."""

    channels: dict[str, ChannelCalibration] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    text: str = ""
    path: Path | None = None


def counts_per_volt(adc: AdcSpec) -> float:
    if adc.chip == "ADS7830":
        return 256 / (2.5 if adc.internal_reference else 3.3)
    if adc.chip == "ADS7138":
        return 4096 / 3.3  # AVDD is its reference: the sensors' 3.3 V
    return 32768 / adc.full_scale


@dataclass(frozen=True, slots=True)
class AnalogLevels:
    """The raw levels of every analog source of a board (polled ADCs, ADS7138s), in the
    order of the profile's channels."""

    sources: tuple[AnalogSource | AlertingSource, ...]

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return tuple(channel for source in self.sources for channel in source.channels)

    def levels(self) -> list[int]:
        return [level for source in self.sources for level in source.levels()]


def thresholds(empty: Level, north: Level, south: Level, min_step: float) -> Thresholds | str:
    """The thresholds between the three levels, or why there are none."""
    up_north = north.mean - empty.mean
    up_south = south.mean - empty.mean
    if up_north * up_south >= 0:
        return f"north ({north}) and south ({south}) do not lie on either side of empty ({empty})"
    for name, level, step in (("north", north, up_north), ("south", south, up_south)):
        spread = level.sigma + empty.sigma
        if abs(step) < min_step or abs(step) / spread < SEPARATION:
            return (
                f"{name} ({level}) is too close to empty ({empty}): "
                f"{abs(step) / spread:.1f} sigmas apart, {SEPARATION:g} needed"
            )

    def between(pole: Level, step: float) -> float:
        return empty.mean + step * empty.sigma / (empty.sigma + pole.sigma)

    return Thresholds(north=between(north, up_north), south=between(south, up_south))


class Calibrator:
    def __init__(self, bench: Bench, palette: Palette = DEFAULT_PALETTE) -> None:
        self.bench = bench
        self.profile = bench.profile
        self.palette = palette
        self.result = Calibration()

    def say(self, line: str) -> None:
        self.bench.say(line)

    def run(self, output: Path | None = None) -> Calibration:
        profile = self.profile
        analog = profile.part(AnalogSpec)
        if analog is None:
            raise ValueError(f"{profile.source} has no analog Hall sensors to calibrate")
        path = output or self._default_path()
        if Path(profile.source).is_file() and path.resolve() == Path(profile.source).resolve():
            raise ValueError(
                f"{path} is the profile itself: give --output a file of its own "
                "(the default is <profile>.calibration.toml beside it)"
            )
        board = self.bench.open_board(self.bench.pressed.append)
        try:
            sources = board.scanner.sources
            levels = AnalogLevels(
                tuple(s for s in sources if isinstance(s, AnalogSource | AlertingSource))
            )
            self._calibrate(levels, analog, board.painter.paint)
        finally:
            board.close()
        if self.result.refused:
            # Half a calibration loads as a whole one: the board would read the refused
            # cells with the profile's thresholds and say nothing. So nothing is written
            # (an old calibration stays as it was) until every channel calibrates.
            self.say(
                f"calibration failed: {len(self.result.refused)} of "
                f"{len(analog.sensor_channels)} channels refused (named above); "
                f"nothing written to {path}"
            )
            return self.result
        written = datetime.now().strftime("%Y-%m-%d %H:%M")
        self.result.text = calibration_text(
            profile.name,
            profile.source,
            analog.sensor_channels,
            self.result.channels,
            written=written,
            notes=self.result.notes,
        )
        replace_text(path, self.result.text)  # an old calibration stays whole until then
        self.result.path = path
        self.say(
            f"calibration: {len(self.result.channels)} channels calibrated, "
            f"{len(self.result.refused)} refused; written to {path}"
        )
        return self.result

    def _default_path(self) -> Path:
        source = Path(self.profile.source)
        if not source.is_file():
            raise ValueError(
                f"{self.profile.source} is a bundled profile: copy it to a file of your own "
                "(the calibration is written beside it), or give --output"
            )
        return calibration_path(source)

    def _calibrate(
        self,
        source: AnalogLevels,
        analog: AnalogSpec,
        paint: Callable[[Mapping[Spot, Colour], Mapping[str, Colour]], bool],
    ) -> None:
        labels = [channel.label for channel in source.channels]
        spots = {channel.label: channel.spot for channel in source.channels}
        adc_of = {ch.label: adc for adc in analog.adcs for ch in adc.all_channels}
        min_step = {label: MIN_STEP_VOLTS * counts_per_volt(adc_of[label]) for label in labels}
        fill = self.palette.colours[Meaning.FILL]
        paint({}, {})
        self.bench.ask(Ask("clear"), "calibration: take every piece off the board (ok when done)")
        self._pause(2.0)
        samples = [source.levels() for _ in range(SAMPLES)]
        empty = {label: Level.of([s[i] for s in samples]) for i, label in enumerate(labels)}
        poles: dict[Reading, dict[str, Level]] = {}
        for face in (NORTH, SOUTH):
            pending = list(labels)
            learned: dict[str, Level] = {}
            # The other face's level, where known: a level on its side of empty is that
            # face still lying there (or put down again), not this one.
            other = {
                label: level.mean - empty[label].mean
                for pole in poles.values()
                for label, level in pole.items()
            }
            unturned: set[str] = set()
            windows: dict[str, list[int]] = {label: [] for label in labels}
            last_progress = self.bench.now()
            asked: tuple[Spot, ...] = ()
            while pending and self.bench.now() - last_progress < self.bench.timeout:
                lit = tuple(dict.fromkeys(spots[label] for label in pending))
                if lit != asked:
                    paint(dict.fromkeys(lit, fill), {})
                    if not asked:
                        self.bench.ask(
                            Ask("place_all", face=face, spots=lit),
                            f"put pieces {face_name(face)} face up on the lit cells, as many at a "
                            "time as you have; a cell goes dark once it is measured",
                        )
                    asked = lit
                levels = source.levels()
                for index, label in enumerate(labels):
                    if label not in pending:
                        continue
                    base = empty[label]
                    step = levels[index] - base.mean
                    window = windows[label]
                    if abs(step) < max(DETECT_SIGMAS * base.sigma, min_step[label]):
                        window.clear()
                        continue
                    if other.get(label, 0.0) * step > 0:
                        unturned.add(label)
                        window.clear()
                        continue
                    window.append(levels[index])
                    tolerance = max(DETECT_SIGMAS * base.sigma, 3.0)
                    del window[:-SAMPLES]
                    if len(window) == SAMPLES and max(window) - min(window) <= tolerance:
                        learned[label] = Level.of(window)
                        pending.remove(label)
                        last_progress = self.bench.now()
                if self.bench.pressed:
                    self.bench.pressed.clear()
                    break
                self.bench.sleep(1.0 / self.profile.scan_hz)
            for label in pending:
                why = self._unseen(face, empty[label], label in unturned)
                self.result.refused.setdefault(label, why)
            poles[face] = learned
        paint({}, {})
        self._judge(labels, spots, empty, poles, min_step)

    @staticmethod
    def _unseen(face: Reading, empty: Level, unturned: bool) -> str:
        """Why no level of ``face`` was learned: the other face never left, or nothing moved."""
        if unturned:
            return (
                f"no {face_name(face)}-up piece was seen: the level stayed on the other "
                f"face's side of empty ({empty}); was the piece turned over?"
            )
        return (
            f"no {face_name(face)}-up piece was seen: the level never left "
            f"{empty} by more than the noise (a dead or misplaced sensor?)"
        )

    def _judge(
        self,
        labels: list[str],
        spots: dict[str, Spot],
        empty: dict[str, Level],
        poles: dict[Reading, dict[str, Level]],
        min_step: dict[str, float],
    ) -> None:
        highs = [
            label
            for label in labels
            if label in poles[NORTH] and poles[NORTH][label].mean > empty[label].mean
        ]
        measured = [label for label in labels if label in poles[NORTH]]
        north_high = len(highs) * 2 >= len(measured)
        for label in labels:
            spot = spots[label]
            if label in self.result.refused:
                self.say(f"channel {label} ({spot}) refused: {self.result.refused[label]}")
                continue
            north, south = poles[NORTH][label], poles[SOUTH][label]
            found = thresholds(empty[label], north, south, min_step[label])
            if isinstance(found, str):
                self.result.refused[label] = found
                self.say(f"channel {label} ({spot}) refused: {found}")
                continue
            if (north.mean > empty[label].mean) != north_high:
                note = (
                    f"channel {label} ({spot}): north reads on the other side of empty than on "
                    "most channels (a piece placed south up, or a sensor mounted the other way "
                    "up?); calibrated as it read"
                )
                self.result.notes.append(note)
                self.say(note)
            self.result.channels[label] = ChannelCalibration(
                spot, empty[label].mean, north.mean, south.mean, found
            )
            self.say(
                f"channel {label} ({spot}): empty {empty[label]}, north {north}, south {south}; "
                f"north from {found.north:.1f}, south from {found.south:.1f}"
            )

    def _pause(self, seconds: float) -> None:
        """Give the person time (ok cuts it short)."""
        end = self.bench.now() + seconds
        while self.bench.now() < end and not self.bench.pressed:
            self.bench.sleep(0.05)
        self.bench.pressed.clear()
