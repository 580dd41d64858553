"""The ADS7138 board (sim-shogi-analog): its chips watch their sensors, pull their ALERT
lines when a reading changes, and a scan reads only the chips that did."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.errors import BusError
from engine.game import Game
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Sensing
from engine.registry import find_game
from hardware.board import Board
from hardware.calibration import Thresholds
from hardware.frontends.alerting_adcs import AlertingSource, ChannelWindows
from hardware.mock.board import SimulatedBoard
from hardware.mock.frontends.analog import AnalogModels
from hardware.mock.frontends.i2c_muxes import I2CMuxModels
from hardware.mock.world import SimulatedWorld
from hardware.profile import ProfileError, load_profile, parse_profile
from tests.hardware.parts import adcs

SHOGI = find_game("shogi")
PROFILE = "sim-shogi-analog"
ALERTS = (4, 17, 27, 22, 23, 24, 25, 12, 16, 19, 20)  # chip k's line


def opened(game: Game[Any] = SHOGI, sensing: Sensing | None = None) -> tuple[SimulatedBoard, Board]:
    profile = load_profile(PROFILE, game)
    if sensing is not None:
        profile = dataclasses.replace(profile, sensing=sensing)
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    hardware = SimulatedBoard(profile, world)
    board = hardware.open(lambda role: None)
    return hardware, board


def source_of(board: Board) -> AlertingSource:
    (source,) = board.scanner.sources
    assert isinstance(source, AlertingSource)
    return source


def settle(board: Board, scans: int = 6) -> None:
    for _ in range(scans):
        board.scanner.scan()


def on_board(hardware: SimulatedBoard, board: Board) -> dict[str, Any]:
    """What the world's cells read, the cells the board senses (its stands have none)."""
    return {spot: r for spot, r in hardware.world.readings().items() if spot in board.scanner.frame}


def low_lines(hardware: SimulatedBoard) -> list[int]:
    return [gpio for gpio in ALERTS if not hardware.pin_factory.pin(gpio).state]


def counting_reads(board: Board) -> list[int]:
    """How often each chip's results are read from now on (index: the chip's place)."""
    counts = [0] * 11
    for index, chip in enumerate(source_of(board)._chips):
        levels = chip.levels

        def counted(index: int = index, levels: Any = levels) -> Any:
            counts[index] += 1
            return levels()

        chip.levels = counted  # type: ignore[method-assign]
    return counts


def reads(hardware: SimulatedBoard) -> int:
    """Transactions since the counters were reset (mux selections included)."""
    return sum(bus.transactions for bus in hardware.buses.values())


def test_the_board_wakes_on_change_with_a_line_a_chip() -> None:
    hardware, board = opened()
    chips = adcs(board.profile)
    assert [chip.chip for chip in chips] == ["ADS7138"] * 11
    assert [chip.alert_gpio for chip in chips] == list(ALERTS)
    assert sum(len(chip.all_channels) for chip in chips) == 81
    assert board.interrupt_driven
    settle(board)
    assert board.scanner.frame == on_board(hardware, board)
    assert low_lines(hardware) == []  # every window holds its sensor: no line is low


def test_at_rest_a_scan_checks_one_chip_each_in_turn() -> None:
    hardware, board = opened()
    settle(board)
    for bus in hardware.buses.values():
        bus.reset_counters()
    counts = counting_reads(board)
    for _ in range(11):
        board.scanner.scan()
    assert counts == [1] * 11
    # a check is its status (a reset?) and its results, and a selection each time the
    # turn crosses to the other segment
    assert 22 <= reads(hardware) <= 24


def test_a_lift_pulls_its_chips_line_and_only_that_chip_is_read() -> None:
    hardware, board = opened()
    settle(board)
    hardware.world.lift("5c")  # gote's pawn: 5c is the 23rd cell, chip 2's AIN6
    assert low_lines(hardware) == [27]
    counts = counting_reads(board)
    change = None
    for _ in range(3):
        change = board.scanner.scan() or change
    assert change is not None and change.changed == frozenset({"5c"})
    assert board.scanner.frame["5c"] == EMPTY
    assert low_lines(hardware) == []  # its window moved round the empty reading
    assert counts[2] == 1  # the woken chip once; the confirming scans check others in turn
    assert sum(counts) == 3


