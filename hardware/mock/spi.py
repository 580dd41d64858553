"""A simulated SPI device with py-spidev's interface, and a 74HC165 chain on it.

``SimulatedSpiDev`` offers what drivers call (``mode``, ``max_speed_hz``,
``bits_per_word``, ``xfer2``, ``readbytes``, ``writebytes2``, ``close``),
keeps every transfer for tests, fails at a set rate with errno 5 (EIO) like a
flaky connector, and passes each transfer to the device wired to it.

``ShiftRegisterChainModel`` is a chain of 74HC165 (datasheet: TI SCLS372):
inputs are pulled up; the chain latches them only on a low pulse of SH/LD
(read from the gpiozero mock pin's history, so a driver that forgets the pulse
reads stale inputs); in SPI mode 0 it shifts out chip 0's H first, then each
next chip, then what SER of the last chip is tied to. Without power (a cut
cable) every bit reads 0.
"""

from __future__ import annotations

import errno
import itertools
import os
import random
from dataclasses import dataclass
from typing import Any, Protocol

from hardware.mock.history import History


class SpiPeripheral(Protocol):
    def transfer(self, mosi: bytes, mode: int) -> bytes: ...


@dataclass(frozen=True, slots=True)
class Transfer:
    mosi: bytes
    miso: bytes
    speed_hz: int
    mode: int


class SimulatedSpiDev:
    def __init__(
        self, device: SpiPeripheral | None = None, *, error_rate: float = 0.0, seed: int = 0
    ) -> None:
        self.device = device
        self.mode = 0
        self.max_speed_hz = 125_000_000
        self.bits_per_word = 8
        self.error_rate = error_rate
        self._random = random.Random(seed)
        self.transfers: History[Transfer] = History()
        """The latest transfers (hundreds), for tests to inspect."""
        self.failures = 0
        self.closed = False

    def _transfer(self, mosi: bytes) -> bytes:
        if self.closed:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        if self.error_rate and self._random.random() < self.error_rate:
            self.failures += 1
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        miso = bytes(len(mosi)) if self.device is None else self.device.transfer(mosi, self.mode)
        self.transfers.append(Transfer(bytes(mosi), miso, self.max_speed_hz, self.mode))
        return miso

    def xfer2(self, values: list[int]) -> list[int]:
        return list(self._transfer(bytes(values)))

    def readbytes(self, length: int) -> list[int]:
        return list(self._transfer(bytes(length)))

    def writebytes2(self, values: bytes) -> None:
        self._transfer(bytes(values))

    def close(self) -> None:
        self.closed = True


class ShiftRegisterChainModel:
    """``chips`` 74HC165 in a chain; ``load`` is the mock pin on SH/LD."""

    def __init__(self, chips: int, load: Any, *, ser_high: bool = True) -> None:
        self.chips = chips
        self.load = load
        self.ser_high = ser_high
        self.powered = True
        self._driven: set[int] = set()  # inputs held low (a closed switch)
        self._latched = (1 << (8 * chips)) - 1
        self._seen_states = 0
        self.latches = 0

    def drive_low(self, bit: int) -> None:
        self._driven.add(bit)

    def release(self, bit: int) -> None:
        self._driven.discard(bit)

    def levels(self) -> int:
        everything = (1 << (8 * self.chips)) - 1
        for bit in self._driven:
            everything &= ~(1 << bit)
        return everything

    def _check_load(self) -> None:
        states = self.load.states
        # the pin keeps its latest changes only: count places from the first ever kept
        dropped = getattr(states, "dropped", 0)
        if self._seen_states > dropped + len(states):
            self._seen_states = dropped  # the pin's record was cleared: all of it is new
        # from the last level seen before (a pulse may straddle two transfers' records)
        new = states[max(0, self._seen_states - dropped - 1) :]
        self._seen_states = dropped + len(states)
        # A low level followed by high is a load pulse (the parallel load is level-sensitive).
        for first, second in itertools.pairwise(new):
            if not first.state and second.state:
                self._latched = self.levels()
                self.latches += 1
                return
        if new and not new[-1].state:
            self._latched = self.levels()  # held low: it keeps loading

    def transfer(self, mosi: bytes, mode: int) -> bytes:
        if not self.powered:
            return bytes(len(mosi))
        self._check_load()
        stream = [self._latched >> (8 * chip) & 0xFF for chip in range(self.chips)]
        filler = 0xFF if self.ser_high else 0x00
        data = (stream + [filler] * len(mosi))[: len(mosi)]
        if mode in (1, 3):
            # Sampled on the wrong edge: the first bit is gone, all shifted by one.
            bits = "".join(f"{byte:08b}" for byte in data)[1:] + ("1" if self.ser_high else "0")
            data = [int(bits[i : i + 8], 2) for i in range(0, len(bits), 8)]
        return bytes(data)
