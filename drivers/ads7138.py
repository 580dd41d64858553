"""The ADS7138: an 8-channel, 12-bit I2C ADC that watches its own inputs.

Its autonomous sequencer converts every channel again and again and its digital
window comparator checks each result against that channel's (low, high)
window; ALERT falls while a channel's event flag is set. The Pi reads a chip
only when ALERT says something changed (wake on change), as it reads an
MCP23017 when INT falls.

Checked against (read, not copied): Linux ``drivers/iio/adc/ti-ads7138.c``
(torvalds/linux: opcodes, register addresses, RECENT/threshold layouts, the
probe sequence, clearing the flags by writing 0xFF to EVENT_HIGH_FLAG and
EVENT_LOW_FLAG); TI's register headers of the same family (the ADS7128 header
of SBAC286, the ADS7038 header: field positions and reset values); the ADS7138
data sheet (TI SBAS976A, as TI's document viewer numbers it; SBAS868A is the
ADS7128's: the viewer names the SYSTEM_STATUS reset 0x81, and the Digital Window
Comparator section the comparator's defaults and flags); third-party drivers (an
ESP-IDF ADS7128 driver, nesteroff/ads7138-linux-driver, the Arduino ADS7138
libraries of luxapientia and skerr92) for the I2C framing.

I2C framing: every access starts with an opcode and a register address.

    single read   [0x10, reg] then (repeated) START and read 1 byte
    single write  [0x08, reg, value]
    set bits      [0x18, reg, mask]        clear bits  [0x20, reg, mask]
    block read    [0x30, reg] then read N bytes (the address increments)
    block write   [0x28, reg, v0, v1, ...] (the address increments)

Registers used (TI reset values in brackets): SYSTEM_STATUS 0x00 [0x81: bit 7
reads 1, BOR bit 0 set at power-on, write 1 to clear; SEQ_STATUS bit 6 while the
sequence runs]; GENERAL_CFG 0x01 [0] (RST 0, CAL 1, CH_RST 2, CNVST 3, DWC_EN 4,
STATS_EN 5, CRC_EN 6); DATA_CFG 0x02; OSR_CFG 0x03; OPMODE_CFG 0x04 (CONV_MODE
bits 6:5, 01 autonomous; OSC_SEL 4; CLK_DIV 3:0); PIN_CFG 0x05 (0: analog input);
SEQUENCE_CFG 0x10 (SEQ_START 4, SEQ_MODE 1:0, 01 auto); CHANNEL_SEL 0x11;
AUTO_SEQ_CH_SEL 0x12; ALERT_CH_SEL 0x14; ALERT_MAP 0x16; ALERT_PIN_CFG 0x17 [0:
open-drain, active-low] (DRIVE bit 2; LOGIC 1:0 00 active-low, 01 active-high,
10/11 pulsed); EVENT_FLAG 0x18 (read only: a channel's high or low flag);
EVENT_HIGH_FLAG 0x1A and EVENT_LOW_FLAG 0x1C (write 1 to clear); EVENT_RGN 0x1E
[0: out-of-window events]; per channel n from 0x20 + 4n: HYSTERESIS [0xF0]
(high threshold bits 3:0 in 7:4, hysteresis in 3:0), HIGH_TH [0xFF] (bits
11:4), EVENT_COUNT [0] (low threshold bits 3:0 in 7:4, count in 3:0), LOW_TH
[0]; MAX_CHn 0x60 + 2n, MIN_CHn 0x80 + 2n, RECENT_CHn 0xA0 + 2n (LSB, MSB; the
12-bit result left-aligned in 16 bits: ``(MSB << 8 | LSB) >> 4``). The channel
blocks of 0x20-0x3F are contiguous, so every window is one 32-byte block write;
the registers 0x06-0x0F, 0x13, 0x15, 0x19, 0x1B, 0x1D are not documented and
never written here.

The window comparator (DWC_EN = 1), per conversion result r of a channel, as
the data sheet's window comparator section tells it (its defaults, high 0xFFF
and low 0x000, "have no effect" because no 12-bit code is above 0xFFF or below
0x000, so the comparisons are strict):

* the high event is r > HIGH_TH, the low event r < LOW_TH (``in_window`` says
  which results raise nothing: LOW_TH <= r <= HIGH_TH);
* EVENT_COUNT: the count of consecutive violating conversions needed before a
  flag is set (taken here as EVENT_COUNT + 1; the driver writes 0, so one
  conversion outside the window sets the flag);
* HYSTERESIS: a tripped comparator releases only once r <= HIGH_TH - hysteresis
  (r >= LOW_TH + hysteresis for the low one); the driver writes 0;
* the flags latch: they stay set until written with 1, whatever r does next.
  The comparator keeps comparing, so a flag cleared while its channel is still
  outside the window is set again by that channel's next conversion (the data
  sheet: flags are set whenever DWC_EN is 1 and a threshold is exceeded, with or
  without ALERT_CH_SEL; Linux clears them in a level-triggered interrupt handler).
  The front end may rely on it: after ``clear_events``, a channel still outside
  its window re-asserts ALERT within one sequence (8 conversions, microseconds).
* EVENT_RGN bit n = 1 turns channel n's events to "inside the band"; never used.

ALERT (open-drain, active-low, the reset default) is asserted while any channel
of ALERT_CH_SEL has its high or low flag set.

Conversions: a Raspberry Pi's I2C adapter takes a read only as a transaction's
last message (drivers/i2c_adapters.py); every read here is [opcode, register]
then the read, to one address, so each is one transaction on every Pi.
"""

