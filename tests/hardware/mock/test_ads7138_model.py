"""The ADS7138 model alone, against what TI's data sheet (SBAS976A), TI's register
headers of the family and Linux's ti-ads7138.c say; each test names its source."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from drivers.ads7138 import Opcode, Register, window_bytes, window_register
from hardware.mock.adc import UnsupportedAdcModeError
from hardware.mock.ads7138 import ADS7138Model
from hardware.mock.bus import SimulatedI2CBus

READ, WRITE, SET, CLEAR, BLOCK_READ, BLOCK_WRITE = (
    Opcode.SINGLE_READ,
    Opcode.SINGLE_WRITE,
    Opcode.SET_BIT,
    Opcode.CLEAR_BIT,
    Opcode.BLOCK_READ,
    Opcode.BLOCK_WRITE,
)


def read(model: ADS7138Model, register: int, length: int = 1) -> bytes:
    model.write(bytes((BLOCK_READ if length > 1 else READ, register)))
    return model.read(length)


def source(volts: list[float], channel: int) -> Callable[[], float]:
    return lambda: volts[channel]


def running(volts: list[float], on_alert: Callable[[bool], None] | None = None) -> ADS7138Model:
    """A model in autonomous mode sequencing all channels, DWC and statistics on."""
    model = ADS7138Model({n: source(volts, n) for n in range(8)}, on_alert=on_alert)
    model.write(bytes((WRITE, Register.GENERAL_CFG, 0x30)))  # DWC_EN | STATS_EN
    model.write(bytes((WRITE, Register.OPMODE_CFG, 0x20)))  # CONV_MODE 01
    model.write(bytes((WRITE, Register.AUTO_SEQ_CH_SEL, 0xFF)))
    model.write(bytes((WRITE, Register.ALERT_CH_SEL, 0xFF)))
    model.write(bytes((WRITE, Register.SEQUENCE_CFG, 0x11)))  # SEQ_START, SEQ_MODE 01
    return model


def pin(model: ADS7138Model) -> bool:
    """The ALERT pin's level (high: released, with the default active-low logic)."""
    return model.pin_high


def set_window(model: ADS7138Model, channel: int, low: int, high: int, **extra: int) -> None:
    model.write(bytes((BLOCK_WRITE, window_register(channel))) + window_bytes(low, high, **extra))


def test_power_on_values() -> None:
    """Register map: SYSTEM_STATUS resets to 0x81 (BOR set, bit 7 reads 1), HYSTERESIS
    0xF0 and HIGH_TH 0xFF (high threshold 0xFFF), MIN 0xFF, the rest 0 (TI SBAS976A
    register map; TI's ADS7128 header)."""
    model = ADS7138Model()
    assert read(model, Register.SYSTEM_STATUS) == b"\x81"
    assert read(model, window_register(0), 32) == bytes((0xF0, 0xFF, 0, 0)) * 8
    assert read(model, Register.MIN_CH0_LSB, 16) == b"\xff" * 16
    assert read(model, Register.MAX_CH0_LSB, 16) == bytes(16)
    assert read(model, Register.RECENT_CH0_LSB, 16) == bytes(16)
    assert read(model, Register.GENERAL_CFG, 0x1F) == bytes(0x1F)
    assert [model.window(n) for n in range(8)] == [(0, 0xFFF)] * 8
    assert not model.alert and model.pin_high


