"""Errors at the hardware boundary, each naming the chip and where it sits."""

from __future__ import annotations

import errno

from engine.errors import KibanError

# The errnos a Linux I2C adapter raises when a chip is absent, busy or glitching.
TRANSIENT_ERRNOS = frozenset({errno.EIO, errno.ENXIO, errno.ETIMEDOUT, errno.EREMOTEIO})


class HardwareError(KibanError, OSError):
    """Root of hardware faults; still an OSError for callers that expect one."""


class BusError(HardwareError):
    """A chip did not answer on its bus."""

    def __init__(self, chip: str, bus: str, address: int, cause: OSError) -> None:
        self.chip = chip
        self.bus = bus
        self.address = address
        self.cause_errno = cause.errno
        reason = cause.strerror or str(cause)
        super().__init__(
            cause.errno,
            f"{chip} at 0x{address:02x} on {bus} did not answer (errno {cause.errno}, {reason})",
        )

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


class ButtonError(GpioError):
    """A button's GPIO pin could not be claimed."""
