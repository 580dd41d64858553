"""The exact fields of uniformly magnetized blocks, cylinders and spheres.

Each function gives the flux density B (in the unit of the polarization ``J = mu0 M``
it is given, millitesla here) at a point outside the magnet, in the magnet's own frame:
centred on it, its edges (a block's) or its axis (a cylinder's) along the frame's axes.
The field of a magnet is scale-free (only ratios of lengths enter), so lengths may be in
any one unit; Kiban's are millimetres.

- **Block** (a cuboid): the field of its two charged faces, each a rectangle of magnetic
  surface charge, in closed form (the double integrals of ``r/|r|^3`` over a rectangle
  are logarithms and an arctangent). A block polarized along x or y is the same formula
  with the axes renamed, and any direction is the sum of the three.
- **Cylinder polarized along its axis** (a disc or a rod): Derby and Olbert's closed form
  ("Cylindrical magnets and ideal solenoids", Am. J. Phys. 78, 229 (2010)) through
  Bulirsch's general complete elliptic integral ``cel``.
- **Sphere**: outside, exactly the field of a point dipole at its centre.

The test suite holds every formula to magpylib's (tests/hardware/magnetics/test_fields.py),
a library nobody here wrote.
"""

from __future__ import annotations

import math

from hardware.magnetics.vectors import Vec

FOUR_PI = 4.0 * math.pi
TINY = 1e-12


# --- a block -----------------------------------------------------------------------------


def block_field(half: Vec, polarization: Vec, point: Vec) -> Vec:
    """B at ``point`` of a block with half-sides ``half`` polarized ``polarization``."""
    jx, jy, jz = polarization
    a, b, c = half
    x, y, z = point
    bx = by = bz = 0.0
    if jz:
        fx, fy, fz = _block_z((a, b, c), (x, y, z))
        bx, by, bz = bx + jz * fx, by + jz * fy, bz + jz * fz
    if jx:  # x plays z's part: rename (x, y, z) -> (y, z, x)
        gy, gz, gx = _block_z((b, c, a), (y, z, x))
        bx, by, bz = bx + jx * gx, by + jx * gy, bz + jx * gz
    if jy:  # y plays z's part: rename (x, y, z) -> (z, x, y)
        hz, hx, hy = _block_z((c, a, b), (z, x, y))
        bx, by, bz = bx + jy * hx, by + jy * hy, bz + jy * hz
    return (bx, by, bz)


def _block_z(half: Vec, point: Vec) -> Vec:
    """B per unit polarization along z: the top face (charge +1) and the bottom (-1)."""
    a, b, c = half
    x, y, z = point
    total_x = total_y = total_z = 0.0
    for face_z, charge in ((c, 1.0), (-c, -1.0)):
        w = z - face_z
        if abs(w) < TINY:
            w = TINY if w >= 0 else -TINY
        for i, corner_x in enumerate((-a, a)):
            u = x - corner_x
            for j, corner_y in enumerate((-b, b)):
                v = y - corner_y
                sign = charge * (1.0 if (i + j) % 2 == 0 else -1.0)
                r = math.sqrt(u * u + v * v + w * w)
                total_x -= sign * _log_plus(v, r, u * u + w * w)
                total_y -= sign * _log_plus(u, r, v * v + w * w)
                total_z += sign * math.atan(u * v / (w * r))
    return (total_x / FOUR_PI, total_y / FOUR_PI, total_z / FOUR_PI)


def _log_plus(s: float, r: float, rest: float) -> float:
    """``ln(s + r)`` where ``r = sqrt(s^2 + rest)``, without the cancellation of ``s +
    r`` when ``s`` is negative (then ``s + r = rest / (r - s)``)."""
    if s >= 0:
        return math.log(s + r)
    return math.log(max(rest, TINY * TINY) / (r - s))


# --- a cylinder polarized along its axis -----------------------------------------------------


def cylinder_field(radius: float, half_length: float, polarization: float, point: Vec) -> Vec:
    """B at ``point`` of a cylinder along z, ``polarization`` along its axis."""
    x, y, z = point
    rho = math.hypot(x, y)
    b_rho, b_z = _cylinder_rz(radius, half_length, rho, z)
    if rho < TINY:
        return (0.0, 0.0, polarization * b_z)
    return (polarization * b_rho * x / rho, polarization * b_rho * y / rho, polarization * b_z)


