"""The build check: does a board read every piece at rest, and only pieces?

For a build and a game's cells it finds, per cell:

- **the placement tolerance at rest**: how far from the cell's centre a piece may rest,
  in every orientation it can take, and still read (its pole right, on a polarity
  board), with the weakest magnet of its grade, the least sensitive switch of its part,
  and every arrangement of neighbours pushing against it;
- **dead orientations**: the ways a piece can stand within the build's stated tolerance
  that do not read;
- **phantoms**: whether the neighbours of an empty cell, in any arrangement (each
  present or not, anywhere within the tolerance, turned any way, the strongest magnet,
  the most sensitive switch), can make it read, or keep it reading once its piece left.

Fields add, so an arrangement's drive on a sensor is the sum of each neighbour's; the
check bounds it by the sum of each neighbour's largest (a bound every arrangement stays
within, reached when every neighbour happens to push the same way).

And for each direction a piece slides (or rolls) to a neighbour, at the slowest and the
fastest hand: the pulses each cell reads, how long both read it and how long neither,
and how long its own cell keeps reading it after the hand began: the figures the
recognizer's timing rests on (``engine.recognition.sensors.SensorModel``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.geometry import Geometry
from engine.physical import EMPTY, Spot
from engine.recognition.sensors import NEIGHBOURS
from hardware.magnetics.build import Build
from hardware.magnetics.magnets import Magnet, Pose
from hardware.magnetics.orientations import rest_rotations
from hardware.magnetics.sensing import Readout, Sensor
from hardware.magnetics.timeline import Cells, Moving, sense
from hardware.magnetics.vectors import Rotation, unit

RING_STEPS = 16
"""Directions tried on each circle about a cell's centre."""

NOTABLE = 0.05
"""A moving magnet farther from a sensor than where its drive falls below this share of
the lowest release point cannot change the state of a build that passes the check (whose
margins exceed it): the simulation samples a cell only while one is nearer."""

RADIUS_STEP_MM = 0.25
FAINT = 0.002
"""A magnet is out of a sensor's reach where its drive falls below this share of the
lowest release threshold (``reach``)."""

SLOWEST_MM_S = 40.0
FASTEST_MM_S = 400.0
"""The hands' slowest and fastest slide or roll (``hardware.mock.orders.Habits``)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The weakest and strongest of a build's magnets and switches."""

    weak: Magnet
    strong: Magnet
    least_operate: float  # the least sensitive switch's operate point
    most_operate: float
    most_release: float  # the most sensitive switch's release point (the lowest)

    @classmethod
    def of(cls, build: Build) -> Limits:
        magnet = build.piece.magnet
        low, high = magnet.remanence_range
        least, most = build.thresholds(0.0), build.thresholds(1.0)
        return cls(magnet.at(low), magnet.at(high), least.operate, most.operate, most.release)


def reach(build: Build, share: float = FAINT) -> float:
    """How far (mm, magnet centre to sensor centre) one magnet can still move a sensor:
    beyond it, its drive is below ``share`` of the lowest release point, whichever way
    it is turned."""
    limits = Limits.of(build)
    probe = build.sensors_at(0.0, 0.0)
    floor = share * limits.most_release
    rotations = list(rest_rotations(build, fine=False))
    low, high = 1.0, 400.0
    for _ in range(30):
        middle = (low + high) / 2
        # beside the sensor at a resting piece's height, or straight above it
        strongest = max(
            abs(sensor.drive([(limits.strong, Pose(centre, r))]))
            for centre in ((middle, 0.0, build.rest_z), (0.0, 0.0, middle))
            for sensor in probe
            for r in rotations
        )
        if strongest > floor:
            low = middle
        else:
            high = middle
    return high


