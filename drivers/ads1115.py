"""The ADS1115: a 16-bit, 4-input I2C ADC with a programmable gain amplifier.

From TI's datasheet (SBAS444): a pointer byte selects the conversion register
(0x00, the last result, signed 16-bit big-endian) or the config register (0x01):

    bit 15     OS: write 1 to start a single conversion (reads 0 while converting)
    bits 14-12 MUX: 100-111 single-ended AIN0-AIN3 against GND
    bits 11-9  PGA: full scale 000 6.144 V, 001 4.096 V, 010 2.048 V (default) ...
    bit 8      MODE: 1 single-shot (default)
    bits 7-5   DR: 000 8 ... 100 128 (default) ... 111 860 samples per second
    bits 4-0   comparator: 00011 disabled (default)

and two comparator thresholds, Lo_thresh (0x02) and Hi_thresh (0x03).

One conversion takes 1/DR seconds at the nominal data rate, which the datasheet
allows to be 10 % slow: up to 1/(0.9 DR). Writing OS = 1 during a conversion has
no effect, so a read that comes too early returns the previous result and the
next start is lost as well: the driver waits for the slowest conversion the
datasheet allows. The chip converts one input at a time, so a board reads
several chips in parallel: start a conversion on each, wait once, read each
result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from ctypes import c_char, create_string_buffer
from typing import TypeVar

from smbus2 import i2c_msg
from smbus2.smbus2 import I2C_M_RD

from drivers.errors import BusError
from drivers.i2c import I2CBus, prepare_rdwr
from drivers.retry import RetryPolicy, once

CHIP = "ADS1115"
ADDRESSES = range(0x48, 0x4C)  # ADDR tied to GND, VDD, SDA or SCL
INPUTS = 4
CONVERSION = 0x00
CONFIG = 0x01
LO_THRESH = 0x02
HI_THRESH = 0x03
FULL_SCALE = {6.144: 0b000, 4.096: 0b001, 2.048: 0b010, 1.024: 0b011, 0.512: 0b100, 0.256: 0b101}
DATA_RATES = {
    8: 0b000,
    16: 0b001,
    32: 0b010,
    64: 0b011,
    128: 0b100,
    250: 0b101,
    475: 0b110,
    860: 0b111,
}
OS_START = 0x8000
MODE_SINGLE = 0x0100
COMPARATOR_OFF = 0b00011
SLOWEST_RATE = 0.9  # the datasheet's data rate may be 10 % below nominal
T = TypeVar("T")
SETTLE = 0.000_05  # wake-up from power-down before a single-shot conversion starts


def input_name(channel: int) -> str:
    return f"AIN{channel}"


class ADS1115:
    """One ADS1115 in single-shot mode."""

    def __init__(
        self,
        bus: I2CBus,
        address: int,
        bus_name: str = "i2c-1",
        *,
        full_scale: float = 4.096,
        data_rate: int = 860,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if address not in ADDRESSES:
            raise ValueError(f"ADS1115 address 0x{address:02x} is outside 0x48-0x4b")
        if full_scale not in FULL_SCALE:
            scales = ", ".join(str(v) for v in FULL_SCALE)
            raise ValueError(f"ADS1115 full scale {full_scale} V is not one of {scales}")
        if data_rate not in DATA_RATES:
            rates = ", ".join(str(v) for v in DATA_RATES)
            raise ValueError(f"ADS1115 data rate {data_rate} is not one of {rates}")
        self.bus = bus
        self.address = address
        self.bus_name = bus_name
        self.full_scale = full_scale
        self.data_rate = data_rate
        self.retry = retry or once()
        self.sleep = sleep

    def __repr__(self) -> str:
        return f"ADS1115(0x{self.address:02x} on {self.bus_name})"

    @property
    def conversion_time(self) -> float:
        """How long to wait after starting before the result is certainly there: one
        conversion at the slowest data rate the datasheet allows, and the wake-up."""
        return 1 / (SLOWEST_RATE * self.data_rate) + SETTLE

    def config(self, channel: int) -> int:
        """The config word that starts a single-shot conversion of AIN``channel``."""
        if not 0 <= channel < INPUTS:
            raise ValueError(f"ADS1115 input {channel} is not in 0-3")
        return (
            OS_START
            | (0b100 + channel) << 12
            | FULL_SCALE[self.full_scale] << 9
            | MODE_SINGLE
            | DATA_RATES[self.data_rate] << 5
            | COMPARATOR_OFF
        )

    def start(self, channel: int) -> None:
        """Start converting AIN``channel`` (one transaction)."""
        word = self.config(channel)
        self._call(
            lambda: self.bus.write_i2c_block_data(self.address, CONFIG, [word >> 8, word & 0xFF])
        )

    def result(self) -> int:
        """The last conversion, -32768..32767 (one transaction)."""
        data = self._call(lambda: self.bus.read_i2c_block_data(self.address, CONVERSION, 2))
        value = data[0] << 8 | data[1]
        return value - 0x10000 if value & 0x8000 else value

    def read(self, channel: int) -> int:
        """Start, wait, read: one input alone."""
        self.start(channel)
        self.sleep(self.conversion_time)
        return self.result()

    def starter(self, channel: int) -> Callable[[], None]:
        """``start(channel)`` as a call to repeat every scan: the same bytes on the wire
        (pointer to config, then the word), the transaction prepared once."""
        word = self.config(channel)
        message = i2c_msg.write(self.address, [CONFIG, word >> 8, word & 0xFF])
        transaction = prepare_rdwr(self.bus, message)
        retried = self._retried

        def start(message: i2c_msg = message) -> None:  # the message owns the bytes sent
            try:
                transaction()  # straight through: the retries only after a failure
            except OSError as error:
                failure = error
            else:
                return
            retried(failure, transaction)

        return start

    def reader(self) -> Callable[[], int]:
        """``result()`` as a call to repeat every scan: pointer to the conversion
        register, a repeated start and two bytes read, prepared once."""
        buffer = create_string_buffer(2)
        messages = (
            i2c_msg.write(self.address, [CONVERSION]),
            i2c_msg(addr=self.address, flags=I2C_M_RD, len=2, buf=(c_char * 2).from_buffer(buffer)),
        )
        transaction = prepare_rdwr(self.bus, *messages)
        retried = self._retried

        def result(messages: tuple[i2c_msg, ...] = messages) -> int:
            try:
                transaction()  # straight through: the retries only after a failure
            except OSError as error:
                failure = error
            else:
                return int.from_bytes(buffer.raw, "big", signed=True)
            retried(failure, transaction)
            return int.from_bytes(buffer.raw, "big", signed=True)

        return result

    def _call(self, call: Callable[[], T]) -> T:
        try:
            return self.retry.run(call)
        except OSError as error:
            raise BusError(CHIP, self.bus_name, self.address, error) from error

    def _retried(self, failure: OSError, call: Callable[[], T]) -> T:
        """The tries left of ``call()`` after a first that failed with ``failure``, as
        ``_call`` would have made them."""
        try:
            return self.retry.again(failure, call)
        except OSError as error:
            raise BusError(CHIP, self.bus_name, self.address, error) from error
