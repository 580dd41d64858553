"""A board's build: the magnet in each piece, how the piece moves, and the sensors under
each cell, as the board's profile declares them (``[sensors]`` and its tables).

The frame is the physics world's (``hardware.mock.physics``): millimetres, x and y across
the board as the game draws it (neighbouring cells ``pitch_mm`` apart), z up from the
plane of the sensors' centres. A piece at rest stands on the board's surface,
``depth_mm`` above that plane, its magnet's centre ``height_mm`` above the surface.

How a piece holds its magnet decides what a sensor may see of it:

- a **flat** piece (a tile, a shogi piece, a token) slides and is lifted level; it is
  set down turned by any angle its players use (``yaws``, each within ``yaw_slack``),
  and turned over to promote (its magnet with it);
- a **ball** (a marble) turns as it rolls, its magnet with it: a marble rolled 30 mm
  over 25 mm holes has turned 137 degrees, and it rests however the roll left it;
- a **weighted ball** rolls too, but comes to rest with its weight down, within
  ``tilt_deg`` of upright.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum

from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Reading
from hardware.magnetics.magnets import Magnet, Pose
from hardware.magnetics.sensing import Readout, Sensor, SensorPart, Thresholds, sensor
from hardware.magnetics.vectors import (
    IDENTITY,
    UP,
    Rotation,
    Vec,
    about,
    compose,
    cross,
    norm,
    taking,
    unit,
)

SKIN_MM = 0.5
"""The least board left between a sensor and the surface a piece rests on."""


class Body(Enum):
    """How a piece moves, and so how its magnet turns."""

    FLAT = "flat"
    BALL = "ball"
    WEIGHTED_BALL = "weighted-ball"


@dataclass(frozen=True, slots=True)
class PieceBuild:
    """The magnet in a piece and how the piece moves.

    ``axis``: the magnet's polarization in the piece's own frame (x to the piece's
    right, y ahead, z up) when the piece stands as it reads north (``UP``: a disc lying
    flat, north up; ``(1, 0, 0)``: a block lying across the piece). ``yaws``: the angles
    (degrees about the vertical) players set it down at, each give or take ``yaw_slack``
    (a token set down anyhow: ``(0,)`` with 180). ``radius_mm``: a ball's."""

    magnet: Magnet
    height_mm: float
    axis: Vec = UP
    body: Body = Body.FLAT
    yaws: tuple[float, ...] = (0.0, 180.0)
    yaw_slack: float = 15.0
    radius_mm: float = 0.0
    tilt_deg: float = 10.0

    def __post_init__(self) -> None:
        if self.body is not Body.FLAT and self.radius_mm <= 0:
            raise ValueError("a ball has a radius")
        if self.height_mm <= 0:
            raise ValueError("a piece's magnet lies above the board's surface")

    @property
    def rolls(self) -> bool:
        return self.body is not Body.FLAT

    def mounted(self) -> Rotation:
        """The magnet's own frame into the piece's: its z axis along ``axis``."""
        return taking(UP, self.axis)


@dataclass(frozen=True, slots=True)
class Mount:
    """One sensor under a cell: ``offset_mm`` from the cell's centre across the board,
    its centre ``depth_mm`` below the surface, its ``axis`` (a reed's length, a Hall
    element's sensitive direction, pointing where a field reads positive)."""

    offset_mm: tuple[float, float] = (0.0, 0.0)
    axis: Vec = UP


