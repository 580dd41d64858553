"""A simulated scanner microcontroller on a simulated serial port.

The device runs the firmware's own link code (hardware/firmware/rp2040/
kiban_link.py) over readings taken from the simulated world, so the host's
driver meets exactly the frames the real firmware sends. The port offers
pyserial's ``in_waiting``/``read``/``write``; each time the host looks at it,
the device first catches up: it scans, sends changes and heartbeats that are
due on its clock, and answers requests.

Faults for the tests: ``drop_rate`` loses whole frames, ``corrupt_rate`` flips
a byte in a frame (the CRC must catch it), ``silent`` makes the device stop
sending (a crashed firmware, a loose cable), ``unplugged`` makes the port raise
like a vanished USB device.
"""

from __future__ import annotations

import errno
import os
import random
from collections.abc import Callable

from hardware.firmware.rp2040.kiban_link import Link

FIRMWARE = "kiban-sim 1.0"


class SimulatedSerialPort:
    def __init__(self) -> None:
        self.to_host = bytearray()
        self.device: ScannerDevice | None = None
        self.written = bytearray()
        self.unplugged = False
        self.closed = False

    def _check(self) -> None:
        if self.unplugged:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        if self.closed:
            raise OSError(errno.EBADF, "the port is closed")

    @property
    def in_waiting(self) -> int:
        self._check()
        if self.device is not None:
            self.device.service()
        return len(self.to_host)

    def read(self, size: int = 1) -> bytes:
        self._check()
        data = bytes(self.to_host[:size])
        del self.to_host[:size]
        return data

    def write(self, data: bytes) -> int:
        self._check()
        self.written += data
        if self.device is not None:
            self.device.receive(bytes(data))
        return len(data)

    def close(self) -> None:
        self.closed = True


class ScannerDevice:
    """The firmware's link over ``readings()``; time from ``clock`` (seconds)."""

    def __init__(
        self,
        port: SimulatedSerialPort,
        readings: Callable[[], list[int]],
        channels: int,
        polarity: bool,
        clock: Callable[[], float],
        *,
        heartbeat_ms: int = 1000,
        seed: int = 0,
    ) -> None:
        self.port = port
        self.readings = readings
        self.clock = clock
        self.link = Link(self._emit, channels, polarity, FIRMWARE, heartbeat_ms)
        self.drop_rate = 0.0
        self.corrupt_rate = 0.0
        self.silent = False
        self._random = random.Random(seed)
        self.frames_sent = 0
        self.frames_dropped = 0
        self.frames_corrupted = 0
        port.device = self
        self._booted = False

    def _now_ms(self) -> int:
        return int(self.clock() * 1000)

    def _emit(self, frame: bytes) -> None:
        if self.silent:
            return
        self.frames_sent += 1
        if self.drop_rate and self._random.random() < self.drop_rate:
            self.frames_dropped += 1
            return
        if self.corrupt_rate and self._random.random() < self.corrupt_rate and len(frame) > 2:
            data = bytearray(frame)
            index = self._random.randrange(len(data) - 1)  # never the delimiter
            data[index] ^= 1 << self._random.randrange(8)
            if data[index] == 0:
                data[index] = 0x55  # a flipped byte, not a premature end of frame
            frame = bytes(data)
            self.frames_corrupted += 1
        self.port.to_host += frame

    def service(self) -> None:
        """Scan once and send whatever is due (what the firmware's loop does)."""
        readings = self.readings()
        if not self._booted:
            self._booted = True
            self.link.hello()
            self.link.full(readings, self._now_ms())
            return
        self.link.update(readings, self._now_ms())

    def receive(self, data: bytes) -> None:
        if self.silent:
            return
        self.link.receive(data, self.readings(), self._now_ms())
