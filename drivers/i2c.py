"""The I2C bus as the drivers use it: the subset of smbus2's ``SMBus`` they call.

Drivers receive an object of this shape; they never open a bus themselves, so
the simulated bus of ``hardware.mock`` and a real ``smbus2.SMBus`` are
interchangeable.
"""

from __future__ import annotations

from typing import Protocol

from smbus2 import i2c_msg

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