def _cylinder_rz(a: float, b: float, rho: float, z: float) -> tuple[float, float]:
    """Derby and Olbert's radial and axial field per unit polarization."""
    b0 = 1.0 / math.pi
    if abs(rho - a) < TINY * a:
        rho = a * (1.0 + 1e-9)  # on the mantle's cylinder the formula has a removable 0/0
    gamma = (a - rho) / (a + rho)
    b_rho = b_z = 0.0
    for zz, sign in ((z + b, 1.0), (z - b, -1.0)):
        alpha = 1.0 / math.sqrt(zz * zz + (rho + a) ** 2)
        beta = zz * alpha
        k = math.sqrt((zz * zz + (a - rho) ** 2) / (zz * zz + (a + rho) ** 2))
        k = max(k, TINY)
        b_rho += sign * alpha * cel(k, 1.0, 1.0, -1.0)
        b_z += sign * beta * cel(k, gamma * gamma, 1.0, gamma)
    return (b0 * a * b_rho, b0 * a / (a + rho) * b_z)


def cel(kc: float, p: float, c: float, s: float) -> float:
    """Bulirsch's general complete elliptic integral: the integral over [0, pi/2] of
    ``(c cos^2 + s sin^2) / ((cos^2 + p sin^2) sqrt(cos^2 + kc^2 sin^2))``, by his
    iteration (R. Bulirsch, Numer. Math. 13, 305 (1969)); ``kc`` must not be 0."""
    if kc == 0:
        raise ValueError("cel diverges for kc = 0")
    k = abs(kc)
    em = 1.0
    if p > 0:
        pp = math.sqrt(p)
        ss = s / pp
        cc = c
    else:
        f = kc * kc
        q = 1.0 - f
        g = 1.0 - p
        f -= p
        q *= s - c * p
        pp = math.sqrt(f / g)
        cc = (c - s) / g
        ss = -q / (g * g * pp) + cc * pp
    f = cc
    cc += ss / pp
    g = k / pp
    ss = 2.0 * (ss + f * g)
    pp += g
    g = em
    em += k
    kk = k
    for _ in range(60):
        if abs(g - k) <= g * 1e-12:
            break
        k = 2.0 * math.sqrt(kk)
        kk = k * em
        f = cc
        cc += ss / pp
        g = kk / pp
        ss = 2.0 * (ss + f * g)
        pp += g
        g = em
        em += k
    return (math.pi / 2.0) * (ss + cc * em) / (em * (em + pp))


# --- a sphere ----------------------------------------------------------------------------


def sphere_field(radius: float, polarization: Vec, point: Vec) -> Vec:
    """B at ``point`` outside a sphere polarized ``polarization``: the dipole
    ``m = 4/3 pi R^3 M``, so ``B = J R^3 / 3 * (3 (J^.r^) r^ - J^) / r^3``."""
    x, y, z = point
    r2 = x * x + y * y + z * z
    r = math.sqrt(r2)
    if r < radius:
        raise ValueError("the point lies inside the sphere")
    jx, jy, jz = polarization
    factor = radius**3 / (3.0 * r2 * r)
    along = 3.0 * (jx * x + jy * y + jz * z) / r2
    return (
        factor * (along * x - jx),
        factor * (along * y - jy),
        factor * (along * z - jz),
    )


# --- the scalar potentials: what a reed switch reads -----------------------------------------
#
# Outside every magnet the field has a scalar potential, B = -grad(psi) (psi is mu0 times
# the magnetic scalar potential, in the polarization's unit times length), so the line
# integral of B between two points is the difference of psi there, whatever the way
# between: a reed switch's blades, which gather the field along their length, are read in
# two evaluations (``hardware.magnetics.sensing``).


def block_potential(half: Vec, polarization: Vec, point: Vec) -> float:
    """psi at ``point`` of a block with half-sides ``half`` polarized ``polarization``."""
    jx, jy, jz = polarization
    a, b, c = half
    x, y, z = point
    total = 0.0
    if jz:
        total += jz * _block_potential_z((a, b, c), (x, y, z))
    if jx:
        total += jx * _block_potential_z((b, c, a), (y, z, x))
    if jy:
        total += jy * _block_potential_z((c, a, b), (z, x, y))
    return total