def release_height(build: Build) -> float:
    """How high above its resting height a piece over its cell's centre must be lifted
    before the cell lets go of it, whichever way it stands (the strongest magnet, the
    most sensitive switch): a hand holding a piece lower is still on the cell, as far as
    any sensor can tell."""
    limits = Limits.of(build)
    probe = build.sensors_at(0.0, 0.0)
    rotations = [stance.rotation for stance in stances(build, fine=False)]

    def reads(height: float) -> bool:
        for rotation in rotations:
            pose = Pose((0.0, 0.0, build.rest_z + height), rotation)
            for sensor in probe:
                if sensor.turns_on(sensor.drive([(limits.strong, pose)]), limits.most_release):
                    return True
        return False

    low, high = 0.0, 200.0
    if not reads(low):
        return 0.0
    for _ in range(30):
        middle = (low + high) / 2
        if reads(middle):
            low = middle
        else:
            high = middle
    return high


# --- at rest --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stance:
    """One way a piece can stand: how its magnet is turned and which pole it shows."""

    rotation: Rotation
    north: bool


def stances(build: Build, *, fine: bool = True) -> list[Stance]:
    return [
        Stance(rotation, north)
        for north in (True, False)
        for rotation in rest_rotations(build, north=north, fine=fine)
    ]


def margin(
    build: Build, sensors: Sequence[Sensor], drives: Sequence[float], north: bool, limits: Limits
) -> float:
    """How far (mT) a cell's drives are from a wrong reading of a piece showing
    ``north``: positive reads right even with that much pushed against it."""
    if not build.polar:
        best = -math.inf
        for sensor, drive in zip(sensors, drives, strict=True):
            value = drive if sensor.part.readout is Readout.UNIPOLAR else abs(drive)
            best = max(best, value - limits.least_operate)
        return best
    if build.part.readout is Readout.UNIPOLAR:
        up, down = drives
        right, wrong = (up, down) if north else (down, up)
        return min(right - limits.least_operate, limits.most_operate - wrong)
    drive = drives[0] if north else -drives[0]
    return drive - limits.least_operate


def own_margins(
    build: Build, radii: Iterable[float], limits: Limits, *, fine: bool = True
) -> dict[float, tuple[float, Stance | None]]:
    """For each radius, the worst margin of a piece resting that far from its cell's
    centre (over the directions around and every stance), and the stance it was worst
    in."""
    sensors = build.sensors_at(0.0, 0.0)
    result: dict[float, tuple[float, Stance | None]] = {}
    all_stances = stances(build, fine=fine)
    for radius in radii:
        worst, worst_stance = math.inf, None
        for step in range(RING_STEPS if radius else 1):
            angle = 2 * math.pi * step / RING_STEPS
            x, y = radius * math.cos(angle), radius * math.sin(angle)
            for stance in all_stances:
                pose = Pose((x, y, build.rest_z), stance.rotation)
                drives = [sensor.drive([(limits.weak, pose)]) for sensor in sensors]
                value = margin(build, sensors, drives, stance.north, limits)
                if value < worst:
                    worst, worst_stance = value, stance
        result[radius] = (worst, worst_stance)
    return result


def neighbour_push(
    build: Build, offset: tuple[float, float], limits: Limits, *, fine: bool = True
) -> float:
    """The most (mT) a piece resting on the cell ``offset`` away can add to any sensor
    of this cell, anywhere within the tolerance, turned any way (the strongest magnet)."""
    sensors = build.sensors_at(0.0, 0.0)
    tolerance = build.tolerance_mm
    points = [(0.0, 0.0)]
    for fraction in (0.5, 1.0):
        for step in range(8):
            angle = 2 * math.pi * step / 8
            points.append(
                (tolerance * fraction * math.cos(angle), tolerance * fraction * math.sin(angle))
            )
    worst = 0.0
    for stance in stances(build, fine=fine):
        for dx, dy in points:
            pose = Pose((offset[0] + dx, offset[1] + dy, build.rest_z), stance.rotation)
            for sensor in sensors:
                worst = max(worst, abs(sensor.drive([(limits.strong, pose)])))
    return worst


