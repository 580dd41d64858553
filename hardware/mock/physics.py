"""Pieces as bodies moving over the sensors under a board, and what each sensor reads.

A sensor under a cell does not know which cell a piece is on: it reads the field of
every magnet near it, added, along its own axis (``hardware.magnetics``: a Hall element
the component along its sensitive axis, a reed switch the field its blades gather end to
end), turns on at its operate point and off at its release point. So a marble rolled
along its groove may read on its old and new hole at once, or on neither, and turns its
magnet as it rolls; a piece slid across a reed may read on it three times (the reed's
lobes); a piece set down off centre reads or not as the field there says; a ring of
neighbours adds up under an empty cell. None of this is listed here: it follows from
where each magnet is and how it is turned at each instant.

A body's magnet moves along a ``Path``: straight ``Leg``s at constant velocity in
millimetres (x, y across the board as ``engine.geometry`` draws it, scaled by the pitch;
z up from the plane of the sensors' centres, so a piece at rest has ``z ==
build.rest_z``), and turns as its ``Turning`` says. ``Board.sense`` samples every moving
magnet, adds the field of every one at rest, and returns each cell's changes of reading
(``hardware.magnetics.timeline``).

Only the board's cells are simulated as fields; a sensed place off the board (a stand
slot, a gutter, a stock slot) reads as its stones.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.geometry import Geometry
from engine.physical import EMPTY, SOUTH, Reading, Spot
from engine.recognition.sensors import SensorModel
from hardware.magnetics.build import Build
from hardware.magnetics.check import NOTABLE, reach, release_height
from hardware.magnetics.magnets import Magnet, Pose
from hardware.magnetics.sensing import Readout, Sensor, Thresholds
from hardware.magnetics.timeline import Cells, Key, Moving, drives_of, sense
from hardware.magnetics.vectors import Rotation, Vec

Change = tuple[float, Spot, Reading]
"""A cell's change: when (seconds), which cell, and what it reads from then on."""


@dataclass(frozen=True, slots=True)
class Leg:
    """The magnet moving straight and at a constant velocity from ``start`` (at ``t0``) to
    ``end`` (at ``t1``); ``start == end`` is a body at rest."""

    t0: float
    t1: float
    start: Vec
    end: Vec

    def at(self, t: float) -> Vec:
        if self.t1 <= self.t0:
            return self.end
        f = min(max((t - self.t0) / (self.t1 - self.t0), 0.0), 1.0)
        sx, sy, sz = self.start
        ex, ey, ez = self.end
        return (sx + f * (ex - sx), sy + f * (ey - sy), sz + f * (ez - sz))


@dataclass(frozen=True, slots=True)
class Path:
    """A body's way in time: its legs follow one another without a jump."""

    legs: tuple[Leg, ...]

    @property
    def start(self) -> float:
        return self.legs[0].t0

    @property
    def end(self) -> float:
        return self.legs[-1].t1

    def at(self, t: float) -> Vec:
        for leg in self.legs:
            if t <= leg.t1:
                return leg.at(t)
        return self.legs[-1].end

    def then(self, point: Vec, speed: float) -> Path:
        """This path followed by a straight move to ``point`` at ``speed`` mm/s."""
        last = self.legs[-1]
        length = math.dist(last.end, point)
        duration = length / speed if speed > 0 else 0.0
        return Path((*self.legs, Leg(last.t1, last.t1 + duration, last.end, point)))

    def wait(self, until: float) -> Path:
        """This path followed by a rest where it ends, until ``until``."""
        last = self.legs[-1]
        if until <= last.t1:
            return self
        return Path((*self.legs, Leg(last.t1, until, last.end, last.end)))

    def marks(self) -> tuple[float, ...]:
        return tuple(sorted({leg.t0 for leg in self.legs} | {leg.t1 for leg in self.legs}))

    def travelled(self, t: float) -> float:
        """How far along the board's surface (x, y) the body has gone by ``t``."""
        total = 0.0
        for leg in self.legs:
            if t <= leg.t0:
                break
            a, b = leg.start, leg.at(min(t, leg.t1))
            total += math.hypot(b[0] - a[0], b[1] - a[1])
        return total


def at_rest(point: Vec, t: float) -> Path:
    """A body resting at ``point`` from ``t`` (the start of every path)."""
    return Path((Leg(t, t, point, point),))


