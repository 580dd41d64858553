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

import ctypes
import errno
from collections.abc import Callable
from ctypes import string_at
from fcntl import ioctl
from typing import Protocol

from smbus2 import I2cFunc, SMBus, i2c_msg
from smbus2.smbus2 import I2C_RDWR, i2c_rdwr_ioctl_data

from drivers.device_files import i2c_unavailable
from drivers.i2c_adapters import SMBUS, shape_of

SMBUS_BYTES = 32
"""I2C_SMBUS_BLOCK_MAX: the most data bytes one SMBus block transfer carries."""


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
    this user, is a ``DeviceUnavailableError`` that says how to fix it. An adapter that
    runs no plain I2C (``I2C_FUNC_I2C`` missing from what it says it does) is wrapped
    in ``SmbusOnlyBus``."""
    import smbus2  # looked up when called: the tests stand in for its SMBus

    try:
        bus = smbus2.SMBus(number)
    except OSError as error:
        unavailable = i2c_unavailable(number, error)
        if unavailable is None:
            raise
        raise unavailable from error
    if not bus.funcs & I2cFunc.I2C:
        return SmbusOnlyBus(bus, f"i2c-{number}")
    return bus


class SmbusOnlyBus:
    """A bus whose adapter runs SMBus transfers only (drivers/i2c_adapters.py, SMBUS):
    each transaction a driver plans for it runs as the SMBus call that puts the same
    bytes on the wire. A write of a register and its data is a byte-data or I2C-block
    write (a register alone, a send-byte); a register pointer and a read after it is
    a byte-data or I2C-block read. Anything else (a read with no pointer before it,
    several transfers at once) is refused with ``EOPNOTSUPP``, as the kernel refuses an
    ``I2C_RDWR`` to such an adapter, before anything is sent."""

    adapter = SMBUS

    def __init__(self, bus: SMBus, name: str) -> None:
        self._bus = bus
        self.name = name

    def read_byte(self, i2c_addr: int, force: bool | None = None) -> int:
        return int(self._bus.read_byte(i2c_addr, force))

    def write_byte(self, i2c_addr: int, value: int, force: bool | None = None) -> None:
        self._bus.write_byte(i2c_addr, value, force)

    def read_byte_data(self, i2c_addr: int, register: int, force: bool | None = None) -> int:
        return int(self._bus.read_byte_data(i2c_addr, register, force))

    def write_byte_data(
        self, i2c_addr: int, register: int, value: int, force: bool | None = None
    ) -> None:
        self._bus.write_byte_data(i2c_addr, register, value, force)

    def read_i2c_block_data(
        self, i2c_addr: int, register: int, length: int, force: bool | None = None
    ) -> list[int]:
        return list(self._bus.read_i2c_block_data(i2c_addr, register, length, force))

    def write_i2c_block_data(
        self, i2c_addr: int, register: int, data: list[int], force: bool | None = None
    ) -> None:
        self._bus.write_i2c_block_data(i2c_addr, register, data, force)

    def i2c_rdwr(self, *i2c_msgs: i2c_msg) -> None:
        self.prepare_rdwr(*i2c_msgs)()

    def prepare_rdwr(self, *i2c_msgs: i2c_msg) -> Transaction:
        """The SMBus call of these messages, checked once."""
        shape = shape_of(i2c_msgs)
        lengths = [int(message.len) for message in i2c_msgs]
        smbus = SMBUS.refusal(shape) is None and (
            (len(lengths) == 1 and 1 <= lengths[0] <= SMBUS_BYTES + 1)
            or (len(lengths) == 2 and lengths[0] == 1 and 1 <= lengths[1] <= SMBUS_BYTES)
        )
        if not smbus:
            raise OSError(
                errno.EOPNOTSUPP,
                f"{self.name} runs SMBus transfers only, and none sends {shape} of {lengths} bytes",
            )
        bus = self._bus
        if len(i2c_msgs) == 1:
            address = int(i2c_msgs[0].addr)
            register, *data = string_at(i2c_msgs[0].buf, lengths[0])
            if not data:
                return lambda: bus.write_byte(address, register)
            if len(data) == 1:
                return lambda: bus.write_byte_data(address, register, data[0])
            return lambda: bus.write_i2c_block_data(address, register, data)
        pointer, read = i2c_msgs
        address, length = int(read.addr), lengths[1]
        register = string_at(pointer.buf, 1)[0]
        if length == 1:

            def byte() -> None:
                value = bus.read_byte_data(address, register)
                ctypes.memmove(read.buf, bytes((value,)), 1)

            return byte

        def block() -> None:
            values = bus.read_i2c_block_data(address, register, length)
            ctypes.memmove(read.buf, bytes(values), length)

        return block

    def close(self) -> None:
        self._bus.close()
