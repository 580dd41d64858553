"""The shared, active-low interrupt line of the sensor chips, seen on one GPIO.

Expanders configured with open-drain INT outputs (MCP23017: IOCON.ODR) can all
be wired to one GPIO with a pull-up: the line goes low when any chip has an
unread change. Polling stays the default; this only lets a scanner sleep until
something moves.

On a Pi the line is watched on the kernel's GPIO character device when the board
gives a ``chip`` (drivers/gpio_lines.py: no wake-ups at rest, the edge handed on at
once); otherwise, and always on the simulator's ``MockFactory``, through gpiozero.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpiozero import DigitalInputDevice
from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory

from drivers.edge_watcher import EdgeWatcher
from drivers.errors import GpioChipError, GpioError
from drivers.gpio_lines import Bias, Edges, GpioChip, LineEvent, LineSettings, consumer_label


class InterruptLine:
    """Calls ``on_active`` each time the line is pulled low (high, with ``pull_up=False``).

    It is called from a watcher's thread (gpiozero's, or the chip's), so ``on_active``
    should only hand the event on (set an event, enqueue), never touch the bus.

    On a chip, a line the kernel takes away (the chip gone) is told to ``on_lost`` and
    claimed again (drivers/edge_watcher.py); until it is, the line counts as ``active``
    (a change may be waiting: whoever reads the chips behind it reads them every scan,
    as a board without the line does), and once it is back ``on_back`` is told and
    ``on_active`` called, since edges meanwhile went unseen.
    """

    def __init__(
        self,
        pin: int,
        on_active: Callable[[], None],
        *,
        pin_factory: Factory | None = None,
        pull_up: bool = True,
        chip: GpioChip | None = None,
        on_lost: Callable[[GpioChipError], None] | None = None,
        on_back: Callable[[], None] | None = None,
    ) -> None:
        self._pin = pin
        self._on_back = on_back
        self._on_active = on_active
        self._pull_up = pull_up
        self._device: Any = None
        self._watcher: EdgeWatcher | None = None
        if chip is not None:
            if pin_factory is not None:
                raise ValueError(
                    "an interrupt line is watched on a chip or a pin factory, not both"
                )
            settings = LineSettings(
                pin,
                Edges.FALLING if pull_up else Edges.RISING,  # the kernel queues activations only
                Bias.PULL_UP if pull_up else Bias.PULL_DOWN,  # as gpiozero's pull_up does
            )
            try:
                request = chip.request([settings], consumer=consumer_label("kiban-int"))
            except GpioError as exc:
                raise GpioError(
                    f"interrupt line on GPIO {pin} could not be claimed: {exc}"
                ) from exc
            self._watcher = EdgeWatcher(
                request, self._edge, on_lost=on_lost, on_back=self._back, name=f"kiban-int-{pin}"
            )
            return
        try:
            self._device = DigitalInputDevice(pin, pull_up=pull_up, pin_factory=pin_factory)
        except GPIOZeroError as exc:
            raise GpioError(f"interrupt line on GPIO {pin} could not be claimed: {exc}") from exc
        self._device.when_activated = self._activated

    @property
    def pin(self) -> int:
        return self._pin

    @property
    def watched_by(self) -> str:
        """``chardev <chip>`` or ``gpiozero``: what watches the line."""
        if self._watcher is not None:
            return f"chardev {self._watcher.request.chip.path}"
        return "gpiozero"

    @property
    def active(self) -> bool:
        """Whether some chip is holding the line low right now (or may be: the line is
        lost and nobody can tell)."""
        if self._watcher is not None:
            levels = self._watcher.levels()
            return levels is None or levels[self._pin] is not self._pull_up
        return bool(self._device.is_active)

    def _edge(self, event: LineEvent) -> None:
        self._on_active()

    def _back(self) -> None:
        if self._on_back is not None:
            self._on_back()
        self._on_active()  # what changed while the line was lost is read at once

    def _activated(self) -> None:
        self._on_active()

    def close(self) -> None:
        if self._watcher is not None:
            self._watcher.close()
        if self._device is not None:
            self._device.close()
