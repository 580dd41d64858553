"""A simulated scanner microcontroller on a simulated serial port.

The device is the firmware itself: hardware/firmware/rp2040/main.py's ``Firmware``
(its loop, its sensors' code and kiban_link.py's link), run on stand-ins for the
modules MicroPython gives it:

* ``machine``: pins whose levels come from the simulated world (a channel's pin
  reads low while its spot holds a piece; with polarity, a north and a south pin
  per channel), or that fail as broken sensors do (``sensor_fault``);
* ``time``: ``ticks_ms`` from the simulation's clock, wrapping at 2**30 as
  MicroPython's does, and MicroPython's ``ticks_diff``;
* ``select`` and ``sys``: the USB serial port, whose bytes the host writes and reads.

So the host's driver meets exactly the frames the firmware sends, faults and long
uptimes included. The port offers pyserial's ``in_waiting``/``read``/``write``;
each time the host looks at it, the firmware runs one pass of its loop: it scans,
sends changes, heartbeats and faults that are due, and answers requests.

Faults for the tests: ``drop_rate`` loses whole frames, ``corrupt_rate`` flips a
byte in a frame (the CRC must catch it), ``silent`` makes the device stop sending
and hearing (a crashed firmware, a loose cable), ``sensor_fault`` makes its
sensors fail, ``unplugged`` makes the port raise like a vanished USB device.
"""

from __future__ import annotations

import builtins
import errno
import functools
import os
import random
from collections.abc import Callable
from importlib import resources
from types import CodeType, ModuleType, SimpleNamespace
from typing import Any

from hardware.firmware.rp2040 import kiban_link

TICKS_PERIOD = 1 << 30  # MicroPython's ticks wrap here (a small int of 31 bits)


class SimulatedSerialPort:
    def __init__(self) -> None:
        self.to_host = bytearray()
        self.device: ScannerDevice | None = None
        self.written = bytearray()
        self.unplugged = False
        self.closed = False
        self._listeners: list[Callable[[], None]] = []

    def listen(self, arrived: Callable[[], None]) -> None:
        """Call ``arrived`` whenever bytes for the host arrive (as a real port's file
        turns readable for ``select``)."""
        self._listeners.append(arrived)

    def deliver(self, data: bytes) -> None:
        """The device's bytes reach the host's buffer."""
        self.to_host += data
        for arrived in list(self._listeners):
            arrived()

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


def ticks_diff(end: int, start: int) -> int:
    """MicroPython's ``time.ticks_diff``: the signed distance on the wrapping ticks."""
    half = TICKS_PERIOD // 2
    return ((end - start + half) & (TICKS_PERIOD - 1)) - half


@functools.cache
def _firmware_code() -> CodeType:
    source = resources.files("hardware.firmware.rp2040").joinpath("main.py").read_text()
    return compile(source, "hardware/firmware/rp2040/main.py", "exec")


def load_firmware(modules: dict[str, Any]) -> ModuleType:
    """main.py as a module whose imports of MicroPython's modules get ``modules``
    (``kiban_link`` is the firmware's own, imported as on the board)."""
    found = {"kiban_link": kiban_link, **modules}
    real = builtins.__import__

    def importer(name: str, *args: Any, **kwargs: Any) -> Any:
        return found[name] if name in found else real(name, *args, **kwargs)

    module = ModuleType("kiban_rp2040_main")
    module.__dict__["__builtins__"] = {**vars(builtins), "__import__": importer}
    exec(_firmware_code(), module.__dict__)
    return module


class ScannerDevice:
    """The firmware over ``readings()`` (what each channel's sensors see); time from
    ``clock`` (seconds), the device's ticks starting at ``ticks_at_boot``."""

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
        ticks_at_boot: int = 0,
    ) -> None:
        self.port = port
        self.readings = readings
        self.clock = clock
        self.drop_rate = 0.0
        self.corrupt_rate = 0.0
        self.silent = False
        self.sensor_fault: str | None = None
        self._random = random.Random(seed)
        self.frames_sent = 0
        self.frames_dropped = 0
        self.frames_corrupted = 0
        self._input = bytearray()
        self._seen: list[int] = [0] * channels
        self._boot = clock()
        self._ticks_at_boot = ticks_at_boot
        module = load_firmware(self._standins(polarity))
        pins = list(range(2 * channels if polarity else channels))
        self.firmware = module.Firmware(module.GpioSensors(pins, polarity), heartbeat_ms)
        self.link: kiban_link.Link = self.firmware.link
        port.device = self
        self._booted = False

    # --- the stand-ins for MicroPython's modules ------------------------------------

    def _standins(self, polarity: bool) -> dict[str, Any]:
        device = self

        class Pin:
            IN, OUT, PULL_UP = 0, 1, 1

            def __init__(self, number: int, *args: Any, **kwargs: Any) -> None:
                self.channel = number // 2 if polarity else number
                self.pole: int | None = number % 2 if polarity else None

            def value(self) -> int:
                """Low (0) while the sensor sees its piece: present, or its pole."""
                if device.sensor_fault is not None:
                    raise OSError(device.sensor_fault)
                reading = device._seen[self.channel]
                if self.pole is None:
                    return 0 if reading else 1
                return 0 if reading == 1 + self.pole else 1

        class Poll:
            def register(self, stream: object, mask: int) -> None:
                pass

            def poll(self, timeout: int) -> list[object]:
                return [device] if device._input else []

        stdin = SimpleNamespace(buffer=SimpleNamespace(read=self._take))
        stdout = SimpleNamespace(buffer=SimpleNamespace(write=self._emit))
        return {
            "machine": SimpleNamespace(Pin=Pin),
            "micropython": SimpleNamespace(kbd_intr=lambda code: None),
            "select": SimpleNamespace(poll=Poll, POLLIN=1),
            "sys": SimpleNamespace(stdin=stdin, stdout=stdout),
            "time": SimpleNamespace(
                ticks_ms=self._ticks_ms, ticks_diff=ticks_diff, sleep_ms=lambda ms: None
            ),
        }

    def _ticks_ms(self) -> int:
        elapsed = int((self.clock() - self._boot) * 1000)
        return (self._ticks_at_boot + elapsed) & (TICKS_PERIOD - 1)

    def _take(self, size: int) -> bytes:
        data = bytes(self._input[:size])
        del self._input[:size]
        return data

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
        self.port.deliver(frame)

    # --- the loop --------------------------------------------------------------------

    def service(self) -> None:
        """One pass of the firmware's loop (its start, the first time)."""
        self._seen = self.readings()
        if not self._booted:
            self._booted = True
            self.firmware.start()
            return
        self.firmware.step()

    def receive(self, data: bytes) -> None:
        """Bytes from the host wait in the USB buffer for the firmware's next pass."""
        if not self.silent:
            self._input += data
