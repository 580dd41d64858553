"""The ADS7830: an 8-bit, 8-channel I2C ADC, fast enough to read a board of Hall sensors.

From TI's datasheet (SBAS302): a conversion is asked for with one command byte
and read back as one byte in the same I2C exchange; the chip converts while the
master clocks the read, so there is nothing to wait for. The command byte is

    bit 7     SD: 1 single-ended (each input against COM)
    bits 6-4  C2 C1 C0: the input, in an odd order (CH1 is 100, CH2 is 001...)
    bits 3-2  PD1 PD0: 01 internal reference off and converter on (REF from
              outside, e.g. tied to the sensors' supply for ratiometric Hall
              sensors), 11 internal 2.5 V reference on
    bits 1-0  unused

Several conversions chain into one combined I2C transaction (write command,
repeated start, read one byte, ...) as far as the bus's adapter allows
(drivers/i2c_adapters.py): every conversion of the bus on a permissive adapter,
those of one chip on a Raspberry Pi 5, one conversion (a command and its read) on
a Raspberry Pi 1-4, whose adapter refuses a read that is not the last message.
"""

from __future__ import annotations

from collections.abc import Sequence
from ctypes import c_char, create_string_buffer

from smbus2 import i2c_msg
from smbus2.smbus2 import I2C_M_RD

from drivers.errors import BusError
from drivers.i2c import I2CBus, Transaction, prepare_rdwr
from drivers.i2c_adapters import STRICTEST, I2CAdapter
from drivers.retry import RetryPolicy, once

CHIP = "ADS7830"
ADDRESSES = range(0x48, 0x4C)  # 0b10010 A1 A0
INPUTS = 8
BITS = 8
# The single-ended input code of channel n: C2 is n's lowest bit, C1 C0 its upper bits.
_INPUT_CODE = (0b000, 0b100, 0b001, 0b101, 0b010, 0b110, 0b011, 0b111)
SINGLE_ENDED = 0x80
PD_EXTERNAL_REFERENCE = 0b01 << 2
PD_INTERNAL_REFERENCE = 0b11 << 2


def input_name(channel: int) -> str:
    return f"CH{channel}"


class ADS7830:
    """One ADS7830; every bus fault leaves it as a BusError naming the chip."""

    def __init__(
        self,
        bus: I2CBus,
        address: int,
        bus_name: str = "i2c-1",
        *,
        internal_reference: bool = False,
        retry: RetryPolicy | None = None,
        adapter: I2CAdapter = STRICTEST,
    ) -> None:
        if address not in ADDRESSES:
            raise ValueError(f"ADS7830 address 0x{address:02x} is outside 0x48-0x4b")
        self.bus = bus
        self.address = address
        self.bus_name = bus_name
        self.power = PD_INTERNAL_REFERENCE if internal_reference else PD_EXTERNAL_REFERENCE
        self.retry = retry or once()
        self.adapter = adapter
        """The I2C adapter of the bus: which combined transactions it runs."""

    def __repr__(self) -> str:
        return f"ADS7830(0x{self.address:02x} on {self.bus_name})"

    def command(self, channel: int) -> int:
        """The command byte that converts input ``channel`` single-ended."""
        if not 0 <= channel < INPUTS:
            raise ValueError(f"ADS7830 input {channel} is not in 0-7")
        return SINGLE_ENDED | _INPUT_CODE[channel] << 4 | self.power

    def read(self, channel: int) -> int:
        """One conversion (one transaction): 0-255."""
        command = self.command(channel)
        try:
            return self.retry.run(lambda: self.bus.read_byte_data(self.address, command))
        except OSError as error:
            raise BusError(CHIP, self.bus_name, self.address, error) from error


def convert_together(
    bus: I2CBus, requests: Sequence[tuple[ADS7830, int]], retry: RetryPolicy | None = None
) -> list[int]:
    """Convert each (chip, input) of ``requests`` (chips on ``bus``), in as few
    combined transactions as the chips' adapter runs (21 conversions at most each).

    When a transaction fails every try, each conversion is done alone once, so
    that the BusError names the chip that does not answer.
    """
    return list(Conversions(bus, requests, retry).run())


class Conversions:
    """The same conversions (chips on ``bus``), repeated every scan: what
    ``convert_together`` does, with the transactions prepared once (their
    messages and, on a real bus, the ioctl's structure) and every result landing
    in one buffer, so a run's results are one bytes object in request order.

    A failed transaction is tried as ``retry`` says; when every try fails, each of
    its conversions is done alone once, so that the BusError names the silent chip.
    """

    def __init__(
        self, bus: I2CBus, requests: Sequence[tuple[ADS7830, int]], retry: RetryPolicy | None = None
    ) -> None:
        for chip, _ in requests:
            if chip.bus is not bus:
                raise ValueError(f"{chip} is not on the bus of this transaction")
        if len({chip.adapter for chip, _ in requests}) > 1:
            raise ValueError("conversions on one bus have one adapter")
        self._bus = bus
        self._requests = tuple(
            (chip, chip.address, chip.command(channel)) for chip, channel in requests
        )
        self._retry = retry or once()
        self._buffer = create_string_buffer(len(requests))
        adapter = requests[0][0].adapter if requests else STRICTEST
        # A command and its read per conversion, each chip's together (a Pi 5's adapter
        # joins only messages to one address); each result lands at its request's place.
        order = sorted(range(len(requests)), key=lambda offset: self._requests[offset][1])
        atoms = []
        for offset in order:
            _, address, command = self._requests[offset]
            read = i2c_msg(
                addr=address,
                flags=I2C_M_RD,
                len=1,
                buf=(c_char * 1).from_buffer(self._buffer, offset),
            )
            atoms.append([i2c_msg.write(address, [command]), read])
        self._chunks: list[tuple[tuple[int, ...], Transaction]] = []
        self._messages: list[i2c_msg] = []  # they own the command bytes the transactions send
        done = 0
        for messages in adapter.plan(atoms):
            offsets = tuple(order[done : done + len(messages) // 2])
            done += len(offsets)
            self._chunks.append((offsets, prepare_rdwr(bus, *messages)))
            self._messages += messages

    def __len__(self) -> int:
        return len(self._requests)

    def run(self) -> bytes:
        """Every conversion once: the results (0-255) in request order."""
        retry = self._retry
        for offsets, transaction in self._chunks:
            try:
                transaction()  # straight through: the retries only after a failure
                continue
            except OSError as error:
                failure = error
            try:
                retry.again(failure, transaction)
            except OSError:
                self._one_by_one(offsets)
        return self._buffer.raw

    @property
    def transactions(self) -> int:
        """How many transactions a run takes (without failures)."""
        return len(self._chunks)

    def _one_by_one(self, offsets: tuple[int, ...]) -> None:
        for offset in offsets:
            chip, address, command = self._requests[offset]
            try:
                self._buffer[offset] = bytes([self._bus.read_byte_data(address, command)])
            except OSError as error:
                raise BusError(CHIP, chip.bus_name, address, error) from error
