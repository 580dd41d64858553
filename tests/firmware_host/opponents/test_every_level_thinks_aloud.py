"""While a computer seat of any level thinks about its move, the board says so (the
status LED blinks the colour of the move to come) and the player may say "move now";
the search itself stops at its first look at the clock at every level
(test_move_now.py)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from engine.physical import Sensing
from engine.registry import games
from firmware_host.opponents.thinking import Purpose
from firmware_host.session.actions import MoveNow
from firmware_host.session.computer import Computer
from firmware_host.session.computer_turns import ComputerTurns
from firmware_host.session.decisions import Now, Say
from firmware_host.session.settings import Settings
from firmware_host.session.state import Phase, Playing
from firmware_host.telling.legend import BLINK_PERIOD, BoardView, Legend, Meaning

GAME_ID = 7


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_every_level_shows_it_thinks_and_hears_move_now(game: Game[Any]) -> None:
    legend = Legend()
    for number in range(1, 11):
        position = game.position()
        rolls = position.chance_moves()
        if rolls is not None:
            position.push(rolls[0])
        seat = game.seats[position.turn]
        computer = Computer()
        computer.start(game, Settings(opponent=f"{seat.letter}=level:{number}"))
        turns = ComputerTurns(computer, Sensing.OCCUPANCY)
        wanted, _ = turns.wanted(Playing(), position, GAME_ID, trusted=True)
        move = [request for request in wanted if request.purpose is Purpose.MOVE]
        assert [request.spec.text() for request in move] == [f"level:{number}"]
        assert computer.thinking(position), (game.name, number)
        view = BoardView(Phase.PLAY, game.seats, position.turn, thinking=True)
        lit, dark = legend.lights(view, 0.1), legend.lights(view, BLINK_PERIOD + 0.1)
        assert lit.indicators["status"] == legend.colour(Meaning.GUIDE)
        assert "status" not in dark.indicators
        assert turns.decide(MoveNow(), Now(Playing(), position, GAME_ID, 3.0)) == Say()
