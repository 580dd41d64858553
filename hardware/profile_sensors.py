"""The ``[sensors]`` table of a profile: the board's build, and what its sensors blur.

The recognizer trusts the order of two changes only when they lie further apart than the
board's sensors can blur them (``engine.recognition.sensors``), and how far that is follows from the
build: the magnet in each piece and how the piece moves, the sensors under each cell, the
pitch. So the board declares its build here, with the parts and the data sheets the
figures come from; ``kiban build-check`` checks it (every piece read at rest, no
phantom) and writes what it blurs into ``[sensors.timing]``; ``kiban calibrate`` adds
what it measured (``overlap_ms``, ``gap_ms``)::

    [sensors]
    kind = "reed"            # reed, hall or analog-hall: what the front end reads
    part = "R5"              # the sensor (hardware/magnetics/parts.py: R5, HAL504, DRV5055A2)
    pitch_mm = 33            # between the centres of the nearest two cells
    depth_mm = 3.0           # from the board's surface down to the sensors' centres
    tolerance_mm = 5         # how far from a cell's centre players set a piece down
    mounts = [{offset_mm = [6, 0], axis = [1, 0, 0]}]  # each sensor under a cell
    slowest_mm_s = 40.0      # optional: the slowest slide or roll of the players
    overlap_ms = 12.0        # optional, written by kiban calibrate
    gap_ms = 300.0           # optional, written by kiban calibrate

    [sensors.magnet]         # the magnet in each piece
    catalogue = "NDR-S"      # a magnet by its maker's name, or shape, size_mm and grade
    height_mm = 1.5          # its centre above the board's surface in a resting piece
    axis = [0, 0, 1]         # its north pole in the piece (x right, y ahead, z up)
    body = "flat"            # flat, ball or weighted-ball: how the piece moves
    yaws = [0, 180]          # the angles players set it down at, give or take yaw_slack

    [sensors.timing]         # written by kiban build-check --write
    overlap_mm = 0.0
    gap_mm = 20.3
    departs_mm = 11.4

A profile written before builds were declared names ``depth_mm`` (from a resting
magnet to its sensor), ``operate_mm`` and ``release_mm`` and no magnet: it is read as a
sphere of reach (``SensorModel.of_reach``), which no real sensor is, and has no build to
check or simulate. A board that declares none is taken to blur as much as the widest
bundled build (``WIDEST``): never less safe than the boards Kiban knows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.geometry import Geometry
from engine.recognition.sensors import WIDEST, SensorKind, SensorModel, SensorModelError
from hardware.magnetics.build import Body, Build, Mount, PieceBuild
from hardware.magnetics.magnets import CATALOGUE, GRADES, Magnet, Shape
from hardware.magnetics.parts import PARTS
from hardware.profile_base import ProfileError, ReaderBase
from hardware.toml_lines import KeyPath

TABLE = "sensors"
KEYS = (
    "kind",
    "part",
    "pitch_mm",
    "depth_mm",
    "tolerance_mm",
    "mounts",
    "slowest_mm_s",
    "overlap_ms",
    "gap_ms",
    "magnet",
    "timing",
)
REACH_KEYS = (
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
MAGNET_KEYS = (
    "catalogue",
    "shape",
    "size_mm",
    "grade",
    "height_mm",
    "axis",
    "body",
    "yaws",
    "yaw_slack",
    "radius_mm",
    "tilt_deg",
)
TIMING_KEYS = ("overlap_mm", "gap_mm", "departs_mm")
MEASURED = ("overlap_ms", "gap_ms")
"""The keys ``kiban calibrate`` writes (milliseconds, as a person reads them)."""


class SensorsReader(ReaderBase):
    """Reads ``[sensors]`` into a ``SensorModel`` and a ``Build``, failing with the file
    and line."""

    def sensors(self, geometries: Sequence[Geometry] = ()) -> tuple[SensorModel, Build | None]:
        """The board's sensor model and build; ``geometries``: its games' boards (the
        directions a piece slides, should the timing figures need computing)."""
        if TABLE not in self.data:
            return WIDEST, None
        table = self._get(self.data, (), TABLE, dict)
        path: KeyPath = (TABLE,)
        if "magnet" not in table:
            return self._reach(table, path), None
        self._only(table, path, KEYS)
        kind = self._kind(table, path)
        build = self.build(table, path)
        slowest = self._get(table, path, "slowest_mm_s", float, WIDEST.slowest_mm_s)
        measured = self._measured(table, path)
        if "timing" in table:
            timing = self._get(table, path, "timing", dict)
            self._only(timing, (*path, "timing"), TIMING_KEYS)
            figures = {key: self._get(timing, (*path, "timing"), key, float) for key in TIMING_KEYS}
        else:
            from hardware.magnetics.report import timing_figures  # slow: only when missing

            figures = timing_figures(build, geometries)
        try:
            model = SensorModel(
                kind,
                pitch_mm=build.pitch_mm,
                slowest_mm_s=slowest,
                measured_overlap_s=measured["overlap_ms"],
                measured_gap_s=measured["gap_ms"],
                part=build.describe(),
                **figures,
            )
        except SensorModelError as error:
            raise self.fail(path, f"sensors: {error}") from None
        return model, build

    def _kind(self, table: Mapping[str, Any], path: KeyPath) -> SensorKind:
        kinds = {kind.value: kind for kind in SensorKind}
        kind_text = self._get(table, path, "kind", str)
        if kind_text not in kinds:
            raise self.fail(
                (*path, "kind"), f"sensor kind {kind_text!r} is not one of {', '.join(kinds)}"
            )
        return kinds[kind_text]

    def _measured(self, table: Mapping[str, Any], path: KeyPath) -> dict[str, float | None]:
        measured: dict[str, float | None] = {}
        for key in MEASURED:
            value = self._get(table, path, key, float, None)
            if value is not None and not 0 <= value <= 10_000:
                raise self.fail((*path, key), f"{key} {value:g} is outside 0..10000")
            measured[key] = None if value is None else value / 1000
        return measured

    def _reach(self, table: Mapping[str, Any], path: KeyPath) -> SensorModel:
        """A profile of before builds: its sensors as spheres of reach."""
        self._only(table, path, REACH_KEYS)
        figures = {
            key: self._get(table, path, key, float)
            for key in ("pitch_mm", "depth_mm", "operate_mm", "release_mm")
        }
        measured = self._measured(table, path)
        try:
            model = SensorModel.of_reach(
                self._kind(table, path),
                slowest_mm_s=self._get(table, path, "slowest_mm_s", float, WIDEST.slowest_mm_s),
                part=self._get(table, path, "part", str, ""),
                **figures,
            )
        except SensorModelError as error:
            raise self.fail(path, f"sensors: {error}") from None
        return SensorModel(
            model.kind,
            pitch_mm=model.pitch_mm,
            overlap_mm=model.overlap_mm,
            gap_mm=model.gap_mm,
            departs_mm=model.departs_mm,
            slowest_mm_s=model.slowest_mm_s,
            measured_overlap_s=measured["overlap_ms"],
            measured_gap_s=measured["gap_ms"],
            part=model.part,
        )

    # --- the build ---------------------------------------------------------------------

    def build(self, table: Mapping[str, Any], path: KeyPath) -> Build:
        part_name = self._get(table, path, "part", str)
        if part_name not in PARTS:
            raise self.fail(
                (*path, "part"), f"no sensor part {part_name!r} (known: {', '.join(PARTS)})"
            )
        part = PARTS[part_name]
        kind = self._kind(table, path)
        mounts = self._mounts(table, path)
        piece = self._piece(self._get(table, path, "magnet", dict), (*path, "magnet"))
        pitch = self._positive(table, path, "pitch_mm")
        depth = self._positive(table, path, "depth_mm")
        tolerance = self._positive(table, path, "tolerance_mm")
        try:
            return Build(
                pitch_mm=pitch,
                depth_mm=depth,
                piece=piece,
                part=part,
                mounts=mounts,
                polar=kind is not SensorKind.REED and part.polar and self._polar(),
                tolerance_mm=tolerance,
            )
        except ValueError as error:
            raise self.fail(path, f"sensors: {error}") from None

    def _polar(self) -> bool:
        return self.data.get("sensing") == "polarity"

    def _positive(
        self, table: Mapping[str, Any], path: KeyPath, key: str, default: Any = ...
    ) -> float:
        value: float = self._get(table, path, key, float, default)
        if value <= 0:
            raise self.fail((*path, key), f"{key} {value:g} must be positive")
        return value

    def _vector(
        self, table: Mapping[str, Any], path: KeyPath, key: str, size: int, default: Any = ...
    ) -> tuple[float, ...]:
        value = self._get(table, path, key, list, default)
        if value is default:
            return tuple(default)
        if len(value) != size or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in value
        ):
            raise self.fail((*path, key), f"{key} is {size} numbers")
        return tuple(float(v) for v in value)

    def _mounts(self, table: Mapping[str, Any], path: KeyPath) -> tuple[Mount, ...]:
        found = self._get(table, path, "mounts", list, [{}])
        mounts = []
        for index, mount in enumerate(found):
            where: KeyPath = (*path, "mounts", index)
            if not isinstance(mount, dict):
                raise self.fail(
                    where, "each mount is a table: {offset_mm = [x, y], axis = [x, y, z]}"
                )
            self._only(mount, where, ("offset_mm", "axis"))
            offset = self._vector(mount, where, "offset_mm", 2, (0.0, 0.0))
            axis = self._vector(mount, where, "axis", 3, (0.0, 0.0, 1.0))
            if not any(axis):
                raise self.fail((*where, "axis"), "a sensor's axis has a direction")
            mounts.append(Mount((offset[0], offset[1]), (axis[0], axis[1], axis[2])))
        return tuple(mounts)

    def _piece(self, table: Mapping[str, Any], path: KeyPath) -> PieceBuild:
        self._only(table, path, MAGNET_KEYS)
        magnet = self._magnet(table, path)
        bodies = {body.value: body for body in Body}
        body_text = self._get(table, path, "body", str, "flat")
        if body_text not in bodies:
            raise self.fail(
                (*path, "body"), f"body {body_text!r} is not one of {', '.join(bodies)}"
            )
        yaws = self._get(table, path, "yaws", list, [0, 180])
        if not yaws or not all(isinstance(y, int | float) for y in yaws):
            raise self.fail((*path, "yaws"), "yaws is a list of angles in degrees")
        axis = self._vector(table, path, "axis", 3, (0.0, 0.0, 1.0))
        height = self._positive(table, path, "height_mm")
        try:
            return PieceBuild(
                magnet=magnet,
                height_mm=height,
                axis=(axis[0], axis[1], axis[2]),
                body=bodies[body_text],
                yaws=tuple(float(y) for y in yaws),
                yaw_slack=self._get(table, path, "yaw_slack", float, 15.0),
                radius_mm=self._get(table, path, "radius_mm", float, 0.0),
                tilt_deg=self._get(table, path, "tilt_deg", float, 10.0),
            )
        except ValueError as error:
            raise self.fail(path, f"magnet: {error}") from None

    def _magnet(self, table: Mapping[str, Any], path: KeyPath) -> Magnet:
        if "catalogue" in table:
            name = self._get(table, path, "catalogue", str)
            if name not in CATALOGUE:
                raise self.fail(
                    (*path, "catalogue"), f"no magnet {name!r} (known: {', '.join(CATALOGUE)})"
                )
            return CATALOGUE[name]
        shapes = {shape.value: shape for shape in Shape}
        shape_text = self._get(table, path, "shape", str)
        if shape_text not in shapes:
            raise self.fail(
                (*path, "shape"), f"shape {shape_text!r} is not one of {', '.join(shapes)}"
            )
        size = self._get(table, path, "size_mm", list)
        grade = self._get(table, path, "grade", str, "N35")
        if grade not in GRADES:
            raise self.fail(
                (*path, "grade"), f"no NdFeB grade {grade!r} (known: {', '.join(GRADES)})"
            )
        try:
            sizes = tuple(float(v) for v in size)
            label = " x ".join(f"{v:g}" for v in sizes)
            return Magnet(shapes[shape_text], sizes, grade, name=f"{label} mm {grade} {shape_text}")
        except (TypeError, ValueError) as error:
            raise self.fail((*path, "size_mm"), f"magnet: {error}") from None

    def sensor_model(self) -> SensorModel:
        return self.sensors()[0]


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


_TIMING_HEADER = re.compile(r"^\s*\[\s*sensors\.timing\s*\]\s*(#.*)?$")


def with_timing(text: str, source: str, figures: Mapping[str, float]) -> str:
    """The profile ``text`` with ``[sensors.timing]`` holding ``figures`` (what ``kiban
    build-check`` computed from its build), replacing the table if it has one and
    appending it after the ``[sensors]`` tables otherwise; every other line as it was."""
    lines = text.splitlines(keepends=True)
    if not any(_HEADER.match(line) for line in lines):
        raise ProfileError(source, None, "declares no [sensors] table: there is no build to time")
    table = [
        "[sensors.timing]  # kiban build-check --write: the worst of every slide\n",
        *(f"{key} = {figures[key]:.1f}\n" for key in TIMING_KEYS),
    ]
    headers = [n for n, line in enumerate(lines) if _TIMING_HEADER.match(line)]
    if headers:
        start = headers[0]
        end = next(
            (n for n in range(start + 1, len(lines)) if _ANY_HEADER.match(lines[n])), len(lines)
        )
        body = lines[start + 1 : end]
        tail = [
            line for line in body if not re.match(r"^\s*(overlap_mm|gap_mm|departs_mm)\s*=", line)
        ]
        return "".join([*lines[:start], *table, *tail, *lines[end:]])
    sensors = next(n for n, line in enumerate(lines) if _HEADER.match(line))
    end = len(lines)
    for n in range(sensors + 1, len(lines)):
        if _ANY_HEADER.match(lines[n]) and not re.match(r"^\s*\[\s*sensors\.", lines[n]):
            end = n
            break
    while end > sensors + 1 and (
        not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")
    ):
        end -= 1
    if lines[end - 1] and not lines[end - 1].endswith("\n"):
        lines[end - 1] += "\n"
    return "".join([*lines[:end], "\n", *table, *lines[end:]])
