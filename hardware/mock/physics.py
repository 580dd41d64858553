"""Pieces as bodies moving over the sensors under a board, and what each sensor reads.

A reed switch or a Hall switch under a cell does not know which cell a piece is on: it
reads a magnet nearer than its operate distance and lets go only once the magnet is
farther than its release distance (``engine.sensors.SensorModel``). A marble
rolled along its groove is therefore read on its new hole before its old hole lets go
when the two sensors reach further than the pitch, and on neither for a while when they
fall short; a piece carried low over the board flickers on the cells it passes; a
neighbour knocked a few millimetres may let go of its own sensor or reach the next one.
None of this is listed here: it follows from where the magnet is at each instant.

A body's magnet moves along a ``Path``: straight ``Leg``s at constant velocity in
millimetres (x, y across the board as ``engine.geometry`` draws it, scaled by the pitch;
z up from the plane of the sensors, so a piece at rest has ``z == depth_mm``). On a
straight leg the squared distance to a sensor is a quadratic in time, so the instants a
sensor starts and stops reading are roots of it: ``sensor_changes`` computes them
exactly, with the hysteresis, in microseconds for a whole move. The calibration work can
call it with a measured model to predict what a player's slides should show.

Several bodies near one sensor (a line of marbles pushed together) are read as the
union of what each alone would make it read: the fields of two magnets do add, but a
sensor that reads either already reads, and the stretch where neither alone reaches
and both together would is a fraction of a millimetre that no hand repeats.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.geometry import Geometry
from engine.physical import Spot
from engine.sensors import SensorModel

Vec = tuple[float, float, float]
"""A point in millimetres: x, y across the board, z up from the sensors' plane."""

Change = tuple[float, Spot, bool]
"""A sensor's change: when (seconds), which spot, and whether it now reads the body."""


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
        length = _distance(last.end, point)
        duration = length / speed if speed > 0 else 0.0
        return Path((*self.legs, Leg(last.t1, last.t1 + duration, last.end, point)))

    def wait(self, until: float) -> Path:
        """This path followed by a rest where it ends, until ``until``."""
        last = self.legs[-1]
        if until <= last.t1:
            return self
        return Path((*self.legs, Leg(last.t1, until, last.end, last.end)))


def at_rest(point: Vec, t: float) -> Path:
    """A body resting at ``point`` from ``t`` (the start of every path)."""
    return Path((Leg(t, t, point, point),))


# --- the board -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Board:
    """Where each sensed spot's sensor lies, in millimetres, with the board's sensor model.

    ``places`` maps a spot to its sensor's (x, y); a spot with no place (an unsensed
    tray) has no sensor a body can reach."""

    model: SensorModel
    places: Mapping[Spot, tuple[float, float]]

    @classmethod
    def of(cls, geometry: Geometry, model: SensorModel) -> Board:
        """A game's drawing scaled so that the nearest two cells lie ``pitch_mm`` apart
        (every game draws neighbouring cells one unit apart)."""
        scale = model.pitch_mm
        places = {
            place.spot: (place.x * scale, place.y * scale)
            for place in (*geometry.cells, *geometry.off_board)
        }
        return cls(model, places)

    def rest(self, spot: Spot) -> Vec:
        """Where the magnet of a piece at rest on ``spot`` is."""
        x, y = self.places[spot]
        return (x, y, self.model.depth_mm)

    def above(self, spot: Spot, height_mm: float) -> Vec:
        x, y = self.places[spot]
        return (x, y, self.model.depth_mm + height_mm)

    def reads_at_rest(self, spot: Spot, point: Vec) -> bool:
        """Whether ``spot``'s sensor reads a body resting at ``point`` (nearer than its
        operate distance; a body at rest between operate and release reads as it came)."""
        x, y = self.places[spot]
        return _distance((x, y, 0.0), point) < self.model.operate_mm


# --- the sensors' changes ------------------------------------------------------------------


def sensor_changes(
    model: SensorModel,
    places: Mapping[Spot, tuple[float, float]],
    path: Path,
    *,
    reading: Iterable[Spot] | None = None,
) -> list[Change]:
    """Every change of every sensor that one body on ``path`` makes, in time order.

    ``reading``: the sensors that read the body when the path starts (None: those nearer
    than their operate distance, which is right for a body at rest on a cell: a model
    is only valid if a piece at rest reads on its own cell alone). A sensor off starts
    reading once the magnet is nearer than ``operate_mm``, and a sensor on lets go only
    once it is farther than ``release_mm``: on a straight leg, each is the root of a
    quadratic, and the set where the magnet is nearer than a radius is one interval.
    """
    operate2, release2 = model.operate_mm**2, model.release_mm**2
    first = path.legs[0].start
    if reading is None:
        on = {spot for spot, (x, y) in places.items() if _dist2(first, x, y) < operate2}
    else:
        on = set(reading)
    changes: list[Change] = []
    for leg in path.legs:
        if leg.start == leg.end:
            continue
        near = _near_leg(places, leg, model.release_mm)
        for spot in near:
            x, y = places[spot]
            changes += _leg_changes(leg, spot, (x, y), on, radii2=(operate2, release2))
    changes.sort(key=lambda change: change[0])
    return changes