# Every register TI's ADS7138 header documents, with its reset value where that is not 0:
# devices/ads7128/ads7138/ads7138.h of TexasInstruments/precision-adc-examples (commit
# 942fe11, 2024), read address by address (the *_ADDRESS and *_DEFAULT lines). TI's data
# sheet (SBAS976A, the register map's pages "GPOn_TRIG_EVENT_SEL Register (Address =
# 0xC3 + 2n) [reset = 0x2]") gives the same GPO trigger values.
TI_HEADER_ADDRESSES = (
    *range(0x06),  # SYSTEM_STATUS .. PIN_CFG
    *(0x07, 0x09, 0x0B, 0x0D, 0x10, 0x11, 0x12, 0x14, 0x16, 0x17, 0x18, 0x1A, 0x1C, 0x1E),
    *range(0x20, 0x40),  # HYSTERESIS, HIGH_TH, EVENT_COUNT, LOW_TH of each channel
    *range(0x60, 0x70),  # MAX_CHn
    *range(0x80, 0x90),  # MIN_CHn
    *range(0xA0, 0xB0),  # RECENT_CHn
    *range(0xC3, 0xD2, 2),  # GPO0_TRIG_EVENT_SEL .. GPO7_TRIG_EVENT_SEL
    0xE9,  # GPO_TRIGGER_CFG
    0xEB,  # GPO_VALUE_TRIG
)
TI_HEADER_RESETS = {
    0x00: 0x81,  # SYSTEM_STATUS
    **{0x20 + 4 * n: 0xF0 for n in range(8)},  # HYSTERESIS_CHn
    **{0x21 + 4 * n: 0xFF for n in range(8)},  # HIGH_TH_CHn
    **dict.fromkeys(range(0x80, 0x90), 0xFF),  # MIN_CHn
    **dict.fromkeys(range(0xC3, 0xD2, 2), 0x02),  # GPOn_TRIG_EVENT_SEL
}


def test_every_register_of_tis_header_reads_its_reset_value() -> None:
    """The whole register map at power-on and after GENERAL_CFG.RST, against TI's
    ADS7138 header (110 registers); the eight GPOn_TRIG_EVENT_SEL read 0x02 there, as in
    SBAS976A's register map (issue 61: the model had 0x00)."""
    assert len(TI_HEADER_ADDRESSES) == 110
    expected = {address: TI_HEADER_RESETS.get(address, 0) for address in TI_HEADER_ADDRESSES}
    model = ADS7138Model()
    assert {address: read(model, address)[0] for address in TI_HEADER_ADDRESSES} == expected
    model.write(bytes((SET, Register.GENERAL_CFG, 0x01)))  # RST
    assert {address: read(model, address)[0] for address in TI_HEADER_ADDRESSES} == expected


def test_bor_is_cleared_by_writing_one() -> None:
    """SYSTEM_STATUS: BOR (bit 0) is set at power-on and cleared by writing 1; bit 7
    stays 1 (TI SBAS976A SYSTEM_STATUS; TI's example code clears BOR with a set-bit)."""
    model = ADS7138Model()
    model.write(bytes((WRITE, Register.SYSTEM_STATUS, 0x00)))
    assert read(model, Register.SYSTEM_STATUS) == b"\x81"  # writing 0 changes nothing
    model.write(bytes((SET, Register.SYSTEM_STATUS, 0x01)))
    assert read(model, Register.SYSTEM_STATUS) == b"\x80"
    model.power_cycle()
    assert read(model, Register.SYSTEM_STATUS) == b"\x81"


def test_opcodes_write_set_and_clear_bits() -> None:
    """I2C protocol: single write 0x08, set bit 0x18, clear bit 0x20, each
    [opcode, register, value] (TI SBAS976A; Linux ti-ads7138.c)."""
    model = ADS7138Model()
    model.write(bytes((WRITE, Register.ALERT_CH_SEL, 0b1010_0000)))
    model.write(bytes((SET, Register.ALERT_CH_SEL, 0b0000_0101)))
    assert read(model, Register.ALERT_CH_SEL) == bytes((0b1010_0101,))
    model.write(bytes((CLEAR, Register.ALERT_CH_SEL, 0b1000_0001)))
    assert read(model, Register.ALERT_CH_SEL) == bytes((0b0010_0100,))
    model.write(bytes((0x55, Register.ALERT_CH_SEL, 0xFF)))  # no such opcode: ignored
    assert read(model, Register.ALERT_CH_SEL) == bytes((0b0010_0100,)) and model.ignored == 1


def test_block_read_and_write_increment_the_address() -> None:
    """Block read 0x30 and block write 0x28 move to the next register after each
    byte (TI SBAS976A; Linux writes a threshold's two registers in one block), and a
    read command holds across a STOP (the out-of-tree hwmon driver reads after it)."""
    bus = SimulatedI2CBus()
    model = ADS7138Model()
    bus.attach(0x10, model)
    bus.write_i2c_block_data(0x10, BLOCK_WRITE, [window_register(2), 1, 2, 3, 4, 5])
    assert [model.registers[window_register(2) + n] for n in range(5)] == [1, 2, 3, 4, 5]
    bus.write_byte_data(0x10, BLOCK_READ, window_register(2))
    assert [bus.read_byte(0x10) for _ in range(3)] == [1, 2, 3]  # onwards from the last read
    bus.write_byte_data(0x10, READ, window_register(2) + 1)
    assert [bus.read_byte(0x10) for _ in range(2)] == [2, 2]  # a single read stays put


