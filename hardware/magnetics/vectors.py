"""Points, directions and rotations in millimetres, as plain tuples.

The fields are computed a few hundred thousand times per simulated move; tuples and
plain arithmetic keep that cheap without an array library on the Pi.
"""

from __future__ import annotations

import math

Vec = tuple[float, float, float]
"""A point or a direction: x, y across the board, z up from the sensors' plane (mm)."""

Rotation = tuple[Vec, Vec, Vec]
"""A rotation matrix by rows: ``apply(rotation, v)`` turns ``v`` from a body's own frame
into the board's."""

IDENTITY: Rotation = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
UP: Vec = (0.0, 0.0, 1.0)


def add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def scale(a: Vec, factor: float) -> Vec:
    return (a[0] * factor, a[1] * factor, a[2] * factor)


def dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a: Vec) -> float:
    return math.sqrt(dot(a, a))


def unit(a: Vec) -> Vec:
    length = norm(a)
    if length == 0:
        raise ValueError("a direction of length 0")
    return scale(a, 1.0 / length)


def apply(rotation: Rotation, v: Vec) -> Vec:
    """``v`` of a body's frame in the board's frame."""
    r0, r1, r2 = rotation
    return (dot(r0, v), dot(r1, v), dot(r2, v))


def apply_inverse(rotation: Rotation, v: Vec) -> Vec:
    """``v`` of the board's frame in the body's frame (a rotation's inverse is its
    transpose)."""
    (a, b, c), (d, e, f), (g, h, i) = rotation
    x, y, z = v
    return (a * x + d * y + g * z, b * x + e * y + h * z, c * x + f * y + i * z)


def compose(first: Rotation, then: Rotation) -> Rotation:
    """``first`` followed by ``then`` (the matrix product ``then @ first``)."""
    columns = tuple(zip(*first, strict=True))
    return (
        (dot(then[0], columns[0]), dot(then[0], columns[1]), dot(then[0], columns[2])),
        (dot(then[1], columns[0]), dot(then[1], columns[1]), dot(then[1], columns[2])),
        (dot(then[2], columns[0]), dot(then[2], columns[1]), dot(then[2], columns[2])),
    )


def about(axis: Vec, angle: float) -> Rotation:
    """The rotation by ``angle`` radians about ``axis`` (right-handed; Rodrigues)."""
    x, y, z = unit(axis)
    c, s = math.cos(angle), math.sin(angle)
    t = 1.0 - c
    return (
        (t * x * x + c, t * x * y - s * z, t * x * z + s * y),
        (t * x * y + s * z, t * y * y + c, t * y * z - s * x),
        (t * x * z - s * y, t * y * z + s * x, t * z * z + c),
    )


def taking(source: Vec, target: Vec) -> Rotation:
    """The shortest rotation that turns the direction ``source`` into ``target``."""
    a, b = unit(source), unit(target)
    axis = cross(a, b)
    sine, cosine = norm(axis), dot(a, b)
    if sine < 1e-12:
        if cosine > 0:
            return IDENTITY
        # half a turn about any axis square to ``a``
        other = (1.0, 0.0, 0.0) if abs(a[0]) < 0.9 else (0.0, 1.0, 0.0)
        return about(cross(a, other), math.pi)
    return about(axis, math.atan2(sine, cosine))
