"""The shared, active-low interrupt line of the sensor chips, seen on one GPIO.

Expanders configured with open-drain INT outputs (MCP23017: IOCON.ODR) can all
be wired to one GPIO with a pull-up: the line goes low when any chip has an
unread change. Polling stays the default; this only lets a scanner sleep until
something moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpiozero import DigitalInputDevice
from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory

from drivers.errors import GpioError


class InterruptLine:
    """Calls ``on_active`` each time the line is pulled low.

    gpiozero calls back from its own thread on a real Pi, so ``on_active``
    should only hand the event on (set an event, enqueue), never touch the bus.
    """

    def __init__(
        self,
        pin: int,
        on_active: Callable[[], None],
        *,
        pin_factory: Factory | None = None,
        pull_up: bool = True,
    ) -> None:
        self._pin = pin
        self._on_active = on_active
        try:
            self._device: Any = DigitalInputDevice(pin, pull_up=pull_up, pin_factory=pin_factory)
        except GPIOZeroError as exc:
            raise GpioError(f"interrupt line on GPIO {pin} could not be claimed: {exc}") from exc
        self._device.when_activated = self._activated

    @property
    def pin(self) -> int:
        return self._pin

    @property
    def active(self) -> bool:
        """Whether some chip is holding the line low right now."""
        return bool(self._device.is_active)

    def _activated(self) -> None:
        self._on_active()

    def close(self) -> None:
        self._device.close()