def test_event_flags_are_write_one_to_clear() -> None:
    """EVENT_HIGH_FLAG and EVENT_LOW_FLAG clear where 1 is written; EVENT_FLAG is
    their OR and read only (TI SBAS976A; Linux clears both by writing 0xFF)."""
    model = ADS7138Model()
    model.registers[Register.EVENT_HIGH_FLAG] = 0b0000_0011
    model.registers[Register.EVENT_LOW_FLAG] = 0b1000_0000
    assert read(model, Register.EVENT_FLAG) == bytes((0b1000_0011,))
    model.write(bytes((WRITE, Register.EVENT_FLAG, 0xFF)))  # read only: no effect
    model.write(bytes((WRITE, Register.EVENT_HIGH_FLAG, 0b0000_0001)))
    assert read(model, Register.EVENT_FLAG) == bytes((0b1000_0010,))
    model.write(bytes((CLEAR, Register.EVENT_LOW_FLAG, 0xFF)))  # writes no 1: no effect
    assert read(model, Register.EVENT_LOW_FLAG) == bytes((0b1000_0000,))
    model.write(bytes((WRITE, Register.EVENT_LOW_FLAG, 0xFF)))
    assert read(model, Register.EVENT_FLAG) == bytes((0b0000_0010,))


def test_software_reset_restores_the_power_on_values() -> None:
    """GENERAL_CFG.RST resets every register and reads 0 (TI SBAS976A GENERAL_CFG;
    Linux resets the chip so in its probe)."""
    volts = [2.0] * 8
    model = running(volts)
    set_window(model, 0, 10, 20)
    model.convert()
    assert model.registers[Register.EVENT_HIGH_FLAG] == 1 and not pin(model)
    model.write(bytes((SET, Register.GENERAL_CFG, 0x01)))
    assert model.resets == 1 and pin(model)
    assert read(model, Register.GENERAL_CFG) == b"\x00"
    assert read(model, Register.SYSTEM_STATUS) == b"\x81"
    assert model.window(0) == (0, 0xFFF) and not model.running


def test_only_the_running_autonomous_sequence_converts() -> None:
    """Autonomous mode: CONV_MODE 01 with SEQ_MODE 01 and SEQ_START converts the
    AUTO_SEQ_CH_SEL channels; SEQ_STATUS tells it runs (TI SBAS976A, autonomous
    mode; Linux sets CONV_MODE, AUTO_SEQ_CH_SEL, then SEQ_START | SEQ_MODE)."""
    volts = [n * 0.4 for n in range(8)]
    model = running(volts)
    assert read(model, Register.SYSTEM_STATUS)[0] & 0x40
    model.write(bytes((CLEAR, Register.SEQUENCE_CFG, 0x10)))  # stop
    model.convert()
    assert model.conversions == 0 and not read(model, Register.SYSTEM_STATUS)[0] & 0x40
    model.write(bytes((WRITE, Register.AUTO_SEQ_CH_SEL, 0b0000_0110)))
    model.write(bytes((SET, Register.SEQUENCE_CFG, 0x10)))
    model.convert()
    assert model.conversions == 2 and model.passes == 1
    assert [model.result(n) for n in range(4)] == [0, int(0.4 / 3.3 * 4096), 992, 0]


