"""Calibration of analog Hall sensors, kept beside the profile (``board.calibration.toml``).

``kiban calibrate`` learns, channel by channel, what the ADC reads with the
cell empty, with a piece north up and with a piece south up, and writes the
thresholds between them. Loading a profile file loads this file too (the analog
front end asks for it). A file written for other wiring (a channel the profile no
longer has, a channel now wired to another spot, a changed wiring fingerprint) is
stale, and a file that is not what ``kiban calibrate`` writes is malformed: both
stop loading with the file, the line and the reason, like a profile mistake.

It knows the analog channels only as labels and spots, so it needs neither the
profile nor the front end that reads it: both import it, never the other way.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.physical import EMPTY, NORTH, SOUTH, Reading, Spot
from hardware.profile_base import ReaderBase, parse_toml, read_text
from hardware.sources import SourceChannel
from hardware.toml_lines import KeyPath, SourceMap

RERUN = "run kiban calibrate again"


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Where an analog Hall reading stops meaning empty.

    A level at or beyond ``north`` (on the side away from ``south``) reads north,
    at or beyond ``south`` reads south, and the dead band between reads empty.
    Either pole may be the high one: it depends on how the sensor is mounted.
    """

    north: float
    south: float

    def __post_init__(self) -> None:
        if self.north == self.south:
            raise ValueError("north and south thresholds must differ (an empty dead band)")

    def classify(self, level: float) -> Reading:
        if self.north > self.south:
            if level >= self.north:
                return NORTH
            return SOUTH if level <= self.south else EMPTY
        if level <= self.north:
            return NORTH
        return SOUTH if level >= self.south else EMPTY


@dataclass(frozen=True, slots=True)
class ChannelCalibration:
    """What one channel read in each state (mean levels) and the thresholds chosen."""

    spot: str
    empty: float
    north: float
    south: float
    thresholds: Thresholds


def calibration_path(profile_path: str | Path) -> Path:
    """Where the calibration of a profile file lives: ``board.toml`` has
    ``board.calibration.toml`` beside it."""
    path = Path(profile_path)
    return path.with_name(f"{path.stem}.calibration.toml")


def wiring_fingerprint(channels: Iterable[SourceChannel]) -> str:
    """A short digest of which analog channel senses which spot. (``hashlib`` is imported
    here, by a board with a calibration to check or write: it loads OpenSSL's digests,
    about 0.7 MiB, which an uncalibrated board never needs.)"""
    import hashlib

    text = "\n".join(sorted(f"{ch.label}={ch.spot}" for ch in channels))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


class _CalibrationReader(ReaderBase):
    def read(
        self, channels: Sequence[SourceChannel], profile_source: str
    ) -> tuple[tuple[str, Thresholds], ...]:
        data = self.data
        self._only(data, (), ("profile", "wiring", "channels"))
        self._get(data, (), "profile", str)
        wiring = self._get(data, (), "wiring", str)
        expected = wiring_fingerprint(channels)
        if wiring != expected:
            raise self.fail(
                ("wiring",),
                f"stale: written for other wiring (fingerprint {wiring}, the profile's analog "
                f"channels now give {expected}); {RERUN}",
            )
        spots: dict[str, Spot] = {ch.label: ch.spot for ch in channels}
        result = []
        for label, entry in self._get(data, (), "channels", dict).items():
            where: KeyPath = ("channels", label)
            if label not in spots:
                raise self.fail(
                    where, f"stale: {label!r} is not an analog channel of {profile_source}; {RERUN}"
                )
            if not isinstance(entry, dict):
                raise self.fail(where, f"{label} must be a table of levels, not {entry!r}")
            self._only(entry, where, ("spot", "empty", "north", "south", "north_at", "south_at"))
            spot = self._get(entry, where, "spot", str, spots[label])
            if spot != spots[label]:
                raise self.fail(
                    (*where, "spot"),
                    f"stale: {label} sensed {spot}, the profile now wires it to {spots[label]}; "
                    f"{RERUN}",
                )
            for key in ("empty", "north", "south"):
                self._get(entry, where, key, float, 0.0)
            north = self._get(entry, where, "north_at", float)
            south = self._get(entry, where, "south_at", float)
            if north == south:
                raise self.fail(where, f"{label}: north_at and south_at must differ")
            result.append((label, Thresholds(north, south)))
        return tuple(result)


def parse_calibration(
    text: str, source: str, channels: Sequence[SourceChannel], profile_source: str
) -> tuple[tuple[str, Thresholds], ...]:
    """The thresholds a calibration text gives the analog ``channels`` of the profile at
    ``profile_source``, by label; ProfileError names its lines."""
    data = parse_toml(text, source)
    return _CalibrationReader(data, source, SourceMap.of(text)).read(channels, profile_source)


def load_calibration(
    path: Path, channels: Sequence[SourceChannel], profile_source: str
) -> tuple[tuple[str, Thresholds], ...]:
    return parse_calibration(read_text(path), str(path), channels, profile_source)


def _number(value: float) -> str:
    return f"{value:.1f}"


def calibration_text(
    profile_name: str,
    profile_source: str,
    wired: Sequence[SourceChannel],
    channels: Mapping[str, ChannelCalibration],
    *,
    written: str,
    notes: list[str],
) -> str:
    """The TOML ``kiban calibrate`` writes for the profile of that name and file, whose
    analog channels are ``wired``: a header, the fingerprint, one line per channel."""
    lines = [
        f"# Calibration of the analog Hall sensors of {profile_name!r}",
        f"# written by `kiban calibrate` on {written}. Run it again after changing the",
        "# wiring, a sensor or the magnets; delete this file to use the profile's thresholds.",
        "# Levels are mean ADC readings; a reading at or past north_at reads north, at or",
        "# past south_at reads south, and between them the cell reads empty.",
        *(f"# {note}" for note in notes),
        f"profile = {json.dumps(Path(profile_source).name)}",
        f'wiring = "{wiring_fingerprint(wired)}"',
        "",
        "[channels]",
    ]
    for label, entry in channels.items():
        fields = (
            f"spot = {json.dumps(entry.spot)}, empty = {_number(entry.empty)}, "
            f"north = {_number(entry.north)}, south = {_number(entry.south)}, "
            f"north_at = {_number(entry.thresholds.north)}, "
            f"south_at = {_number(entry.thresholds.south)}"
        )
        lines.append(f"{json.dumps(label)} = {{ {fields} }}")
    return "\n".join(lines) + "\n"
