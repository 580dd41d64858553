"""What a board's sensors blur, and the times the recognizer may trust.

A reed switch or a Hall switch does not see "a piece on its cell": it reads the field of
the magnets near it, added, along its own axis, turns on at its operate point and off at
its release point (``hardware.magnetics``). A piece slid or rolled from one cell to the
next is therefore read on both cells for a while, or on neither, and a reed may read it
again past one of its nulls; lifted, it is read on neither. How long depends on the
hand's speed: the slowest hand makes the longest overlap.

The recognizer trusts the order of two changes only when they lie further apart than the
board can blur them (``SensorModel.order_margin``): above contact bounce, and above the
longest a piece passing between two cells reads on both. A profile's build gives the
figures (``kiban build-check`` computes them into its ``[sensors.timing]``), ``kiban
calibrate`` measures them, and a board that declares none gets the widest bundled
build's (``WIDEST``).
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

EPSILON = 1e-6
"""Seconds: times that differ by less are the same instant."""

STOOD = 0.3
"""Seconds a cell must read a piece to have held one set down: a piece carried over a
cell (its magnet passing the sensor) or a bounce reads there for less."""

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
    """What a board's sensors blur, in millimetres of a slide at a steady speed.

    The figures come from the board's build (``hardware.magnetics``: every magnet's field
    added, read along each sensor's axis), worst over every direction a piece slides or
    rolls to a neighbour and every way it stands: ``overlap_mm``, the longest stretch of
    such a slide on which both cells read the piece; ``gap_mm``, the longest on which
    neither does, between its first reading and its last; ``departs_mm``, how far it has
    gone when its own cell last lets go of it (a reed's lobe may read it again past a
    null). ``slowest_mm_s``: the slowest slide or roll of the board's players.
    ``measured``: the longest overlap and gap ``kiban calibrate`` saw, in seconds (None:
    not measured), which replace the ones the build gives. ``part``: the parts the
    figures come from.
    """

    kind: SensorKind
    pitch_mm: float
    overlap_mm: float
    gap_mm: float
    departs_mm: float
    slowest_mm_s: float = SLOWEST_MM_S
    measured_overlap_s: float | None = None
    measured_gap_s: float | None = None
    part: str = ""

    def __post_init__(self) -> None:
        if min(self.pitch_mm, self.slowest_mm_s) <= 0:
            raise SensorModelError("the pitch and the slowest speed must be positive")
        if min(self.overlap_mm, self.gap_mm, self.departs_mm) < 0:
            raise SensorModelError("overlap_mm, gap_mm and departs_mm must not be negative")
        if self.overlap_mm >= self.pitch_mm:
            raise SensorModelError(
                f"overlap_mm ({self.overlap_mm}) spans the pitch: a piece at rest on the next"
                " cell would read on this one"
            )

    @classmethod
    def of_reach(
        cls,
        kind: SensorKind,
        *,
        pitch_mm: float,
        depth_mm: float,
        operate_mm: float,
        release_mm: float,
        slowest_mm_s: float = SLOWEST_MM_S,
        part: str = "",
    ) -> SensorModel:
        """The figures of a sensor that reads whatever magnet is nearer than
        ``operate_mm`` and lets go beyond ``release_mm``, ``depth_mm`` under a resting
        piece's magnet: how profiles described their sensors before their builds (a
        sphere no real sensor is; ``kiban build-check`` computes the real ones)."""
        if min(pitch_mm, operate_mm, release_mm, slowest_mm_s) <= 0:
            raise SensorModelError("pitch, distances and speed must be positive")
        if release_mm < operate_mm:
            raise SensorModelError(
                f"release_mm ({release_mm}) is shorter than operate_mm ({operate_mm}):"
                " a sensor lets go farther than it first reads"
            )
        if operate_mm <= depth_mm:
            raise SensorModelError(
                f"operate_mm ({operate_mm}) does not reach a piece at rest"
                f" {depth_mm} mm above its sensor"
            )
        if math.hypot(pitch_mm, depth_mm) <= release_mm:
            raise SensorModelError(
                f"release_mm ({release_mm}) reaches a piece at rest on the next cell"
                f" ({math.hypot(pitch_mm, depth_mm):.1f} mm away)"
            )

        def reach(distance: float) -> float:
            return math.sqrt(max(distance**2 - depth_mm**2, 0.0))

        both = reach(operate_mm) + reach(release_mm)
        return cls(
            kind,
            pitch_mm=pitch_mm,
            overlap_mm=max(both - pitch_mm, 0.0),
            gap_mm=max(pitch_mm - both, 0.0),
            departs_mm=reach(release_mm),
            slowest_mm_s=slowest_mm_s,
            part=part,
        )

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
        hand began to move it (until it is past its cell's reach, at the slowest hand):
        a departure read now may have begun that much earlier."""
        return self.departs_mm / self.slowest_mm_s

    @property
    def pass_s(self) -> float:
        """The longest a piece slid across a cell reads there at the slowest hand, from
        its first reading to its last: it reads from as far before the cell's centre as
        it lets go after it (``departs_mm``, a reed's far lobe included), crossed at the
        slowest speed. A cell that read a piece longer held one set down, whatever piece
        was in the air (a hand hovering with it there as long is one the board at rest
        commits too)."""
        return 2 * self.departs_mm / self.slowest_mm_s

    @property
    def order_margin(self) -> float:
        """Two changes further apart than this came in the order they were read."""
        return max(BOUNCE, self.overlap_s + BOUNCE)


WIDEST = SensorModel(
    SensorKind.REED,
    pitch_mm=30.0,
    overlap_mm=7.5,
    gap_mm=0.0,
    departs_mm=19.1,
    part="the Abalone reference board as first drawn: a rod magnet in each marble over a reed",
)
"""What a board that declares no sensors is assumed to blur: the widest figures Kiban has
shipped, its Abalone reference board's before builds (a rolled marble read on two holes
for 187 ms at the slowest hand, its own hole keeping it 0.48 s), which every bundled
build blurs less than (tests/hardware/test_sensor_models.py): never less safe than the
boards Kiban knows."""


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