def test_results_are_left_aligned_in_recent_and_tracked_by_max_and_min() -> None:
    """RECENT_CHn: the 12-bit result in bits 15:4 of LSB, MSB (Linux reads it as a
    little-endian 16-bit value); MAX and MIN follow while STATS_EN is set, which
    also clears them (TI header: STATS_EN 'enable and clear')."""
    volts = [1.0] * 8
    model = running(volts)
    model.convert()
    code = int(1.0 / 3.3 * 4096)
    assert read(model, Register.RECENT_CH0_LSB, 2) == (code << 4).to_bytes(2, "little")
    volts[0] = 2.0
    model.convert()
    volts[0] = 0.5
    model.convert()
    assert int.from_bytes(read(model, Register.MAX_CH0_LSB, 2), "little") >> 4 == int(
        2.0 / 3.3 * 4096
    )
    assert int.from_bytes(read(model, Register.MIN_CH0_LSB, 2), "little") >> 4 == int(
        0.5 / 3.3 * 4096
    )
    model.write(bytes((CLEAR, Register.GENERAL_CFG, 0x20)))  # statistics off: frozen
    volts[0] = 3.0
    model.convert()
    assert model.result(0) == int(0.5 / 3.3 * 4096)


def test_the_comparator_is_strict_and_default_thresholds_never_trip() -> None:
    """Digital window comparator: with the reset thresholds (0xFFF, 0x000) no code
    raises an event, so the high event is result > HIGH_TH and the low one result <
    LOW_TH (TI SBAS976A, digital window comparator section)."""
    volts = [0.0] * 4 + [5.0] * 4  # 0 and full scale
    model = running(volts)
    model.convert()
    assert model.value(Register.EVENT_FLAG) == 0
    volts[0] = 1000 / 4096 * 3.3 + 1e-9  # code 1000 exactly
    set_window(model, 0, 1000, 1000)
    model.convert()
    assert model.value(Register.EVENT_FLAG) == 0
    set_window(model, 0, 1001, 1001)
    model.convert()
    assert model.registers[Register.EVENT_LOW_FLAG] == 1
    set_window(model, 0, 990, 999)
    model.convert()
    assert model.registers[Register.EVENT_HIGH_FLAG] == 1


def test_flags_latch_and_are_set_again_while_outside() -> None:
    """Flags stay set until written with 1, and a conversion still outside the window
    sets them again (TI SBAS976A: flags are set whenever DWC_EN is 1 and a
    threshold is exceeded; Linux clears them in a level-triggered handler)."""
    volts = [1.0] * 8
    seen: list[bool] = []
    model = running(volts, on_alert=seen.append)
    set_window(model, 3, 0, 2000)
    volts[3] = 2.0
    model.convert()
    volts[3] = 1.0  # back inside: the flag stays
    model.convert()
    assert model.registers[Register.EVENT_HIGH_FLAG] == 1 << 3 and seen == [True]
    model.write(bytes((WRITE, Register.EVENT_HIGH_FLAG, 0xFF)))
    model.convert()
    assert seen == [True, False]  # inside now: stays clear
    volts[3] = 2.0
    model.convert()
    model.write(bytes((WRITE, Register.EVENT_HIGH_FLAG, 0xFF)))
    model.convert()
    assert seen == [True, False, True, False, True]


def test_event_count_needs_consecutive_violations() -> None:
    """EVENT_COUNT: consecutive threshold violations counted before a flag is set
    (TI SBAS976A; count + 1 results here)."""
    volts = [1.0] * 8
    model = running(volts)
    set_window(model, 0, 0, 2000, count=2)
    volts[0] = 2.0
    model.convert()
    model.convert()
    volts[0] = 1.0  # the run is broken
    model.convert()
    volts[0] = 2.0
    model.convert()
    model.convert()
    assert model.registers[Register.EVENT_HIGH_FLAG] == 0
    model.convert()
    assert model.registers[Register.EVENT_HIGH_FLAG] == 1


def test_hysteresis_holds_a_tripped_comparator() -> None:
    """HYSTERESIS: a high comparator that tripped releases only at HIGH_TH minus the
    hysteresis (TI SBAS976A, digital window comparator)."""
    volts = [0.0] * 8
    model = running(volts)
    set_window(model, 0, 0, 1000, hysteresis=15)
    volts[0] = 1001.5 / 4096 * 3.3
    model.convert()
    model.write(bytes((WRITE, Register.EVENT_HIGH_FLAG, 0xFF)))
    volts[0] = 990.5 / 4096 * 3.3  # inside, but within the hysteresis: still tripped
    model.convert()
    assert model.registers[Register.EVENT_HIGH_FLAG] == 1
    model.write(bytes((WRITE, Register.EVENT_HIGH_FLAG, 0xFF)))
    volts[0] = 985.5 / 4096 * 3.3  # at HIGH_TH - 15: released
    model.convert()
    model.convert()
    assert model.registers[Register.EVENT_HIGH_FLAG] == 0


