"""How far simulated time may be asked to go.

A simulation scans at its profile's rate and skips the stretches where nothing can
change, so even a long wait costs little; but a time that is not a number, or so far
ahead that one scan period no longer changes the clock (``1e16`` seconds), would never
finish. ``Simulation.advance``/``advance_to`` refuse those with ``SimulatedTimeError``;
the front ends (``kiban replay``, the terminal's ``wait``) keep to tighter limits of
their own and say so in words.
"""

from __future__ import annotations

import math

from engine.errors import KibanError

HORIZON = 10 * 365 * 24 * 3600.0
"""Ten years of simulated seconds: far beyond any session, and well short of the
clock values where a scan period (a few milliseconds) is lost to rounding."""


class SimulatedTimeError(KibanError, ValueError):
    """A simulated time that is not finite, lies beyond the horizon, or goes back."""


def check_target(until: float) -> None:
    """Refuse a time to advance to that is not finite or beyond ``HORIZON``."""
    if not math.isfinite(until):
        raise SimulatedTimeError(f"simulated time must be a finite number, not {until!r}")
    if until > HORIZON:
        raise SimulatedTimeError(
            f"simulated time {until:g} s lies beyond the simulation's horizon "
            f"({HORIZON:g} s, ten years)"
        )


def check_wait(seconds: float) -> None:
    """Refuse a wait that is not finite or negative (how long is checked by the target)."""
    if not math.isfinite(seconds):
        raise SimulatedTimeError(f"a wait must be a finite number of seconds, not {seconds!r}")
    if seconds < 0:
        raise SimulatedTimeError(f"a wait cannot be negative ({seconds:g} s)")
