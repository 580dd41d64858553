"""A game clock for any number of seats: the seat to move loses time, a move adds
the increment, and a flag falls at zero.

Time comes from the caller (the controller's events), so the clock runs on real
time on the Pi and on simulated time in tests and replays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import KibanError

_CONTROL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(m|min|s)?\s*(?:\+\s*(\d+(?:\.\d+)?)\s*s?)?\s*$")


class TimeControlError(KibanError, ValueError):
    """A time control that cannot be read."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Seconds each seat starts with, and seconds added after each of its moves."""

    initial: float
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``10m``, ``15``, ``90s``, ``5m+3`` (minutes unless marked s; increment in seconds)."""
        match = _CONTROL.match(text)
        if not match:
            raise TimeControlError(
                f"time control {text!r} is not like 10m, 90s or 5m+3 (minutes, seconds, increment)"
            )
        amount = float(match.group(1))
        initial = amount if match.group(2) == "s" else amount * 60
        if initial <= 0:
            raise TimeControlError(f"time control {text!r} gives no time")
        return cls(initial, float(match.group(3) or 0))

    def text(self) -> str:
        minutes = self.initial / 60
        base = f"{minutes:g}m" if minutes == int(minutes) else f"{self.initial:g}s"
        return f"{base}+{self.increment:g}" if self.increment else base


class GameClock:
    """The remaining time of every seat; at most one runs."""

    def __init__(self, control: TimeControl, seats: int, remaining: Sequence[float] | None = None):
        self.control = control
        self._remaining = list(remaining) if remaining is not None else [control.initial] * seats
        if len(self._remaining) != seats:
            raise ValueError(f"{len(self._remaining)} clock times for {seats} seats")
        self._running: int | None = None
        self._since = 0.0

    @property
    def running(self) -> int | None:
        return self._running

    def remaining(self, at: float) -> tuple[float, ...]:
        """Every seat's time left at ``at`` (never below zero)."""
        times = list(self._remaining)
        if self._running is not None:
            times[self._running] -= at - self._since
        return tuple(max(0.0, t) for t in times)

    def start(self, seat: int, at: float) -> None:
        """Run ``seat``'s clock from ``at`` (stopping any other)."""
        self.stop(at)
        self._running = seat
        self._since = at

    def stop(self, at: float) -> None:
        if self._running is not None:
            self._remaining[self._running] -= at - self._since
            self._running = None

    def moved(self, seat: int, next_seat: int | None, at: float) -> None:
        """``seat`` finished a move at ``at``: add its increment, run ``next_seat``'s clock."""
        self.stop(at)
        self._remaining[seat] += self.control.increment
        if next_seat is not None:
            self.start(next_seat, at)

    def told(self, seat: int, remaining: float, at: float) -> None:
        """Every clock stops; ``seat`` has ``remaining`` (what another board measured)."""
        self.stop(at)
        self._remaining[seat] = remaining

    def flag_time(self) -> float | None:
        """When the running clock reaches zero."""
        if self._running is None:
            return None
        return self._since + max(0.0, self._remaining[self._running])

    def flagged(self, at: float) -> int | None:
        """The seat whose time has run out at ``at``, if any."""
        flag = self.flag_time()
        if flag is not None and at >= flag - 1e-9:
            return self._running
        return None


def format_time(seconds: float) -> str:
    """Clock text: m:ss, or h:mm:ss beyond an hour, tenths under ten seconds."""
    if seconds < 10:
        return f"0:{seconds:04.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