from __future__ import annotations

from collections.abc import Sequence
from ctypes import c_char, create_string_buffer
from enum import IntEnum, IntFlag

from smbus2 import i2c_msg
from smbus2.smbus2 import I2C_M_RD

from drivers.errors import BusError
from drivers.i2c import I2CBus, Transaction, prepare_rdwr
from drivers.i2c_adapters import STRICTEST, I2CAdapter
from drivers.retry import RetryPolicy, once

CHIP = "ADS7138"
ADDRESSES = range(0x10, 0x18)  # the ADDR pin's resistor divider picks one of eight
INPUTS = 8
BITS = 12
FULL_SCALE = 4095
ALL_CHANNELS = 0xFF


class Opcode(IntEnum):
    SINGLE_READ = 0x10
    SINGLE_WRITE = 0x08
    SET_BIT = 0x18
    CLEAR_BIT = 0x20
    BLOCK_READ = 0x30
    BLOCK_WRITE = 0x28


class Register(IntEnum):
    SYSTEM_STATUS = 0x00
    GENERAL_CFG = 0x01
    DATA_CFG = 0x02
    OSR_CFG = 0x03
    OPMODE_CFG = 0x04
    PIN_CFG = 0x05
    GPIO_CFG = 0x07
    GPO_DRIVE_CFG = 0x09
    GPO_VALUE = 0x0B
    GPI_VALUE = 0x0D
    SEQUENCE_CFG = 0x10
    CHANNEL_SEL = 0x11
    AUTO_SEQ_CH_SEL = 0x12
    ALERT_CH_SEL = 0x14
    ALERT_MAP = 0x16
    ALERT_PIN_CFG = 0x17
    EVENT_FLAG = 0x18
    EVENT_HIGH_FLAG = 0x1A
    EVENT_LOW_FLAG = 0x1C
    EVENT_RGN = 0x1E
    HYSTERESIS_CH0 = 0x20  # then HIGH_TH, EVENT_COUNT, LOW_TH; 4 registers a channel
    MAX_CH0_LSB = 0x60
    MIN_CH0_LSB = 0x80
    RECENT_CH0_LSB = 0xA0


class Status(IntFlag):
    BOR = 0x01  # brown-out (or power-on) reset happened; write 1 to clear
    CRC_ERR_IN = 0x02
    CRC_ERR_FUSE = 0x04
    OSR_DONE = 0x08
    SEQ_STATUS = 0x40  # the sequence is running
    RESERVED_ONE = 0x80  # reads 1


class General(IntFlag):
    RST = 0x01
    CAL = 0x02
    CH_RST = 0x04
    CNVST = 0x08
    DWC_EN = 0x10
    STATS_EN = 0x20
    CRC_EN = 0x40


CONV_MODE_MASK = 0x60
CONV_MODE_AUTONOMOUS = 0x20
SEQ_START = 0x10
SEQ_MODE_MASK = 0x03
SEQ_MODE_AUTO = 0x01
ALERT_DRIVE_PUSH_PULL = 0x04
ALERT_LOGIC_MASK = 0x03
ALERT_LOGIC_ACTIVE_LOW = 0x00
ALERT_LOGIC_ACTIVE_HIGH = 0x01

WINDOW_REGISTERS = 4  # HYSTERESIS, HIGH_TH, EVENT_COUNT, LOW_TH
OPEN_WINDOW = (0, FULL_SCALE)  # the reset thresholds: no result is outside

LEVELS_READ = (2, 2 * INPUTS)
"""The one transaction of ``levels()``: a 2-byte write ([0x30, 0xA0]) and a 16-byte
read (RECENT_CH0_LSB..RECENT_CH7_MSB), for a bench that prices bus time."""
EVENTS_READ = (2, 1)
"""The one transaction of ``events()`` (and of ``alive()``): [0x10, register], 1 byte."""


