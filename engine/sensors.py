"""The sensors under a board's cells as geometry, and the times the recognizer may trust.

A reed switch or a Hall switch does not see "a piece on its cell": it closes when the
magnet in a piece's base comes nearer than its operate distance (a reed switch's pull-in,
a Hall switch's operate point B_OP) and opens only once the magnet is farther than its
release distance (drop-out, B_RP), which hysteresis makes longer. A piece slid or rolled
from one cell to the next is therefore read on both cells for a while when the two reach
further than the pitch, and on neither when they fall short of it; lifted, it is read on
neither. How long depends on the hand's speed: the slowest hand makes the longest overlap.

The recognizer trusts the order of two changes only when they lie further apart than the
board can blur them (``SensorModel.order_margin``): above contact bounce, and above the
longest a piece passing between two cells reads on both. A profile declares its model
(``[sensors]``), ``kiban calibrate`` measures it, and a board that declares none gets the
widest bundled geometry's (``WIDEST``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from engine.errors import KibanError
from engine.geometry import Geometry
from engine.physical import Spot

BOUNCE = 0.05
"""Seconds: the floor of every order margin. A reed contact bounces for well under a
millisecond (Littelfuse's and Standex's data sheets give 0.1-0.5 ms) and the scanner
debounces over several scans (30 ms at 100 Hz and three scans); 50 ms is above both."""

SLOWEST_MM_S = 40.0
"""The slowest a hand slides or rolls a piece along the surface, in mm/s, when a board
has not measured its players (``kiban calibrate`` does): a marble nudged along its
groove, 4 cm a second. A slower hand only makes an order too close to trust."""


class SensorModelError(KibanError, ValueError):
    """A sensor model no board can have (a sensor that cannot read a piece at rest on its
    own cell, or one that reads a piece at rest on the next)."""


class SensorKind(Enum):
    """What sits under a cell: the kind decides which data sheet figure is which."""

    REED = "reed"  # pull-in (operate) and drop-out (release)
    HALL = "hall"  # a digital Hall switch: operate point B_OP, release point B_RP
    ANALOG_HALL = "analog-hall"  # a linear Hall sensor and an ADC: thresholds calibrated


@dataclass(frozen=True, slots=True)
class SensorModel:
    """One board's sensors, in millimetres from the magnet in a piece's base.

    ``pitch_mm``: between the centres of the nearest two cells. ``depth_mm``: from the
    magnet of a piece at rest to the sensor under its cell. ``operate_mm`` and
    ``release_mm``: the distances at which a sensor starts and stops reading a magnet.
    ``slowest_mm_s``: the slowest slide or roll of the board's players. ``measured``:
    the longest overlap and gap ``kiban calibrate`` saw, in seconds (None: not measured),
    which replace the ones the geometry gives. ``part``: the parts and the data sheet the
    figures come from.
    """

    kind: SensorKind
    pitch_mm: float
    depth_mm: float
    operate_mm: float
    release_mm: float
    slowest_mm_s: float = SLOWEST_MM_S
    measured_overlap_s: float | None = None
    measured_gap_s: float | None = None
    part: str = ""

    def __post_init__(self) -> None:
        if min(self.pitch_mm, self.operate_mm, self.release_mm, self.slowest_mm_s) <= 0:
            raise SensorModelError("pitch, distances and speed must be positive")
        if self.depth_mm < 0:
            raise SensorModelError("depth_mm must not be negative")
        if self.release_mm < self.operate_mm:
            raise SensorModelError(
                f"release_mm ({self.release_mm}) is shorter than operate_mm ({self.operate_mm}):"
                " a sensor lets go farther than it first reads"
            )
        if self.operate_mm <= self.depth_mm:
            raise SensorModelError(
                f"operate_mm ({self.operate_mm}) does not reach a piece at rest"
                f" {self.depth_mm} mm above its sensor"
            )
        if math.hypot(self.pitch_mm, self.depth_mm) <= self.release_mm:
            raise SensorModelError(
                f"release_mm ({self.release_mm}) reaches a piece at rest on the next cell"
                f" ({math.hypot(self.pitch_mm, self.depth_mm):.1f} mm away)"
            )

    def reach_mm(self, distance_mm: float) -> float:
        """How far along the surface a sensor reaches a magnet at ``distance_mm``."""
        return math.sqrt(max(distance_mm**2 - self.depth_mm**2, 0.0))

    @property
    def overlap_mm(self) -> float:
        """The stretch of a slide between two neighbours on which both read the piece."""
        reach = self.reach_mm(self.operate_mm) + self.reach_mm(self.release_mm)
        return max(reach - self.pitch_mm, 0.0)

    @property
    def gap_mm(self) -> float:
        """The stretch of a slide between two neighbours on which neither reads it."""
        reach = self.reach_mm(self.operate_mm) + self.reach_mm(self.release_mm)
        return max(self.pitch_mm - reach, 0.0)

    @property
    def overlap_s(self) -> float:
        """The longest a piece passing between two cells reads on both."""
        if self.measured_overlap_s is not None:
            return self.measured_overlap_s
        return self.overlap_mm / self.slowest_mm_s

    @property
    def gap_s(self) -> float:
        """The longest a piece slid between two cells reads on neither."""
        if self.measured_gap_s is not None:
            return self.measured_gap_s
        return self.gap_mm / self.slowest_mm_s

    @property
    def departure_s(self) -> float:
        """The longest a piece slid or rolled off its cell still reads there after the
        hand began to move it (until it is past the release point, at the slowest hand):
        a departure read now may have begun that much earlier."""
        return self.reach_mm(self.release_mm) / self.slowest_mm_s

    @property
    def order_margin(self) -> float:
        """Two changes further apart than this came in the order they were read."""
        return max(BOUNCE, self.overlap_s + BOUNCE)


WIDEST = SensorModel(
    SensorKind.REED,
    pitch_mm=30.0,
    depth_mm=12.0,
    operate_mm=22.0,
    release_mm=22.5,
    part="RRE R5 reed sensor, 12-17 AT, with an RRE NDC-L (8 mm by 15 mm rod) NdFeB magnet"
    " (reed-sensor.com R5 actuation distances)",
)
"""The widest-blurring geometry of the bundled boards, the Abalone reference board's
(hardware/profiles/abalone-reference.toml, where its figures are cited): a rolled marble
turns its magnet with it, so the reed must close whichever way the rod points, and
reaches far when it points along the board. A marble rolled at the slowest hand's speed
reads on two holes for about 190 ms. What a board that declares no sensor model is
assumed to be; tests/hardware/test_sensor_models.py holds it the largest."""


NEIGHBOURS = 1.5
"""Cell units: two cells nearer than this are neighbours (a square's diagonal, 1.41, is;
the cell after next, 2, is not). Only a piece between two neighbours can read on both:
a sensor whose reach spanned two pitches would read the pieces at rest next to it."""


@dataclass(frozen=True, slots=True)
class Blur:
    """How far apart a piece's landing and its own departure must be for their order to
    count. Only a piece passing between two neighbouring cells reads on both at once, so
    between neighbours the board's ``margin`` applies (``SensorModel.order_margin``); a
    landing two cells or more from where its piece left can precede that departure only
    by contact bounce. Without a geometry, every pair is taken as neighbours."""

    margin: float
    geometry: Geometry | None = None

    def __call__(self, landing: Spot, departure: Spot) -> float:
        return self.margin if self.neighbours(landing, departure) else BOUNCE

    def neighbours(self, a: Spot, b: Spot) -> bool:
        """Whether one piece between ``a`` and ``b`` may read on both (a spot with no
        place, or no geometry, may be anywhere)."""
        geometry = self.geometry
        if geometry is None:
            return True
        try:
            here, there = geometry.place(a), geometry.place(b)
        except KeyError:
            return True
        return math.hypot(here.x - there.x, here.y - there.y) < NEIGHBOURS
