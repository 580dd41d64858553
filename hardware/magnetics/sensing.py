"""What each kind of sensor makes of the field of every magnet near it, added.

A sensor reads one number, its **drive**, linear in each magnet's field, so the drives of
several magnets add (fields add; so do their cancellations):

- a **Hall switch** or a **linear Hall sensor** reads the field along its sensitive axis
  at its element (a flat package's axis is square to its face: B_z for one lying flat);
- a **reed switch** reads the field its two blades gather along their length: the line
  integral of B along the blades, which outside every magnet is the drop of the scalar
  potential from one end to the other (``fields``), divided by the length so that it is
  a field in millitesla. That is the first-order model of a reed as a magnetic circuit:
  the blades are a high-permeability path whose magnetomotive force, and so the force
  across the contact gap, is that integral (a coil's ampere-turns, the unit reed makers
  rate their switches in, are one too). It gives the lobes reed makers publish: a magnet
  parallel to the switch closes it over its centre and beyond each end, with nulls
  between (Standex-Meder, "Reed switch magnet interaction", slide 6: three lobes, either
  polarity), and a magnet square to the switch over its centre is a null.

A switch turns on when its drive reaches its operate point and off when it falls below its
release point (hysteresis): a Hall switch's B_ON and B_OFF along its axis, one polarity
(unipolar) or either (omnipolar); a reed's pull-in and drop-out of either polarity. A
sensor's part gives each as a band (the most and the least sensitive part of its
range); a board's own switch lies somewhere in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from hardware.magnetics.magnets import Magnet, Pose, field_at, potential_at
from hardware.magnetics.vectors import Vec, add, dot, scale, unit


class Readout(Enum):
    """How a sensor turns its drive into on and off."""

    REED = "reed"  # either polarity, pull-in and drop-out
    UNIPOLAR = "unipolar"  # a Hall switch that one pole turns on (along its axis)
    OMNIPOLAR = "omnipolar"  # a Hall switch that either pole turns on
    LINEAR = "linear"  # a linear Hall sensor and an ADC: either polarity, its sign read


@dataclass(frozen=True, slots=True)
class SensorPart:
    """A sensor as its data sheet gives it.

    ``operate`` and ``release``: the drive (mT) at which it turns on and off, each from
    its most sensitive part (the lower figure) to its least (the higher). For a linear
    sensor they are the board's thresholds on its reading (the front end's, which
    ``kiban calibrate`` moves), in mT through the sensor's sensitivity. ``length_mm``: a
    reed's blades, end to end (0 for a Hall element, read at one point)."""

    name: str
    readout: Readout
    operate: tuple[float, float]
    release: tuple[float, float]
    length_mm: float = 0.0

    def __post_init__(self) -> None:
        (op_low, op_high), (rel_low, rel_high) = self.operate, self.release
        if not (0 < op_low <= op_high and 0 < rel_low <= rel_high):
            raise ValueError(f"{self.name}: operate and release are positive bands")
        if rel_high > op_high or rel_low > op_low:
            raise ValueError(f"{self.name}: a switch releases below where it operates")
        if (self.readout is Readout.REED) != (self.length_mm > 0):
            raise ValueError(f"{self.name}: a reed has a length, a Hall element none")

    @property
    def polar(self) -> bool:
        """Whether the sign of its drive is read (a unipolar switch or a linear sensor)."""
        return self.readout in (Readout.UNIPOLAR, Readout.LINEAR)


@dataclass(frozen=True, slots=True)
class Sensor:
    """One sensor under a cell: its part, where its centre is (mm, the board's frame: z
    from the sensors' plane) and its axis (a unit vector: a Hall element's sensitive
    axis, pointing where a field reads positive; a reed's length)."""

    part: SensorPart
    centre: Vec
    axis: Vec

    def drive(self, magnets: list[tuple[Magnet, Pose]]) -> float:
        """The sensor's drive (mT) from every magnet given, added."""
        total = 0.0
        if self.part.readout is Readout.REED:
            half = scale(self.axis, self.part.length_mm / 2)
            first, last = add(self.centre, scale(half, -1.0)), add(self.centre, half)
            for magnet, pose in magnets:
                total += potential_at(magnet, pose, first) - potential_at(magnet, pose, last)
            return total / self.part.length_mm
        for magnet, pose in magnets:
            total += dot(self.axis, field_at(magnet, pose, self.centre))
        return total

    def turns_on(self, drive: float, threshold: float) -> bool:
        """Whether ``drive`` reaches ``threshold`` as this sensor reads it."""
        if self.part.readout is Readout.UNIPOLAR:
            return drive >= threshold
        return abs(drive) >= threshold


def sensor(part: SensorPart, centre: Vec, axis: Vec) -> Sensor:
    """A sensor with its axis made a unit vector."""
    return Sensor(part, centre, unit(axis))


@dataclass(frozen=True, slots=True)
class Thresholds:
    """One board's switch: where in its part's bands it operates and releases."""

    operate: float
    release: float

    @classmethod
    def of(cls, part: SensorPart, sensitivity: float) -> Thresholds:
        """The switch at ``sensitivity`` through its bands: 1 the most sensitive part of
        its range (lowest thresholds), 0 the least; nominal 0.5."""
        (op_low, op_high), (rel_low, rel_high) = part.operate, part.release
        operate = op_high - sensitivity * (op_high - op_low)
        release = rel_high - sensitivity * (rel_high - rel_low)
        return cls(operate, min(release, operate))
