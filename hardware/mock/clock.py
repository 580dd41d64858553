"""The time simulated hardware lives in.

Drivers that must wait (an ADS1115 converting, a link's timeouts) are given a
``sleep`` and a ``clock``; on simulated hardware both are a ``SimClock``. The
simulation moves it forward to its own time before each scan, and a driver's
sleep moves it on from there, so a conversion that is waited for is done, and
one that is not is not. ``SimClock.real()`` follows the computer's clock
instead, for the real-time runtime on simulated hardware.
"""

from __future__ import annotations

import time


class SimClock:
    def __init__(self, start: float = 0.0, *, real: bool = False) -> None:
        self._now = start
        self._real = real
        self._origin = time.monotonic()
        self.slept = 0.0
        self.sleeps = 0
        """How many times a driver slept (each a wake-up on a real board)."""

    @classmethod
    def real(cls) -> SimClock:
        return cls(real=True)

    def now(self) -> float:
        if self._real:
            return time.monotonic() - self._origin
        return self._now

    def sleep(self, seconds: float) -> None:
        self.slept += seconds
        self.sleeps += 1
        if self._real:
            time.sleep(seconds)
        else:
            self._now += seconds

    def advance_to(self, moment: float) -> None:
        """Time goes on to ``moment`` (never back: a driver may have slept past it)."""
        if not self._real:
            self._now = max(self._now, moment)