def _leg_changes(
    leg: Leg,
    spot: Spot,
    sensor: tuple[float, float],
    on: set[Spot],
    *,
    radii2: tuple[float, float],
) -> list[Change]:
    """One sensor along one leg: at most one start and one stop (the distance to a
    straight line first falls, then rises); ``on`` (the sensors reading) follows."""
    x, y = sensor
    operate2, release2 = radii2
    reads = spot in on
    duration = leg.t1 - leg.t0
    sx, sy, sz = leg.start
    ex, ey, ez = leg.end
    dx, dy, dz = sx - x, sy - y, sz
    vx, vy, vz = (ex - sx) / duration, (ey - sy) / duration, (ez - sz) / duration
    a = vx * vx + vy * vy + vz * vz
    b = 2 * (dx * vx + dy * vy + dz * vz)
    c = dx * dx + dy * dy + dz * dz
    changes: list[Change] = []
    tau = 0.0
    if not reads:
        inside = _inside(a, b, c - operate2)
        if inside is None or inside[1] <= 0 or inside[0] >= duration:
            return changes
        tau = max(inside[0], 0.0)
        changes.append((leg.t0 + tau, spot, True))
        on.add(spot)
    inside = _inside(a, b, c - release2)
    leaves = 0.0 if inside is None else inside[1]
    if leaves < duration:
        changes.append((leg.t0 + max(leaves, tau), spot, False))
        on.discard(spot)
    return changes


def _inside(a: float, b: float, c: float) -> tuple[float, float] | None:
    """The times where ``a t² + b t + c < 0`` (a > 0), or None when there are none."""
    disc = b * b - 4 * a * c
    if disc <= 0:
        return None
    root = math.sqrt(disc)
    return ((-b - root) / (2 * a), (-b + root) / (2 * a))


def _near_leg(places: Mapping[Spot, tuple[float, float]], leg: Leg, reach: float) -> list[Spot]:
    """The sensors a leg's magnet can come within ``reach`` of (a box test: cheap)."""
    (sx, sy, _), (ex, ey, _) = leg.start, leg.end
    low_x, high_x = min(sx, ex) - reach, max(sx, ex) + reach
    low_y, high_y = min(sy, ey) - reach, max(sy, ey) + reach
    return sorted(
        spot for spot, (x, y) in places.items() if low_x <= x <= high_x and low_y <= y <= high_y
    )


def _dist2(point: Vec, x: float, y: float) -> float:
    return (point[0] - x) ** 2 + (point[1] - y) ** 2 + point[2] ** 2


def _distance(a: Vec, b: Vec) -> float:
    return math.dist(a, b)


def union_changes(
    per_body: Sequence[Sequence[Change]], reading: Iterable[Spot] = ()
) -> list[Change]:
    """What each sensor reads when several bodies move at once: a sensor reads while any
    body is in its reach (see the module's note on adding fields). ``reading``: the
    sensors each body reads as it starts, a spot once for every body it reads."""
    counts: dict[Spot, int] = {}
    for spot in reading:
        counts[spot] = counts.get(spot, 0) + 1
    merged: list[Change] = []
    events = sorted(
        (change for changes in per_body for change in changes),
        key=lambda change: (change[0], not change[2]),  # a start before a stop at a tie
    )
    for at, spot, reads in events:
        before = counts.get(spot, 0)
        after = before + (1 if reads else -1)
        counts[spot] = max(after, 0)
        if (before == 0) != (counts[spot] == 0):
            merged.append((at, spot, reads))
    return merged


