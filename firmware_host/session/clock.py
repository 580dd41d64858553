"""A game clock for any number of seats: the seat to move loses time, a move adds
the increment, and a flag falls at zero.

With byoyomi (shogi's overtime), a seat whose main time is gone has a number of
periods of ``byoyomi`` seconds each: a move made within a period starts the next
move with a full one, a period that runs out is used up, and the flag falls when the
last one does. The clock keeps one number per seat, the time until its flag (the main
time plus the periods left), so it is stored, told across boards and counted down
on the page as before; ``TimeControl.reading`` splits it for the display.

Time comes from the caller (the controller's events), so the clock runs on real
time on the Pi and on simulated time in tests and replays.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import KibanError
from engine.said import N_, Said, Value, said

_NUMBER = r"(\d+(?:\.\d+)?)"
_CONTROL = re.compile(
    rf"^\s*{_NUMBER}\s*(m|min|s)?\s*(?:\+\s*{_NUMBER}\s*s?)?"
    rf"\s*(?:byo\s*{_NUMBER}\s*s?\s*(?:x\s*(\d+))?)?\s*$"
)
_SHAPES = "10m, 90s or 5m+3 (minutes, seconds, increment), or 10m byo 30s x3 (byoyomi, periods)"


BYOYOMI = N_("byo {time}")
"""A clock in byoyomi: the time left in its period (lishogi's own short word; a
language says it its own way: Japanese 秒読み)."""
BYOYOMI_PERIODS = N_("byo {time} x{periods}")
"""A clock in byoyomi with more than one period left, and their number."""
SUFFIX = " — {clocks}"
"""What a status sentence ends with while clocks run (punctuation, the same in every
language)."""
BETWEEN = "{first} / {then}"
"""Between two seats' clocks."""


class TimeControlError(KibanError, ValueError):
    """A time control that cannot be read."""


@dataclass(frozen=True, slots=True)
class ClockReading:
    """One seat's clock as shown: main time left, and once it is gone the time left
    in the current byoyomi period and the periods left (counting that one)."""

    main: float
    period: float = 0.0
    periods: int = 0

    @property
    def in_byoyomi(self) -> bool:
        return self.main <= 0 and self.periods > 0

    def text(self) -> str:
        """The reading in English (a log's, a test's)."""
        return str(self.said())

    def said(self) -> Value:
        """``9:58``; in byoyomi ``byo 0:25``, with ``x2`` while more than one is left
        (words, told in the board's language)."""
        if not self.in_byoyomi:
            return format_time(self.main)
        time = format_time(self.period)
        if self.periods > 1:
            return said(BYOYOMI_PERIODS, time=time, periods=self.periods)
        return said(BYOYOMI, time=time)


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Seconds each seat starts with, seconds added after each of its moves (while in
    its main time), and the byoyomi: ``periods`` periods of ``byoyomi`` seconds."""

    initial: float
    increment: float = 0.0
    byoyomi: float = 0.0
    periods: int = 1

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``10m``, ``15``, ``90s``, ``5m+3`` (minutes unless marked s; increment in
        seconds), ``10m byo 30s`` or ``10mbyo30`` (byoyomi in seconds), ``10m byo 30s x3``
        (three periods), ``0 byo 10s`` (byoyomi alone)."""
        match = _CONTROL.match(text)
        if not match and "-" in text:
            raise TimeControlError(f"time control {text!r}: a time cannot be negative")
        if not match:
            raise TimeControlError(f"time control {text!r} is not like {_SHAPES}")
        amount = float(match.group(1))
        initial = amount if match.group(2) == "s" else amount * 60
        byoyomi = float(match.group(4) or 0)
        periods = int(match.group(5) or 1)
        if initial <= 0 and byoyomi <= 0:
            raise TimeControlError(f"time control {text!r} gives no time")
        if match.group(5) is not None and (periods < 1 or byoyomi <= 0):
            raise TimeControlError(f"time control {text!r}: periods need a byoyomi of some seconds")
        return cls(initial, float(match.group(3) or 0), byoyomi, periods if byoyomi else 1)

    def text(self) -> str:
        minutes = self.initial / 60
        base = f"{minutes:g}m" if minutes == int(minutes) else f"{self.initial:g}s"
        base = f"{base}+{self.increment:g}" if self.increment else base
        if self.byoyomi:
            base += f" byo {self.byoyomi:g}s"
            base += f" x{self.periods}" if self.periods > 1 else ""
        return base

    @property
    def overtime(self) -> float:
        """All the byoyomi periods together (0 without byoyomi)."""
        return self.byoyomi * self.periods

    @property
    def total(self) -> float:
        """A seat's time until its flag at the start."""
        return self.initial + self.overtime

    def reading(self, left: float) -> ClockReading:
        """``left`` seconds until the flag, as main time or byoyomi."""
        left = max(0.0, left)
        if not self.byoyomi or left > self.overtime:
            return ClockReading(left - self.overtime)
        periods = max(1, math.ceil(left / self.byoyomi - 1e-9))
        return ClockReading(0.0, left - (periods - 1) * self.byoyomi, periods)

    def after_move(self, left: float) -> float:
        """The time until the flag after a move made with ``left``: the increment in
        the main time; in byoyomi the period used is full again."""
        if left <= 0:
            return 0.0
        if self.byoyomi and left <= self.overtime:
            return self.byoyomi * max(1, math.ceil(left / self.byoyomi - 1e-9))
        return left + self.increment

    def before_move(self, told: float) -> float:
        """The time until the flag that ``after_move`` turned into ``told``: the
        increment taken off a main time; a byoyomi time (at most ``overtime``, which
        a main time plus its increment never is) is left as it is."""
        if self.byoyomi and told <= self.overtime:
            return told
        return max(0.0, told - self.increment)

    def from_shown(self, shown: float, left: float) -> float:
        """The time until the flag for a clock that shows ``shown`` (a server that
        sends the main time, or in byoyomi the current period's time), given that
        this clock has ``left``: the periods used are counted here."""
        if not self.byoyomi:
            return shown
        reading = self.reading(left)
        if not reading.in_byoyomi:
            return shown + self.overtime
        return (reading.periods - 1) * self.byoyomi + min(shown, self.byoyomi)


