"""CD74HC4067 analog multiplexers: sixteen Hall sensors onto one ADC input.

From TI's datasheet (SCHS209): four select inputs S0-S3 connect channel
I0-I15 (the binary number S3 S2 S1 S0) to the common pin; the enable input E
is active low (tie it to ground, or give it a GPIO). The select lines are
plain GPIO outputs, driven here through gpiozero, and several multiplexers
usually share them: one setting of the four lines exposes channel n of every
multiplexer at once, each on its own ADC input.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from gpiozero import DigitalOutputDevice
from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory

from drivers.errors import GpioError

CHANNELS = 16
SELECT_LINES = 4


_LEVELS = tuple((line, level) for line in range(SELECT_LINES) for level in (False, True))
"""Every (line, level) write, made once: the table below holds each many times."""


def _writes(previous: int | None, channel: int) -> tuple[tuple[int, bool], ...]:
    """The (line, level) writes that take the lines from ``previous`` (None: unknown,
    write all four) to ``channel``."""
    changed = CHANNELS - 1 if previous is None else channel ^ previous
    return tuple(
        _LEVELS[2 * line + (channel >> line & 1)]
        for line in range(SELECT_LINES)
        if changed >> line & 1
    )


_WRITES: Mapping[int | None, tuple[tuple[tuple[int, bool], ...], ...]] = MappingProxyType(
    {
        previous: tuple(_writes(previous, channel) for channel in range(CHANNELS))
        for previous in (None, *range(CHANNELS))
    }
)
"""_WRITES[previous][channel]: what ``_writes`` gives, worked out once (a board walks
the channels every scan)."""


class SelectLines:
    """The S0-S3 lines (GPIO numbers, S0 first) shared by a group of multiplexers.

    Only the lines that change are written, straight to their pins (a device's
    ``value`` goes through gpiozero's blink and attribute machinery first: a
    board walks the channels every scan); ``settle`` is the pause after a
    change for the analog path to settle before a conversion (the switch itself
    takes nanoseconds, a Hall sensor's output into the ADC's sampling capacitor
    a few microseconds).
    """

    def __init__(
        self,
        gpios: Sequence[int],
        *,
        pin_factory: Factory | None = None,
        settle: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if len(gpios) != SELECT_LINES:
            raise ValueError(f"a CD74HC4067 has four select lines, not {len(gpios)}")
        self.gpios = tuple(gpios)
        self.settle = settle
        self.sleep = sleep
        self._lines: list[Any] = []
        self._pins: list[Any] = []  # the lines' pins, active high: a pin's state is its level
        for gpio in self.gpios:
            try:
                line = DigitalOutputDevice(gpio, initial_value=False, pin_factory=pin_factory)
            except GPIOZeroError as exc:
                self.close()
                raise GpioError(
                    f"multiplexer select line on GPIO {gpio} could not be claimed: {exc}"
                ) from exc
            self._lines.append(line)
        self._pins += [line.pin for line in self._lines]
        self.selected: int | None = 0
        self.changes = 0

    def select(self, channel: int) -> None:
        """Connect channel ``channel`` (0-15) of every multiplexer on these lines."""
        if not 0 <= channel < CHANNELS:
            raise ValueError(f"CD74HC4067 channel {channel} is not in 0-15")
        if channel == self.selected:
            return
        pins = self._pins
        for line, level in _WRITES[self.selected][channel]:
            pins[line].state = level
        self.selected = channel
        self.changes += 1
        if self.settle:
            self.sleep(self.settle)

    def close(self) -> None:
        for line in self._lines:
            line.close()
        self._lines.clear()
        self._pins.clear()
        self.selected = None


class EnableLine:
    """A multiplexer's active-low E input on a GPIO, held enabled."""

    def __init__(self, gpio: int, *, pin_factory: Factory | None = None) -> None:
        try:
            self._line: Any = DigitalOutputDevice(
                gpio, active_high=False, initial_value=True, pin_factory=pin_factory
            )
        except GPIOZeroError as exc:
            raise GpioError(
                f"multiplexer enable line on GPIO {gpio} could not be claimed: {exc}"
            ) from exc
        self.gpio = gpio

    def close(self) -> None:
        self._line.close()
