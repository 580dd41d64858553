"""Every way a piece can stand on its cell, as the build check and the simulated hands
draw it."""

from __future__ import annotations

import math
from collections.abc import Iterator

from hardware.magnetics.build import Body, Build
from hardware.magnetics.magnets import Shape
from hardware.magnetics.vectors import UP, Rotation, about, compose, taking

YAW_STEP_DEG = 5.0


def rest_rotations(
    build: Build, *, north: bool | None = None, fine: bool = True
) -> Iterator[Rotation]:
    """The rotations of a resting piece's magnet the build check tries: a flat piece at
    each yaw its players use (every ``YAW_STEP_DEG`` within its slack), face up and turned
    over; a ball every way (a lattice of directions for its magnet's axis, each spun four
    times); a weighted ball up to its tilt. ``north``: only that face (None: both)."""
    piece = build.piece
    faces = (True, False) if north is None else (north,)
    if piece.body is Body.FLAT:
        if turns_alike(build):  # a disc or a rod standing up: every yaw reads alike
            for face in faces:
                yield build.rest_rotation(0.0, face)
            return
        step = YAW_STEP_DEG if fine else 15.0
        for base in piece.yaws:
            count = max(int(piece.yaw_slack // step), 0)
            for index in range(-count, count + 1):
                for face in faces:
                    yield build.rest_rotation(base + index * step, face)
        return
    if piece.body is Body.WEIGHTED_BALL:
        tilts = (0.0, piece.tilt_deg / 2, piece.tilt_deg)
        for face in faces:
            upright = build.rest_rotation(0.0, face)
            for tilt in tilts:
                for azimuth in range(0, 360, 45 if tilt else 360):
                    a = math.radians(azimuth)
                    axis = (math.cos(a), math.sin(a), 0.0)
                    yield compose(upright, about(axis, math.radians(tilt)))
        return
    count = 64 if fine else 24
    for direction in lattice(count):
        turn = taking(UP, direction)
        for spin in (0.0, 90.0, 180.0, 270.0) if fine else (0.0,):
            yield compose(compose(piece_spin(spin), build.piece.mounted()), turn)


def turns_alike(build: Build) -> bool:
    """Whether a piece turned about the vertical reads the same (its magnet round and
    standing up): then only its faces differ."""
    magnet, axis = build.piece.magnet, build.piece.axis
    round_magnet = magnet.shape is not Shape.BLOCK or magnet.size_mm[0] == magnet.size_mm[1]
    return round_magnet and abs(axis[0]) < 1e-9 and abs(axis[1]) < 1e-9


def piece_spin(degrees: float) -> Rotation:
    return about(UP, math.radians(degrees))


def lattice(count: int) -> list[tuple[float, float, float]]:
    """``count`` directions spread evenly over the sphere (a Fibonacci lattice)."""
    golden = math.pi * (3.0 - math.sqrt(5.0))
    directions = []
    for index in range(count):
        z = 1.0 - 2.0 * (index + 0.5) / count
        r = math.sqrt(max(1.0 - z * z, 0.0))
        theta = golden * index
        directions.append((r * math.cos(theta), r * math.sin(theta), z))
    return directions