# --- how a body turns on its way -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turning:
    """How a body's magnet is turned along its path: ``before`` until ``swap`` (a piece
    turned in the air, at the top of its lift: set down another way, promoted), then
    ``after``; a ball on the surface rolls (``rolls``: turned about the axis square to
    its way, one radian per radius, less what it slipped), and a weighted ball rights
    itself once at rest."""

    before: Rotation
    after: Rotation
    swap: float = math.inf
    rolls: bool = False
    slip: float = 0.0
    rights: bool = False  # a weighted ball: ``after`` (upright) once at rest


@dataclass(frozen=True, slots=True)
class Body:
    """One magnet on its way."""

    magnet: Magnet
    path: Path
    turning: Turning
    appears: float = -math.inf  # before, the stone is on an earlier way of this move
    vanishes: float = math.inf  # from then on, it is on its next way

    def moving(self, board: Board) -> Moving:
        build, path, turning = board.build, self.path, self.turning

        def pose_at(t: float) -> Pose:
            centre = path.at(t)
            if turning.rolls:
                rotation = turning.before
                for leg in path.legs:
                    if t <= leg.t0:
                        break
                    a, b = leg.start, leg.at(min(t, leg.t1))
                    step = (b[0] - a[0], b[1] - a[1], 0.0)
                    length = math.hypot(step[0], step[1])
                    if length > 0:
                        rolled = length * (1.0 - turning.slip)
                        rotation = build.rolled(rotation, step, rolled)
                if t >= path.end and turning.rights:
                    rotation = turning.after
                return Pose(centre, rotation)
            return Pose(centre, turning.before if t < turning.swap else turning.after)

        marks = path.marks() + ((turning.swap,) if math.isfinite(turning.swap) else ())
        return Moving(
            self.magnet, pose_at, path.start, path.end, marks, self.appears, self.vanishes
        )