def test_a_flip_to_the_other_pole_is_seen() -> None:
    hardware, board = opened()
    settle(board)
    hardware.world.force("5g", SOUTH)  # sente's pawn promoted: its south face down
    settle(board)
    assert board.scanner.frame["5g"] == SOUTH
    hardware.world.force("5g", None)
    settle(board)
    assert board.scanner.frame["5g"] == NORTH


def test_a_missed_alert_is_caught_by_the_checks_in_turn() -> None:
    hardware, board = opened()
    settle(board)
    chip = hardware.model(AnalogModels).watching[0]
    chip.on_alert = None  # its line broken: the change below pulls nothing
    hardware.world.lift("9a")
    assert low_lines(hardware) == []
    assert not board.interrupt_pending()
    settle(board, 11 + 3)  # one turn of the checks, then the confirmations
    assert board.scanner.frame["9a"] == EMPTY


def test_a_silent_chip_names_itself_and_is_read_again_when_it_answers() -> None:
    hardware, board = opened()
    settle(board)
    segment = hardware.model(I2CMuxModels).muxes[(1, 0x70)].segment(0)
    segment.vanish(0x13)
    hardware.world.lift("3c")  # chip 3's (0x13)
    with pytest.raises(BusError, match=r"ADS7138 at 0x13 on i2c-1/0x70\.0"):
        board.scanner.scan()
    segment.restore(0x13)
    settle(board)
    assert board.scanner.frame["3c"] == EMPTY


def test_an_occupancy_board_reads_either_pole_as_present() -> None:
    hardware, board = opened(sensing=Sensing.OCCUPANCY)
    settle(board)
    assert board.scanner.frame["5g"] == PRESENT
    hardware.world.lift("5g")
    settle(board)
    assert board.scanner.frame["5g"] == EMPTY


def test_each_readings_window_is_the_band_that_reads_it() -> None:
    windows = ChannelWindows(Thresholds(north=2560, south=1536))
    assert windows.windows == {SOUTH: (0, 1536), EMPTY: (1537, 2559), NORTH: (2560, 4095)}
    inverted = ChannelWindows(Thresholds(north=1000.5, south=3000.2))
    assert inverted.windows == {NORTH: (0, 1000), EMPTY: (1001, 3000), SOUTH: (3001, 4095)}


@settings(max_examples=200, deadline=None)
@given(
    st.floats(min_value=-10, max_value=4110, allow_nan=False),
    st.floats(min_value=-10, max_value=4110, allow_nan=False),
)
def test_the_windows_cover_every_result_as_the_thresholds_read_it(
    north: float, south: float
) -> None:
    """Whatever the thresholds (calibrated, fractional, either pole high, beyond the
    range): every result lies in the window of the reading it reads, and in no other."""
    if north == south:
        return
    thresholds = Thresholds(north=north, south=south)
    windows = ChannelWindows(thresholds).windows
    for level in range(4096):
        inside = [reading for reading, (low, high) in windows.items() if low <= level <= high]
        assert inside == [thresholds.classify(level)], (level, windows)


SPOTS = ("9a", "5a", "8b", "5c", "2c", "5e", "7g", "5g", "2h", "1i")


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(SPOTS), st.sampled_from(("lift", "north", "south", "back"))),
        min_size=1,
        max_size=12,
    ),
    st.lists(st.integers(min_value=0, max_value=3), min_size=12, max_size=12),
)
def test_after_any_changes_at_any_pace_the_frame_is_the_worlds(
    changes: list[tuple[str, str]], scans_between: list[int]
) -> None:
    """Pieces lifted, set down either way up and put back, with none to three scans
    between changes (a change may come before the last is read or confirmed): once
    the hands stop, the board reads what stands, every cell."""
    hardware, board = opened()
    settle(board)
    world = hardware.world
    start = world.readings()
    held: dict[str, Any] = {}
    for (spot, action), scans in zip(changes, scans_between, strict=False):
        if action == "lift" and world.stacks.get(spot):
            held[spot] = world.lift(spot)
        elif action in ("north", "south"):
            world.force(spot, NORTH if action == "north" else SOUTH)
        elif action == "back":
            world.force(spot, None)
            if spot in held and not world.stacks.get(spot):
                world.place(spot, held.pop(spot))
        for _ in range(scans):
            board.scanner.scan()
    settle(board, 11 + 4)
    assert board.scanner.frame == on_board(hardware, board)
    assert set(start) >= set(board.scanner.frame)


