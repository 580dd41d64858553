"""The half turn of a board: computed from each game's geometry; the scanner and the
painter follow it when the board is turned."""

from __future__ import annotations

from typing import Any

import pytest

from drivers.led_strip import Colour
from engine.game import Game
from engine.physical import PRESENT, Sensing
from engine.registry import find_game, games
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.orientation import SpotTurn, half_turn
from hardware.profile import load_profile

DOBUTSU = find_game("dobutsu")


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_every_board_is_point_symmetric_and_the_half_turn_is_its_own_inverse(
    game: Game[Any],
) -> None:
    mapping = half_turn(game.geometry)
    assert mapping is not None
    assert set(mapping) == set(game.cells) == set(mapping.values())
    assert all(mapping[mapping[cell]] == cell for cell in game.cells)
    xs = [p.x for p in game.geometry.cells]
    ys = [p.y for p in game.geometry.cells]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    for cell in game.cells:
        here, there = game.geometry.place(cell), game.geometry.place(mapping[cell])
        assert (here.x + there.x) / 2 == pytest.approx(centre[0])
        assert (here.y + there.y) / 2 == pytest.approx(centre[1])


def test_known_partners() -> None:
    assert half_turn(DOBUTSU.geometry) is not None
    dobutsu = half_turn(DOBUTSU.geometry) or {}
    assert (dobutsu["3a"], dobutsu["2b"], dobutsu["1d"]) == ("1d", "2c", "3a")
    shogi = half_turn(find_game("shogi").geometry) or {}
    assert (shogi["7g"], shogi["5e"]) == ("3c", "5e")


def test_off_board_spots_and_turn_indicators() -> None:
    turn = SpotTurn.for_games([DOBUTSU], frozenset(DOBUTSU.cells))
    assert turn is not None
    assert turn.spot("3a") == "3a" and turn.indicator("turn:0") == "turn:0"  # not turned yet
    turn.turn()
    assert turn.spot("3a") == "1d" and turn.spot("hand:b:C") == "hand:b:C"
    assert (turn.indicator("turn:0"), turn.indicator("turn:1")) == ("turn:1", "turn:0")
    assert turn.indicator("status") == "status"
    four = SpotTurn.for_games([find_game("chaturaji")], frozenset(find_game("chaturaji").cells))
    assert four is not None
    four.turn()
    assert [four.indicator(f"turn:{seat}") for seat in range(4)] == [
        "turn:2",
        "turn:3",
        "turn:0",
        "turn:1",
    ]


def test_a_profile_sensing_a_cell_but_not_its_partner_cannot_turn() -> None:
    sensed = frozenset(DOBUTSU.cells) - {"1d"}
    assert SpotTurn.for_games([DOBUTSU], sensed) is None


def test_the_scanner_and_the_painter_follow_a_turn() -> None:
    profile = load_profile("sim", DOBUTSU)
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.place("3a", DOBUTSU.position().layout()["3a"][0])
    hardware = SimulatedBoard(profile, world)
    board = hardware.open(lambda role: None)
    first = board.scanner.scan()
    assert first is not None and first.frame["3a"] == PRESENT
    assert board.scanner.scan() is None
    turn = board.orientation
    assert turn is not None
    turn.turn()
    change = board.scanner.scan()
    assert change is not None  # the whole frame again, under the new names
    assert change.frame["1d"] == PRESENT and change.frame["3a"] == 0
    assert board.scanner.debouncer.settled  # carried over, not debounced afresh
    assert board.scanner.scan() is None
    red = Colour(255, 0, 0)
    board.painter.paint({"3a": red}, {"turn:0": red})
    leds = dict(profile.leds.spots)
    indicators = dict(profile.leds.indicators)
    lit = {index for index, colour in enumerate(board.painter.pixels) if colour == red}
    assert lit == {*leds["1d"], *indicators["turn:1"]}
    assert board.painter.leds_of("3a") == leds["1d"]
    assert board.painter.leds_at("3a") == leds["3a"]
