"""The simulated board's GPIO pins: gpiozero's mock pins, with a bounded record.

gpiozero's ``MockPin`` keeps every change of its level in ``states`` for ever.
The select lines of an analog board change 16 times a scan, 800 times a second
at 50 Hz: some 240 MiB an hour of ``kiban sim`` or of the service on a simulated
board. These pins keep the latest changes only (``KEEP``), as the simulated bus keeps
its latest calls (``hardware/mock/history.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from gpiozero.pins.mock import MockFactory, MockPin

from hardware.mock.history import History

KEEP = 64
"""The changes a pin keeps at least (twice as many at most): a select line changes a
few times a scan, and no test looks further back than a few scans."""


class PinLevel(Protocol):
    """One of a pin's recorded levels (gpiozero's ``PinState``)."""

    timestamp: float
    state: bool


class SimulatedPin(MockPin):  # type: ignore[misc]
    """A ``MockPin`` whose ``states`` keeps its latest changes (``KEEP`` to twice as many)."""

    states: list[PinLevel]

    def clear_states(self) -> None:
        super().clear_states()
        states: History[PinLevel] = History(KEEP)
        states.extend(self.states)
        self.states = states


def simulated_pin_factory() -> MockFactory:
    """A gpiozero mock pin factory whose pins keep a bounded record of their levels."""
    return MockFactory(pin_class=SimulatedPin)


class OpenDrainLine:
    """A line with a pull-up that any of its chips' open-drain outputs pulls low (the
    ADS7138s' ALERT): low while one of them asserts. ``drive_low``/``drive_high`` move
    the GPIO, a gpiozero ``MockPin``'s."""

    def __init__(self, drive_low: Callable[[], None], drive_high: Callable[[], None]) -> None:
        self._drive_low = drive_low
        self._drive_high = drive_high
        self._asserting: set[int] = set()
        self._drivers: list[int] = []

    @property
    def low(self) -> bool:
        return bool(self._asserting)

    def driver(self) -> Callable[[bool], None]:
        """What one more chip calls with its output's state (asserted: pulling low)."""
        number = len(self._drivers)
        self._drivers.append(number)

        def drive(asserted: bool) -> None:
            was = bool(self._asserting)
            if asserted:
                self._asserting.add(number)
            else:
                self._asserting.discard(number)
            if bool(self._asserting) != was:
                (self._drive_low if self._asserting else self._drive_high)()

        return drive
