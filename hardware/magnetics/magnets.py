"""The magnets in pieces: shape, size and grade, and their field anywhere on the board.

Every magnet is polarized along its own z axis; where it sits in a piece, and how the
piece stands, turns it (``Pose``). A grade gives a range of remanence (the polarization
J of a magnet at rest, ``Br``), and a piece's temperature moves it further; the build check
takes the weakest magnet where a piece must be read and the strongest where none may be.

Grades: the remanence ranges sintered NdFeB makers publish (Shanghai Magnet's and
Advanced Magnets' grade tables agree: N35 1.17-1.22 T, N42 1.28-1.32 T, N45 1.32-1.37 T,
N52 1.42-1.48 T), widened by the temperature coefficient they give (-0.12 %/degree C)
over a room from 10 to 40 degrees C about the tables' 20: -2.4 % to +1.2 %.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from hardware.magnetics.fields import (
    block_field,
    block_potential,
    cylinder_field,
    cylinder_potential,
    sphere_field,
    sphere_potential,
)
from hardware.magnetics.vectors import IDENTITY, Rotation, Vec, apply, apply_inverse, sub

WARM, COLD = 1.0 - 0.024, 1.0 + 0.012
"""The remanence at 40 and at 10 degrees C against the tables' 20 (-0.12 %/degree C)."""

GRADES: dict[str, tuple[float, float]] = {
    "N35": (1170.0, 1220.0),
    "N38": (1220.0, 1250.0),
    "N40": (1250.0, 1280.0),
    "N42": (1280.0, 1320.0),
    "N45": (1320.0, 1370.0),
    "N48": (1370.0, 1420.0),
    "N50": (1390.0, 1440.0),
    "N52": (1420.0, 1480.0),
}
"""Each sintered NdFeB grade's remanence at 20 degrees C, in millitesla (lowest, highest)."""


class Shape(Enum):
    BLOCK = "block"  # a cuboid: ``size_mm`` its edges along its own x, y and z (z polarized)
    CYLINDER = "cylinder"  # a disc or a rod: ``size_mm`` its diameter and its length (along z)
    SPHERE = "sphere"  # a ball: ``size_mm`` its diameter


@dataclass(frozen=True, slots=True)
class Magnet:
    """One magnet, polarized ``remanence_mt`` along its own z axis."""

    shape: Shape
    size_mm: tuple[float, ...]
    grade: str = "N35"
    remanence_mt: float = 0.0  # 0: the grade's middle
    name: str = ""

    def __post_init__(self) -> None:
        if self.grade not in GRADES:
            raise ValueError(f"no NdFeB grade {self.grade!r} (known: {', '.join(GRADES)})")
        wanted = {Shape.BLOCK: 3, Shape.CYLINDER: 2, Shape.SPHERE: 1}[self.shape]
        if len(self.size_mm) != wanted or min(self.size_mm) <= 0:
            raise ValueError(f"a {self.shape.value} magnet has {wanted} positive sizes")
        if self.remanence_mt == 0.0:
            low, high = GRADES[self.grade]
            object.__setattr__(self, "remanence_mt", (low + high) / 2)

    @property
    def remanence_range(self) -> tuple[float, float]:
        """The weakest and the strongest a magnet of this grade is on a board (mT)."""
        low, high = GRADES[self.grade]
        return (low * WARM, high * COLD)

    def at(self, remanence_mt: float) -> Magnet:
        """The same magnet at another remanence (the weakest or strongest of its grade)."""
        return Magnet(self.shape, self.size_mm, self.grade, remanence_mt, self.name)

    @property
    def half_height_mm(self) -> float:
        """Half its extent along its own z axis."""
        return self.size_mm[-1] / 2 if self.shape is not Shape.SPHERE else self.size_mm[0] / 2

    @property
    def radius_mm(self) -> float:
        """The radius of the smallest sphere about its centre that holds it."""
        if self.shape is Shape.BLOCK:
            x, y, z = self.size_mm
            return float((x * x + y * y + z * z) ** 0.5 / 2)
        if self.shape is Shape.CYLINDER:
            d, length = self.size_mm
            return float((d * d + length * length) ** 0.5 / 2)
        return self.size_mm[0] / 2

    def field_local(self, point: Vec) -> Vec:
        """B (mT) at ``point`` of its own frame."""
        j = self.remanence_mt
        if self.shape is Shape.BLOCK:
            x, y, z = self.size_mm
            return block_field((x / 2, y / 2, z / 2), (0.0, 0.0, j), point)
        if self.shape is Shape.CYLINDER:
            d, length = self.size_mm
            return cylinder_field(d / 2, length / 2, j, point)
        return sphere_field(self.size_mm[0] / 2, (0.0, 0.0, j), point)

    def potential_local(self, point: Vec) -> float:
        """psi (mT mm: B's line integral is its drop) at ``point`` of its own frame."""
        j = self.remanence_mt
        if self.shape is Shape.BLOCK:
            x, y, z = self.size_mm
            return block_potential((x / 2, y / 2, z / 2), (0.0, 0.0, j), point)
        if self.shape is Shape.CYLINDER:
            d, length = self.size_mm
            return cylinder_potential(d / 2, length / 2, j, point)
        return sphere_potential(self.size_mm[0] / 2, (0.0, 0.0, j), point)


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a magnet's centre is on the board (mm: x, y across, z up from the sensors'
    plane) and how it is turned (its own frame into the board's)."""

    centre: Vec
    rotation: Rotation = IDENTITY


def field_at(magnet: Magnet, pose: Pose, point: Vec) -> Vec:
    """B (mT, the board's frame) at a point of the board."""
    local = magnet.field_local(apply_inverse(pose.rotation, sub(point, pose.centre)))
    return apply(pose.rotation, local)


def potential_at(magnet: Magnet, pose: Pose, point: Vec) -> float:
    """psi at a point of the board."""
    return magnet.potential_local(apply_inverse(pose.rotation, sub(point, pose.centre)))


CATALOGUE: dict[str, Magnet] = {
    # Reed Relays and Electronics India's standard NdFeB magnets, each polarized along its
    # length, as their actuation-distance tables name them (reed-sensor.com): blocks
    # (NDR-) and rods (NDC-). Their grade is not given; N35 is taken (the most common).
    "NDR-T": Magnet(Shape.BLOCK, (1.5, 1.5, 4.0), name="RRE NDR-T 4 x 1.5 x 1.5 mm block"),
    "NDR-S": Magnet(Shape.BLOCK, (2.5, 2.5, 6.0), name="RRE NDR-S 6 x 2.5 x 2.5 mm block"),
    "NDR-M": Magnet(Shape.BLOCK, (3.0, 3.0, 8.0), name="RRE NDR-M 8 x 3 x 3 mm block"),
    "NDR-L": Magnet(Shape.BLOCK, (4.0, 4.0, 19.0), name="RRE NDR-L 19 x 4 x 4 mm block"),
    "NDC-T": Magnet(Shape.CYLINDER, (2.0, 4.0), name="RRE NDC-T 2 x 4 mm rod"),
    "NDC-S": Magnet(Shape.CYLINDER, (3.0, 7.0), name="RRE NDC-S 3 x 7 mm rod"),
    "NDC-M": Magnet(Shape.CYLINDER, (4.0, 10.0), name="RRE NDC-M 4 x 10 mm rod"),
    "NDC-L": Magnet(Shape.CYLINDER, (8.0, 15.0), name="RRE NDC-L 8 x 15 mm rod"),
}
"""Magnets by the names makers sell them under, for profiles to name."""