@dataclass(frozen=True, slots=True)
class CellReport:
    """What the build check found of one cell."""

    spot: Spot
    tolerance_mm: float  # how far off centre a piece still reads, every way it stands
    push_mt: float  # the most every arrangement of neighbours can add to its sensors
    dead: tuple[tuple[float, Stance], ...]  # (radius, stance) within the stated tolerance
    phantom: bool  # neighbours alone can make it read or hold it reading

    def passes(self, build: Build) -> bool:
        return not self.dead and not self.phantom and self.tolerance_mm >= build.tolerance_mm


def cell_offsets(geometry: Geometry, pitch_mm: float) -> dict[Spot, tuple[float, float]]:
    """Each cell's centre in millimetres (the drawing's units scaled to the pitch)."""
    return {place.spot: (place.x * pitch_mm, place.y * pitch_mm) for place in geometry.cells}


def check_cells(build: Build, geometry: Geometry, *, fine: bool = True) -> list[CellReport]:
    """The rest checks for every cell of a board."""
    limits = Limits.of(build)
    far = reach(build)
    centres = cell_offsets(geometry, build.pitch_mm)
    step = RADIUS_STEP_MM if fine else 1.0
    top = build.tolerance_mm + 4.0
    radii = [round(i * step, 3) for i in range(int(top / step) + 1)]
    margins = own_margins(build, radii, limits, fine=fine)
    pushes: dict[tuple[float, float], float] = {}
    reports = []
    for spot, (x, y) in sorted(centres.items()):
        push = 0.0
        for other, (ox, oy) in centres.items():
            if other == spot or math.hypot(ox - x, oy - y) > far + build.tolerance_mm:
                continue
            key = (round(ox - x, 3), round(oy - y, 3))
            if key not in pushes:
                pushes[key] = neighbour_push(build, key, limits, fine=fine)
            push += pushes[key]
        tolerance = 0.0
        for radius in radii:
            if margins[radius][0] - push < 0:
                break
            tolerance = radius
        dead = tuple(
            (radius, stance)
            for radius, (value, stance) in margins.items()
            if radius <= build.tolerance_mm and value - push < 0 and stance is not None
        )
        phantom = push >= limits.most_release
        reports.append(CellReport(spot, tolerance, push, dead, phantom))
    return reports


# --- a slide or a roll to a neighbour ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Passage:
    """A piece slid or rolled from a cell to its neighbour over an empty board: what the
    two cells read, in seconds from the hand's start."""

    direction: tuple[float, float]
    speed_mm_s: float
    origin: tuple[tuple[float, float], ...]  # the stretches the origin reads it
    target: tuple[tuple[float, float], ...]
    duration: float
    others: int = 0  # pulses on other cells

    @property
    def overlap_s(self) -> float:
        return _longest(_intersect(self.origin, self.target))

    @property
    def gap_s(self) -> float:
        """The longest stretch neither reads it, between its first and its last reading."""
        both = sorted([*self.origin, *self.target])
        if not both:
            return self.duration
        gaps, reach_to = [], both[0][1]
        for start, end in both[1:]:
            if start > reach_to:
                gaps.append(start - reach_to)
            reach_to = max(reach_to, end)
        return max(gaps, default=0.0)

    @property
    def departs_s(self) -> float:
        """When its own cell last lets go of it."""
        return max((end for _, end in self.origin), default=0.0)


def _intersect(
    a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]]
) -> list[tuple[float, float]]:
    return [(max(s0, s1), min(e0, e1)) for s0, e0 in a for s1, e1 in b if min(e0, e1) > max(s0, s1)]


def _longest(spans: Sequence[tuple[float, float]]) -> float:
    return max((end - start for start, end in spans), default=0.0)


def directions(geometry: Geometry) -> list[tuple[float, float]]:
    """The distinct steps from a cell to its neighbours, the diagonal ones too (one of
    each opposite pair, in the drawing's units): the slides whose two cells may read a
    piece at once (``engine.recognition.sensors.NEIGHBOURS``)."""
    cells = geometry.cells
    found: list[tuple[float, float]] = []
    for a in cells:
        for b in cells:
            dx, dy = b.x - a.x, b.y - a.y
            if 0.5 < math.hypot(dx, dy) < NEIGHBOURS:
                step = (round(dx, 3), round(dy, 3))
                if step not in found and (-step[0], -step[1]) not in found:
                    found.append(step)
    return sorted(found)


