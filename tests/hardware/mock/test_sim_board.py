"""SimulatedBoard: the world drives the chip pins through the profile's wiring."""

from __future__ import annotations

import pytest

from drivers.buttons import ButtonRole
from drivers.led_strip import Colour
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Sensing, Stone
from engine.registry import find_game
from hardware.board import Board
from hardware.mock.board import SimulatedBoard
from hardware.mock.frontends.expanders import ExpanderModels
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile, load_profile, parse_profile
from hardware.scanner import FrameChange
from tests.hardware.parts import expanders

DOBUTSU = find_game("dobutsu")
START = DOBUTSU.position().layout()


def rig(name: str = "sim") -> tuple[SimulatedBoard, SimulatedWorld, Profile]:
    profile = load_profile(name, DOBUTSU)
    world = SimulatedWorld(DOBUTSU, profile.sensing)
    world.arrange(START)
    return SimulatedBoard(profile, world), world, profile


def pins(board: SimulatedBoard, profile: Profile) -> dict[tuple[str, int | None], int | None]:
    """What drives each wired pin: 0 for a closed switch, None for an open one."""
    return {
        (channel.spot, channel.pole): board.model(ExpanderModels)
        .chips[(chip.bus, chip.address)]
        .driven(channel.pin)
        for chip in expanders(profile)
        for channel in chip.channels
    }


def scan_until_change(board: Board, limit: int = 10) -> tuple[int, FrameChange]:
    for count in range(1, limit + 1):
        change = board.scanner.scan()
        if change is not None:
            return count, change
    raise AssertionError("no change")


def test_the_world_reaches_the_pins_through_the_wiring() -> None:
    board, _, profile = rig()
    board.sync()
    occupied = {spot for spot, stones in START.items() if stones}
    assert pins(board, profile) == {
        (cell, None): 0 if cell in occupied else None for cell in DOBUTSU.cells
    }
    # 3a is A0 of the chip at 0x20, 2b is A4, 3c is B0
    chip = board.model(ExpanderModels).chips[(1, 0x20)]
    assert (chip.driven(0), chip.driven(4), chip.driven(8)) == (0, 0, None)


def test_opening_the_board_reads_the_world() -> None:
    board, world, _ = rig()
    pressed: list[ButtonRole] = []
    opened = board.open(pressed.append)
    change = opened.scanner.scan()
    assert change is not None
    assert change.frame == {cell: world.reading(cell) for cell in DOBUTSU.cells}
    assert change.frame["2b"] == PRESENT
    assert change.frame["2c"] == PRESENT
    assert change.frame["3b"] == EMPTY


def test_a_lifted_piece_reads_empty_after_the_debounce() -> None:
    board, world, _ = rig()
    opened = board.open(lambda role: None)
    opened.scanner.scan()
    world.lift("2c")
    board.sync()
    assert (
        board.model(ExpanderModels).chips[(1, 0x20)].driven(9) is None
    )  # B1 is 2c: released, pulled up
    count, change = scan_until_change(opened)
    assert count == 3  # debounce = 3 scans
    assert change.changed == {"2c"}
    assert change.frame["2c"] == EMPTY
    world.place("2b")  # onto the chick there: 2b stays present, 2c stays empty
    board.sync()
    assert all(opened.scanner.scan() is None for _ in range(5))


def test_a_forced_reading_reaches_the_pin() -> None:
    board, world, _ = rig()
    opened = board.open(lambda role: None)
    opened.scanner.scan()
    world.force("3b", PRESENT)
    world.force("3a", EMPTY)
    board.sync()
    count, change = scan_until_change(opened)
    assert count == 3
    assert change.changed == {"3a", "3b"}


def test_sync_is_skipped_while_the_world_is_unchanged() -> None:
    board, world, _ = rig()
    board.sync()
    chip = board.model(ExpanderModels).chips[(1, 0x20)]
    chip.release(0)  # tamper with 3a's pin behind the world's back
    board.sync()
    assert chip.driven(0) is None  # not rewritten: the world did not change
    world.lift("1d")
    board.sync()
    assert chip.driven(0) == 0  # a change rewrites every pin
    assert chip.driven(13) is None  # B5 is 1d


def test_polarity_sensing_closes_the_pin_of_the_pole_shown() -> None:
    board, world, profile = rig("sim-dobutsu-polarity")
    opened = board.open(lambda role: None)
    first = opened.scanner.scan()
    assert first is not None
    assert first.frame["2c"] == NORTH
    wired = pins(board, profile)
    assert (wired[("2c", NORTH)], wired[("2c", SOUTH)]) == (0, None)
    assert (wired[("3b", NORTH)], wired[("3b", SOUTH)]) == (None, None)
    world.flip("2c")  # the chick turned over: a hen shows south
    board.sync()
    wired = pins(board, profile)
    assert (wired[("2c", NORTH)], wired[("2c", SOUTH)]) == (None, 0)
    count, change = scan_until_change(opened)
    assert (count, change.changed, change.frame["2c"]) == (3, frozenset({"2c"}), SOUTH)


def test_sensed_stand_slots_follow_their_stones() -> None:
    board, world, profile = rig("sim-dobutsu-stands")
    opened = board.open(lambda role: None)
    first = opened.scanner.scan()
    assert first is not None
    assert first.frame["hand:b:C"] == EMPTY
    stone = world.lift("2b")
    world.place_as("hand:b:C", stone, Stone("C", 0))
    board.sync()
    assert pins(board, profile)[("hand:b:C", None)] == 0
    count, change = scan_until_change(opened)
    assert count == 3
    assert change.changed == {"2b", "hand:b:C"}
    assert change.frame["hand:b:C"] == PRESENT


def test_press_calls_the_callback_once_through_gpiozero() -> None:
    board, _, _ = rig()
    pressed: list[ButtonRole] = []
    board.open(pressed.append)
    assert board.has_button(ButtonRole.OK)
    board.press(ButtonRole.OK)
    assert pressed == [ButtonRole.OK]
    board.press(ButtonRole.BACK)
    assert pressed == [ButtonRole.OK, ButtonRole.BACK]
    # the press went through the mock pin the profile gives the button
    assert board.pin_factory.pin(5).state == 1  # released again, pulled up


def test_a_board_without_a_button_refuses_to_press_it() -> None:
    board, _, _ = rig()
    pressed: list[ButtonRole] = []
    board.open(pressed.append)
    assert not board.has_button(ButtonRole.ROLL)
    with pytest.raises(ValueError, match=r"^this board has no roll button$"):
        board.press(ButtonRole.ROLL)
    assert pressed == []
    text = 'name = "x"\ngames = ["dobutsu"]\n[leds]\nbackend = "simulated"\ncount = 3\n'
    bare = SimulatedBoard(
        parse_profile(text, "x.toml", DOBUTSU), SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    )
    bare.open(pressed.append)
    with pytest.raises(ValueError, match=r"^this board has no ok button$"):
        bare.press(ButtonRole.OK)
    assert pressed == []


def test_close_turns_the_leds_off_and_is_safe_twice() -> None:
    board, _, _ = rig()
    pressed: list[ButtonRole] = []
    opened = board.open(pressed.append)
    opened.painter.paint({"2b": Colour(255, 255, 0)}, {"turn:0": Colour(0, 0, 255)})
    assert any(board.strip.last_frame or ())
    opened.close()
    assert board.strip.last_frame == (0,) * 15
    assert all(bus.closed for bus in board.buses.values())
    opened.close()
    assert board.strip.last_frame == (0,) * 15
    board.press(ButtonRole.OK)
    assert pressed == []  # the button pins were released
