"""Errors at the hardware boundary, each naming the chip and where it sits."""

from __future__ import annotations

import errno
import re
from dataclasses import dataclass

from engine.errors import KibanError

# The errnos a Linux I2C adapter raises when a chip is absent, busy or glitching.
TRANSIENT_ERRNOS = frozenset({errno.EIO, errno.ENXIO, errno.ETIMEDOUT, errno.EREMOTEIO})


class HardwareError(KibanError, OSError):
    """Root of hardware faults; still an OSError for callers that expect one."""


class BusError(HardwareError):
    """A chip did not answer on its bus.

    ``address`` is the chip's I2C address; devices without one (a shift-register
    chain on SPI, a scanner on a serial port) pass None and are named by their bus.
    """

    def __init__(self, chip: str, bus: str, address: int | None, cause: OSError) -> None:
        self.chip = chip
        self.bus = bus
        self.address = address
        self.cause_errno = cause.errno
        reason = cause.strerror or str(cause)
        where = f"{chip} on {bus}" if address is None else f"{chip} at 0x{address:02x} on {bus}"
        detail = f"errno {cause.errno}, {reason}" if cause.errno is not None else reason
        super().__init__(cause.errno, f"{where} did not answer ({detail})")

    def __str__(self) -> str:
        return str(self.args[1])

    @property
    def transient(self) -> bool:
        """Whether retrying may help (an absent or glitching chip, not a bad request)."""
        return self.cause_errno in TRANSIENT_ERRNOS


class LedStripError(HardwareError):
    """The LED strip could not be started or written."""


class GpioError(HardwareError):
    """A GPIO pin (a button, a chip's interrupt line) could not be claimed."""


@dataclass(frozen=True, slots=True)
class LineHolder:
    """A GPIO line another request holds, and the consumer label that request gave."""

    offset: int
    consumer: str

    @property
    def pid(self) -> int | None:
        """The holding process, when its label names it as Kiban's do (``name[PID]``,
        drivers.gpio_lines.consumer_label)."""
        found = re.search(r"\[(\d+)\]$", self.consumer)
        return int(found.group(1)) if found else None


class GpioChipError(GpioError):
    """A GPIO chip's device file (``/dev/gpiochip0``) refused something: opening, a line
    request, a read. ``chip`` is the device file (or the directory searched for one),
    ``lines`` the offsets asked (the BCM GPIO numbers on a Pi's header chip)."""

    def __init__(
        self,
        chip: str,
        lines: tuple[int, ...],
        cause: OSError,
        what: str,
        holders: tuple[LineHolder, ...] = (),
    ) -> None:
        self.chip = chip
        self.lines = lines
        self.holders = holders
        """The lines another request holds, when the request was refused because they
        are taken (errno 16) and the kernel said by whom."""
        self.cause_errno = cause.errno
        reason = cause.strerror or str(cause)
        detail = f"errno {cause.errno}, {reason}" if cause.errno is not None else reason
        gpio = "GPIO " + ", ".join(map(str, lines)) + " on " if lines else ""
        held = "".join(f": {line}" for line in _held(holders))
        super().__init__(cause.errno, f"{gpio}{chip} {what} ({detail}){held}")
        self.filename = chip

    def __str__(self) -> str:
        return str(self.args[1])


def _held(holders: tuple[LineHolder, ...]) -> list[str]:
    return [describe_holders(holders)] if holders else []


def describe_holders(holders: tuple[LineHolder, ...]) -> str:
    """``GPIO 5, 6 held by kiban-buttons[812]``: the lines of each holder, in one phrase."""
    by_consumer: dict[str, list[int]] = {}
    for holder in holders:
        by_consumer.setdefault(holder.consumer, []).append(holder.offset)
    return "; ".join(
        f"GPIO {', '.join(map(str, offsets))} held by {consumer or 'an unlabelled request'}"
        for consumer, offsets in by_consumer.items()
    )


class StaleReadingsError(BusError):
    """A device that sends its readings (a scanner microcontroller) lost some on their
    way and was asked for them all again: it answers, but until they come what it last
    said may no longer stand on the board, and nothing is decided from it."""


class ButtonError(GpioError):
    """A button's GPIO pin could not be claimed."""


class DeviceUnavailableError(HardwareError):
    """A device file of the Pi (an I2C bus, an SPI device, a serial port) cannot be
    opened; ``device`` names it and the message says how to make it available."""

    def __init__(self, device: str, cause: OSError, message: str) -> None:
        self.device = device
        super().__init__(cause.errno, message)
        self.filename = device

    def __str__(self) -> str:
        return str(self.args[1])


class DeviceMissingError(DeviceUnavailableError, FileNotFoundError):
    """The device file does not exist: the interface is not enabled (or not plugged in)."""


class DeviceAccessError(DeviceUnavailableError, PermissionError):
    """The device file exists but this user may not open it: a group is missing."""
