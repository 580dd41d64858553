"""The ADS1115 model against TI's datasheet (SBAS444), and the driver's wait against
the slowest oscillator the datasheet allows."""

from __future__ import annotations

from functools import partial

import pytest

from drivers.ads1115 import ADS1115, CONFIG, CONVERSION, DATA_RATES, HI_THRESH, LO_THRESH
from hardware.mock.adc import ADS1115Model
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.clock import SimClock

SLOWEST = 1 / 0.9  # the oscillator at the datasheet's -10 % limit: conversions take 1/(0.9 DR)


def _rig(
    inputs: dict[int, float], slow: float = 1.0
) -> tuple[SimClock, SimulatedI2CBus, ADS1115Model]:
    clock = SimClock()
    bus = SimulatedI2CBus()
    model = ADS1115Model(clock.now, {n: partial(float, v) for n, v in inputs.items()}, slow=slow)
    bus.attach(0x48, model)
    return clock, bus, model


def _word(bus: SimulatedI2CBus, register: int) -> int:
    high, low = bus.read_i2c_block_data(0x48, register, 2)
    return high << 8 | low


def test_the_power_on_registers() -> None:
    _, bus, _ = _rig({})
    assert _word(bus, CONFIG) == 0x8583  # OS 1 (idle), AIN0-AIN1, 2.048 V, single-shot, 128 SPS
    assert _word(bus, LO_THRESH) == 0x8000
    assert _word(bus, HI_THRESH) == 0x7FFF
    assert _word(bus, CONVERSION) == 0


def test_a_config_write_that_starts_nothing_is_stored_differential_mux_and_all() -> None:
    """What Adafruit's driver writes in its constructor: the config with OS = 0 and the
    MUX it read back (the power-on differential AIN0-AIN1)."""
    _, bus, model = _rig({0: 1.0})
    bus.write_i2c_block_data(0x48, CONFIG, [0x05, 0x83])
    assert _word(bus, CONFIG) == 0x8583
    bus.write_i2c_block_data(0x48, CONFIG, [0x13, 0x63])  # AIN0-AIN3, 4.096 V, 64 SPS
    assert _word(bus, CONFIG) == 0x9363
    assert model.conversions == 0


def test_the_thresholds_are_read_and_written() -> None:
    _, bus, _ = _rig({})
    bus.write_i2c_block_data(0x48, LO_THRESH, [0x12, 0x34])
    bus.write_i2c_block_data(0x48, HI_THRESH, [0x80, 0x00])
    assert (_word(bus, LO_THRESH), _word(bus, HI_THRESH)) == (0x1234, 0x8000)


def test_a_start_during_a_conversion_has_no_effect() -> None:
    clock, bus, model = _rig({0: 1.0, 1: 2.0})
    adc = ADS1115(bus, 0x48, sleep=clock.sleep)
    adc.start(0)
    adc.start(1)  # too soon: the conversion of AIN0 goes on
    assert model.conversions == 1
    assert adc.config(1) & 0x7FFF == _word(bus, CONFIG) & 0x7FFF  # the bits are written
    clock.sleep(adc.conversion_time)
    assert adc.result() == round(1.0 / 4.096 * 32768)  # AIN0's, not AIN1's


def test_differential_inputs_convert_their_difference() -> None:
    clock, bus, _ = _rig({0: 1.5, 1: 0.5, 3: 2.0})
    for mux, volts in ((0b000, 1.0), (0b001, -0.5), (0b010, -1.5), (0b011, -2.0)):
        word = 0x8000 | mux << 12 | 0b001 << 9 | 0x0100 | 0b111 << 5 | 0b11
        bus.write_i2c_block_data(0x48, CONFIG, [word >> 8, word & 0xFF])
        clock.sleep(0.01)
        assert bus.read_i2c_block_data(0x48, CONVERSION, 2) == list(
            round(volts / 4.096 * 32768).to_bytes(2, "big", signed=True)
        )


@pytest.mark.parametrize("rate", sorted(DATA_RATES))
def test_the_driver_waits_out_the_slowest_oscillator_at_every_data_rate(rate: int) -> None:
    """At -10 % a conversion takes 1/(0.9 DR): a wait of 1.1/DR + 50 us read the previous
    input at 8-128 SPS, and the next start was lost to the conversion still running."""
    clock, bus, model = _rig({0: 0.5, 1: 1.5, 2: 2.5}, slow=SLOWEST)
    adc = ADS1115(bus, 0x48, data_rate=rate, sleep=clock.sleep)
    readings = [adc.read(channel) for channel in (0, 1, 2, 0)]
    assert readings == [round(v / 4.096 * 32768) for v in (0.5, 1.5, 2.5, 0.5)]
    assert model.early_reads == 0
    assert model.conversions == 4
