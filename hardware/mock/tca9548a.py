"""A TCA9548A I2C multiplexer, so chips behind it answer only on their open channel.

From TI's datasheet (SCPS207): one control register, written and read as a
single byte with no register address; bit n opens channel n (several may be
open at once). A new selection takes effect at the STOP that ends the write,
not before (the simulated bus calls ``stop()`` after every transaction). The
chip answers at its own address whatever channel is open; power-on and RESET
close every channel.
"""

from __future__ import annotations

from hardware.mock.bus import I2CDevice

CHANNELS = 8


class Segment:
    """The chips on one downstream channel, with faults of their own."""

    def __init__(self, channel: int) -> None:
        self.channel = channel
        self._devices: dict[int, I2CDevice] = {}
        self._vanished: set[int] = set()

    def attach(self, address: int, device: I2CDevice) -> None:
        if not 0x03 <= address <= 0x77:
            raise ValueError(f"0x{address:02x} is not a 7-bit device address")
        if address in self._devices:
            raise ValueError(f"0x{address:02x} is already taken on channel {self.channel}")
        self._devices[address] = device

    def device(self, address: int) -> I2CDevice:
        return self._devices[address]

    def vanish(self, address: int) -> None:
        """The chip stops answering (a loose cable on this channel)."""
        if address not in self._devices:
            raise KeyError(f"no device at 0x{address:02x} on channel {self.channel}")
        self._vanished.add(address)

    def restore(self, address: int) -> None:
        self._vanished.discard(address)

    def present(self) -> list[int]:
        return sorted(set(self._devices) - self._vanished)

    def answering(self, address: int) -> I2CDevice | None:
        if address in self._vanished:
            return None
        return self._devices.get(address)


class TCA9548AModel:
    """The multiplexer: attach it to a ``SimulatedI2CBus``, and chips to its segments."""

    def __init__(self) -> None:
        self.segments = tuple(Segment(channel) for channel in range(CHANNELS))
        self.control = 0
        self._pending: int | None = None
        self.writes = 0

    def segment(self, channel: int) -> Segment:
        if not 0 <= channel < CHANNELS:
            raise ValueError(f"TCA9548A channel {channel} is not in 0-7")
        return self.segments[channel]

    def reset(self) -> None:
        """A pulse on RESET: every channel closes."""
        self.control = 0
        self._pending = None

    # -- I2C device protocol -----------------------------------------------

    def write(self, data: bytes) -> None:
        if data:
            self._pending = data[-1]  # the last byte written before STOP counts
            self.writes += 1

    def read(self, length: int) -> bytes:
        return bytes([self.control]) * length

    def stop(self) -> None:
        if self._pending is not None:
            self.control = self._pending
            self._pending = None

    def routed(self, address: int) -> list[I2CDevice]:
        found = []
        for segment in self.segments:
            if self.control >> segment.channel & 1:
                device = segment.answering(address)
                if device is not None:
                    found.append(device)
        return found
