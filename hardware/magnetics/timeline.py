"""What every sensor of a board reads while magnets move, with their fields added.

The magnets still on the board add a constant drive to each sensor; the moving ones are
sampled along their ways (every ``STEP_MM`` of travel, every ``STEP_DEG`` of turn, and at
the ends of each leg), and where a sensor's state changes between two samples the
instant is found by bisection. A sensor far from every moving magnet (farther than the
build's ``reach``, where one magnet's drive falls below a hundredth of the lowest
threshold) is not evaluated: what it reads does not change.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine.physical import Reading, Spot
from hardware.magnetics.build import Build
from hardware.magnetics.magnets import Magnet, Pose
from hardware.magnetics.sensing import Sensor, Thresholds
from hardware.magnetics.vectors import Vec, dot, norm, sub

STEP_MM = 0.5
"""Samples along a way: a sensor's read zone is millimetres across, so a pulse on it
lasts several samples at any speed."""

STEP_DEG = 4.0
"""Samples along a turn (a rolling ball's magnet)."""

BISECTIONS = 8
"""Halvings of the interval where a sensor changed: 2^-8 of a sample's time (a 0.5 mm
sample to 2 micrometres)."""

SETTLED = 1e-6

MOST_CHANGES = 4
"""Changes looked for between two samples of one cell (a sample is half a millimetre of
travel: more than a pulse and a sign's turn no read zone holds)."""


@dataclass(frozen=True, slots=True)
class Moving:
    """A magnet on its way: its pose at any instant from ``start`` to ``end`` (before
    and after, it rests where its way begins and ends), and the instants worth sampling
    (each leg's ends at least)."""

    magnet: Magnet
    pose_at: Callable[[float], Pose]
    start: float
    end: float
    marks: tuple[float, ...] = ()
    appears: float = -math.inf  # before, it is elsewhere (on a way of its own, or not yet)
    vanishes: float = math.inf  # from then on, it is on its next way

    def present(self, t: float) -> bool:
        return self.appears <= t < self.vanishes


Key = tuple[Spot, int]
"""A sensor: its cell and its place among the cell's sensors."""


@dataclass
class Cells:
    """A board's sensors, each cell's with its thresholds and its state now."""

    build: Build
    sensors: Mapping[Spot, tuple[Sensor, ...]]
    thresholds: Mapping[Key, Thresholds]
    states: dict[Key, bool]
    reach_mm: float
    near_mm: float = math.inf  # beyond, no one magnet moves a sensor's state (``sense``)

    def reading(self, spot: Spot, drives: tuple[float, ...]) -> Reading:
        count = len(self.sensors[spot])
        return self.build.reading(tuple(self.states[(spot, i)] for i in range(count)), drives)

    def centre(self, spot: Spot) -> Vec:
        return self.sensors[spot][0].centre

    def settle(self, spot: Spot, drives: tuple[float, ...]) -> bool:
        """Move the cell's sensors to what ``drives`` make them; whether any changed."""
        changed = False
        for index, (sensor, drive) in enumerate(zip(self.sensors[spot], drives, strict=True)):
            key = (spot, index)
            now = self.build.switch(sensor, drive, self.states[key], self.thresholds[key])
            if now != self.states[key]:
                self.states[key] = now
                changed = True
        return changed

    def would(self, spot: Spot, drives: tuple[float, ...]) -> tuple[bool, ...]:
        return tuple(
            self.build.switch(
                sensor, drive, self.states[(spot, index)], self.thresholds[(spot, index)]
            )
            for index, (sensor, drive) in enumerate(zip(self.sensors[spot], drives, strict=True))
        )


def drives_of(
    sensors: Sequence[Sensor], magnets: Sequence[tuple[Magnet, Pose]], reach_mm: float
) -> tuple[float, ...]:
    """Each sensor's drive from the magnets within ``reach_mm`` of it."""
    result = []
    for sensor in sensors:
        near = [(m, p) for m, p in magnets if norm(sub(p.centre, sensor.centre)) <= reach_mm]
        result.append(sensor.drive(near) if near else 0.0)
    return tuple(result)


def sample_times(moving: Sequence[Moving], step_mm: float = STEP_MM) -> list[float]:
    """The instants at which the moving magnets are sampled."""
    times: set[float] = set()
    for body in moving:
        marks = sorted(
            {body.start, body.end, *body.marks}
            | {t for t in (body.appears, body.vanishes) if math.isfinite(t)}
        )
        times.update(marks)
        for t0, t1 in itertools.pairwise(marks):
            if t1 <= t0:
                continue
            a, b = body.pose_at(t0), body.pose_at(t1)
            travel = norm(sub(b.centre, a.centre))
            turn = _angle_between(a, b)
            count = max(1, math.ceil(travel / step_mm), math.ceil(turn / STEP_DEG))
            times.update(t0 + (t1 - t0) * i / count for i in range(1, count))
    return sorted(times)


def _angle_between(a: Pose, b: Pose) -> float:
    """Degrees between two rotations' z axes (how far a magnet's axis turned)."""
    za = (a.rotation[0][2], a.rotation[1][2], a.rotation[2][2])
    zb = (b.rotation[0][2], b.rotation[1][2], b.rotation[2][2])
    return math.degrees(math.acos(max(-1.0, min(1.0, dot(za, zb)))))


def sense(
    cells: Cells,
    still: Sequence[tuple[Magnet, Pose]],
    moving: Sequence[Moving],
    *,
    only: frozenset[Spot] | None = None,
) -> list[tuple[float, Spot, Reading]]:
    """Every change of every cell's reading while ``moving`` move among ``still``, in
    time order: (when, cell, its reading from then on).

    A cell is sampled only while some moving magnet is within ``cells.near_mm`` of it
    (and at the samples either side): farther, no magnet of a build that passes the
    check moves its drive by a twentieth of its lowest release point, so its state
    cannot change there."""
    if not moving:
        return []
    times = sample_times(moving)
    reach, near = cells.reach_mm, cells.near_mm
    poses = [[(body.magnet, body.pose_at(t)) for body in moving if body.present(t)] for t in times]
    points = [pose.centre for magnets in poses for _, pose in magnets]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    low_x, high_x, low_y, high_y = min(xs) - near, max(xs) + near, min(ys) - near, max(ys) + near
    changes: list[tuple[float, Spot, Reading]] = []
    for spot, found in cells.sensors.items():
        if only is not None and spot not in only:
            continue
        centre = found[0].centre
        if not (low_x <= centre[0] <= high_x and low_y <= centre[1] <= high_y):
            continue
        close = [
            index
            for index, magnets in enumerate(poses)
            if any(norm(sub(pose.centre, centre)) <= near for _, pose in magnets)
        ]
        if close:
            wanted = sorted(
                {i for index in close for i in (index - 1, index, index + 1)}
                & set(range(len(times)))
            )
            samples = [(times[i], poses[i]) for i in wanted]
            changes += _cell_changes(cells, spot, drives_of(found, still, reach), moving, samples)
    changes.sort(key=lambda change: change[0])
    return changes


def _cell_changes(
    cells: Cells,
    spot: Spot,
    static: tuple[float, ...],
    moving: Sequence[Moving],
    samples: Sequence[tuple[float, Sequence[tuple[Magnet, Pose]]]],
) -> list[tuple[float, Spot, Reading]]:
    """One cell's changes at ``samples`` (times, and the moving magnets' poses then),
    ``static`` its drives from the magnets at rest; each change's instant bisected."""
    found = cells.sensors[spot]

    def total(t: float, magnets: Sequence[tuple[Magnet, Pose]] | None = None) -> tuple[float, ...]:
        if magnets is None:
            magnets = [(body.magnet, body.pose_at(t)) for body in moving if body.present(t)]
        extra = drives_of(found, magnets, cells.reach_mm)
        return tuple(a + b for a, b in zip(static, extra, strict=True))

    def reads(drives: tuple[float, ...]) -> Reading:
        """What the cell would read at ``drives``, from the sensors' states now."""
        return cells.build.reading(cells.would(spot, drives), drives)

    changes: list[tuple[float, Spot, Reading]] = []
    before = samples[0][0]
    current = cells.reading(spot, total(before))
    for t, magnets in samples:
        drives = total(t, magnets)
        # several changes may lie between two samples (a linear sensor's reading turning
        # from north through empty to south): each is found, the earliest first
        for _ in range(MOST_CHANGES):
            if reads(drives) == current and cells.would(spot, drives) == _states(cells, spot):
                break
            low, high = before, t
            for _ in range(BISECTIONS):
                middle = (low + high) / 2
                here = total(middle)
                if reads(here) == current and cells.would(spot, here) == _states(cells, spot):
                    low = middle
                else:
                    high = middle
            cells.settle(spot, total(high))
            now = cells.reading(spot, total(high))
            if now != current:
                changes.append((high, spot, now))
                current = now
            before = high
        before = t
    return changes


def _states(cells: Cells, spot: Spot) -> tuple[bool, ...]:
    return tuple(cells.states[(spot, i)] for i in range(len(cells.sensors[spot])))
