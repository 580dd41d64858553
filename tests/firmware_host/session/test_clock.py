from __future__ import annotations

import pytest

from firmware_host.session.clock import (
    GameClock,
    TimeControl,
    TimeControlError,
    clocks_suffix,
    format_time,
)
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told


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
    with pytest.raises(TimeControlError, match=r"10m, 90s or 5m\+3|gives no time|negative"):
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


@pytest.mark.parametrize(
    ("text", "control"),
    [
        ("10m byo 30s", TimeControl(600, 0, 30, 1)),
        ("10mbyo30", TimeControl(600, 0, 30, 1)),
        ("10m byo 30s x3", TimeControl(600, 0, 30, 3)),
        ("5m+2 byo 10 x2", TimeControl(300, 2, 10, 2)),
        ("0 byo 10s", TimeControl(0, 0, 10, 1)),
    ],
)
def test_byoyomi_and_periods_are_read(text: str, control: TimeControl) -> None:
    assert TimeControl.parse(text) == control
    assert TimeControl.parse(control.text()) == control


@pytest.mark.parametrize("text", ["0 byo 0", "10m x3", "10m byo 0 x2", "10m byo"])
def test_bad_byoyomi_is_refused(text: str) -> None:
    with pytest.raises(TimeControlError):
        TimeControl.parse(text)


def test_byoyomi_follows_the_main_time_and_a_move_fills_the_period_again() -> None:
    clock = GameClock(TimeControl(60, 0, 30, 3), seats=2)
    assert clock.remaining(0.0) == (150.0, 150.0)
    clock.start(0, at=0.0)
    assert clock.readings(50.0)[0].text() == "0:10"
    # the main time is gone: the first of three periods runs
    reading = clock.readings(75.0)[0]
    assert (reading.main, reading.period, reading.periods) == (0.0, 15.0, 3)
    assert reading.text() == "byo 0:15 x3"
    clock.moved(0, 1, at=75.0)
    assert clock.readings(75.0)[0] == clock.control.reading(90.0)  # a full period again
    assert clock.remaining(75.0)[0] == 90.0
    clock.moved(1, 0, at=76.0)
    # a period that runs out is used up: 40 s later one is gone, the second runs
    reading = clock.readings(116.0)[0]
    assert (reading.periods, reading.period) == (2, 20.0)
    assert reading.text() == "byo 0:20 x2"
    # the flag falls when the last period runs out, not when the main time does
    assert clock.flag_time() == 76.0 + 90.0
    assert clock.flagged(165.9) is None
    assert clock.flagged(166.0) == 0


def test_byoyomi_alone_reads_as_byoyomi_from_the_start() -> None:
    clock = GameClock(TimeControl(0, 0, 10, 1), seats=2)
    assert clock.readings(0.0)[0].text() == "byo 0:10"
    assert clock.readings(4.5)[0].text() == "byo 0:10"
    clock.start(0, at=0.0)
    assert clock.readings(4.5)[0].text() == "byo 0:05.5"
    assert clock.flagged(0.0) is None


def test_a_server_reading_is_turned_into_the_time_until_the_flag() -> None:
    control = TimeControl(60, 0, 30, 3)
    # in the main time lishogi's number is the main time: the periods are added
    assert control.from_shown(42.0, 120.0) == 132.0
    # in byoyomi it is the period's time: the periods used here are kept
    assert control.from_shown(30.0, 50.0) == 60.0
    assert TimeControl(60, 5).from_shown(42.0, 50.0) == 42.0


def test_the_status_ends_with_each_clock_as_shown() -> None:
    control = TimeControl(60, 0, 30, 2)
    assert str(clocks_suffix(control, (100.0, 45.0))) == " — 0:40 / byo 0:15 x2"
    suffix = clocks_suffix(control, (100.0, 45.0, 20.0))
    assert suffix is not None
    japanese = told(suffix, Language.JAPANESE)
    assert japanese == " — 0:40 / 秒読み 0:15（残り2回） / 秒読み 0:20"  # not "byo" (issue 63)
    assert clocks_suffix(None, (1.0,)) is None
    assert clocks_suffix(control, ()) is None


def test_a_told_time_loses_the_increment_only_when_it_was_main_time() -> None:
    control = TimeControl.parse("10m+5 byo 30s x2")
    for left in (0.5 + control.overtime, 300.0 + control.overtime, 45.0, 12.0, 30.0):
        assert control.before_move(control.after_move(left)) == (
            left if left > control.overtime else control.after_move(left)
        )
    plain = TimeControl.parse("5m+3")
    assert plain.before_move(plain.after_move(42.0)) == 42.0


def test_a_negative_time_is_named_as_such() -> None:
    with pytest.raises(TimeControlError, match="'-5m': a time cannot be negative"):
        TimeControl.parse("-5m")
