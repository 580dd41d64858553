"""The build check's two pictures, as rows of colours: a cell's read zone and a slide's
timeline (``kiban build-check --pictures`` writes them as PNG files)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from hardware.magnetics.build import Build
from hardware.magnetics.check import Limits, Passage, Stance, margin, stances
from hardware.magnetics.magnets import Pose

Colour = tuple[int, int, int]

EVERY_WAY: Colour = (46, 160, 67)  # read in every stance
SOME_WAYS: Colour = (230, 180, 40)  # read in some stances only: a dead orientation
NEVER: Colour = (235, 235, 235)
TOLERANCE: Colour = (30, 30, 30)
SENSOR: Colour = (200, 40, 40)
ORIGIN: Colour = (60, 110, 200)
TARGET: Colour = (200, 90, 40)
BACKGROUND: Colour = (255, 255, 255)
TICK: Colour = (150, 150, 150)


def read_zone(build: Build, *, step_mm: float = 0.5, fine: bool = False) -> list[list[Colour]]:
    """Where on and about a cell a resting piece reads (its magnet's centre at each
    point, the weakest magnet, the least sensitive switch), a pitch across: green in every
    stance, amber in some, grey in none; the stated tolerance as a black circle, the
    sensors' centres in red."""
    limits = Limits.of(build)
    sensors = build.sensors_at(0.0, 0.0)
    half = build.pitch_mm / 2
    count = int(2 * half / step_mm) + 1
    all_stances: Sequence[Stance] = stances(build, fine=fine)
    rows: list[list[Colour]] = []
    for row in range(count):
        y = half - row * step_mm
        line: list[Colour] = []
        for column in range(count):
            x = -half + column * step_mm
            reads = 0
            for stance in all_stances:
                pose = Pose((x, y, build.rest_z), stance.rotation)
                drives = [sensor.drive([(limits.weak, pose)]) for sensor in sensors]
                if margin(build, sensors, drives, stance.north, limits) >= 0:
                    reads += 1
            colour = EVERY_WAY if reads == len(all_stances) else SOME_WAYS if reads else NEVER
            if abs(math.hypot(x, y) - build.tolerance_mm) < step_mm / 2:
                colour = TOLERANCE
            if any(math.hypot(x - s.centre[0], y - s.centre[1]) < step_mm for s in sensors):
                colour = SENSOR
            line.append(colour)
        rows.append(line)
    return rows


def timeline(passage: Passage, *, ms_per_pixel: float = 5.0) -> list[list[Colour]]:
    """A slide's timeline: the origin's readings (blue) above the target's (orange), one
    pixel every ``ms_per_pixel``, a grey tick every 100 ms."""
    end = max(
        passage.duration,
        *(e for _, e in passage.origin if math.isfinite(e)),
        *(e for _, e in passage.target if math.isfinite(e)),
    )
    width = int(end * 1000 / ms_per_pixel) + 2
    rows: list[list[Colour]] = []
    for spans, colour in ((passage.origin, ORIGIN), (passage.target, TARGET)):
        for _ in range(12):
            line: list[Colour] = []
            for column in range(width):
                t = column * ms_per_pixel / 1000
                inside = any(start <= t < stop for start, stop in spans)
                line.append(colour if inside else BACKGROUND)
            rows.append(line)
        rows.append(
            [TICK if (c * ms_per_pixel) % 100 < ms_per_pixel else BACKGROUND for c in range(width)]
        )
    return rows
