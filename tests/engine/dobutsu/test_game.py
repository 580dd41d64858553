"""The game object: names, seats, options, geometry, labels."""

from __future__ import annotations

import pytest

from engine.dobutsu import DOBUTSU, DobutsuGame
from engine.errors import VariantError
from engine.geometry import CellShape
from engine.physical import Stone
from engine.registry import find_game


@pytest.mark.parametrize(
    "name", ["dobutsu", "robot-duel", "RobotDuel", "dobutsu-shogi", " Robot-Duel "]
)
def test_find_game(name: str) -> None:
    assert find_game(name) is DOBUTSU


def test_identity() -> None:
    assert isinstance(DOBUTSU, DobutsuGame)
    assert DOBUTSU.title == "Robot Duel (Dobutsu shogi)"
    assert [seat.name for seat in DOBUTSU.seats] == ["A (sente)", "B (gote)"]
    assert [seat.letter for seat in DOBUTSU.seats] == ["b", "w"]
    assert DOBUTSU.position().turn == 0


def test_options() -> None:
    assert dict(DOBUTSU.options()) == {
        "promotion": "optional",
        "repetition": "4",
        "touch": "free",
    }
    assert DOBUTSU.options({"repetition": " 3 "})["repetition"] == "3"
    for bad in (
        {"promotion": "maybe"},
        {"repetition": "1"},
        {"repetition": "11"},
        {"repetition": "x"},
        {"drops": "off"},
    ):
        with pytest.raises(VariantError):
            DOBUTSU.options(bad)
    with pytest.raises(VariantError, match="not one of optional, mandatory"):
        DOBUTSU.position(options={"promotion": "maybe"})
    with pytest.raises(VariantError, match="no option 'speed'"):
        DOBUTSU.position(options={"speed": "1"})


def test_geometry() -> None:
    geometry = DOBUTSU.geometry
    assert geometry.shape is CellShape.SQUARE
    assert DOBUTSU.cells == (
        "3a",
        "2a",
        "1a",
        "3b",
        "2b",
        "1b",
        "3c",
        "2c",
        "1c",
        "3d",
        "2d",
        "1d",
    )
    assert geometry.place("3a").x < geometry.place("1a").x
    assert geometry.place("2a").y < geometry.place("2d").y
    assert set(DOBUTSU.off_board_spots) == {
        f"hand:{side}:{kind}" for side in "bw" for kind in "CEG"
    }
    for spot in DOBUTSU.off_board_spots:
        place = geometry.place(spot)
        outside = not (0 < place.x < 3 and 0 < place.y < 4)
        assert outside, spot
        # A's stand is on the right of the board, B's on the left.
        assert (place.x > 3) == spot.startswith("hand:b")
    assert geometry.region("zone:0") == {"3d", "2d", "1d"}
    assert geometry.region("zone:1") == {"3a", "2a", "1a"}
    assert len({(p.x, p.y) for p in geometry.cells + geometry.off_board}) == 18


@pytest.mark.parametrize(
    ("stone", "label"),
    [
        (Stone("L", 0), "L"),
        (Stone("E", 1), "e"),
        (Stone("G", 0), "G"),
        (Stone("C", 1), "c"),
        (Stone("C", 0, flipped=True), "+C"),
        (Stone("C", 1, flipped=True), "+c"),
    ],
)
def test_label(stone: Stone, label: str) -> None:
    assert DOBUTSU.label(stone) == label