# --- the board -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Board:
    """A board's build, where each place is (mm), each cell's sensors and their
    thresholds (each switch somewhere in its part's bands), and the timing figures the
    build gives (``model``, the recognizer's)."""

    build: Build
    places: Mapping[Spot, tuple[float, float]]
    sensors: Mapping[Spot, tuple[Sensor, ...]]
    thresholds: Mapping[Key, Thresholds]
    reach_mm: float
    model: SensorModel
    clear_mm: float = 0.0  # how high a lifted piece must be to be out of its cell's reach
    near_mm: float = math.inf  # a moving magnet farther cannot change a sensor's state

    @classmethod
    def of(
        cls,
        geometry: Geometry,
        build: Build,
        model: SensorModel,
        *,
        sensitivity: float | None = None,
        seed: int = 0,
    ) -> Board:
        """A game's drawing scaled so that the nearest two cells lie ``pitch_mm`` apart
        (every game draws neighbouring cells one unit apart); each switch's place in its
        part's bands drawn from ``seed`` (or all at ``sensitivity``)."""
        scale = build.pitch_mm
        places = {
            place.spot: (place.x * scale, place.y * scale)
            for place in (*geometry.cells, *geometry.off_board)
        }
        cells = {place.spot for place in geometry.cells}
        sensors = {spot: build.sensors_at(*places[spot]) for spot in sorted(cells)}
        rng = random.Random(seed)
        thresholds = {
            (spot, index): build.thresholds(rng.random() if sensitivity is None else sensitivity)
            for spot, found in sensors.items()
            for index in range(len(found))
        }
        clear = release_height(build) + 1.0
        near = reach(build, NOTABLE)
        return cls(build, places, sensors, thresholds, reach(build), model, clear, near)

    # --- where things are ------------------------------------------------------------

    @property
    def rest_z(self) -> float:
        return self.build.rest_z

    @property
    def release_mm(self) -> float:
        """How far from a sensor a magnet can be read at most, as one distance (the
        hands' planning only: where a low carry is out of a cell's reach)."""
        return (
            max(math.hypot(self.model.departs_mm, self.rest_z), self.rest_z + self.clear_mm) + 1.0
        )

    def rest(self, spot: Spot, offset: tuple[float, float] = (0.0, 0.0)) -> Vec:
        """Where the magnet of a piece at rest on ``spot`` is."""
        x, y = self.places[spot]
        return (x + offset[0], y + offset[1], self.rest_z)

    def above(self, spot: Spot, height_mm: float, offset: tuple[float, float] = (0.0, 0.0)) -> Vec:
        x, y = self.places[spot]
        return (x + offset[0], y + offset[1], self.rest_z + height_mm)

    def rotation(self, north: bool, yaw_deg: float = 0.0) -> Rotation:
        """A flat piece's magnet (or a weighted ball's) at rest, as the piece stands."""
        return self.build.rest_rotation(yaw_deg, north)

    # --- what the sensors read ---------------------------------------------------------

    def cells(self, frame: Mapping[Spot, Reading]) -> Cells:
        """The cells' sensors as the board reads ``frame`` now: each sensor on where its
        cell reads a piece (the pole's switch, on a polarity board)."""
        states = {
            (spot, index): self._was_on(sensor, index, frame.get(spot, EMPTY))
            for spot, found in self.sensors.items()
            for index, sensor in enumerate(found)
        }
        return Cells(self.build, self.sensors, self.thresholds, states, self.reach_mm, self.near_mm)

    def _was_on(self, sensor: Sensor, index: int, reading: Reading) -> bool:
        """Whether a cell reading ``reading`` has this sensor on (a polarity pair: the
        switch of that pole)."""
        if reading == EMPTY:
            return False
        if self.build.polar and sensor.part.readout is Readout.UNIPOLAR:
            return reading == SOUTH if index == 1 else reading != SOUTH
        return True

    def sense(
        self,
        frame: Mapping[Spot, Reading],
        still: Sequence[tuple[Magnet, Pose]],
        bodies: Iterable[Body],
    ) -> tuple[list[Change], dict[Spot, Reading]]:
        """Every change of every cell while ``bodies`` move among ``still`` (the board
        reading ``frame`` as they start), and what each cell it touched reads at the end."""
        moving = [body.moving(self) for body in bodies]
        cells = self.cells(frame)
        changes = sense(cells, still, moving)
        final: dict[Spot, Reading] = {}
        for _, spot, reading in changes:
            final[spot] = reading
        return changes, final

    def first_reading(self, spot: Spot, body: Body, reads: bool) -> float | None:
        """When ``spot`` first starts (``reads``) or stops reading ``body`` alone on its
        way, if it does (the hands plan their swaps by it: a cell sees each state for its
        debounce time)."""
        if spot not in self.sensors:
            return None
        moving = body.moving(self)
        first = moving.pose_at(moving.start)
        magnet = body.magnet
        frame = {spot: self.reads_at_rest(spot, [(magnet, first)])}
        cells = self.cells(frame)
        for at, _, reading in sense(cells, [], [moving], only=frozenset({spot})):
            if (reading != EMPTY) == reads:
                return at
        return None

    def reads_at_rest(self, spot: Spot, magnets: Sequence[tuple[Magnet, Pose]]) -> Reading:
        """What ``spot`` reads with these magnets at rest about it, coming to them empty."""
        found = self.sensors[spot]
        drives = drives_of(found, magnets, self.reach_mm)
        states = tuple(
            self.build.switch(sensor, drive, False, self.thresholds[(spot, index)])
            for index, (sensor, drive) in enumerate(zip(found, drives, strict=True))
        )
        return self.build.reading(states, drives)


# --- the ways a hand moves a piece ---------------------------------------------------------


ASIDE = 0.5
"""How far a lifted piece is taken aside, in pitches, before it is held or carried on."""


