"""The health of the sensor bus, tracked the same way by the Runtime and the Simulation.

A scan that fails (after the drivers' own quick retries) means a chip is
silent. The first failure becomes a ``BusFault`` event naming the chip (the
controller pauses the game and the status LED shows the fault) and one log
line; the next scan that reads every chip becomes ``BusRecovered``. A fault
that moves to another chip is reported again, naming it. While the chip is
silent the runtime scans less often, backing off; the simulation, which only
cares what is decided, keeps its scan period.
"""

from __future__ import annotations

import logging

from drivers.buttons import ButtonRole
from drivers.errors import BusError, StaleReadingsError
from engine.said import N_, Said, said
from firmware_host.session.events import BusFault, BusRecovered, Event

log = logging.getLogger(__name__)

REST_AFTER = 1.0  # seconds without a change before a polled board counts as at rest
CONFIRM_PERIOD = 0.002
"""Seconds between the scans that confirm a reading on its way (the debouncer's): a
reed switch stops bouncing within a millisecond, so three readings 2 ms apart tell a
piece from a bounce as well as three a period apart, and the change counts within
4 ms of the scan that first saw it instead of two periods (20 ms at 100 Hz)."""
CONFIRM_BUS_SHARE = 0.5
"""The most of the time between two confirming scans that a scan may keep the bus
(a slow bus, an analog board's conversions, confirms at half its pace)."""
BACKOFF = (0.05, 0.1, 0.2, 0.5, 1.0)  # seconds between scans while a chip is silent

# Buttons that confirm what the board shows: they wait until the sensors have caught
# up with the hand (every reading debounced, nothing on its way), at most CONFIRM_WAIT
# seconds, so a clock pressed just after the last piece landed confirms the whole move.
CONFIRMING = frozenset({ButtonRole.OK, ButtonRole.CLOCK})
CONFIRM_WAIT = 1.0


def fault_line(error: BusError) -> Said:
    """The player's line for a silent chip: which chip, where (the technical detail,
    the errno, goes to the log)."""
    address = "" if error.address is None else f" at 0x{error.address:02x}"
    return said(N_("{chip} does not answer"), chip=f"{error.chip}{address} on {error.bus}")


class ScanWatch:
    """Turns scan outcomes into fault events: each fault said once, each recovery once."""

    def __init__(self) -> None:
        self.failures = 0
        self.faults = 0
        self._culprit: tuple[str, str, int | None] | None = None
        self._stale = False  # readings lost on their way, asked for again

    @property
    def faulted(self) -> bool:
        return self.failures > 0

    def failed(self, error: BusError) -> list[Event]:
        if isinstance(error, StaleReadingsError):  # not silent: resyncing, said to no one
            if self.failures or self._stale:
                return []
            self._stale = True
            return [BusFault(None)]
        culprit = (error.chip, error.bus, error.address)
        self.failures += 1
        if culprit == self._culprit:
            return []
        self._culprit = culprit
        self.faults += 1
        log.error("%s", error)  # the errno and the driver's words: for whoever mends it
        return [BusFault(fault_line(error))]

    def answered(self) -> list[Event]:
        self._stale = False
        if not self.failures:
            return []
        log.info("the board answers again after %d failed scans", self.failures)
        self.failures = 0
        self._culprit = None
        return [BusRecovered()]

    def delay(self, period: float) -> float:
        """How long the runtime waits before the next scan."""
        if not self.failures:
            return period
        return BACKOFF[min(self.failures, len(BACKOFF)) - 1]


class Cadence:
    """When a polled board is scanned: at its full rate while anything moves, and
    at its idle rate once nothing has changed for ``REST_AFTER`` seconds. The first
    change after a rest is seen up to one idle period late; from it on the board is
    scanned at full rate again. A reading on its way is confirmed by scans
    ``CONFIRM_PERIOD`` apart (``confirm``), so a change counts a few milliseconds
    after the scan that saw it. Most of an idle board's CPU is waking up, so this is
    what makes a Pi Zero 2 W idle cheaply without the interrupt lines wired."""

    def __init__(self, period: float, idle_period: float) -> None:
        self.period = period
        self.idle_period = max(period, idle_period)
        self._stirred: float | None = None

    def stirred(self, now: float) -> None:
        """Something changed, is settling or waits for the board to settle."""
        self._stirred = now

    def confirm(self, took: float) -> float:
        """Seconds until the next scan while a reading is on its way, after a scan that
        took ``took`` seconds: soon, but never faster than the board's own rate allows
        its bus, nor slower than its full rate."""
        return min(self.period, max(CONFIRM_PERIOD, took / CONFIRM_BUS_SHARE))

    def next(self, now: float) -> float:
        """Seconds until the next scan after one at ``now``."""
        if self._stirred is None:
            self._stirred = now  # a board just started is watched closely at first
        if now - self._stirred < REST_AFTER:
            return self.period
        return self.idle_period