def window_register(channel: int) -> int:
    """The first (HYSTERESIS) register of a channel's four window registers."""
    return Register.HYSTERESIS_CH0 + WINDOW_REGISTERS * channel


def window_bytes(low: int, high: int, hysteresis: int = 0, count: int = 0) -> bytes:
    """A channel's four window registers: HYSTERESIS (high threshold's low nibble
    in 7:4), HIGH_TH (bits 11:4), EVENT_COUNT (low threshold's low nibble in 7:4),
    LOW_TH (bits 11:4)."""
    return bytes(
        (
            (high & 0xF) << 4 | (hysteresis & 0xF),
            high >> 4,
            (low & 0xF) << 4 | (count & 0xF),
            low >> 4,
        )
    )


def in_window(result: int, window: tuple[int, int]) -> bool:
    """Whether a result raises no event in ``window``: the comparator's high event is
    result > high and its low event result < low (strict, see the module docstring)."""
    low, high = window
    return low <= result <= high


def check_window(window: tuple[int, int]) -> tuple[int, int]:
    low, high = window
    if not (0 <= low <= FULL_SCALE and 0 <= high <= FULL_SCALE):
        raise ValueError(f"ADS7138 window {window} is not 12-bit (0-{FULL_SCALE})")
    if low > high:
        raise ValueError(f"ADS7138 window {window} has its low threshold above its high")
    return low, high


def results_of(raw: bytes) -> tuple[int, ...]:
    """The 12-bit results in a block read of RECENT (or MAX/MIN) LSB, MSB pairs."""
    return tuple((raw[index + 1] << 8 | raw[index]) >> 4 for index in range(0, len(raw), 2))


