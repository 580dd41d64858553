"""The board's push buttons, reported by role.

On a Pi whose board gives a ``chip``, the buttons are one line request of the kernel's
GPIO character device (drivers/gpio_lines.py): one thread asleep in the kernel until an
edge, debounced by the kernel. Otherwise (and always on the simulator's ``MockFactory``)
each is a gpiozero ``DigitalInputDevice``, not a ``Button``: a ``Button`` keeps a thread
that wakes ten times a second to look for a held press. A press that means more
when held (hint held: a puzzle, ``HELD``) is measured from its press to its release
on the panel's own clock instead, and reported on release.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any

from gpiozero import DigitalInputDevice
from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory

from drivers.edge_watcher import EdgeWatcher
from drivers.errors import ButtonError, GpioChipError, GpioError
from drivers.gpio_lines import (
    Bias,
    Edge,
    Edges,
    GpioChip,
    LineEvent,
    LineSettings,
    consumer_label,
    debounce_period_us,
)


class ButtonRole(Enum):
    """What a button means; the value is the name profiles and replay files use."""

    OK = "ok"
    NEXT = "next"
    BACK = "back"
    ROLL = "roll"
    REFILL = "refill"
    CLOCK = "clock"
    HINT = "hint"
    PUZZLE = "puzzle"


LONG_PRESS = 1.5
"""Seconds a button is held for its held meaning (``HELD``). A press for a hint lasts a
tenth to a few tenths of a second, even a slow one; well over a second is only ever
meant, and a player holding on purpose for one and a half seconds does not yet
wonder whether the board heard."""

HELD: Mapping[ButtonRole, ButtonRole] = MappingProxyType({ButtonRole.HINT: ButtonRole.PUZZLE})
"""A button held for ``LONG_PRESS`` means another role: hint held asks for a puzzle, for
boards with no spare GPIO or button for a puzzle button of its own."""


class ButtonPanel:
    """Buttons wired from a GPIO to ground, reporting each press by its role.

    ``bounce_time`` is handed to the kernel as each line's debounce period when the
    panel is on a ``chip`` (an edge is queued once the contact has stood still that
    long), else to gpiozero, whose pin backend filters bounce where it can (lgpio);
    the panel also drops a press that follows the previous edge of the same button by
    less than ``bounce_time``, because some backends (and the mock factory) do not
    filter at all.

    A role of ``held`` is reported when it is let go, not when pressed: as its held
    role (``held[role]``) after ``long_press`` seconds or more, else as itself.

    ``on_press`` runs on the chip's watcher thread or gpiozero's callback thread on a
    real Pi: it should only enqueue the role. The global ``Device.pin_factory`` is never
    touched; tests pass ``pin_factory=MockFactory()``.

    On a chip, buttons the kernel takes away (the chip gone) are told to ``on_lost`` and
    claimed again (drivers/edge_watcher.py), then told to ``on_back``; a press held
    meanwhile is forgotten, since its release went unseen.
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
        held: Mapping[ButtonRole, ButtonRole] = HELD,
        long_press: float = LONG_PRESS,
        chip: GpioChip | None = None,
        on_lost: Callable[[GpioChipError], None] | None = None,
        on_back: Callable[[], None] | None = None,
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
        self._held = held
        self._long_press = long_press
        self._down: dict[ButtonRole, float] = {}  # when a role of ``held`` was pressed
        self._buttons: dict[ButtonRole, Any] = {}
        self._pins = dict(pins)
        self._roles = used  # the role of each GPIO
        self._pull_up = pull_up
        self._watcher: EdgeWatcher | None = None
        if chip is not None:
            if pin_factory is not None:
                raise ValueError("buttons are watched on a chip or a pin factory, not both")
            self._watch_on(chip, bounce_time, on_lost, on_back)
            return
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

    def _watch_on(
        self,
        chip: GpioChip,
        bounce_time: float | None,
        on_lost: Callable[[GpioChipError], None] | None,
        on_back: Callable[[], None] | None,
    ) -> None:
        """Every button in one request of ``chip``, both edges, the kernel debouncing."""
        settings = [
            LineSettings(
                gpio,
                Edges.BOTH,
                Bias.PULL_UP if self._pull_up else Bias.PULL_DOWN,
                debounce_period_us(bounce_time),
            )
            for gpio in self._pins.values()
        ]
        try:
            request = chip.request(settings, consumer=consumer_label("kiban-buttons"))
        except GpioError as exc:
            names = ", ".join(f"{role.value} on GPIO {gpio}" for role, gpio in self._pins.items())
            raise ButtonError(f"buttons {names} could not be claimed: {exc}") from exc

        def lost(error: GpioChipError) -> None:
            self._down.clear()  # their releases will not be seen
            if on_lost is not None:
                on_lost(error)

        self._watcher = EdgeWatcher(
            request, self._edge, on_lost=lost, on_back=on_back, name="kiban-buttons"
        )

    @property
    def watched_by(self) -> str:
        """``chardev <chip>`` or ``gpiozero``: what watches the buttons."""
        if self._watcher is not None:
            return f"chardev {self._watcher.request.chip.path}"
        return "gpiozero"

    @property
    def roles(self) -> tuple[ButtonRole, ...]:
        if self._watcher is not None:
            return tuple(self._pins)
        return tuple(self._buttons)

    def is_pressed(self, role: ButtonRole) -> bool:
        if self._watcher is not None:  # lost lines: nobody knows, so not pressed
            levels = self._watcher.levels()
            return levels is not None and levels[self._pins[role]] is not self._pull_up
        return bool(self._buttons[role].is_active)

    def _edge(self, event: LineEvent) -> None:
        """An edge from the chip: a press is the edge away from the pull. Chatter is told
        by the kernel's timestamps, which no delay in handing the edge on can bunch up."""
        pressed = event.edge is (Edge.FALLING if self._pull_up else Edge.RISING)
        self._handled(self._roles[event.offset], pressed=pressed, at=event.timestamp_ns / 1e9)

    def _handler(self, role: ButtonRole, *, pressed: bool) -> Callable[[], None]:
        def handle() -> None:
            self._handled(role, pressed=pressed)

        return handle

    def _handled(self, role: ButtonRole, *, pressed: bool, at: float | None = None) -> None:
        """One edge of ``role``'s button, at ``at`` seconds (the kernel's clock) or now on
        the panel's; a held press is always timed on the panel's clock."""
        now = self._clock()
        edge = now if at is None else at
        previous = self._last_edge.get(role)
        self._last_edge[role] = edge
        if previous is not None and edge - previous < self._bounce:
            return  # the contact chattering, on press or on release
        if role not in self._held:
            if pressed:
                self._on_press(role)
        elif pressed:
            self._down[role] = now
        elif role in self._down:
            long = now - self._down.pop(role) >= self._long_press
            self._on_press(self._held[role] if long else role)

    def close(self) -> None:
        """Release every pin; safe to call twice."""
        if self._watcher is not None:
            self._watcher.close()
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()
