"""Calibration of analog Hall sensors, kept beside the profile (``board.calibration.toml``).

``kiban calibrate`` learns, channel by channel, what the ADC reads with the
cell empty, with a piece north up and with a piece south up, and writes the
thresholds between them. Loading a profile file loads this file too. A file
written for other wiring (a channel the profile no longer has, a channel now
wired to another spot, a changed wiring fingerprint) is stale, and a file that
is not what ``kiban calibrate`` writes is malformed: both stop loading with the
file, the line and the reason, like a profile mistake.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hardware.profile import Profile, ProfileError
from hardware.profile_base import ReaderBase
from hardware.profile_frontends import Thresholds
from hardware.toml_lines import KeyPath, SourceMap

RERUN = "run kiban calibrate again"


@dataclass(frozen=True, slots=True)
class ChannelCalibration:
    """What one channel read in each state (mean levels) and the thresholds chosen."""

    spot: str
    empty: float
    north: float
    south: float
    thresholds: Thresholds


def wiring_fingerprint(profile: Profile) -> str:
    """A short digest of which analog channel senses which spot."""
    text = "\n".join(sorted(f"{ch.label}={ch.spot}" for ch in profile.analog_channels))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


class _CalibrationReader(ReaderBase):
    def read(self, profile: Profile) -> tuple[tuple[str, Thresholds], ...]:
        data = self.data
        self._only(data, (), ("profile", "wiring", "channels"))
        self._get(data, (), "profile", str)
        wiring = self._get(data, (), "wiring", str)
        expected = wiring_fingerprint(profile)
        if wiring != expected:
            raise self.fail(
                ("wiring",),
                f"stale: written for other wiring (fingerprint {wiring}, the profile's analog "
                f"channels now give {expected}); {RERUN}",
            )
        spots = {ch.label: ch.spot for ch in profile.analog_channels}
        result = []
        for label, entry in self._get(data, (), "channels", dict).items():
            where: KeyPath = ("channels", label)
            if label not in spots:
                raise self.fail(
                    where, f"stale: {label!r} is not an analog channel of {profile.source}; {RERUN}"
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


def parse_calibration(text: str, source: str, profile: Profile) -> Profile:
    """``profile`` with the thresholds of a calibration text; ProfileError names its lines."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"at line (\d+)", str(error))
        line = int(match.group(1)) if match else None
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        raise ProfileError(source, line, f"not valid TOML: {reason}") from None
    calibration = _CalibrationReader(data, source, SourceMap.of(text)).read(profile)
    return dataclasses.replace(profile, calibration=calibration, calibration_source=source)


def load_calibration(profile: Profile, path: Path) -> Profile:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ProfileError(str(path), None, f"cannot read: {error.strerror}") from None
    return parse_calibration(text, str(path), profile)


def _number(value: float) -> str:
    return f"{value:.1f}"


def calibration_text(
    profile: Profile, channels: Mapping[str, ChannelCalibration], written: str, notes: list[str]
) -> str:
    """The TOML ``kiban calibrate`` writes: a header, the fingerprint, one line per channel."""
    lines = [
        f"# Calibration of the analog Hall sensors of {profile.name!r}",
        f"# written by `kiban calibrate` on {written}. Run it again after changing the",
        "# wiring, a sensor or the magnets; delete this file to use the profile's thresholds.",
        "# Levels are mean ADC readings; a reading at or past north_at reads north, at or",
        "# past south_at reads south, and between them the cell reads empty.",
        *(f"# {note}" for note in notes),
        f"profile = {json.dumps(Path(profile.source).name)}",
        f'wiring = "{wiring_fingerprint(profile)}"',
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
