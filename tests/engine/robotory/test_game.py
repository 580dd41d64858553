"""Robotory as a registered game: its seats, its start, its stones and how they read."""

from __future__ import annotations

from engine.physical import NORTH, PRESENT, SOUTH, Sensing, Stone
from engine.registry import find_game, games
from engine.robotory import ROBOTORY
from tests.engine.robotory.helpers import START, position


def test_registered_under_its_name() -> None:
    assert find_game("robotory") is ROBOTORY
    assert find_game("ROBOTORY") is ROBOTORY
    assert ROBOTORY in games()
    assert ROBOTORY.title == "Robotory"


def test_seats_light_first_and_dark() -> None:
    light, dark = ROBOTORY.seats
    assert (light.name, light.letter, light.colour) == ("light", "l", "white")
    assert (dark.name, dark.letter, dark.colour) == ("dark", "d", "black")
    # the one rule option: whether the board follows a hand that goes on (issue 44)
    assert [spec.name for spec in ROBOTORY.option_specs] == ["touch"]


def test_the_start_position() -> None:
    pos = position()
    assert pos.text() == START
    assert ROBOTORY.start_text(ROBOTORY.options()) == START
    assert pos.turn == 0
    assert (pos.robot_cell("B"), pos.robot_cell("W"), pos.robot_cell("R")) == ("C4", "D3", "B3")
    assert pos.tokens("w") == pos.tokens("b") == frozenset()
    assert pos.stock(0) == pos.stock(1) == (2, 2)
    assert pos.lid() == (10, 10)
    assert pos.outcome() is None
    # the black and the white robot start in the dark camp, the red one in the light camp
    assert pos.scores() == (1, 2)


def test_the_start_layout_puts_each_stock_in_its_slots() -> None:
    layout = position().layout()
    robots = {cell: stones for cell, stones in layout.items() if cell in ROBOTORY.cells}
    assert robots == {
        "C4": (Stone("B", None),),
        "D3": (Stone("W", None),),
        "B3": (Stone("R", None),),
    }
    white, black = Stone("w", None), Stone("b", None)
    for seat in "ld":
        assert layout[f"stock:{seat}:1"] == layout[f"stock:{seat}:2"] == (white,)
        assert layout[f"stock:{seat}:3"] == layout[f"stock:{seat}:4"] == (black,)


def test_spots_are_the_cells_then_eight_stock_slots() -> None:
    assert ROBOTORY.off_board_spots == tuple(
        f"stock:{seat}:{slot}" for seat in "ld" for slot in range(1, 5)
    )
    regions = dict(ROBOTORY.geometry.regions)
    assert regions["stock:0"] == {f"stock:l:{k}" for k in range(1, 5)}
    assert regions["stock:1"] == {f"stock:d:{k}" for k in range(1, 5)}
    geometry = ROBOTORY.geometry
    lowest = max(geometry.place(cell).y for cell in ROBOTORY.cells)
    highest = min(geometry.place(cell).y for cell in ROBOTORY.cells)
    assert all(geometry.place(f"stock:l:{k}").y > lowest for k in range(1, 5))
    assert all(geometry.place(f"stock:d:{k}").y < highest for k in range(1, 5))
    # each player's slot 1 is on their left
    assert geometry.place("stock:l:1").x < geometry.place("stock:l:4").x
    assert geometry.place("stock:d:1").x > geometry.place("stock:d:4").x


def test_labels_tell_tokens_from_robots() -> None:
    assert [ROBOTORY.label(Stone(kind, None)) for kind in "wbWBR"] == ["w", "b", "W", "B", "R"]


def test_readings_under_each_sensing() -> None:
    kinds = "wbWBR"
    assert [ROBOTORY.reading(Stone(k, None), Sensing.OCCUPANCY) for k in kinds] == [PRESENT] * 5
    assert [ROBOTORY.reading(Stone(k, None), Sensing.POLARITY) for k in kinds] == [
        NORTH,
        SOUTH,
        NORTH,
        SOUTH,
        NORTH,
    ]
