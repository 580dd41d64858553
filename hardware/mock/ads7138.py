"""A register-level ADS7138 model, fed with voltages from outside.

What it imitates (checked against the sources named in drivers/ads7138.py:
Linux ``ti-ads7138.c``, TI's ADS7128/ADS7038 register headers, TI SBAS976A):

* the I2C framing: an opcode and a register address open every write; single
  write, set bits, clear bits and block write (the address increments) change
  registers; single read and block read commands point the reads that follow
  (the command stays in effect across a STOP, as the hwmon driver that writes
  the command and reads in a second transaction expects). A plain read with no
  read command since the last write is a manual-mode conversion frame of the
  CHANNEL_SEL channel (12 bits left-aligned, channel ID in the low nibble with
  APPEND_STATUS = 01). Unknown opcodes and undocumented registers are ignored
  (the chip still acknowledges): writes vanish, reads give 0.
* the power-on values: SYSTEM_STATUS 0x81 (BOR set; writing 1 clears BOR,
  CRC_ERR_IN, OSR_DONE), HYSTERESIS_CHn 0xF0 and HIGH_TH_CHn 0xFF (high threshold
  0xFFF), MIN_CHn 0xFFFF, GPOn_TRIG_EVENT_SEL 0x02 (0xC3 + 2n; TI's ADS7138 header
  and SBAS976A's register map), everything else 0; GENERAL_CFG.RST brings all of them
  back (BOR included: TI gives one reset value) and reads 0 again; CAL reads 0 at
  once (the offset calibration is instant here). SEQ_STATUS reads 1 while the
  sequence runs. GENERAL_CFG bit 7 is reserved and reads 0 (TI's ADS7128 header;
  the ADS7128's data sheet later puts its RMS_EN there, a module the ADS7138 lacks).
* GENERAL_CFG.CNVST in manual mode: one conversion of the CHANNEL_SEL channel at
  once, its result in RECENT (with STATS_EN) and through the comparator (with
  DWC_EN), as a read frame's conversion; the bit reads 0 (TI's ADS7128 header:
  CNVST 1 = start without stretching SCL; TLA2528 data sheet: "readback returns
  0"). Adafruit's ADS7128 driver reads a channel this way.
* STATS_EN = 1 keeps RECENT, MAX and MIN updated (writing it clears MAX and
  MIN); without it the statistics registers keep their values.
* the autonomous sequence (CONV_MODE 01, SEQ_MODE 01, SEQ_START): ``convert()``
  is one pass over the AUTO_SEQ_CH_SEL channels that PIN_CFG keeps analog. Each
  result is ``floor(V / reference * 4096)`` clipped to 0-4095, the reference
  being AVDD. A real chip converts continuously (up to 1 MSPS: a pass of 8
  channels every 8 us); the simulation calls ``convert()`` whenever the
  simulated world changes and after every transaction that writes, which for a
  reader on I2C (a transaction takes over 100 us) is the same: every read sees
  results of the inputs as they are.
* the digital window comparator (DWC_EN), per result: high event result >
  HIGH_TH, low event result < LOW_TH; a tripped comparator releases at HIGH_TH -
  hysteresis (LOW_TH + hysteresis); a flag is set once EVENT_COUNT + 1
  consecutive results violate, and at every such result after it (level: a flag
  cleared while the channel is still outside is set by the next conversion).
  Flags latch until written with 1; EVENT_FLAG is their OR. Turning DWC_EN off
  resets the comparators and counters (not the flags).
* ALERT: asserted while a flagged channel is in ALERT_CH_SEL; ``on_alert`` hears
  every change (True: asserted). ``pin_high`` is the pin's level for active-low
  (the reset default) or active-high logic.

Not imitated (a write asking for them raises UnsupportedAdcModeError): averaging
(OSR_CFG), CRC, in-band events (EVENT_RGN), pulsed ALERT logic, the fixed data
pattern, GPIO behaviour of pins configured as digital (they are simply not
converted; GPI_VALUE reads 0), CNVST in autonomous mode and the CNVST pin.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from drivers.ads7138 import (
    ALERT_LOGIC_ACTIVE_HIGH,
    ALERT_LOGIC_MASK,
    CONV_MODE_AUTONOMOUS,
    CONV_MODE_MASK,
    FULL_SCALE,
    INPUTS,
    SEQ_MODE_AUTO,
    SEQ_MODE_MASK,
    SEQ_START,
    General,
    Opcode,
    Register,
    Status,
    window_register,
)
from hardware.mock.adc import UnsupportedAdcModeError, Volts

_W1C_STATUS = int(Status.BOR | Status.CRC_ERR_IN | Status.OSR_DONE)
_SELF_CLEARING = int(General.RST | General.CAL | General.CNVST)  # read 0: done at once
_GENERAL_RESERVED = 0x80  # reads 0
_FLAGS = (Register.EVENT_HIGH_FLAG, Register.EVENT_LOW_FLAG)
_WRITABLE = frozenset(
    {
        Register.DATA_CFG,
        Register.OPMODE_CFG,
        Register.PIN_CFG,
        Register.GPIO_CFG,
        Register.GPO_DRIVE_CFG,
        Register.GPO_VALUE,
        Register.CHANNEL_SEL,
        Register.AUTO_SEQ_CH_SEL,
        Register.ALERT_CH_SEL,
        Register.ALERT_MAP,
        *range(window_register(0), window_register(INPUTS)),
    }
)
GPO0_TRIG_EVENT_SEL = 0xC3
"""GPOn_TRIG_EVENT_SEL sits at 0xC3 + 2n: which channels' alert flags update GPOn.
Never written here (the pins stay analog inputs); modelled only so that its reset
value reads as the chip's does."""
GPO_TRIG_EVENT_SEL_RESET = 0x02
APPEND_STATUS_MASK = 0x30
APPEND_CHANNEL_ID = 0x10
FIX_PAT = 0x80


