"""The scan that sees a touch, priced apart from a scan at rest on a board that reads
only what signalled: an ADS7138 board checks one chip in turn at rest, and reads a
chip's results, moves its windows and clears its flags when a piece moves."""

import dataclasses

import pytest

from firmware_host.tools.bench.boards import scan_cost
from firmware_host.tools.bench.touch_path import Board, path


def test_the_ads7138_boards_touch_scan_costs_more_than_its_rest_and_sets_the_rate() -> None:
    cost = scan_cost("sim-shogi-analog", "pi4", scans=22)
    assert cost.wakes_on_change
    # at rest: a chip's status and results (and a selection now and then)
    assert 2 <= cost.ioctls < 2.5
    # the touch: a selection, the results, one window's write, two flag registers
    assert cost.touch_ioctls == 5
    assert cost.touch_bits is not None and cost.touch_bits > cost.bits
    assert cost.plan.bits == cost.touch_bits  # the rate the setup sets is the touch's
    assert cost.touch_seconds(400_000) == pytest.approx(cost.touch_bits / 400_000)


def test_a_board_that_reads_everything_costs_the_same_when_touched() -> None:
    cost = scan_cost("sim-shogi", "pi4", scans=8)
    assert cost.touch_bits == cost.bits and cost.touch_ioctls == cost.ioctls
    polled = scan_cost("sim-shogi-ads7830", "pi4", scans=4)
    assert not polled.wakes_on_change
    assert polled.touch_seconds(400_000) == polled.seconds(400_000)


def test_the_path_takes_its_first_scan_at_the_touchs_cost() -> None:
    rest = Board(True, False, 100.0, 10.0, 3, 0.0005, 2, 0, 81)
    touched = dataclasses.replace(rest, touch_bus_time=0.0009, touch_bus_calls=5)
    at_rest = path(rest, decision=0.007, scan_python=0.0001, interrupt_python=0.0, core="zero2w")
    woken = path(touched, decision=0.007, scan_python=0.0001, interrupt_python=0.0, core="zero2w")
    assert woken.first_scan - at_rest.first_scan == pytest.approx(0.0004 + 3 * 25e-6)
    # The next scan starts twice the touch scan's time after it (it kept the bus over
    # half of CONFIRM_PERIOD), the last one CONFIRM_PERIOD after that, read as at rest.
    ends = woken.first_scan + woken.confirm
    assert ends == pytest.approx(2 * woken.first_scan + 0.002 + at_rest.first_scan)


def test_the_confirming_scans_cost_what_they_read() -> None:
    """sim-shogi-mux: twelve chips and a selection a scan, 1.6 ms on a Zero 2 W, so each
    confirming scan waited twice that; reading only the touched segment's eight chips,
    the second one starts CONFIRM_PERIOD after the first."""
    whole = Board(True, False, 100.0, 10.0, 3, 0.00092, 13, 0, 108)
    partly = dataclasses.replace(whole, confirm_bus_time=0.00063, confirm_bus_calls=9)
    before = path(whole, decision=0.007, scan_python=0.0001, interrupt_python=0.0, core="zero2w")
    after = path(partly, decision=0.007, scan_python=0.0001, interrupt_python=0.0, core="zero2w")
    scan = 0.00092 + 0.0001 + 13 * 25e-6
    again = 0.00063 + 0.0001 + 9 * 25e-6
    assert before.confirm == pytest.approx(2 * (2 * scan) - scan + scan)
    assert after.confirm == pytest.approx(2 * scan - scan + 0.002 + again)
    assert after.first_scan == before.first_scan


def test_the_multiplexed_boards_confirming_scans_read_the_touched_segment() -> None:
    """The worst of its two segments: the selection and channel 0's eight chips."""
    cost = scan_cost("sim-shogi-mux", "pi4", scans=8)
    assert (cost.ioctls, cost.touch_ioctls, cost.confirm_ioctls) == (13, 13, 1 + 8)
    assert cost.confirm_bits == 20 + 8 * 29
    assert cost.confirm_seconds(400_000) == pytest.approx(cost.confirm_bits / 400_000)
