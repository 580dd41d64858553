"""A polled board's scan cadence: full rate while anything moves, the idle rate once
the board has rested, and full rate again from the first change after a rest."""

from __future__ import annotations

from firmware_host.loops.scanning import CONFIRM_PERIOD, REST_AFTER, Cadence


def test_full_rate_until_the_board_has_rested_then_the_idle_rate() -> None:
    cadence = Cadence(0.01, 0.05)
    assert cadence.next(0.0) == 0.01  # just started: watched closely
    assert cadence.next(REST_AFTER / 2) == 0.01
    assert cadence.next(REST_AFTER + 0.01) == 0.05


def test_a_change_brings_the_full_rate_back_at_once() -> None:
    cadence = Cadence(0.01, 0.05)
    cadence.next(0.0)
    assert cadence.next(5.0) == 0.05
    cadence.stirred(5.05)
    assert cadence.next(5.05) == 0.01
    assert cadence.next(5.05 + REST_AFTER - 0.01) == 0.01
    assert cadence.next(5.05 + REST_AFTER + 0.01) == 0.05


def test_an_idle_rate_above_the_full_rate_is_the_full_rate() -> None:
    cadence = Cadence(0.02, 0.01)
    assert cadence.next(10.0) == 0.02
    assert cadence.next(20.0) == 0.02


def test_a_reading_on_its_way_is_confirmed_within_milliseconds_not_periods() -> None:
    # debounce 3 at 100 Hz took two more periods (20 ms) to count a change; the
    # confirming scans now come CONFIRM_PERIOD apart, or as fast as the bus allows
    cadence = Cadence(0.01, 0.1)
    assert cadence.confirm(0.0003) == CONFIRM_PERIOD  # a scan of six MCP23017 at 100 kHz
    assert cadence.confirm(0.002) == 0.004  # the bus kept at most half the time
    assert cadence.confirm(0.008) == 0.01  # never slower than the full rate
    analog = Cadence(0.02, 0.125)
    assert analog.confirm(0.0079) == 0.0158  # 81 conversions at 400 kHz