def passage(
    build: Build,
    step: tuple[float, float],
    speed_mm_s: float,
    stance: Stance,
    *,
    sensitivity: float = 0.5,
) -> Passage:
    """A piece slid (or a ball rolled) from one cell's centre to the next along ``step``
    (drawing units), nothing else on the board."""
    dx, dy = step[0] * build.pitch_mm, step[1] * build.pitch_mm
    length = math.hypot(dx, dy)
    duration = length / speed_mm_s
    direction = unit((dx, dy, 0.0))
    magnet = build.piece.magnet
    start_rotation = stance.rotation

    def pose_at(t: float) -> Pose:
        f = min(max(t / duration, 0.0), 1.0)
        rotation = start_rotation
        if build.piece.rolls:
            rotation = build.rolled(start_rotation, direction, f * length)
        return Pose((f * dx, f * dy, build.rest_z), rotation)

    spots = {"from": (0.0, 0.0), "to": (dx, dy)}
    sensors = {spot: build.sensors_at(x, y) for spot, (x, y) in spots.items()}
    thresholds = {
        (spot, i): build.thresholds(sensitivity)
        for spot in sensors
        for i in range(len(sensors[spot]))
    }
    states = dict.fromkeys(thresholds, False)
    first = pose_at(0.0)
    for index, sensor in enumerate(sensors["from"]):
        key = ("from", index)
        states[key] = build.switch(sensor, sensor.drive([(magnet, first)]), False, thresholds[key])
    cells = Cells(build, sensors, thresholds, states, reach_mm=math.inf)
    reading = {
        spot: cells.reading(spot, tuple(s.drive([(magnet, first)]) for s in sensors[spot]))
        for spot in spots
    }
    body = Moving(magnet, pose_at, 0.0, duration, (0.0, duration))
    changes = sense(cells, [], [body])
    spans: dict[Spot, list[tuple[float, float]]] = {"from": [], "to": []}
    since: dict[Spot, float | None] = {
        spot: (0.0 if reading[spot] != EMPTY else None) for spot in spots
    }
    for at, spot, now in changes:
        if now == EMPTY and since[spot] is not None:
            spans[spot].append((since[spot] or 0.0, at))
            since[spot] = None
        elif now != EMPTY and since[spot] is None:
            since[spot] = at
    for spot in spots:
        if since[spot] is not None:
            spans[spot].append((since[spot] or 0.0, math.inf))
    return Passage(
        (step[0], step[1]),
        speed_mm_s,
        tuple(spans["from"]),
        tuple((s, min(e, duration + 1.0)) for s, e in spans["to"]),
        duration,
    )


@dataclass(frozen=True, slots=True)
class Motion:
    """The worst of every slide or roll to a neighbour, in millimetres of travel at a
    steady speed (so at any speed: divide by it)."""

    overlap_mm: float
    gap_mm: float
    departs_mm: float
    origin_pulses: int
    target_pulses: int
    passages: tuple[Passage, ...] = field(default=())


def motion(build: Build, geometry: Geometry, *, fine: bool = True) -> Motion:
    """Slides (or rolls) along every direction, in every stance a piece starts from."""
    overlap = gap = departs = 0.0
    origin_pulses = target_pulses = 0
    found = []
    speed = SLOWEST_MM_S
    for step in directions(geometry):
        for stance in stances(build, fine=False):
            one = passage(build, step, speed, stance)
            found.append(one)
            overlap = max(overlap, one.overlap_s * speed)
            gap = max(gap, one.gap_s * speed)
            departs = max(departs, one.departs_s * speed)
            origin_pulses = max(origin_pulses, len(one.origin))
            target_pulses = max(target_pulses, len(one.target))
    return Motion(overlap, gap, departs, origin_pulses, target_pulses, tuple(found))