class GameClock:
    """The remaining time of every seat; at most one runs."""

    def __init__(self, control: TimeControl, seats: int, remaining: Sequence[float] | None = None):
        self.control = control
        self._remaining = list(remaining) if remaining is not None else [control.total] * seats
        if len(self._remaining) != seats:
            raise ValueError(f"{len(self._remaining)} clock times for {seats} seats")
        self._running: int | None = None
        self._since = 0.0

    @property
    def running(self) -> int | None:
        return self._running

    def remaining(self, at: float) -> tuple[float, ...]:
        """Every seat's time until its flag at ``at`` (never below zero; byoyomi
        included: ``readings`` splits it)."""
        times = list(self._remaining)
        if self._running is not None:
            times[self._running] -= at - self._since
        return tuple(max(0.0, t) for t in times)

    def readings(self, at: float) -> tuple[ClockReading, ...]:
        """Every seat's clock as shown at ``at``: main time, or byoyomi."""
        return tuple(self.control.reading(left) for left in self.remaining(at))

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
        """``seat`` finished a move at ``at``: add its increment (or, in byoyomi, start
        its next period full), run ``next_seat``'s clock."""
        self.stop(at)
        self._remaining[seat] = self.control.after_move(self._remaining[seat])
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


def clocks_suffix(control: TimeControl | None, clocks: Sequence[float]) -> Said | None:
    """What a status sentence ends with while clocks run: `` — 9:58 / byo 0:25``
    (None: no clocks)."""
    if control is None or not clocks:
        return None
    readings = [control.reading(left).said() for left in clocks]
    joined = readings[0]
    for reading in readings[1:]:
        joined = said(BETWEEN, first=joined, then=reading)
    return said(SUFFIX, clocks=joined)


def format_time(seconds: float) -> str:
    """Clock text: m:ss, or h:mm:ss beyond an hour, tenths under ten seconds."""
    if seconds < 10:
        return f"0:{seconds:04.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
