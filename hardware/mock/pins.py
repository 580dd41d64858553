"""The simulated board's GPIO pins: gpiozero's mock pins, with a bounded record.

gpiozero's ``MockPin`` keeps every change of its level in ``states`` for ever.
The select lines of an analog board change 16 times a scan, 800 times a second
at 50 Hz: some 250 MB an hour of ``kiban sim`` or of the service on a simulated
board. These pins keep the latest changes only (``KEEP``), as the simulated bus keeps
its latest calls (``hardware/mock/history.py``).
"""

from __future__ import annotations

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
