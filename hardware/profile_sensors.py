"""The ``[sensors]`` table of a profile: what sits under the cells, as geometry.

The recognizer trusts the order of two changes only when they lie further apart than the
board's sensors can blur them (``engine.sensors``), and how far that is
follows from the board: the cell pitch, how deep the sensor sits under a piece's magnet,
the distances at which it starts and stops reading it, and how slowly the players slide.
So the board declares them here, with the parts and the data sheet the figures come
from, and ``kiban calibrate`` adds what it measured (``overlap_ms``, ``gap_ms``)::

    [sensors]
    kind = "reed"            # reed, hall or analog-hall
    pitch_mm = 35.2          # between the centres of the nearest two cells
    depth_mm = 4.0           # from a resting piece's magnet to the sensor under it
    operate_mm = 7.5         # the sensor starts reading a magnet this near
    release_mm = 8.0         # ... and stops once it is this far
    slowest_mm_s = 40.0      # optional: the slowest slide or roll of the players
    overlap_ms = 12.0        # optional, written by kiban calibrate
    gap_ms = 300.0           # optional, written by kiban calibrate
    part = "..."             # the parts and the data sheet

A board that declares none is taken to blur as much as the widest bundled board
(``WIDEST``): never less safe than the boards Kiban knows.
"""

from __future__ import annotations

import re

from engine.sensors import WIDEST, SensorKind, SensorModel, SensorModelError
from hardware.profile_base import ProfileError, ReaderBase
from hardware.toml_lines import KeyPath

TABLE = "sensors"
KEYS = (
    "kind",
    "pitch_mm",
    "depth_mm",
    "operate_mm",
    "release_mm",
    "slowest_mm_s",
    "overlap_ms",
    "gap_ms",
    "part",
)
MEASURED = ("overlap_ms", "gap_ms")
"""The keys ``kiban calibrate`` writes (milliseconds, as a person reads them)."""


class SensorsReader(ReaderBase):
    """Reads ``[sensors]`` into a ``SensorModel``, failing with the file and line."""

    def sensor_model(self) -> SensorModel:
        if TABLE not in self.data:
            return WIDEST
        table = self._get(self.data, (), TABLE, dict)
        path: KeyPath = (TABLE,)
        self._only(table, path, KEYS)
        kinds = {kind.value: kind for kind in SensorKind}
        kind_text = self._get(table, path, "kind", str)
        if kind_text not in kinds:
            raise self.fail(
                (TABLE, "kind"), f"sensor kind {kind_text!r} is not one of {', '.join(kinds)}"
            )
        figures = {
            key: self._get(table, path, key, float)
            for key in ("pitch_mm", "depth_mm", "operate_mm", "release_mm")
        }
        slowest = self._get(table, path, "slowest_mm_s", float, WIDEST.slowest_mm_s)
        measured: dict[str, float | None] = {}
        for key in MEASURED:
            value = self._get(table, path, key, float, None)
            if value is not None and not 0 <= value <= 10_000:
                raise self.fail((TABLE, key), f"{key} {value:g} is outside 0..10000")
            measured[key] = None if value is None else value / 1000
        part = self._get(table, path, "part", str, "")
        try:
            return SensorModel(
                kinds[kind_text],
                slowest_mm_s=slowest,
                measured_overlap_s=measured["overlap_ms"],
                measured_gap_s=measured["gap_ms"],
                part=part,
                **figures,
            )
        except SensorModelError as error:
            raise self.fail(path, f"sensors: {error}") from None


_HEADER = re.compile(r"^\s*\[\s*sensors\s*\]\s*(#.*)?$")
_ANY_HEADER = re.compile(r"^\s*\[")
_MEASURED_KEY = re.compile(r"^\s*(overlap_ms|gap_ms)\s*=")


def with_measured(text: str, source: str, overlap_ms: float, gap_ms: float, note: str) -> str:
    """The profile ``text`` with the overlap and gap ``kiban calibrate`` measured in its
    ``[sensors]`` table, replacing any measured before; every other line (its comments,
    the data sheet citations) as it was. ``note`` says when and how they were measured.
    A profile without a ``[sensors]`` table of its own is refused (ProfileError): what
    was measured belongs beside the figures it refines."""
    lines = text.splitlines(keepends=True)
    headers = [n for n, line in enumerate(lines) if _HEADER.match(line)]
    if len(headers) != 1:
        raise ProfileError(
            source,
            None,
            "declares no [sensors] table of its own: write one (kind, pitch_mm, depth_mm, "
            "operate_mm, release_mm, part) before measuring the sensors' timing",
        )
    start = headers[0] + 1
    end = next((n for n in range(start, len(lines)) if _ANY_HEADER.match(lines[n])), len(lines))
    body = [line for line in lines[start:end] if not _MEASURED_KEY.match(line)]
    keep = len(body)
    while keep and (not body[keep - 1].strip() or body[keep - 1].lstrip().startswith("#")):
        keep -= 1  # blank lines and the next table's comments stay after the figures
    if body[:keep] and not body[keep - 1].endswith("\n"):
        body[keep - 1] += "\n"
    measured = [
        f"overlap_ms = {overlap_ms:.1f}  # {note}\n",
        f"gap_ms = {gap_ms:.1f}  # {note}\n",
    ]
    return "".join([*lines[:start], *body[:keep], *measured, *body[keep:], *lines[end:]])