@dataclass(frozen=True, slots=True)
class Build:
    """A whole board's build: the pitch, the piece, each cell's sensors.

    ``mounts``: the sensors under each cell; an occupancy board reads a piece when any of
    them is on. A polarity board reads a piece's pole: with two unipolar switches, the
    first facing up (a north-up magnet turns it on) and the second facing down; with a
    linear sensor, by the sign of its reading. ``tolerance_mm``: how far from a cell's
    centre players set a piece down; every piece within it, in every orientation it can
    take, must read, and no empty cell may (``hardware.magnetics.check``)."""

    pitch_mm: float
    depth_mm: float
    piece: PieceBuild
    part: SensorPart
    mounts: tuple[Mount, ...] = (Mount(),)
    polar: bool = False
    tolerance_mm: float = 3.0
    name: str = ""
    sensitivities: tuple[float, ...] = field(default=(0.0, 1.0))

    def __post_init__(self) -> None:
        if not self.mounts:
            raise ValueError("a cell has a sensor at least")
        if self.polar and self.part.readout is Readout.UNIPOLAR and len(self.mounts) != 2:
            raise ValueError("a polarity board of unipolar switches has two under each cell")
        if self.polar and not self.part.polar:
            raise ValueError(f"{self.part.name} reads no pole")
        for mount in self.mounts:
            reach_up = abs(unit(mount.axis)[2]) * self.part.length_mm / 2 + SKIN_MM
            if reach_up > self.depth_mm:
                raise ValueError(
                    f"a sensor {self.depth_mm:g} mm below the surface pokes through it"
                    f" (it reaches {reach_up:g} mm up from its centre, with {SKIN_MM:g} mm of"
                    " board above it)"
                )

    @property
    def rest_z(self) -> float:
        """The height of a resting piece's magnet above the sensors' plane."""
        return self.depth_mm + self.piece.height_mm

    def sensors_at(self, x: float, y: float) -> tuple[Sensor, ...]:
        """The sensors under the cell centred at (``x``, ``y``)."""
        return tuple(
            sensor(self.part, (x + m.offset_mm[0], y + m.offset_mm[1], 0.0), m.axis)
            for m in self.mounts
        )

    # --- how a piece stands ----------------------------------------------------------

    def rest_rotation(self, yaw_deg: float, north: bool) -> Rotation:
        """The magnet's frame into the board's for a flat piece (or a weighted ball) at
        rest, turned ``yaw_deg`` about the vertical, north up or turned over."""
        rotation = self.piece.mounted()
        if not north:
            rotation = compose(rotation, about((0.0, 1.0, 0.0), math.pi))
        return compose(rotation, about(UP, math.radians(yaw_deg)))

    def rolled(self, rotation: Rotation, direction: Vec, distance_mm: float) -> Rotation:
        """A ball's magnet after rolling ``distance_mm`` along ``direction`` (without
        slipping: about the horizontal axis square to the roll, one radian per radius)."""
        axis = cross(UP, direction)
        if norm(axis) < 1e-12 or distance_mm == 0:
            return rotation
        return compose(rotation, about(unit(axis), distance_mm / self.piece.radius_mm))

    # --- what a cell reads -----------------------------------------------------------

    def thresholds(self, sensitivity: float) -> Thresholds:
        return Thresholds.of(self.part, sensitivity)

    def switch(self, sensor: Sensor, drive: float, was_on: bool, thresholds: Thresholds) -> bool:
        """Whether a sensor that was ``was_on`` is on at ``drive`` (hysteresis)."""
        if was_on:
            return sensor.turns_on(drive, thresholds.release) if thresholds.release else True
        return sensor.turns_on(drive, thresholds.operate)

    def reading(self, states: tuple[bool, ...], drives: tuple[float, ...]) -> Reading:
        """A cell's reading from its sensors' states (and drives, for a linear sensor's
        sign)."""
        if not self.polar:
            return PRESENT if any(states) else EMPTY
        if self.part.readout is Readout.UNIPOLAR:
            up, down = states
            if up == down:
                return EMPTY if not up else PRESENT
            return NORTH if up else SOUTH
        if not states[0]:
            return EMPTY
        return NORTH if drives[0] > 0 else SOUTH

    def describe(self) -> str:
        piece = self.piece
        return (
            f"{piece.magnet.name or piece.magnet.shape.value} ({piece.magnet.grade}),"
            f" {self.part.name}, pitch {self.pitch_mm:g} mm"
        )


def rest_pose(build: Build, x: float, y: float, rotation: Rotation = IDENTITY) -> Pose:
    """The magnet of a piece resting at (``x``, ``y``), turned ``rotation``."""
    return Pose((x, y, build.rest_z), rotation)
