from __future__ import annotations

import pytest

from firmware_host.session.clock import GameClock, TimeControl, TimeControlError, format_time


@pytest.mark.parametrize(
    ("text", "initial", "increment"),
    [("10m", 600, 0), ("15", 900, 0), ("90s", 90, 0), ("5m+3", 300, 3), ("1.5 + 2s", 90, 2)],
)
def test_time_controls_are_read(text: str, initial: float, increment: float) -> None:
    control = TimeControl.parse(text)
    assert (control.initial, control.increment) == (initial, increment)
    assert TimeControl.parse(control.text()) == control


@pytest.mark.parametrize("text", ["", "ten", "0m", "5m+", "-3m"])
def test_bad_time_controls_say_what_they_should_be(text: str) -> None:
    with pytest.raises(TimeControlError, match=r"10m, 90s or 5m\+3|gives no time"):
        TimeControl.parse(text)


def test_only_the_running_seat_loses_time_and_increments_are_added() -> None:
    clock = GameClock(TimeControl(60, 2), seats=2)
    clock.start(0, at=10.0)
    assert clock.remaining(25.0) == (45.0, 60.0)
    clock.moved(0, 1, at=30.0)
    assert clock.remaining(30.0) == (42.0, 60.0)
    assert clock.remaining(40.0) == (42.0, 50.0)
    clock.stop(40.0)
    assert clock.remaining(100.0) == (42.0, 50.0)
    assert clock.running is None


def test_the_flag_falls_at_zero_for_the_running_seat_only() -> None:
    clock = GameClock(TimeControl(10), seats=3, remaining=[5, 1, 7])
    clock.start(2, at=0.0)
    assert clock.flag_time() == 7.0
    assert clock.flagged(6.9) is None
    assert clock.flagged(7.0) == 2
    assert clock.remaining(9.0) == (5.0, 1.0, 0.0)


def test_times_must_match_the_seats() -> None:
    with pytest.raises(ValueError, match="3 clock times for 2 seats"):
        GameClock(TimeControl(10), seats=2, remaining=[1, 2, 3])


def test_clock_text() -> None:
    assert format_time(754) == "12:34"
    assert format_time(3725) == "1:02:05"
    assert format_time(5.25) == "0:05.2"