def _grounded() -> float:
    return 0.0


def power_on_registers() -> bytearray:
    """The register file as the chip powers up (TI's reset values)."""
    registers = bytearray(256)
    registers[Register.SYSTEM_STATUS] = Status.RESERVED_ONE | Status.BOR
    for channel in range(INPUTS):
        base = window_register(channel)
        registers[base] = 0xF0  # HYSTERESIS: high threshold bits 3:0 = 0xF, hysteresis 0
        registers[base + 1] = 0xFF  # HIGH_TH: bits 11:4
        registers[Register.MIN_CH0_LSB + 2 * channel] = 0xFF
        registers[Register.MIN_CH0_LSB + 2 * channel + 1] = 0xFF
        registers[GPO0_TRIG_EVENT_SEL + 2 * channel] = GPO_TRIG_EVENT_SEL_RESET
    return registers


class ADS7138Model:
    """One ADS7138 on a simulated bus: ``write`` and ``read`` are its I2C side,
    ``convert`` one pass of its sequencer."""

    def __init__(
        self,
        inputs: dict[int, Volts] | None = None,
        *,
        reference: float = 3.3,
        on_alert: Callable[[bool], None] | None = None,
    ) -> None:
        self.inputs: dict[int, Volts] = dict(inputs or {})
        self.reference = reference
        self.on_alert = on_alert
        self.registers = power_on_registers()
        self.pointer = 0
        """The register the next read returns (set by a read command)."""
        self.conversions = 0  # channel conversions
        self.passes = 0  # autonomous sequence passes
        self.resets = 0  # software resets (GENERAL_CFG.RST)
        self.ignored = 0  # writes of unknown opcodes
        self.alert = False
        """Whether ALERT is asserted."""
        self._read_command: int | None = None
        self._tripped = [[False] * INPUTS, [False] * INPUTS]  # [high, low] comparator outputs
        self._runs = [[0] * INPUTS, [0] * INPUTS]  # consecutive violating results

    # -- state -------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether the autonomous sequence runs (what ``convert`` needs)."""
        registers = self.registers
        return (
            registers[Register.OPMODE_CFG] & CONV_MODE_MASK == CONV_MODE_AUTONOMOUS
            and registers[Register.SEQUENCE_CFG] & SEQ_MODE_MASK == SEQ_MODE_AUTO
            and bool(registers[Register.SEQUENCE_CFG] & SEQ_START)
        )

    @property
    def pin_high(self) -> bool:
        """The ALERT pin's level (open drain released counts as high)."""
        active_high = self.registers[Register.ALERT_PIN_CFG] & ALERT_LOGIC_MASK
        return self.alert if active_high == ALERT_LOGIC_ACTIVE_HIGH else not self.alert

    def value(self, register: int) -> int:
        """What a read of ``register`` gives now."""
        registers = self.registers
        if register == Register.SYSTEM_STATUS:
            return registers[register] | (int(Status.SEQ_STATUS) if self.running else 0)
        if register == Register.EVENT_FLAG:
            return registers[Register.EVENT_HIGH_FLAG] | registers[Register.EVENT_LOW_FLAG]
        return registers[register]

    def result(self, channel: int) -> int:
        """RECENT_CHn as a 12-bit result."""
        lsb = Register.RECENT_CH0_LSB + 2 * channel
        return (self.registers[lsb + 1] << 8 | self.registers[lsb]) >> 4

    def window(self, channel: int) -> tuple[int, int]:
        """(LOW_TH, HIGH_TH) of a channel, 12 bits each."""
        base = window_register(channel)
        registers = self.registers
        return (
            registers[base + 3] << 4 | registers[base + 2] >> 4,
            registers[base + 1] << 4 | registers[base] >> 4,
        )

    # -- I2C ---------------------------------------------------------------

    def write(self, data: bytes) -> None:
        self._read_command = None
        if len(data) < 2:
            return  # an opcode alone (or nothing) does nothing
        opcode, register, payload = data[0], data[1], data[2:]
        if opcode in (Opcode.SINGLE_READ, Opcode.BLOCK_READ):
            self._read_command = opcode
            self.pointer = register
        elif opcode == Opcode.SINGLE_WRITE:
            if payload:
                self._store(register, payload[0])
        elif opcode == Opcode.BLOCK_WRITE:
            for offset, value in enumerate(payload):
                self._store((register + offset) & 0xFF, value)
        elif opcode == Opcode.SET_BIT:
            if payload:
                self._set_bits(register, payload[0])
        elif opcode == Opcode.CLEAR_BIT:
            if payload:
                self._clear_bits(register, payload[0])
        else:
            self.ignored += 1
        self._update_alert()

    def read(self, length: int) -> bytes:
        command = self._read_command
        if command == Opcode.SINGLE_READ:
            return bytes((self.value(self.pointer),)) * length
        if command == Opcode.BLOCK_READ:
            start = self.pointer
            self.pointer = (start + length) & 0xFF
            return bytes(self.value((start + offset) & 0xFF) for offset in range(length))
        return self._frame(length)

    def _frame(self, length: int) -> bytes:
        """A manual-mode read frame: converts CHANNEL_SEL's channel now."""
        registers = self.registers
        if registers[Register.OPMODE_CFG] & CONV_MODE_MASK:
            raise UnsupportedAdcModeError("ADS7138 read frames in autonomous mode")
        channel = registers[Register.CHANNEL_SEL] & 0x0F
        code = self._convert(channel) if channel < INPUTS else 0
        append = registers[Register.DATA_CFG] & APPEND_STATUS_MASK == APPEND_CHANNEL_ID
        self._update_alert()
        frame = bytes((code >> 4, (code & 0xF) << 4 | (channel if append else 0)))
        return (frame * (length // 2 + 1))[:length]

    # -- registers ---------------------------------------------------------

    def _store(self, register: int, value: int) -> None:
        registers = self.registers
        if register == Register.SYSTEM_STATUS:
            registers[register] &= ~(value & _W1C_STATUS) & 0xFF
        elif register == Register.GENERAL_CFG:
            self._general(value)
        elif register in _FLAGS:
            registers[register] &= ~value & 0xFF
        elif register == Register.SEQUENCE_CFG:
            registers[register] = value & (SEQ_START | SEQ_MODE_MASK)
        elif register == Register.OSR_CFG:
            if value & 0x07:
                raise UnsupportedAdcModeError("ADS7138 averaging (OSR_CFG) is not modelled")
        elif register == Register.EVENT_RGN:
            if value:
                raise UnsupportedAdcModeError("ADS7138 in-band events (EVENT_RGN)")
        elif register == Register.ALERT_PIN_CFG:
            if value & ALERT_LOGIC_MASK > ALERT_LOGIC_ACTIVE_HIGH:
                raise UnsupportedAdcModeError("ADS7138 pulsed ALERT logic")
            registers[register] = value & 0x07
        elif register in _WRITABLE:
            if register == Register.DATA_CFG and value & FIX_PAT:
                raise UnsupportedAdcModeError("ADS7138 fixed data pattern (DATA_CFG.FIX_PAT)")
            registers[register] = value
        # anything else is read-only or undocumented: the write vanishes

    def _set_bits(self, register: int, mask: int) -> None:
        """SET_BIT: the register's bits of ``mask`` become 1 (on a write-1-to-clear
        register that is a write of ``mask``: those flags clear)."""
        if register == Register.SYSTEM_STATUS or register in _FLAGS:
            self._store(register, mask)
        else:
            self._store(register, self.value(register) | mask)

    def _clear_bits(self, register: int, mask: int) -> None:
        """CLEAR_BIT: the register's bits of ``mask`` become 0 (no effect on
        write-1-to-clear registers: nothing is written as 1)."""
        if register == Register.SYSTEM_STATUS or register in _FLAGS:
            return
        self._store(register, self.value(register) & ~mask & 0xFF)

    def _general(self, value: int) -> None:
        if value & General.RST:
            self._reset()
            return
        if value & General.CRC_EN:
            raise UnsupportedAdcModeError("ADS7138 CRC is not modelled")
        registers = self.registers
        if value & General.CNVST and registers[Register.OPMODE_CFG] & CONV_MODE_MASK:
            raise UnsupportedAdcModeError("ADS7138 CNVST in autonomous mode is not modelled")
        if not value & General.DWC_EN:
            self._reset_comparators()
        if value & General.STATS_EN:  # enable and clear the statistics
            for channel in range(INPUTS):
                registers[Register.MAX_CH0_LSB + 2 * channel] = 0
                registers[Register.MAX_CH0_LSB + 2 * channel + 1] = 0
                registers[Register.MIN_CH0_LSB + 2 * channel] = 0xFF
                registers[Register.MIN_CH0_LSB + 2 * channel + 1] = 0xFF
        # RST, CAL and CNVST read 0 (done at once); CH_RST is kept as written.
        registers[Register.GENERAL_CFG] = value & ~(_SELF_CLEARING | _GENERAL_RESERVED) & 0xFF
        if value & General.CNVST:  # a manual conversion, after the bits above took effect
            channel = registers[Register.CHANNEL_SEL] & 0x0F
            if channel < INPUTS:
                self._convert(channel)

    def _reset(self) -> None:
        self.power_cycle()
        self.resets += 1

    def power_cycle(self) -> None:
        """A brown-out or power cycle: every register back to its power-on value
        (BOR set), the comparators idle; ALERT follows (released)."""
        self.registers[:] = power_on_registers()
        self.pointer = 0
        self._read_command = None
        self._reset_comparators()
        self._update_alert()

    def _reset_comparators(self) -> None:
        for side in (0, 1):
            self._tripped[side] = [False] * INPUTS
            self._runs[side] = [0] * INPUTS

    # -- conversions -------------------------------------------------------

    def convert(self) -> None:
        """One pass of the autonomous sequence (nothing unless it runs): each
        channel of AUTO_SEQ_CH_SEL that is an analog input, in channel order."""
        if not self.running:
            return
        registers = self.registers
        selected = registers[Register.AUTO_SEQ_CH_SEL] & ~registers[Register.PIN_CFG]
        for channel in range(INPUTS):
            if selected >> channel & 1:
                self._convert(channel)
        self.passes += 1
        self._update_alert()

    def code(self, channel: int) -> int:
        """The result a conversion of ``channel`` gives now."""
        volts = self.inputs.get(channel, _grounded)()
        code = math.floor(volts / self.reference * 4096)
        return 0 if code < 0 else FULL_SCALE if code > FULL_SCALE else code

    def _convert(self, channel: int) -> int:
        code = self.code(channel)
        self.conversions += 1
        registers = self.registers
        general = registers[Register.GENERAL_CFG]
        if general & General.STATS_EN:
            word = code << 4
            recent = Register.RECENT_CH0_LSB + 2 * channel
            registers[recent : recent + 2] = word.to_bytes(2, "little")
            highest = Register.MAX_CH0_LSB + 2 * channel
            if word > int.from_bytes(registers[highest : highest + 2], "little"):
                registers[highest : highest + 2] = word.to_bytes(2, "little")
            lowest = Register.MIN_CH0_LSB + 2 * channel
            if word < int.from_bytes(registers[lowest : lowest + 2], "little"):
                registers[lowest : lowest + 2] = word.to_bytes(2, "little")
        if general & General.DWC_EN:
            self._compare(channel, code)
        return code

    def _compare(self, channel: int, code: int) -> None:
        registers = self.registers
        base = window_register(channel)
        low, high = self.window(channel)
        hysteresis = registers[base] & 0x0F
        count = registers[base + 2] & 0x0F
        tripped = self._tripped
        # A tripped comparator holds until the result is back past the hysteresis.
        above = code > (high - hysteresis if tripped[0][channel] else high)
        below = code < (low + hysteresis if tripped[1][channel] else low)
        bit = 1 << channel
        for side, violated in enumerate((above, below)):
            tripped[side][channel] = violated
            runs = self._runs[side]
            runs[channel] = runs[channel] + 1 if violated else 0
            if violated and runs[channel] > count:
                registers[_FLAGS[side]] |= bit

    def _update_alert(self) -> None:
        registers = self.registers
        flagged = registers[Register.EVENT_HIGH_FLAG] | registers[Register.EVENT_LOW_FLAG]
        asserted = bool(flagged & registers[Register.ALERT_CH_SEL])
        if asserted != self.alert:
            self.alert = asserted
            if self.on_alert is not None:
                self.on_alert(asserted)
