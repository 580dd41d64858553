"""Adafruit's CircuitPython ADS1x15 and ADS7830 drivers (code the project did not
write) against the ADC models: conversions at every gain, data rate and input."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest

from hardware.mock.adc import ADS1115Model, ADS7830Model
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.clock import SimClock
from tests.hardware.mock.circuitpython import I2C, adafruit

ads1x15 = adafruit("adafruit_ads1x15")
pins = adafruit("adafruit_ads1x15.ads1x15").Pin
ads7830 = adafruit("adafruit_ads7830.ads7830")
ads7830_in = adafruit("adafruit_ads7830.analog_in")

VOLTS = {0: 0.1, 1: 0.45, 2: 1.3, 3: 3.0}
FULL_SCALE = {2 / 3: 6.144, 1: 4.096, 2: 2.048, 4: 1.024, 8: 0.512, 16: 0.256}
SLOWEST = 1 / 0.9  # the oscillator at the datasheet's -10 % limit


@pytest.fixture
def bus() -> Iterator[SimulatedI2CBus]:
    bus = SimulatedI2CBus()  # a Raspberry Pi's rules, the strictest
    yield bus
    assert bus.refusals == 0


def _code(volts: float, full_scale: float) -> int:
    return max(-32768, min(32767, round(volts / full_scale * 32768)))


def _ads1115(bus: SimulatedI2CBus) -> tuple[ADS1115Model, Any]:
    clock = SimClock()
    model = ADS1115Model(clock.now, {n: partial(float, v) for n, v in VOLTS.items()}, slow=SLOWEST)
    bus.attach(0x48, model)
    return model, ads1x15.ADS1115(I2C(bus, clock))


def test_the_constructor_writes_the_thresholds_and_keeps_the_power_on_mux(
    bus: SimulatedI2CBus,
) -> None:
    """It writes Lo_thresh and Hi_thresh, then the config with OS = 0 and the MUX it read
    back: the power-on differential AIN0-AIN1. A chip stores all of it."""
    model, _ = _ads1115(bus)
    assert model.thresholds == {2: 0x8000, 3: 0x7FFF}
    assert model.config & 0x7000 == 0  # AIN0-AIN1, as at power-on
    assert model.config >> 9 & 0b111 == 0b001  # gain 1: 4.096 V
    assert model.conversions == 0


@pytest.mark.parametrize("gain", sorted(FULL_SCALE))
def test_single_ended_conversions_at_every_gain(bus: SimulatedI2CBus, gain: float) -> None:
    """Adafruit's driver polls OS until the conversion is done, so it reads right even
    with the oscillator 10 % slow."""
    model, adc = _ads1115(bus)
    adc.gain = gain
    for channel, volts in VOLTS.items():
        reading = ads1x15.AnalogIn(adc, getattr(pins, f"A{channel}"))
        assert reading.value == _code(volts, FULL_SCALE[gain])
    assert model.early_reads == 0
    assert model.conversions == len(VOLTS)


@pytest.mark.parametrize(("positive", "negative"), [(0, 1), (0, 3), (1, 3), (2, 3)])
def test_differential_conversions(bus: SimulatedI2CBus, positive: int, negative: int) -> None:
    _, adc = _ads1115(bus)
    reading = ads1x15.AnalogIn(adc, positive, negative)
    assert reading.value == _code(VOLTS[positive] - VOLTS[negative], 4.096)


def test_every_data_rate_and_the_thresholds_read_back(bus: SimulatedI2CBus) -> None:
    model, adc = _ads1115(bus)
    for rate in adc.rates:
        adc.data_rate = rate
        assert ads1x15.AnalogIn(adc, pins.A2).value == _code(VOLTS[2], 4.096)
    adc.comparator_low_threshold = -1000
    adc.comparator_high_threshold = 12000
    assert model.thresholds == {2: -1000 & 0xFFFF, 3: 12000}


@pytest.mark.parametrize(
    ("internal", "reference"), [(True, 2.5), (False, 3.3)], ids=["internal", "external"]
)
def test_ads7830_single_ended_inputs_against_either_reference(
    bus: SimulatedI2CBus, internal: bool, reference: float
) -> None:
    volts = {n: 0.3 * n + 0.05 for n in range(8)}
    bus.attach(0x49, ADS7830Model({n: partial(float, v) for n, v in volts.items()}))
    adc = ads7830.ADS7830(I2C(bus), 0x49, int_ref_power_down=not internal)
    for channel, value in volts.items():
        code = max(0, min(255, int(value / reference * 256)))
        assert adc.read(channel) == code << 8
        assert ads7830_in.AnalogIn(adc, channel).value == code << 8


def test_ads7830_differential_pairs_read_positive_differences(bus: SimulatedI2CBus) -> None:
    volts = {0: 1.0, 1: 0.25, 2: 0.5, 3: 1.5}
    bus.attach(0x48, ADS7830Model({n: partial(float, v) for n, v in volts.items()}))
    adc = ads7830.ADS7830(I2C(bus), differential_mode=True)
    # Adafruit's channel n reads its pair table's entry n // 2: CH0-CH1, CH1-CH0, CH2-CH3...
    assert adc.read(0) == int(0.75 / 2.5 * 256) << 8
    assert adc.read(2) == 0  # CH1 - CH0 is negative: the ADS7830 reads 0
    assert adc.read(4) == 0  # CH2 - CH3
    assert adc.read(6) == int(1.0 / 2.5 * 256) << 8  # CH3 - CH2
