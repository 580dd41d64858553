"""The simulated world: stones on spots, a hand, and forced sensor readings."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Sensing, Stone
from engine.registry import find_game
from hardware.mock.world import SimulatedWorld, WorldError

DOBUTSU = find_game("dobutsu")
START = DOBUTSU.position().layout()
# A lion each, a hen on 1b, and stands: one chick for A, two elephants and two giraffes for B
STANDS = "l2/2+C/3/2L b C2e2g 1"

LION_B = Stone("L", 1)
CHICK_A = Stone("C", 0)
CHICK_B = Stone("C", 1)
ELEPHANT_B = Stone("E", 1)


@pytest.fixture
def world() -> SimulatedWorld:
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(START)
    return world


def test_arrange_puts_a_position_in_place() -> None:
    world = SimulatedWorld(DOBUTSU, Sensing.POLARITY)
    assert world.version == 0
    assert world.layout() == {}
    layout = DOBUTSU.position(STANDS).layout()
    world.arrange(layout)
    assert world.version == 1
    assert world.layout() == dict(layout)
    assert world.matches(layout)
    assert world.stacks["hand:w:E"] == [ELEPHANT_B, ELEPHANT_B]
    assert world.readings() == {
        spot: NORTH if spot in ("3a", "1d", "hand:b:C", "hand:w:E", "hand:w:G") else EMPTY
        for spot in DOBUTSU.spots
    } | {"1b": SOUTH}


def test_arrange_empties_the_hand_and_lets_go_of_forced_readings(world: SimulatedWorld) -> None:
    world.lift("2b")
    world.force("3c", PRESENT)
    world.arrange(START)
    assert world.held == []
    assert world.reading("3c") == EMPTY
    assert world.matches(START)


def test_readings_follow_the_top_of_each_stack(world: SimulatedWorld) -> None:
    assert world.readings() == {spot: PRESENT if spot in START else EMPTY for spot in DOBUTSU.spots}
    world.place("hand:b:C", CHICK_A)
    world.place("hand:b:C", CHICK_A)
    assert world.reading("hand:b:C") == PRESENT
    world.lift("hand:b:C")
    assert world.reading("hand:b:C") == PRESENT  # one chick is still there
    world.lift("hand:b:C")
    assert world.reading("hand:b:C") == EMPTY


def test_lift_takes_the_top_stone_into_the_hand(world: SimulatedWorld) -> None:
    world.place("hand:w:E", ELEPHANT_B)
    world.place("hand:w:E", Stone("E", 1, flipped=True))
    assert world.lift("hand:w:E") == Stone("E", 1, flipped=True)
    assert world.stacks["hand:w:E"] == [ELEPHANT_B]
    assert world.lift("2a") == LION_B
    assert "2a" not in world.stacks
    assert world.held == [Stone("E", 1, flipped=True), LION_B]


def test_place_puts_down_the_last_stone_lifted_or_the_one_given(world: SimulatedWorld) -> None:
    world.lift("2b")
    world.lift("2a")
    assert world.place("3b") == LION_B
    assert world.held == [CHICK_B]
    assert world.place("3c", CHICK_B) == CHICK_B
    assert world.held == []
    # a stone not in the hand comes from the box
    assert world.place("1c", Stone("G", 0)) == Stone("G", 0)
    assert world.layout()["1c"] == (Stone("G", 0),)


def test_place_as_turns_or_changes_owner(world: SimulatedWorld) -> None:
    taken = world.lift("2b")
    world.place_as("hand:b:C", taken, CHICK_A)
    assert world.layout()["hand:b:C"] == (CHICK_A,)
    assert world.held == []
    chick = world.lift("2c")
    world.place_as("2b", chick, Stone("C", 0, flipped=True))
    assert world.layout()["2b"] == (Stone("C", 0, flipped=True),)
    with pytest.raises(WorldError, match=r"the hand does not hold"):
        world.place_as("3b", CHICK_A, CHICK_A)


def test_flip_turns_the_top_stone_over(world: SimulatedWorld) -> None:
    polar = SimulatedWorld(DOBUTSU, Sensing.POLARITY)
    polar.arrange(START)
    assert polar.reading("2c") == NORTH
    assert polar.flip("2c") == Stone("C", 0, flipped=True)
    assert polar.reading("2c") == SOUTH
    assert polar.flip("2c") == CHICK_A
    assert polar.reading("2c") == NORTH
    assert world.flip("2c") == Stone("C", 0, flipped=True)
    assert world.reading("2c") == PRESENT  # occupancy cannot tell a hen from a chick


def test_remove_takes_a_stone_into_the_box(world: SimulatedWorld) -> None:
    assert world.remove("1a") == Stone("E", 1)
    assert "1a" not in world.stacks
    assert world.held == []


def test_force_overrides_the_reading_until_released(world: SimulatedWorld) -> None:
    world.force("2b", EMPTY)
    world.force("3b", PRESENT)
    assert (world.reading("2b"), world.reading("3b")) == (EMPTY, PRESENT)
    world.lift("2b")
    world.place("3b")
    assert (world.reading("2b"), world.reading("3b")) == (EMPTY, PRESENT)
    world.force("2b", None)
    assert world.reading("2b") == EMPTY  # the true reading now: the chick left
    world.force("3b", None)
    assert world.reading("3b") == PRESENT  # the chick is there
    world.force("3b", EMPTY)
    world.lift("3b")
    world.force("3b", None)
    assert world.reading("3b") == EMPTY
    world.force("1c", None)  # letting go of a spot never forced is harmless
    assert world.reading("1c") == EMPTY
    # forcing changes no stone
    assert world.layout() == {s: st for s, st in START.items() if s != "2b"}


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (lambda w: w.lift("3b"), r"^there is nothing on 3b to lift$"),
        (lambda w: w.remove("2c"), r"^there is nothing on 2c to lift$"),
        (lambda w: w.flip("1c"), r"^there is nothing on 1c to flip$"),
        (lambda w: w.place("3c"), r"^the hand holds nothing to place on 3c$"),
        (lambda w: w.lift("4a"), r"^'4a' is not a spot of Robot Duel \(Dobutsu shogi\)$"),
        (
            lambda w: w.place("hand:b:L", CHICK_A),
            r"^'hand:b:L' is not a spot of Robot Duel \(Dobutsu shogi\)$",
        ),
        (lambda w: w.flip("x"), r"^'x' is not a spot of Robot Duel \(Dobutsu shogi\)$"),
        (lambda w: w.force("0z", EMPTY), r"^'0z' is not a spot of Robot Duel \(Dobutsu shogi\)$"),
        (
            lambda w: w.place_as("9i", CHICK_A, CHICK_A),
            r"^'9i' is not a spot of Robot Duel \(Dobutsu shogi\)$",
        ),
    ],
)
def test_impossible_actions_name_the_spot_and_change_nothing(
    world: SimulatedWorld, act: Callable[[SimulatedWorld], object], message: str
) -> None:
    world.remove("2c")
    before = world.layout()
    version = world.version
    with pytest.raises(WorldError, match=message):
        act(world)
    assert world.version == version
    assert world.layout() == before
    assert world.held == []


def test_world_errors_are_value_errors() -> None:
    assert issubclass(WorldError, ValueError)


def test_every_change_bumps_the_version_once(world: SimulatedWorld) -> None:
    steps: list[Callable[[], object]] = [
        lambda: world.lift("2b"),
        lambda: world.place("3b"),
        lambda: world.flip("3b"),
        lambda: world.lift("3b"),
        lambda: world.place_as("hand:b:C", Stone("C", 1, flipped=True), CHICK_A),
        lambda: world.place("hand:b:C", CHICK_A),
        lambda: world.remove("1a"),
        lambda: world.force("1a", PRESENT),
        lambda: world.force("1a", None),
        lambda: world.arrange(START),
    ]
    for step in steps:
        version = world.version
        step()
        assert world.version == version + 1
    version = world.version
    world.reading("2b")
    world.readings()
    world.layout()
    world.matches(START)
    assert world.version == version  # looking changes nothing
