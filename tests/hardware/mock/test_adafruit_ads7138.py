"""Adafruit's CircuitPython ADS7128 driver (adafruit-circuitpython-ads7128, MIT; code
the project did not write) against the ADS7138 model, through the busio stand-in.

The ADS7128 is the ADS7138's sibling: the same opcodes and the same register map for
everything the model imitates. Each test drives the model with Adafruit's code, checks
what Adafruit reads against the voltages set (within one LSB of ``V / 3.3 * 4096``), and
reads what Adafruit wrote with our own driver (drivers/ads7138.py), so a register that
lands elsewhere than our driver expects fails here.

Adafruit's ``__init__`` (``ADS7128._reset``) writes GENERAL_CFG.RST, then CAL (polling
until it reads 0), then 1 to SYSTEM_STATUS.BOR: nothing the model refuses.

Where Adafruit and the model disagreed, and how it was settled (sources: TI's ADS7128
register header of SBAC286, the ADS7138 data sheet TI SBAS976A, the TLA2528 data sheet,
Linux ``drivers/iio/adc/ti-ads7138.c``, TI's E2E forum thread 1455193 on auto-sequence
reads):

* A manual read (``AnalogIn.value``, ``ADS7128._read``) sets GENERAL_CFG.CNVST (bit 3)
  and reads RECENT_CHn. The model refused CNVST. TI's header names CNVST = 1 "start,
  no SCL stretching" and the TLA2528 (same digital core) reads it back 0: the model was
  wrong. It now converts the CHANNEL_SEL channel at once in manual mode (RECENT, MAX
  and MIN with STATS_EN; the comparator with DWC_EN) and reads CNVST back 0; CNVST in
  autonomous mode stays refused. Our driver never writes CNVST: unchanged.
* ``read_sequence_result`` writes [0x10, 0x00] and reads two bytes as a conversion
  frame, after ``start_sequence`` put the chip in autonomous mode. [0x10, reg] is a
  single-register read command, so the chip answers with SYSTEM_STATUS, not a result;
  a conversion frame is a plain read with no opcode, and only in manual mode (TI E2E
  1455193: data reads carry no opcode; SBAS976A: in autonomous mode the results are
  read from RECENT, as Linux does). Adafruit is wrong (on the ADS7128 as well); the
  model answers the register read, which the test pins down.
* ``rms_*`` (GENERAL_CFG bit 7, RMS_CFG 0xC0-0xC2, SYSTEM_STATUS bit 4), ``zcd_*``
  (ZCD_BLANKING_CFG 0x0F, GPO_ZCD_UPDATE_EN 0xE7, DigitalInOut.zcd_output's 0xE3/0xE4,
  CHANNEL_SEL bits 7:4) are ADS7128-only: the ADS7138 has no RMS module nor zero-
  crossing detector. The model ignores those registers (writes vanish, reads 0); it
  stored GENERAL_CFG bit 7, reserved on the ADS7138 (TI's header: reads 0), so
  ``rms_enabled`` read back True: fixed, bit 7 now reads 0. CHANNEL_SEL's reserved
  bits 7:4 are still stored as written (they select nothing).
* Adafruit sets STATS_EN before every manual read and again in ``dwc_enabled``; the
  model, after TI's header (STATS_EN 1 = "enable and clear"), clears MAX and MIN at
  every write of STATS_EN = 1, even when it was 1 already. Whether the chip clears on
  every such write or only on 0 -> 1 is not settled by the sources above, so no test
  relies on MAX/MIN across those writes (``reset_statistics``, 1 -> 0 -> 1, holds
  either way).
* ``AnalogIn.voltage`` defaults to a 5.0 V reference; the ADS7138's reference is AVDD
  (3.3 V here), so the tests pass it. GPI_VALUE (a digital input's level) is not
  imitated (reads 0), so DigitalInOut is checked as an output only. Averaging, CRC,
  in-band events and pulsed ALERT are refused, as the model's docstring says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from drivers.ads7138 import (
    ADS7138,
    ALERT_DRIVE_PUSH_PULL,
    ALERT_LOGIC_ACTIVE_HIGH,
    CONV_MODE_AUTONOMOUS,
    SEQ_MODE_AUTO,
    SEQ_START,
    Register,
    Status,
    window_bytes,
    window_register,
)
from hardware.mock.adc import UnsupportedAdcModeError
from hardware.mock.ads7138 import ADS7138Model
from hardware.mock.bus import SimulatedI2CBus
from tests.hardware.mock.circuitpython import I2C, DriveMode, adafruit

ads7128 = adafruit("adafruit_ads7128.ads7128")
analog_in = adafruit("adafruit_ads7128.analog_in")
digital_inout = adafruit("adafruit_ads7128.digital_inout")

ADDRESS = 0x10  # Adafruit's default, the ADS7138's too (ADDR pin grounded)
REFERENCE = 3.3
LSB = REFERENCE / 4096


def _volts_of(code: int) -> float:
    """A voltage in the middle of ``code``'s step."""
    return (code + 0.5) * LSB