# --- the ways a hand moves a piece ---------------------------------------------------------


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
        release distance, or the carry height if that is higher."""
        model = board.model
        return max(self.height_mm, model.release_mm - model.depth_mm + 1.0)

    def rise(self, board: Board, spot: Spot, t: float) -> Path:
        """Up from ``spot``, starting at ``t``."""
        up = board.above(spot, self.clear_mm(board))
        return at_rest(board.rest(spot), t).then(up, self.vertical_mm_s)

    def released(self, board: Board) -> float:
        """Seconds after a lift begins that its cell lets go (straight up)."""
        return max(board.model.release_mm - board.model.depth_mm, 0.0) / self.vertical_mm_s

    def least(self, board: Board, source: Spot | None, target: Spot | None) -> float:
        """The shortest a lift from ``source`` to ``target`` can take (None: the box)."""
        path = self.carried(board, source, target, 0.0, 0.0)
        return 0.0 if path is None else path.end

    def carried(
        self, board: Board, source: Spot | None, target: Spot | None, t0: float, t1: float
    ) -> Path | None:
        """A piece lifted from ``source`` at ``t0`` and set down on ``target`` at ``t1``
        (or as soon after as ``least`` allows): up out of its cell's reach, held there for
        the rest of the time, across (at the carry height once out of its cell's reach,
        if that is lower), down. Either end may be the box (None, or a spot with no
        sensor): the piece comes from or goes out of reach. None: neither end has a
        sensor."""
        places = board.places
        if source is not None and source in places:
            path = self.rise(board, source, t0)
        elif target is not None and target in places:
            path = at_rest(board.above(target, self.clear_mm(board)), t0)
        else:
            return None
        if target is None or target not in places:
            return path.wait(t1)
        way = self._way(board, path.legs[-1].end, target)
        duration, here = 0.0, path.legs[-1].end
        for point, speed in way:
            duration += math.dist(here, point) / speed
            here = point
        path = path.wait(t1 - duration)
        for point, speed in way:
            path = path.then(point, speed)
        return path

    def _way(self, board: Board, start: Vec, target: Spot) -> list[tuple[Vec, float]]:
        """The points (and speeds) from ``start``, held clear above where the piece came
        from, to its rest on ``target``: down to the carry height once out of reach of
        the cell it left, across, down."""
        model = board.model
        sx, sy, high = start
        tx, ty = board.places[target]
        low = model.depth_mm + self.height_mm
        length = math.hypot(tx - sx, ty - sy)
        way: list[tuple[Vec, float]] = []
        out = math.sqrt(max(model.release_mm**2 - low**2, 0.0)) + 1.0  # past release, low
        drop = high - low
        if low < high and out + drop < length:
            for along, z in ((out, high), (out + drop, low)):
                f = along / length
                way.append(((sx + f * (tx - sx), sy + f * (ty - sy), z), self.carry_mm_s))
            way.append(((tx, ty, low), self.carry_mm_s))
        else:
            way.append(((tx, ty, high), self.carry_mm_s))
        way.append((board.rest(target), self.vertical_mm_s))
        return way


def surface(board: Board, spots: Sequence[Spot], t0: float, speed_mm_s: float) -> Path:
    """A piece slid (or a marble rolled along its groove) on the surface through the
    centres of ``spots``, from ``t0`` at ``speed_mm_s``: it never leaves the sensors'
    reach for long, so its old and new cells may read it at once."""
    path = at_rest(board.rest(spots[0]), t0)
    for spot in spots[1:]:
        path = path.then(board.rest(spot), speed_mm_s)
    return path


def pushed(
    board: Board, moves: Sequence[tuple[Spot, Spot]], t0: float, speed_mm_s: float
) -> list[Path]:
    """Several pieces moved at once by one hand (a line of marbles pushed together, a
    broadside slid): each along its own straight way, all at the same speed."""
    return [surface(board, (source, target), t0, speed_mm_s) for source, target in moves]


def knocked(
    board: Board,
    spot: Spot,
    direction: float,
    distance_mm: float,
    t0: float,
    *,
    speed_mm_s: float,
    rest_s: float,
    lifted_mm: float = 0.0,
) -> Path:
    """A piece knocked ``distance_mm`` off the centre of ``spot`` (``direction`` in
    radians; tipped up ``lifted_mm``), left there ``rest_s``, and set back."""
    x, y, z = board.rest(spot)
    away = (
        x + distance_mm * math.cos(direction),
        y + distance_mm * math.sin(direction),
        z + lifted_mm,
    )
    path = at_rest((x, y, z), t0).then(away, speed_mm_s)
    return path.wait(path.end + rest_s).then((x, y, z), speed_mm_s)


def passing(
    model: SensorModel, speed_mm_s: float, *, height_mm: float = 0.0
) -> tuple[float, float]:
    """How long a piece slid at ``speed_mm_s`` (``height_mm`` above the surface: a marble
    in a deeper groove, a piece carried low) from one cell to its neighbour reads on both
    cells, and how long on neither: the overlap and the gap ``kiban calibrate`` measures,
    as the geometry predicts them (at the model's slowest speed and on the surface, the
    model's own ``overlap_s`` and ``gap_s``)."""
    places = {"from": (0.0, 0.0), "to": (model.pitch_mm, 0.0)}
    z = model.depth_mm + height_mm
    path = at_rest((0.0, 0.0, z), 0.0).then((model.pitch_mm, 0.0, z), speed_mm_s)
    changes = sensor_changes(model, places, path, reading=("from",))
    lands = first_change(changes, "to", True)
    leaves = first_change(changes, "from", False)
    if lands is None or leaves is None:
        return 0.0, 0.0
    return max(leaves - lands, 0.0), max(lands - leaves, 0.0)


def first_change(changes: Iterable[Change], spot: Spot, reads: bool) -> float | None:
    """When ``spot`` first starts (``reads``) or stops reading, if it does."""
    return next((at for at, where, now in changes if where == spot and now == reads), None)
