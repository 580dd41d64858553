"""Which of the board's watched GPIO lines the kernel has taken away, for whoever tells
the person at the board (the runtime).

On the Pi's header chip (drivers/edge_watcher.py), the buttons and the INT/ALERT lines
are claimed again by themselves once lost; meanwhile the buttons are not heard and the
sensors are polled. That is not a reason to stop the game, but it is one to say so,
with the chip and the lines, until they are back.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from drivers.errors import GpioChipError


class LineUse(Enum):
    """What lost lines were for: what the board cannot do until they are back."""

    BUTTONS = "buttons"
    INTERRUPT = "interrupt"


@dataclass(frozen=True, slots=True)
class LostLines:
    use: LineUse
    gpios: tuple[int, ...]
    error: GpioChipError


class LineWatch:
    """The lost lines now; each loss and return calls every listener (from the
    watcher's thread: a listener should only hand the news on)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lost: dict[tuple[LineUse, tuple[int, ...]], LostLines] = {}
        self.listeners: list[Callable[[], object]] = []

    @property
    def lost(self) -> tuple[LostLines, ...]:
        """The lost lines, the buttons first (what a player misses first)."""
        with self._lock:
            lost = list(self._lost.values())
        order = list(LineUse)
        return tuple(sorted(lost, key=lambda each: (order.index(each.use), each.gpios)))

    def on_lost(self, use: LineUse, gpios: tuple[int, ...]) -> Callable[[GpioChipError], None]:
        """What a driver calls when the kernel takes ``gpios`` away."""

        def lost(error: GpioChipError) -> None:
            with self._lock:
                self._lost[use, gpios] = LostLines(use, gpios, error)
            self._told()

        return lost

    def on_back(self, use: LineUse, gpios: tuple[int, ...]) -> Callable[[], None]:
        """What a driver calls when ``gpios`` are watched again."""

        def back() -> None:
            with self._lock:
                self._lost.pop((use, gpios), None)
            self._told()

        return back

    def listen(self, listener: Callable[[], object]) -> None:
        """Call ``listener`` at each loss and return from now on, and at once when lines
        are lost already (lost while the board was being opened)."""
        self.listeners.append(listener)
        if self.lost:
            listener()

    def _told(self) -> None:
        for listener in list(self.listeners):
            listener()