class Board:
    """The model on a simulated bus, driven by Adafruit's driver and read by ours."""

    def __init__(self, bus: SimulatedI2CBus) -> None:
        self.volts = [0.05 + 0.45 * channel for channel in range(8)]  # 0.05 V to 3.2 V
        self.model = ADS7138Model(
            {channel: self._input(channel) for channel in range(8)}, reference=REFERENCE
        )
        bus.attach(ADDRESS, self.model)
        self.ours = ADS7138(bus, ADDRESS)
        self.i2c = I2C(bus)
        self.adc: Any = None

    def _input(self, channel: int) -> Callable[[], float]:
        return lambda: self.volts[channel]

    def adafruit(self) -> Any:
        self.adc = ads7128.ADS7128(self.i2c, ADDRESS)
        return self.adc

    def channel(self, pin: int) -> Any:
        return analog_in.AnalogIn(self.adc, pin)


@pytest.fixture
def bus() -> Iterator[SimulatedI2CBus]:
    bus = SimulatedI2CBus()  # a Raspberry Pi's rules, the strictest
    yield bus
    assert bus.refusals == 0


@pytest.fixture
def board(bus: SimulatedI2CBus) -> Board:
    return Board(bus)


def _near(code: int, volts: float) -> bool:
    """Within one LSB of the ideal code (clipped to 12 bits)."""
    return abs(code - min(volts / LSB, 4095)) <= 1


def _running(model: ADS7138Model) -> bool:
    """Read afresh at each call (mypy would keep an attribute's narrowing)."""
    return model.running


def _alert(model: ADS7138Model) -> bool:
    return model.alert


def test_init_resets_calibrates_and_clears_bor(board: Board) -> None:
    """``ADS7128.__init__`` -> ``_reset``: RST undoes what our driver configured, CAL
    reads 0 at once, and its write of 1 to SYSTEM_STATUS.BOR lands where our driver's
    ``alive()`` looks for a reset."""
    board.ours.configure([(100, 4000)] * 8)
    assert _running(board.model)
    board.adafruit()
    assert board.model.resets == 2  # ours, then Adafruit's
    assert not _running(board.model)
    assert board.ours.read_registers(window_register(0), 4) == window_bytes(0, 4095)
    assert board.ours.read_registers(Register.GENERAL_CFG, 1) == b"\x00"  # CAL done
    assert board.ours.alive()  # BOR cleared by Adafruit


