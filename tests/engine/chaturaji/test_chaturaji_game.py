"""The game object: names, seats, options and their combinations, geometry, labels."""

from __future__ import annotations

import pytest

from engine.chaturaji import CHATURAJI, ChaturajiGame
from engine.errors import VariantError
from engine.geometry import CellShape, Seat, Side
from engine.physical import Stone
from engine.registry import find_game, games


@pytest.mark.parametrize("name", ["chaturaji", "Chaturaji", " szaturadzi "])
def test_find_game(name: str) -> None:
    assert find_game(name) is CHATURAJI
    assert CHATURAJI in games()


def test_identity_and_seats() -> None:
    assert isinstance(CHATURAJI, ChaturajiGame)
    assert CHATURAJI.seats == (
        Seat("black", "k", "black", Side.SOUTH),
        Seat("green", "g", "green", Side.WEST),
        Seat("red", "r", "red", Side.NORTH),
        Seat("yellow", "y", "yellow", Side.EAST),
    )


def test_default_options() -> None:
    assert dict(CHATURAJI.options()) == {
        "mode": "individual",
        "dice": "1",
        "ranks": "off",
        "frozen": "off",
        "goal": "points",
        "first": "black",
        "seats": "black,green,red,yellow",
        "touch": "free",
    }


def test_seats_option_is_normalised_to_turn_order() -> None:
    assert CHATURAJI.options({"seats": "red, black"})["seats"] == "black,red"
    assert CHATURAJI.options({"seats": "yellow,green,black"})["seats"] == "black,green,yellow"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seats": "black"}, "at least two seats"),
        ({"seats": "black,black,red"}, "names a seat twice"),
        ({"seats": "black,blue"}, "'blue' is not a seat"),
        ({"dice": "3"}, "not one of 1, 2, 0"),
        ({"mode": "pairs"}, "not one of individual, teams"),
        ({"first": "white"}, "not one of black, green, red, yellow"),
        ({"speed": "1"}, "no option 'speed'"),
    ],
)
def test_bad_options(options: dict[str, str], message: str) -> None:
    with pytest.raises(VariantError, match=message):
        CHATURAJI.options(options)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"frozen": "on"}, "frozen=on belongs to the game without dice"),
        ({"goal": "kings"}, "goal=kings is a rule of the team game"),
        ({"mode": "teams", "seats": "black,red"}, "needs a seat of each team"),
    ],
)
def test_option_combinations_that_make_no_sense(options: dict[str, str], message: str) -> None:
    with pytest.raises(VariantError, match=message):
        CHATURAJI.position(options=options)


def test_geometry_rank_8_at_the_top_as_south_sees_it() -> None:
    geometry = CHATURAJI.geometry
    assert geometry.shape is CellShape.SQUARE
    assert len(CHATURAJI.cells) == 64
    assert CHATURAJI.off_board_spots == ()
    assert CHATURAJI.cells[0] == "a8"
    assert CHATURAJI.cells[-1] == "h1"
    a8, h1 = geometry.place("a8"), geometry.place("h1")
    assert (a8.x, a8.y) == (0.5, 0.5)
    assert (h1.x, h1.y) == (7.5, 7.5)
    assert geometry.place("a1").y > geometry.place("a8").y
    assert geometry.place("h1").x > geometry.place("a1").x


@pytest.mark.parametrize(
    ("stone", "label"),
    [(Stone("K", 0), "kK"), (Stone("P", 1), "gP"), (Stone("B", 2), "rB"), (Stone("E", 3), "yE")],
)
def test_label(stone: Stone, label: str) -> None:
    assert CHATURAJI.label(stone) == label


def test_an_empty_first_seat_passes_the_start_clockwise() -> None:
    assert CHATURAJI.position(options={"seats": "green,yellow"}).turn == 1
    assert CHATURAJI.position(options={"first": "green", "seats": "black,red"}).turn == 2
    assert CHATURAJI.position(options={"first": "yellow", "seats": "black,red"}).turn == 0
