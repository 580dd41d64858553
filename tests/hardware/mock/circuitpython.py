"""Adafruit's CircuitPython drivers on the simulated bus, without Blinka.

The drivers import ``busio``, ``digitalio`` and ``micropython``, which Blinka (their
dependency on PyPI) provides by detecting the board it runs on. Here small stand-ins
take those names first, so nothing of Blinka runs: ``I2C`` forwards each call to a
``SimulatedI2CBus`` as the ``I2C_RDWR`` transaction Blinka sends on Linux (a write, a
read, or a write then a read with a repeated start), which the bus checks against
its adapter's rules, and lets the simulated clock run for the time the transaction
keeps the wire busy (a driver that polls a chip sees time pass, as on a real bus).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

from smbus2 import i2c_msg

from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.clock import SimClock

Buffer = bytes | bytearray | memoryview


class I2C:
    """``busio.I2C`` on a simulated bus: locking, transfers and a bus scan."""

    def __init__(
        self, bus: SimulatedI2CBus, clock: SimClock | None = None, frequency: int = 100_000
    ) -> None:
        self.bus = bus
        self.clock = clock
        self.frequency = frequency
        self.locked = False

    def try_lock(self) -> bool:
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self) -> None:
        self.locked = False

    def _transfer(self, *messages: i2c_msg) -> None:
        if not self.locked:
            raise RuntimeError("Function requires lock")  # what CircuitPython says
        bits_before = self.bus.bits
        try:
            self.bus.i2c_rdwr(*messages)
        finally:
            if self.clock is not None:
                wire = max(self.bus.bits - bits_before, 0) / self.frequency
                self.clock.advance_to(self.clock.now() + wire)

    def writeto(
        self, address: int, buffer: Buffer, *, start: int = 0, end: int | None = None
    ) -> None:
        self._transfer(i2c_msg.write(address, bytes(buffer[start:end])))

    def readfrom_into(
        self, address: int, buffer: bytearray, *, start: int = 0, end: int | None = None
    ) -> None:
        end = len(buffer) if end is None else end
        message = i2c_msg.read(address, end - start)
        self._transfer(message)
        buffer[start:end] = bytes(message)

    def writeto_then_readfrom(
        self,
        address: int,
        buffer_out: Buffer,
        buffer_in: bytearray,
        *,
        out_start: int = 0,
        out_end: int | None = None,
        in_start: int = 0,
        in_end: int | None = None,
    ) -> None:
        in_end = len(buffer_in) if in_end is None else in_end
        read = i2c_msg.read(address, in_end - in_start)
        self._transfer(i2c_msg.write(address, bytes(buffer_out[out_start:out_end])), read)
        buffer_in[in_start:in_end] = bytes(read)

    def scan(self) -> list[int]:
        """The addresses that acknowledge a one-byte read, as ``i2cdetect -r`` finds them."""
        found = []
        for address in range(0x08, 0x78):
            try:
                self.readfrom_into(address, bytearray(1))
            except OSError:
                continue
            found.append(address)
        return found

    def deinit(self) -> None:
        self.unlock()


class Direction:
    """``digitalio.Direction``: two distinct values."""

    INPUT = types.SimpleNamespace(name="INPUT")
    OUTPUT = types.SimpleNamespace(name="OUTPUT")


class Pull:
    """``digitalio.Pull``: two distinct values."""

    UP = types.SimpleNamespace(name="UP")
    DOWN = types.SimpleNamespace(name="DOWN")


class DriveMode:
    """``digitalio.DriveMode``: two distinct values."""

    PUSH_PULL = types.SimpleNamespace(name="PUSH_PULL")
    OPEN_DRAIN = types.SimpleNamespace(name="OPEN_DRAIN")


class Unused:
    """A name the drivers' annotations mention and these tests never use (SPI, a pin)."""


def _standins() -> dict[str, types.ModuleType]:
    busio = types.ModuleType("busio")
    busio.I2C = I2C  # type: ignore[attr-defined]
    busio.SPI = Unused  # type: ignore[attr-defined]
    digitalio = types.ModuleType("digitalio")
    digitalio.Direction = Direction  # type: ignore[attr-defined]
    digitalio.Pull = Pull  # type: ignore[attr-defined]
    digitalio.DriveMode = DriveMode  # type: ignore[attr-defined]
    digitalio.DigitalInOut = Unused  # type: ignore[attr-defined]
    micropython = types.ModuleType("micropython")
    micropython.const = lambda value: value  # type: ignore[attr-defined]
    return {"busio": busio, "digitalio": digitalio, "micropython": micropython}


def adafruit(module: str) -> Any:
    """Import one of Adafruit's driver modules over the stand-ins (never Blinka's)."""
    for name, standin in _standins().items():
        present = sys.modules.get(name)
        if present is None:
            sys.modules[name] = standin
        elif getattr(present, "__file__", None) is not None:
            raise RuntimeError(f"Blinka's {name} was imported: its board detection ran")
    return importlib.import_module(module)
