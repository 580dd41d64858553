"""The closed-form fields and potentials of blocks, cylinders and spheres
(hardware/magnetics/fields.py) held to magpylib's, a field library nobody here wrote:
at points drawn all round each magnet, and, for the potentials a reed switch is read by,
against the line integral of magpylib's field along a reed's length."""

from __future__ import annotations

import math
from typing import Any

import magpylib as magpylib_typed
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.magnetics.fields import (
    block_field,
    block_potential,
    cel,
    cylinder_field,
    cylinder_potential,
    disc_integral,
    sphere_field,
    sphere_potential,
)

magpylib: Any = magpylib_typed
"""magpylib, called untyped: its constructors and getB carry no annotations."""

SIZES = st.floats(1.0, 20.0)
POLARIZATION = st.floats(-1400.0, 1400.0)
COORDINATE = st.floats(-40.0, 40.0)


def close(ours: tuple[float, float, float], theirs: np.ndarray, *, scale: float) -> None:
    """Equal to a millionth of the field's scale (the magnet's polarization)."""
    assert np.allclose(np.array(ours), theirs, rtol=1e-7, atol=1e-7 * scale), (ours, theirs)


def outside(point: tuple[float, float, float], half: tuple[float, float, float]) -> bool:
    return any(abs(p) > h + 0.05 for p, h in zip(point, half, strict=True))


@settings(max_examples=200, deadline=None)
@given(
    st.tuples(SIZES, SIZES, SIZES),
    st.tuples(POLARIZATION, POLARIZATION, POLARIZATION),
    st.tuples(COORDINATE, COORDINATE, COORDINATE),
)
def test_a_block_matches_magpylib(
    size: tuple[float, float, float],
    polarization: tuple[float, float, float],
    point: tuple[float, float, float],
) -> None:
    half = (size[0] / 2, size[1] / 2, size[2] / 2)
    if not outside(point, half):
        return
    magnet = magpylib.magnet.Cuboid(
        dimension=np.array(size) / 1000, polarization=np.array(polarization) / 1000
    )
    theirs = magnet.getB(np.array(point) / 1000) * 1000
    close(block_field(half, polarization, point), theirs, scale=max(map(abs, polarization)))


@settings(max_examples=200, deadline=None)
@given(SIZES, SIZES, POLARIZATION, st.tuples(COORDINATE, COORDINATE, COORDINATE))
def test_a_cylinder_matches_magpylib(
    diameter: float, length: float, polarization: float, point: tuple[float, float, float]
) -> None:
    rho = math.hypot(point[0], point[1])
    if rho <= diameter / 2 + 0.05 and abs(point[2]) <= length / 2 + 0.05:
        return
    magnet = magpylib.magnet.Cylinder(
        dimension=(diameter / 1000, length / 1000), polarization=(0, 0, polarization / 1000)
    )
    theirs = magnet.getB(np.array(point) / 1000) * 1000
    ours = cylinder_field(diameter / 2, length / 2, polarization, point)
    close(ours, theirs, scale=abs(polarization))


@settings(max_examples=100, deadline=None)
@given(
    SIZES,
    st.tuples(POLARIZATION, POLARIZATION, POLARIZATION),
    st.tuples(COORDINATE, COORDINATE, COORDINATE),
)
def test_a_sphere_matches_magpylib(
    diameter: float,
    polarization: tuple[float, float, float],
    point: tuple[float, float, float],
) -> None:
    if math.dist(point, (0, 0, 0)) <= diameter / 2 + 0.05:
        return
    magnet = magpylib.magnet.Sphere(
        diameter=diameter / 1000, polarization=np.array(polarization) / 1000
    )
    theirs = magnet.getB(np.array(point) / 1000) * 1000
    close(
        sphere_field(diameter / 2, polarization, point), theirs, scale=max(map(abs, polarization))
    )


def line_integral(magnet: Any, a: np.ndarray, b: np.ndarray) -> float:
    """magpylib's field integrated along a straight line from ``a`` to ``b`` (mm, mT):
    Simpson's rule on 2,001 points."""
    ts = np.linspace(0.0, 1.0, 2001)
    points = a[None, :] * (1 - ts[:, None]) + b[None, :] * ts[:, None]
    values = (magnet.getB(points / 1000) * 1000) @ (b - a)
    weights = np.ones_like(ts)
    weights[1:-1:2], weights[2:-1:2] = 4, 2
    return float((ts[1] - ts[0]) / 3 * (weights @ values))


REEDS = st.tuples(st.floats(-15.0, 15.0), st.floats(-15.0, 15.0), st.floats(0.0, math.pi))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(("block", "cylinder", "sphere")), SIZES, st.floats(0.5, 10.0), REEDS)
def test_the_potential_drop_along_a_reed_is_magpylibs_line_integral(
    shape: str, size: float, gap: float, reed: tuple[float, float, float]
) -> None:
    """A reed 8 mm long lying under a magnet, in any direction: the drop of the scalar
    potential from one end to the other equals the field integrated along it."""
    x, y, angle = reed
    z = -(size / 2 + gap)
    a = np.array([x - 4 * math.cos(angle), y - 4 * math.sin(angle), z])
    b = np.array([x + 4 * math.cos(angle), y + 4 * math.sin(angle), z])
    j = 1200.0
    if shape == "block":
        size3 = (size, size * 0.6, size)
        magnet = magpylib.magnet.Cuboid(
            dimension=np.array(size3) / 1000, polarization=(0.3, -0.5, 1.1)
        )
        half = (size3[0] / 2, size3[1] / 2, size3[2] / 2)
        drop = block_potential(half, (300.0, -500.0, 1100.0), tuple(a)) - block_potential(
            half, (300.0, -500.0, 1100.0), tuple(b)
        )
    elif shape == "cylinder":
        magnet = magpylib.magnet.Cylinder(
            dimension=(size / 1000, size / 1000), polarization=(0, 0, j / 1000)
        )
        drop = cylinder_potential(size / 2, size / 2, j, tuple(a)) - cylinder_potential(
            size / 2, size / 2, j, tuple(b)
        )
    else:
        magnet = magpylib.magnet.Sphere(diameter=size / 1000, polarization=(0.0, 0.8, 0.9))
        drop = sphere_potential(size / 2, (0.0, 800.0, 900.0), tuple(a)) - sphere_potential(
            size / 2, (0.0, 800.0, 900.0), tuple(b)
        )
    expected = line_integral(magnet, a, b)
    assert drop == pytest.approx(expected, rel=1e-5, abs=1e-4 * j)


def test_cel_gives_the_complete_elliptic_integrals() -> None:
    """K(k) and E(k) as Bulirsch's cel gives them, against their values at k^2 = 0.5
    (Abramowitz and Stegun, table 17.1: K = 1.854074677, E = 1.350643881)."""
    kc = math.sqrt(0.5)
    assert cel(kc, 1.0, 1.0, 1.0) == pytest.approx(1.854074677, abs=1e-9)
    assert cel(kc, 1.0, 1.0, kc * kc) == pytest.approx(1.350643881, abs=1e-9)


def test_a_disc_seen_from_its_axis_integrates_as_its_closed_form() -> None:
    """On its axis a disc's integral of 1/r is 2 pi (sqrt(a^2 + w^2) - |w|)."""
    for a, w in ((5.0, 1.0), (3.0, 10.0), (8.0, 0.2)):
        assert disc_integral(a, 0.0, w) == pytest.approx(
            2 * math.pi * (math.hypot(a, w) - abs(w)), rel=1e-9
        )