def _block_potential_z(half: Vec, point: Vec) -> float:
    """psi per unit polarization along z: the double integral of 1/r over each charged
    face, ``u ln(v + r) + v ln(u + r) - w atan(u v / (w r))`` at the corners."""
    a, b, c = half
    x, y, z = point
    total = 0.0
    for face_z, charge in ((c, 1.0), (-c, -1.0)):
        w = z - face_z
        if abs(w) < TINY:
            w = TINY if w >= 0 else -TINY
        for i, corner_x in enumerate((-a, a)):
            u = x - corner_x
            for j, corner_y in enumerate((-b, b)):
                v = y - corner_y
                sign = charge * (1.0 if (i + j) % 2 == 0 else -1.0)
                r = math.sqrt(u * u + v * v + w * w)
                total += sign * (
                    u * _log_plus(v, r, u * u + w * w)
                    + v * _log_plus(u, r, v * v + w * w)
                    - w * math.atan(u * v / (w * r))
                )
    return total / FOUR_PI


def sphere_potential(radius: float, polarization: Vec, point: Vec) -> float:
    """psi at ``point`` outside a polarized sphere: the dipole's ``J R^3 (J^.r) / 3 r^3``."""
    x, y, z = point
    r2 = x * x + y * y + z * z
    r = math.sqrt(r2)
    if r < radius:
        raise ValueError("the point lies inside the sphere")
    jx, jy, jz = polarization
    return radius**3 * (jx * x + jy * y + jz * z) / (3.0 * r2 * r)


_GAUSS_16 = (
    (0.0950125098376374, 0.1894506104550685),
    (0.2816035507792589, 0.1826034150449236),
    (0.4580167776572274, 0.1691565193950025),
    (0.6178762444026438, 0.1495959888165767),
    (0.7554044083550030, 0.1246289712555339),
    (0.8656312023878318, 0.0951585116824928),
    (0.9445750230732326, 0.0622535239386479),
    (0.9894009349916499, 0.0271524594117541),
)
"""Gauss-Legendre's 16 points on [-1, 1], by their positive half (abscissa, weight)."""


def cylinder_potential(radius: float, half_length: float, polarization: float, point: Vec) -> float:
    """psi at ``point`` of a cylinder along z polarized along its axis: its two end discs
    of surface charge (``disc_integral``)."""
    x, y, z = point
    rho = math.hypot(x, y)
    top = disc_integral(radius, rho, z - half_length)
    bottom = disc_integral(radius, rho, z + half_length)
    return polarization * (top - bottom) / FOUR_PI


def disc_integral(a: float, rho: float, w: float) -> float:
    """The integral of 1/r over a disc of radius ``a``, seen from a point ``rho`` off its
    axis and ``w`` above its plane, as one integral over the directions from the point's
    foot (each ray's stretch over the disc integrates in closed form: ``sqrt(s^2 + w^2)``).
    From a foot inside the disc the integrand is smooth and periodic, so the trapezoid
    rule converges fast; from a foot outside, the directions that meet the disc are taken
    through ``rho sin(theta) = a sin(phi)``, which smooths the square roots at the two
    tangents, by Gauss-Legendre."""
    w2 = w * w
    if rho < a:
        total = 0.0
        steps = _inside_steps(rho / a)
        for index in range(steps):
            theta = math.pi * (index + 0.5) / steps
            sine = rho * math.sin(theta)
            reach = math.sqrt(a * a - sine * sine) - rho * math.cos(theta)
            total += math.sqrt(reach * reach + w2)
        return 2.0 * math.pi * (total / steps - abs(w))
    ratio = a / rho
    total = 0.0
    for abscissa, weight in _GAUSS_16:
        phi = (math.pi / 4.0) * (1.0 + abscissa), (math.pi / 4.0) * (1.0 - abscissa)
        for angle in phi:
            sine = ratio * math.sin(angle)
            cos_theta = math.sqrt(1.0 - sine * sine)
            half_chord = a * math.cos(angle)
            near, far = rho * cos_theta - half_chord, rho * cos_theta + half_chord
            stretch = math.sqrt(far * far + w2) - math.sqrt(near * near + w2)
            total += weight * stretch * ratio * math.cos(angle) / cos_theta
    return 2.0 * (math.pi / 4.0) * total


def _inside_steps(ratio: float) -> int:
    """Midpoints over half a turn for a foot ``ratio`` of the radius out: the periodic
    integrand converges geometrically, the slower the nearer the rim (each count keeps
    the integral within 1e-8 of itself: 12 to 0.6 of the radius, 48 to 0.99)."""
    for limit, steps in ((0.6, 12), (0.8, 16), (0.9, 24), (0.97, 32)):
        if ratio < limit:
            return steps
    return 48
