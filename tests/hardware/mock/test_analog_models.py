"""The Hall sensor model: its field follows the world when told, its noise is Gaussian."""

from __future__ import annotations

import random
import statistics

from engine.physical import EMPTY, NORTH, SOUTH, Reading
from hardware.mock.analog import HallSensor


def test_a_sensor_reads_the_field_it_last_sensed() -> None:
    field: list[Reading] = [EMPTY]
    sensor = HallSensor(lambda: field[0], 1.65, 0.9, 0.0, random.Random(1))
    assert sensor.volts() == 1.65
    field[0] = NORTH
    assert sensor.volts() == 1.65  # the world changed, but nobody told the sensor
    sensor.sense()
    assert sensor.volts() == 1.65 + 0.9
    field[0] = SOUTH
    sensor.sense()
    assert sensor.volts() == 1.65 - 0.9
    assert sensor.samples == 4


def test_the_noise_is_gaussian_around_the_level() -> None:
    sensor = HallSensor(lambda: NORTH, 1.65, 0.9, 0.004, random.Random(7))
    samples = [sensor.volts() - 2.55 for _ in range(40_000)]
    assert abs(statistics.fmean(samples)) < 0.0001
    assert abs(statistics.stdev(samples) - 0.004) < 0.0001
    within = [sum(abs(v) < k * 0.004 for v in samples) / len(samples) for k in (1, 2, 3)]
    assert abs(within[0] - 0.6827) < 0.01
    assert abs(within[1] - 0.9545) < 0.005
    assert abs(within[2] - 0.9973) < 0.002
    assert max(map(abs, samples)) < 3.8 * 0.004
    assert len(set(samples)) > 1000  # not a handful of levels
