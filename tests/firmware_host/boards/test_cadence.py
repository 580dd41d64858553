"""A polled board's scan cadence: full rate while anything moves, the idle rate once
the board has rested, and full rate again from the first change after a rest."""

from __future__ import annotations

from firmware_host.boards.scanning import REST_AFTER, Cadence


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
