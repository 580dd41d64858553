"""The sensors' figures come from their data sheets: the R5 reed's model reproduces every
operate and release distance its maker publishes for its eight standard magnets."""

from __future__ import annotations

import math

import pytest

from hardware.magnetics.magnets import CATALOGUE, Pose
from hardware.magnetics.parts import R5_12_17, R5_TABLE
from hardware.magnetics.sensing import sensor
from hardware.magnetics.vectors import taking

ALONG = taking((0.0, 0.0, 1.0), (1.0, 0.0, 0.0))
"""A magnet lying along the reed (the maker's sketch: parallel, brought square to it)."""


def drive(name: str, distance: float) -> float:
    """The R5's drive from ``name`` lying parallel over its middle, ``distance`` from the
    magnet's face to the switch's axis."""
    magnet = CATALOGUE[name]
    reed = sensor(R5_12_17, (0.0, 0.0, 0.0), (1.0, 0.0, 0.0))
    return abs(reed.drive([(magnet, Pose((0.0, 0.0, distance + magnet.size_mm[0] / 2), ALONG))]))


def reach(name: str, threshold: float) -> float:
    """How far from the switch the magnet still drives it to ``threshold``."""
    low, high = 0.01, 80.0
    for _ in range(50):
        middle = (low + high) / 2
        if drive(name, middle) >= threshold:
            low = middle
        else:
            high = middle
    return low


def test_the_r5_model_reproduces_its_makers_actuation_distances() -> None:
    """All 32 published distances (each magnet's operate and release, at the most and the
    least sensitive end of the 12-17 AT band) within the table's +/-0.5 mm RMS, and none
    more than a millimetre off."""
    (op_most, op_least), (rel_most, rel_least) = R5_12_17.operate, R5_12_17.release
    errors = []
    for name, ((op_from, op_to), (rel_from, rel_to)) in R5_TABLE.items():
        errors += [
            reach(name, op_most) - op_to,
            reach(name, op_least) - op_from,
            reach(name, rel_most) - rel_to,
            reach(name, rel_least) - rel_from,
        ]
    rms = math.sqrt(sum(e * e for e in errors) / len(errors))
    assert rms < 0.5, errors
    assert max(map(abs, errors)) < 1.0, errors


def test_a_magnet_parallel_to_a_reed_reads_in_three_lobes() -> None:
    """Slid along the reed at the same height, a parallel magnet closes it over its
    middle and beyond each end, with nulls between (Standex-Meder, "Reed switch magnet
    interaction": three lobes, either polarity)."""
    magnet = CATALOGUE["NDR-M"]
    reed = sensor(R5_12_17, (0.0, 0.0, 0.0), (1.0, 0.0, 0.0))
    threshold = R5_12_17.operate[0]
    on = [
        abs(reed.drive([(magnet, Pose((x / 2, 0.0, 5.0), ALONG))])) >= threshold
        for x in range(-60, 61)
    ]
    lobes = sum(1 for a, b in zip([False, *on], on, strict=False) if b and not a)
    assert lobes == 3, on


def test_a_magnet_square_to_a_reed_over_its_middle_is_a_null() -> None:
    """A magnet standing up over the middle of a reed lying flat reads nothing: the field
    along the reed is the same at both ends, and its drop is nought."""
    reed = sensor(R5_12_17, (0.0, 0.0, 0.0), (1.0, 0.0, 0.0))
    assert reed.drive([(CATALOGUE["NDC-M"], Pose((0.0, 0.0, 6.0)))]) == pytest.approx(0.0, abs=1e-9)
