"""The board's push buttons, one gpiozero input per role.

Each is a ``DigitalInputDevice``, not a ``Button``: a ``Button`` keeps a thread
that wakes ten times a second to look for a held press, which no role uses.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from gpiozero import DigitalInputDevice
from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory

from drivers.errors import ButtonError


class ButtonRole(Enum):
    """What a button means; the value is the name profiles and replay files use."""

    OK = "ok"
    NEXT = "next"
    BACK = "back"
    ROLL = "roll"
    REFILL = "refill"
    CLOCK = "clock"
    HINT = "hint"


class ButtonPanel:
    """Buttons wired from a GPIO to ground, reporting each press by its role.

    ``bounce_time`` is handed to gpiozero, whose pin backend filters bounce in
    hardware where it can (lgpio); the panel also drops a press that follows
    the previous edge of the same button by less than ``bounce_time``, because
    some backends (and the mock factory) do not filter at all.

    ``on_press`` runs on gpiozero's callback thread on a real Pi: it should
    only enqueue the role. The global ``Device.pin_factory`` is never touched;
    tests pass ``pin_factory=MockFactory()``.
    """

    def __init__(
        self,
        pins: Mapping[ButtonRole, int],
        on_press: Callable[[ButtonRole], None],
        *,
        pin_factory: Factory | None = None,
        bounce_time: float | None = 0.03,
        pull_up: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        used: dict[int, ButtonRole] = {}
        for role, gpio in pins.items():
            if gpio in used:
                raise ButtonError(
                    f"button {role.value} and button {used[gpio].value} are both on GPIO {gpio}"
                )
            used[gpio] = role
        self._on_press = on_press
        self._bounce = bounce_time or 0.0
        self._clock = clock
        self._last_edge: dict[ButtonRole, float] = {}
        self._buttons: dict[ButtonRole, Any] = {}
        for role, gpio in pins.items():
            try:
                button = DigitalInputDevice(
                    gpio, pull_up=pull_up, bounce_time=bounce_time, pin_factory=pin_factory
                )
            except GPIOZeroError as exc:
                self.close()
                raise ButtonError(
                    f"button {role.value} on GPIO {gpio} could not be claimed: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
            button.when_activated = self._handler(role, pressed=True)
            button.when_deactivated = self._handler(role, pressed=False)
            self._buttons[role] = button

    @property
    def roles(self) -> tuple[ButtonRole, ...]:
        return tuple(self._buttons)

    def is_pressed(self, role: ButtonRole) -> bool:
        return bool(self._buttons[role].is_active)

    def _handler(self, role: ButtonRole, *, pressed: bool) -> Callable[[], None]:
        def handle() -> None:
            now = self._clock()
            previous = self._last_edge.get(role)
            self._last_edge[role] = now
            if pressed and (previous is None or now - previous >= self._bounce):
                self._on_press(role)

        return handle

    def close(self) -> None:
        """Release every pin; safe to call twice."""
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()