def refused(text: str, needle: str, reason: str) -> None:
    """Parsing fails at the line holding ``needle`` (its first) with ``reason``."""
    with pytest.raises(ProfileError) as caught:
        parse_profile(text, "board.toml", SHOGI)
    line = next(n for n, each in enumerate(text.splitlines(), start=1) if needle in each)
    assert caught.value.line == line, str(caught.value)
    assert reason in caught.value.reason, caught.value.reason


def test_a_bad_ads7138_table_names_its_line() -> None:
    text = (Path(__file__).parents[3] / "hardware/profiles" / f"{PROFILE}.toml").read_text()
    refused(
        text.replace("address = 0x10\n", "address = 0x48\n", 1),
        "address = 0x48",
        "0x10..0x17, not 0x48",
    )
    refused(
        text.replace("alert_gpio = 4\n", "alert_gpio = 40\n", 1),
        "alert_gpio = 40",
        "GPIO number 0..27",
    )
    refused(
        text.replace("alert_gpio = 17\n", "alert_gpio = 5\n", 1), "alert_gpio = 5", "already used"
    )
    refused(
        text.replace("alert_gpio = 4\n", 'alert_gpio = 4\nreference = "internal"\n', 1),
        'reference = "internal"',
        "reference",
    )


@pytest.mark.parametrize("failing", ["set_windows", "clear_events"])
def test_a_read_whose_writes_fail_is_done_again_whole(failing: str) -> None:
    """A chip read, then its windows' write (or its flags' clear) failed: the next scan
    reads it again and counts the change (found with random bus glitches: the reading
    was kept while the window stayed where it was, and the change was never reported)."""
    hardware, board = opened()
    settle(board)
    chip = source_of(board)._chips[2]
    real = getattr(chip, failing)
    calls = []

    def fails_once(*args: Any) -> Any:
        calls.append(args)
        if len(calls) == 1:
            raise BusError("ADS7138", "i2c-1/0x70.0", 0x12, OSError(121, "Remote I/O error"))
        return real(*args)

    setattr(chip, failing, fails_once)
    hardware.world.lift("5c")
    with pytest.raises(BusError):
        board.scanner.scan()
    settle(board)
    assert board.scanner.frame["5c"] == EMPTY
    assert low_lines(hardware) == []


def test_a_chip_reset_by_a_brown_out_is_configured_again_and_watches_again() -> None:
    """A brown-out puts a chip back to its power-on state: no conversions, no windows,
    no alerts, its results zero (which would read south on every cell). The checks in
    turn find it, configure it again and read it afresh; a lift on it is then seen."""
    hardware, board = opened()
    settle(board)
    chip = hardware.model(AnalogModels).watching[3]
    chip.power_cycle()
    hardware.world.lift("3c")  # chip 3's: its line stays high, it compares nothing
    assert low_lines(hardware) == []
    settle(board, 11 + 3)
    assert source_of(board).restarts == 1
    assert board.scanner.frame == on_board(hardware, board)  # "3c" empty, nothing south
    hardware.world.lift("2c")  # chip 3's again: its line falls as before the reset
    assert low_lines(hardware) == [22]
    settle(board)
    assert board.scanner.frame["2c"] == EMPTY


def test_a_reset_chip_whose_configuration_fails_is_configured_again_before_it_is_read() -> None:
    """Found reset, its configuration cut short by the bus: the next scans configure it
    again rather than read its reset zeros (south on every cell) as readings."""
    hardware, board = opened()
    settle(board)
    chip = hardware.model(AnalogModels).watching[0]
    driver = source_of(board)._chips[0]
    real = driver.configure
    tries: list[object] = []

    def fails_once(windows: Any) -> None:
        tries.append(windows)
        if len(tries) == 1:
            raise BusError("ADS7138", "i2c-1/0x70.0", 0x10, OSError(121, "Remote I/O error"))
        real(windows)

    driver.configure = fails_once  # type: ignore[method-assign]
    chip.power_cycle()
    failed = 0
    for _ in range(11 + 6):
        try:
            board.scanner.scan()
        except BusError:
            failed += 1
    assert failed == 1 and len(tries) == 2
    assert board.scanner.frame == on_board(hardware, board)
