"""The I2C bus as the drivers use it: the subset of smbus2's ``SMBus`` they call.

Drivers receive an object of this shape; they never open a bus themselves, so
the simulated bus of ``hardware.mock`` and a real ``smbus2.SMBus`` are
interchangeable.

A transaction a driver repeats every scan can be prepared once
(``prepare_rdwr``): on a real bus smbus2 would otherwise build the ioctl's
message array from the messages on every call, which costs more Python work
than the ioctl itself.
"""

from __future__ import annotations

from collections.abc import Callable
from fcntl import ioctl
from typing import Protocol

from smbus2 import SMBus, i2c_msg
from smbus2.smbus2 import I2C_RDWR, i2c_rdwr_ioctl_data

from drivers.device_files import i2c_unavailable


class I2CBus(Protocol):
    def read_byte(self, i2c_addr: int, force: bool | None = None) -> int: ...

    def write_byte(self, i2c_addr: int, value: int, force: bool | None = None) -> None: ...

    def read_byte_data(self, i2c_addr: int, register: int, force: bool | None = None) -> int: ...

    def write_byte_data(
        self, i2c_addr: int, register: int, value: int, force: bool | None = None
    ) -> None: ...

    def read_i2c_block_data(
        self, i2c_addr: int, register: int, length: int, force: bool | None = None
    ) -> list[int]: ...

    def write_i2c_block_data(
        self, i2c_addr: int, register: int, data: list[int], force: bool | None = None
    ) -> None: ...

    def i2c_rdwr(self, *i2c_msgs: i2c_msg) -> None: ...

    def close(self) -> None: ...


Transaction = Callable[[], None]
"""A prepared combined transaction: each call runs it once (fills the read buffers)."""


class PreparingBus(Protocol):
    """A bus that prepares transactions its own way (the simulated bus, a multiplexer's
    segment)."""

    def prepare_rdwr(self, *i2c_msgs: i2c_msg) -> Transaction: ...


def prepare_rdwr(bus: I2CBus, *i2c_msgs: i2c_msg) -> Transaction:
    """``bus.i2c_rdwr(*i2c_msgs)`` as a call to repeat: the same messages (their
    buffers read and filled anew each time), with the ioctl's structure built once."""
    prepare = getattr(bus, "prepare_rdwr", None)
    if prepare is not None:
        prepared: Transaction = prepare(*i2c_msgs)
        return prepared
    if isinstance(bus, SMBus):
        # What SMBus.i2c_rdwr builds at each call (smbus2's stub mistypes the arguments).
        data = i2c_rdwr_ioctl_data.create(*i2c_msgs)  # type: ignore[arg-type]
        smbus = bus

        def transaction() -> None:
            # A closed bus has no fd (None): the ioctl fails, as SMBus.i2c_rdwr would.
            ioctl(smbus.fd, I2C_RDWR, data)  # type: ignore[arg-type]

        return transaction
    return lambda: bus.i2c_rdwr(*i2c_msgs)


def open_i2c_bus(number: int) -> I2CBus:
    """Open ``/dev/i2c-<number>`` on a real machine; a bus not enabled, or not open to
    this user, is a ``DeviceUnavailableError`` that says how to fix it."""
    from smbus2 import SMBus

    try:
        bus: I2CBus = SMBus(number)
    except OSError as error:
        unavailable = i2c_unavailable(number, error)
        if unavailable is None:
            raise
        raise unavailable from error
    return bus