def test_alert_follows_only_the_selected_channels() -> None:
    """ALERT_CH_SEL: flags are set for every channel, ALERT asserts only for the
    selected ones; active-low by default, active-high by ALERT_LOGIC 01 (TI
    SBAS976A; TI's header ALERT_PIN_CFG)."""
    volts = [1.0] * 8
    model = running(volts)
    model.write(bytes((WRITE, Register.ALERT_CH_SEL, 0b0000_0010)))
    set_window(model, 0, 0, 100)
    model.convert()
    assert model.registers[Register.EVENT_HIGH_FLAG] == 1 and pin(model)
    set_window(model, 1, 0, 100)
    model.convert()
    assert not pin(model)
    model.write(bytes((WRITE, Register.ALERT_PIN_CFG, 0x01)))  # active-high
    assert pin(model)


def test_a_manual_read_frame_converts_the_selected_channel() -> None:
    """Manual mode: a read frame returns the CHANNEL_SEL channel's 12-bit result
    left-aligned, its channel ID in the low nibble with APPEND_STATUS 01 (the
    out-of-tree hwmon driver checks that ID)."""
    model = ADS7138Model({5: lambda: 1.65})
    model.write(bytes((WRITE, Register.DATA_CFG, 0x10)))
    model.write(bytes((WRITE, Register.CHANNEL_SEL, 5)))
    frame = model.read(2)
    assert frame[0] << 4 | frame[1] >> 4 == 2048 and frame[1] & 0xF == 5


def test_cnvst_in_manual_mode_converts_the_selected_channel_into_recent() -> None:
    """GENERAL_CFG.CNVST (bit 3) in manual mode starts one conversion of the CHANNEL_SEL
    channel; with STATS_EN its result lands in RECENT, MAX and MIN, and the bit reads
    back 0 (TI's ADS7128 header: CNVST 1 = start, no SCL stretching; TLA2528 data
    sheet: readback returns 0). Adafruit's ADS7128 driver reads every channel so."""
    volts = [0.0] * 8
    model = ADS7138Model({n: source(volts, n) for n in range(8)})
    model.write(bytes((WRITE, Register.CHANNEL_SEL, 6)))
    model.write(bytes((SET, Register.GENERAL_CFG, 0x20)))  # STATS_EN
    volts[6] = 2.2
    model.write(bytes((SET, Register.GENERAL_CFG, 0x08)))  # CNVST
    code = model.code(6)
    assert read(model, Register.RECENT_CH0_LSB + 12, 2) == (code << 4).to_bytes(2, "little")
    assert read(model, Register.MAX_CH0_LSB + 12, 2) == (code << 4).to_bytes(2, "little")
    assert read(model, Register.GENERAL_CFG) == b"\x20"  # CNVST reads 0, STATS_EN stays
    assert model.result(5) == 0  # no other channel converted


def test_cnvst_in_autonomous_mode_is_refused_and_bit_7_reads_0() -> None:
    """CNVST while the sequencer owns the conversions is not modelled; GENERAL_CFG
    bit 7 is reserved on the ADS7138 (TI's ADS7128 header), so a write of it reads 0."""
    model = running([1.0] * 8)
    with pytest.raises(UnsupportedAdcModeError):
        model.write(bytes((SET, Register.GENERAL_CFG, 0x08)))
    model.write(bytes((SET, Register.GENERAL_CFG, 0x80)))
    assert read(model, Register.GENERAL_CFG) == b"\x30"


@pytest.mark.parametrize(
    ("register", "value"),
    [
        (Register.OSR_CFG, 0x03),
        (Register.EVENT_RGN, 0x01),
        (Register.ALERT_PIN_CFG, 0x02),
        (Register.GENERAL_CFG, 0x40),
    ],
)
def test_what_is_not_modelled_is_refused(register: int, value: int) -> None:
    with pytest.raises(UnsupportedAdcModeError):
        ADS7138Model().write(bytes((WRITE, register, value)))