@dataclass(frozen=True, slots=True)
class Lift:
    """How a hand lifts and carries a piece: up and down at ``vertical_mm_s``, carried at
    ``height_mm`` above its resting height at ``carry_mm_s`` (a low carry reads on the
    cells it passes). A piece taken up is first taken out of its own cell's reach (a
    piece held low over its cell is still on it, as far as any sensor can tell, and no
    hand lays another piece under it)."""

    vertical_mm_s: float = 200.0
    height_mm: float = 30.0
    carry_mm_s: float = 400.0

    def clear_mm(self, board: Board) -> float:
        """How high above its resting height a lifted piece is held: past its cell's
        reach, or the carry height if that is higher."""
        return max(self.height_mm, board.clear_mm, board.release_mm - board.rest_z + 1.0)

    def rise(self, board: Board, spot: Spot, t: float, offset: tuple[float, float]) -> Path:
        """Up from ``spot``, starting at ``t``."""
        up = board.above(spot, self.clear_mm(board), offset)
        return at_rest(board.rest(spot, offset), t).then(up, self.vertical_mm_s)

    def released(self, board: Board) -> float:
        """Seconds after a lift begins that its cell lets go (straight up), as the hands
        plan it (the sensors themselves say when: ``Board.sense``)."""
        return max(board.release_mm - board.rest_z, 0.0) / self.vertical_mm_s

    def least(self, board: Board, source: Spot | None, target: Spot | None) -> float:
        """The shortest a lift from ``source`` to ``target`` can take (None: the box)."""
        path = self.carried(board, source, target, 0.0, 0.0)
        return 0.0 if path is None else path.end

    def carried(
        self,
        board: Board,
        source: Spot | None,
        target: Spot | None,
        t0: float,
        t1: float,
        *,
        start: tuple[float, float] = (0.0, 0.0),
        end: tuple[float, float] = (0.0, 0.0),
    ) -> Path | None:
        """A piece lifted from ``source`` at ``t0`` and set down on ``target`` at ``t1``
        (or as soon after as ``least`` allows), ``start`` and ``end`` off their centres:
        up out of its cell's reach, taken aside (a hand does not hold a piece over the
        cell it left, where another may come down), held there for the rest of the time,
        across (at the carry height once out of its cell's reach, if that is lower), down.
        Either end may be the box (None, or a spot with no place): the piece comes from or
        goes out of reach. None: neither end has a place."""
        places = board.places
        if source is not None and source in places:
            path = self.rise(board, source, t0, start)
            x, y, z = path.legs[-1].end
            toward = (1.0, 0.0)
            if target is not None and target in places and target != source:
                tx, ty = places[target]
                length = math.hypot(tx - x, ty - y) or 1.0
                toward = ((tx - x) / length, (ty - y) / length)
            side = ASIDE * board.build.pitch_mm
            path = path.then((x + toward[0] * side, y + toward[1] * side, z), self.carry_mm_s)
        elif target is not None and target in places:
            path = at_rest(board.above(target, self.clear_mm(board), end), t0)
        else:
            return None
        if target is None or target not in places:
            return path.wait(t1)
        way = self._way(board, path.legs[-1].end, board.rest(target, end))
        duration, here = 0.0, path.legs[-1].end
        for point, speed in way:
            duration += math.dist(here, point) / speed
            here = point
        path = path.wait(t1 - duration)
        for point, speed in way:
            path = path.then(point, speed)
        return path

    def _way(self, board: Board, start: Vec, rest: Vec) -> list[tuple[Vec, float]]:
        """The points (and speeds) from ``start``, held clear above where the piece came
        from, to ``rest``: down to the carry height once out of reach of the cell it left,
        across, down."""
        sx, sy, high = start
        tx, ty, _ = rest
        low = board.rest_z + self.height_mm
        length = math.hypot(tx - sx, ty - sy)
        way: list[tuple[Vec, float]] = []
        out = math.sqrt(max(board.release_mm**2 - low**2, 0.0)) + 1.0  # past reach, low
        drop = high - low
        if low < high and out + drop < length:
            for along, z in ((out, high), (out + drop, low)):
                f = along / length
                way.append(((sx + f * (tx - sx), sy + f * (ty - sy), z), self.carry_mm_s))
            way.append(((tx, ty, low), self.carry_mm_s))
        else:
            way.append(((tx, ty, high), self.carry_mm_s))
        way.append((rest, self.vertical_mm_s))
        return way


def surface(board: Board, points: Sequence[Vec], t0: float, speed_mm_s: float) -> Path:
    """A piece slid (or a marble rolled along its groove) on the surface through
    ``points`` (each a resting magnet's place), from ``t0`` at ``speed_mm_s``: it never
    leaves the sensors' reach for long, so its old and new cells may read it at once."""
    path = at_rest(points[0], t0)
    for point in points[1:]:
        path = path.then(point, speed_mm_s)
    return path


def knocked(
    board: Board,
    start: Vec,
    direction: float,
    distance_mm: float,
    t0: float,
    *,
    speed_mm_s: float,
    rest_s: float,
    lifted_mm: float = 0.0,
) -> Path:
    """A piece resting at ``start`` knocked ``distance_mm`` off it (``direction`` in
    radians; tipped up ``lifted_mm``), left there ``rest_s``, and set back."""
    x, y, z = start
    away = (
        x + distance_mm * math.cos(direction),
        y + distance_mm * math.sin(direction),
        z + lifted_mm,
    )
    path = at_rest(start, t0).then(away, speed_mm_s)
    return path.wait(path.end + rest_s).then(start, speed_mm_s)


def first_change(changes: Iterable[Change], spot: Spot, reads: bool) -> float | None:
    """When ``spot`` first starts (``reads``) or stops reading, if it does."""
    return next(
        (at for at, where, now in changes if where == spot and (now != EMPTY) == reads), None
    )