class ADS7138:
    """One ADS7138; every bus fault leaves it as a BusError naming the chip."""

    def __init__(
        self,
        bus: I2CBus,
        address: int,
        bus_name: str = "i2c-1",
        *,
        retry: RetryPolicy | None = None,
        adapter: I2CAdapter = STRICTEST,
    ) -> None:
        if address not in ADDRESSES:
            raise ValueError(f"ADS7138 address 0x{address:02x} is outside 0x10-0x17")
        self.bus = bus
        self.address = address
        self.bus_name = bus_name
        self.retry = retry or once()
        self.adapter = adapter
        """The I2C adapter of the bus: which combined transactions it runs."""
        self.windows: tuple[tuple[int, int], ...] = (OPEN_WINDOW,) * INPUTS
        """The windows last written (the reset thresholds until ``configure``)."""
        # levels(): one prepared transaction, its 16 bytes landing in one buffer.
        self._levels = create_string_buffer(LEVELS_READ[1])
        self._levels_messages = (
            i2c_msg.write(address, [Opcode.BLOCK_READ, Register.RECENT_CH0_LSB]),
            i2c_msg(
                addr=address,
                flags=I2C_M_RD,
                len=LEVELS_READ[1],
                buf=(c_char * LEVELS_READ[1]).from_buffer(self._levels),
            ),
        )
        if not adapter.accepts(self._levels_messages):
            raise ValueError(f"{adapter.name} refuses a register read")
        self._levels_read: Transaction = prepare_rdwr(bus, *self._levels_messages)

    def __repr__(self) -> str:
        return f"ADS7138(0x{self.address:02x} on {self.bus_name})"

    # -- bus access --------------------------------------------------------

    def _fail(self, error: OSError) -> BusError:
        return BusError(CHIP, self.bus_name, self.address, error)

    def _write(self, opcode: Opcode, register: int, data: bytes) -> None:
        """One write transaction: [opcode, register, data...]."""
        message = [int(opcode), register, *data]
        address = self.address

        def transaction() -> None:
            self.bus.i2c_rdwr(i2c_msg.write(address, message))

        try:
            self.retry.run(transaction)
        except OSError as error:
            raise self._fail(error) from error

    def read_registers(self, register: int, length: int) -> bytes:
        """``length`` registers from ``register`` in one transaction (a single read
        for one, a block read for more)."""
        opcode = Opcode.SINGLE_READ if length == 1 else Opcode.BLOCK_READ
        address = self.address

        def transaction() -> bytes:
            read = i2c_msg.read(address, length)
            self.bus.i2c_rdwr(i2c_msg.write(address, [int(opcode), register]), read)
            return bytes(read)

        try:
            return self.retry.run(transaction)
        except OSError as error:
            raise self._fail(error) from error

    def write_register(self, register: int, value: int) -> None:
        self._write(Opcode.SINGLE_WRITE, register, bytes((value,)))

    # -- what the front end calls ------------------------------------------

    def configure(self, windows: Sequence[tuple[int, int]]) -> None:
        """Reset the chip, then: every pin an analog input, the 8 windows, ALERT
        (open-drain, active-low: the reset default) for every channel, the window
        comparator on, and the autonomous sequence of all 8 channels running.

        Six write transactions: the reset; SYSTEM_STATUS..PIN_CFG as one block
        (clearing BOR, so ``alive`` can tell a later power glitch; DWC_EN and
        STATS_EN, which keeps RECENT updated; autonomous mode); AUTO_SEQ_CH_SEL;
        ALERT_CH_SEL; the 32 window registers as one block; the sequence start,
        last. The reset leaves every flag clear and the comparator idle (no
        conversion runs before the start), so no flag needs clearing.
        """
        if len(windows) != INPUTS:
            raise ValueError(f"ADS7138 takes {INPUTS} windows, not {len(windows)}")
        checked = tuple(check_window(window) for window in windows)
        self.write_register(Register.GENERAL_CFG, General.RST)
        self._write(
            Opcode.BLOCK_WRITE,
            Register.SYSTEM_STATUS,
            bytes(
                (
                    Status.BOR,  # write 1 to clear
                    General.DWC_EN | General.STATS_EN,
                    0,  # DATA_CFG: no appended status, normal data
                    0,  # OSR_CFG: no averaging, so RECENT holds plain 12-bit results
                    CONV_MODE_AUTONOMOUS,  # high-speed oscillator, CLK_DIV 0: fastest
                    0,  # PIN_CFG: all eight pins analog inputs
                )
            ),
        )
        self.write_register(Register.AUTO_SEQ_CH_SEL, ALL_CHANNELS)
        self.write_register(Register.ALERT_CH_SEL, ALL_CHANNELS)
        self._write_windows(0, checked)
        self.windows = checked
        self.write_register(Register.SEQUENCE_CFG, SEQ_START | SEQ_MODE_AUTO)

    def _write_windows(self, first: int, windows: Sequence[tuple[int, int]]) -> None:
        data = b"".join(window_bytes(low, high) for low, high in windows)
        self._write(Opcode.BLOCK_WRITE, window_register(first), data)

    def levels(self) -> tuple[int, ...]:
        """The 8 latest results (0-4095): one block read of RECENT_CH0..RECENT_CH7."""
        try:
            self.retry.run(self._levels_read)
        except OSError as error:
            raise self._fail(error) from error
        return results_of(self._levels.raw)

    def set_windows(self, windows: Sequence[tuple[int, int] | None]) -> None:
        """New windows for the channels given (None: unchanged), in one block write
        from the first to the last changed channel (those between rewritten as they
        were); nothing at all when nothing changes."""
        if len(windows) > INPUTS:
            raise ValueError(f"ADS7138 has {INPUTS} windows, not {len(windows)}")
        merged = list(self.windows)
        changed = []
        for channel, window in enumerate(windows):
            if window is None:
                continue
            merged[channel] = check_window(window)
            if merged[channel] != self.windows[channel]:
                changed.append(channel)
        if not changed:
            return
        first, last = changed[0], changed[-1]
        self._write_windows(first, merged[first : last + 1])
        self.windows = tuple(merged)

    def clear_events(self) -> None:
        """Clear every high and low flag (two single writes of 0xFF, as Linux does;
        the undocumented 0x1B between them is never written). ALERT rises unless a
        channel is still outside its window: its next conversion sets its flag again."""
        self.write_register(Register.EVENT_HIGH_FLAG, ALL_CHANNELS)
        self.write_register(Register.EVENT_LOW_FLAG, ALL_CHANNELS)

    def events(self) -> int:
        """EVENT_FLAG: bit n set while channel n has a high or a low flag (one read)."""
        return self.read_registers(Register.EVENT_FLAG, 1)[0]

    def event_sides(self) -> tuple[int, int]:
        """(EVENT_HIGH_FLAG, EVENT_LOW_FLAG): which side each flagged channel left by
        (two single reads)."""
        return (
            self.read_registers(Register.EVENT_HIGH_FLAG, 1)[0],
            self.read_registers(Register.EVENT_LOW_FLAG, 1)[0],
        )

    def status(self) -> Status:
        """SYSTEM_STATUS (one read)."""
        return Status(self.read_registers(Register.SYSTEM_STATUS, 1)[0])

    def alive(self) -> bool:
        """One SYSTEM_STATUS read for an idle poll: True while the chip keeps the
        configuration ``configure`` gave it; False after a brown-out or power cycle
        reset it (BOR set again: configure it anew). A silent chip raises BusError."""
        return not self.status() & Status.BOR