def test_manual_reads_of_every_channel(board: Board) -> None:
    """``AnalogIn.value``/``voltage`` -> ``ADS7128._read``: STATS_EN, CHANNEL_SEL, CNVST,
    then RECENT_CHn's two registers. Each read converts its channel once; the result
    is the voltage within one LSB, and our driver finds it in RECENT."""
    adc = board.adafruit()
    for pin, volts in enumerate(board.volts):
        conversions = board.model.conversions
        reading = board.channel(pin)
        raw = adc._read(pin)
        assert _near(raw, volts)
        assert board.model.registers[Register.CHANNEL_SEL] == pin
        assert board.ours.levels()[pin] == raw
        assert reading.value == min(raw * 65535 // 4095, 65535)
        assert abs(reading.voltage(REFERENCE) - volts) <= LSB
        assert board.model.conversions == conversions + 3  # one per _read, no more
    assert board.model.registers[Register.GENERAL_CFG] == 0x20  # STATS_EN; CNVST reads 0


def test_full_scale_and_ground_clip(board: Board) -> None:
    """``AnalogIn.value`` at the ends: below 0 V reads 0, at or above the reference
    4095, which Adafruit scales to 65535."""
    board.adafruit()
    board.volts[0], board.volts[7] = -0.2, 3.6
    assert board.channel(0).value == 0
    assert board.channel(7).value == 65535


def test_auto_sequence_fills_recent_max_and_min(board: Board) -> None:
    """``start_sequence`` (STATS_EN, DATA_CFG.APPEND_STATUS 01, OPMODE_CFG.CONV_MODE
    01, SEQUENCE_CFG = SEQ_START | SEQ_MODE 01), ``sequence_channels``,
    ``clock_divider``, ``low_power_oscillator``; then ``AnalogIn.recent``/``max``/
    ``min`` after passes of the sequencer, ``stop_sequence`` and ``reset_statistics``."""
    adc = board.adafruit()
    selected = 0b1011_0101
    adc.sequence_channels = selected
    adc.clock_divider = 5
    adc.low_power_oscillator = True
    adc.start_sequence()
    model = board.model
    assert _running(model)
    assert board.ours.status() & Status.SEQ_STATUS
    assert model.registers[Register.OPMODE_CFG] == CONV_MODE_AUTONOMOUS | 0x10 | 5
    assert model.registers[Register.SEQUENCE_CFG] == SEQ_START | SEQ_MODE_AUTO
    assert board.ours.read_registers(Register.AUTO_SEQ_CH_SEL, 1)[0] == selected
    assert adc.sequence_channels == selected and adc.clock_divider == 5
    base = list(board.volts)
    for offset in (0.0, 0.3, -0.04):
        board.volts[:] = [volts + offset for volts in base]
        model.convert()
    levels = board.ours.levels()
    for pin in range(8):
        reading = board.channel(pin)
        if not selected >> pin & 1:
            assert (reading.recent, reading.max, reading.min) == (0, 0, 4095)
            continue
        assert _near(reading.recent, base[pin] - 0.04) and reading.recent == levels[pin]
        assert _near(reading.max, base[pin] + 0.3)
        assert _near(reading.min, base[pin] - 0.04)
    adc.stop_sequence()
    assert not _running(model) and not board.ours.status() & Status.SEQ_STATUS
    adc.reset_statistics()
    assert (board.channel(2).max, board.channel(2).min) == (0, 4095)
    passes = model.passes
    model.convert()
    assert model.passes == passes  # stopped: nothing converts


def test_read_sequence_result_gets_system_status_not_a_result(board: Board) -> None:
    """``read_sequence_result``: [0x10, 0x00] then a 2-byte read is a register read of
    SYSTEM_STATUS (the opcode makes it one), so it decodes SYSTEM_STATUS as a result:
    Adafruit's mistake (module docstring), not the model's."""
    adc = board.adafruit()
    adc.sequence_channels = 0xFF
    adc.start_sequence()
    board.model.convert()
    status = int(board.ours.status())
    assert status == Status.RESERVED_ONE | Status.SEQ_STATUS
    assert adc.read_sequence_result() == (status << 4 | status >> 4, status & 0x0F)


def test_thresholds_land_where_our_driver_puts_them(board: Board) -> None:
    """``AnalogIn.high_threshold``/``low_threshold``/``hysteresis``/``event_count``: the
    four registers at 0x20 + 4n hold what our driver's ``window_bytes`` writes, and
    Adafruit reads them back."""
    board.adafruit()
    reading = board.channel(3)
    reading.high_threshold = 0xABC
    reading.low_threshold = 0x123
    reading.hysteresis = 9
    reading.event_count = 6
    registers = board.ours.read_registers(window_register(3), 4)
    assert registers == window_bytes(0x123, 0xABC, hysteresis=9, count=6)
    assert board.model.window(3) == (0x123, 0xABC)
    assert (reading.high_threshold, reading.low_threshold) == (0xABC, 0x123)
    assert (reading.hysteresis, reading.event_count) == (9, 6)
    assert board.ours.read_registers(window_register(2), 4) == window_bytes(0, 4095)


def test_window_comparator_flags_and_alert(board: Board) -> None:
    """``dwc_enabled``, ``alert_channels``, ``event_flags``/``event_high_flags``/
    ``event_low_flags``, ``clear_event_flags``, ``alert_logic``, ``alert_push_pull``,
    ``AnalogIn.event_region`` (out of window) and ``event_count`` (a flag after
    count + 1 results outside, as Adafruit's docstring says): the flags our driver
    reads and ALERT follow."""
    adc = board.adafruit()
    model = board.model
    watched, unwatched = board.channel(2), board.channel(5)
    watched.high_threshold, watched.low_threshold = 2000, 1000
    watched.event_count = 1
    watched.event_region = False
    unwatched.high_threshold = 100
    adc.alert_channels = 0b0000_0100
    adc.alert_logic = 1
    adc.alert_push_pull = True
    adc.dwc_enabled = True
    adc.sequence_channels = 0xFF
    adc.start_sequence()
    assert model.registers[Register.ALERT_PIN_CFG] == ALERT_DRIVE_PUSH_PULL | 1
    assert adc.alert_logic == ALERT_LOGIC_ACTIVE_HIGH and adc.alert_push_pull
    assert adc.dwc_enabled and adc.statistics_enabled

    board.volts[2], board.volts[5] = _volts_of(2100), _volts_of(500)
    model.convert()  # channel 2: one result above, count 1 wants two
    assert adc.event_flags == 0b0010_0000  # channel 5 flags at once, unwatched
    assert not _alert(model)
    model.convert()
    assert (adc.event_high_flags, adc.event_low_flags) == (0b0010_0100, 0)
    assert board.ours.event_sides() == (0b0010_0100, 0)
    assert _alert(model) and model.pin_high  # active high
    adc.clear_event_flags()
    assert board.ours.events() == 0 and not _alert(model)

    board.volts[2] = _volts_of(900)
    model.convert()
    model.convert()
    assert adc.event_low_flags == 0b0000_0100 and _alert(model)
    board.volts[2] = _volts_of(1500)
    model.convert()
    adc.clear_event_flags()
    model.convert()
    assert adc.event_flags == 0b0010_0000  # channel 2 back inside; 5 still above 100
    assert not _alert(model)


def test_hysteresis_holds_a_tripped_comparator(board: Board) -> None:
    """``AnalogIn.hysteresis``: the low nibble of HYSTERESIS_CHn, where the model's
    comparator takes it: a tripped high comparator holds until the result is at or
    below HIGH_TH - hysteresis."""
    adc = board.adafruit()
    reading = board.channel(1)
    reading.high_threshold = 3000
    reading.hysteresis = 10
    adc.dwc_enabled = True
    adc.sequence_channels = 0b10
    adc.start_sequence()
    board.volts[1] = _volts_of(3001)
    board.model.convert()
    assert adc.event_high_flags == 0b10
    for code, flagged in ((2995, True), (2990, False), (2995, False)):
        adc.clear_event_flags()
        board.volts[1] = _volts_of(code)
        board.model.convert()
        assert bool(adc.event_high_flags) is flagged, code


def test_digital_output_config_and_no_conversion(board: Board) -> None:
    """``DigitalInOut.switch_to_output`` and ``drive_mode``: PIN_CFG, GPIO_CFG,
    GPO_DRIVE_CFG and GPO_VALUE hold the pin's bit, read back; a digital pin drops
    out of the sequence (the model converts analog pins only), and ``AnalogIn`` (its
    constructor clears the PIN_CFG bit) brings it back."""
    adc = board.adafruit()
    pin = digital_inout.DigitalInOut(adc, 4)
    pin.switch_to_output(value=True)
    registers = board.model.registers
    for register in (
        Register.PIN_CFG,
        Register.GPIO_CFG,
        Register.GPO_DRIVE_CFG,
        Register.GPO_VALUE,
    ):
        assert registers[register] == 0b1_0000, register.name
    assert pin.value and pin.drive_mode is DriveMode.PUSH_PULL
    pin.drive_mode = DriveMode.OPEN_DRAIN
    pin.value = False
    assert registers[Register.GPO_DRIVE_CFG] == 0 and registers[Register.GPO_VALUE] == 0
    adc.sequence_channels = 0xFF
    adc.start_sequence()
    board.model.convert()
    assert board.ours.levels()[4] == 0
    assert _near(board.ours.levels()[3], board.volts[3])
    board.channel(4)
    assert registers[Register.PIN_CFG] == 0
    board.model.convert()
    assert _near(board.ours.levels()[4], board.volts[4])


@pytest.mark.parametrize(
    "refused",
    [
        lambda adc: setattr(adc, "oversampling", 3),
        lambda adc: setattr(adc, "crc_enabled", True),
        lambda adc: setattr(adc, "alert_logic", 2),
        lambda adc: setattr(analog_in.AnalogIn(adc, 0), "event_region", True),
    ],
    ids=["oversampling", "crc", "pulsed-alert", "in-band-events"],
)
def test_what_the_model_does_not_imitate_is_refused(
    board: Board, refused: Callable[[Any], None]
) -> None:
    """``oversampling``, ``crc_enabled``, ``alert_logic`` 2/3 and ``AnalogIn.
    event_region`` in band: the model refuses them rather than answer as if done."""
    adc = board.adafruit()
    with pytest.raises(UnsupportedAdcModeError):
        refused(adc)


def test_the_defaults_of_those_features_are_accepted(board: Board) -> None:
    """Their reset values written back (no averaging, no CRC, active-low ALERT) pass,
    and ``crc_error`` reads SYSTEM_STATUS.CRC_ERR_IN clear."""
    adc = board.adafruit()
    adc.oversampling = 0
    adc.crc_enabled = False
    adc.alert_logic = 0
    adc.clear_crc_error()
    assert (adc.oversampling, adc.crc_enabled, adc.alert_logic, adc.crc_error) == (
        0,
        False,
        0,
        False,
    )


def test_ads7128_only_rms_and_zero_crossing_find_nothing(board: Board) -> None:
    """``rms_*``, ``zcd_blanking``, ``gpo_zcd_update_en``: the ADS7128's RMS module and
    zero-crossing detector, absent on the ADS7138: their registers ignore writes and
    read 0, GENERAL_CFG's reserved bit 7 (the ADS7128's RMS_EN) reads 0."""
    adc = board.adafruit()
    adc.rms_enabled = True
    adc.rms_channel = 3
    adc.rms_samples = 2
    adc.zcd_blanking = 20
    adc.gpo_zcd_update_en = 0xFF
    assert not adc.rms_enabled
    assert (adc.rms_channel, adc.rms_samples, adc.rms, adc.rms_done) == (0, 0, 0, False)
    assert (adc.zcd_blanking, adc.gpo_zcd_update_en) == (0, 0)
    assert board.ours.read_registers(Register.GENERAL_CFG, 1) == b"\x00"
    assert board.model.ignored == 0  # every opcode was one the chip knows
