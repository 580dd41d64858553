"""Simulated time refuses what would never end: no number, no end, or absurdly far."""

from __future__ import annotations

import math

import pytest

from engine.errors import KibanError
from firmware_host.loops.sim_time import HORIZON, SimulatedTimeError
from tests.firmware_host.simkit import make_sim


@pytest.mark.parametrize("until", [math.inf, -math.inf, math.nan, 1e16, HORIZON * 2])
def test_advance_to_refuses_times_that_never_come(until: float) -> None:
    sim = make_sim()
    with pytest.raises(SimulatedTimeError) as refused:
        sim.advance_to(until)
    assert isinstance(refused.value, KibanError) and isinstance(refused.value, ValueError)
    assert sim.now < 1.0  # nothing happened


@pytest.mark.parametrize("seconds", [math.inf, math.nan, -1.0, 1e16])
def test_advance_refuses_endless_or_negative_waits(seconds: float) -> None:
    sim = make_sim()
    before = sim.now
    with pytest.raises(SimulatedTimeError):
        sim.advance(seconds)
    assert sim.now == before


def test_a_long_quiet_wait_is_still_quick() -> None:
    sim = make_sim()
    sim.advance(3 * 24 * 3600.0)
    assert sim.now == pytest.approx(3 * 24 * 3600.0, abs=0.1)
    sim.advance_to(sim.now - 5)  # a time already passed does nothing
    assert sim.now == pytest.approx(3 * 24 * 3600.0, abs=0.1)
