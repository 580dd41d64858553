"""The player's "move now" is heard at every level of every game, at the search's first
look at the clock: the computer answers with a legal move at once, never after its
level's whole budget."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine.game import Game
from engine.registry import games
from engine.search import Limits
from engine.search.alphabeta import CLOCK_EVERY
from engine.search.style import SearchStyle
from firmware_host.opponents.players import Players
from firmware_host.tools.play.match import make_player


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_move_now_stops_every_level_at_its_first_look(game: Game[Any]) -> None:
    position = game.position()
    rolls = position.chance_moves()
    if rolls is not None:
        position.push(rolls[0])
    sampling = game.search_style(position.options) is SearchStyle.SAMPLING
    for number in range(1, 11):
        player = make_player(
            f"level:{number}", game, game.options(None), random.Random(number), Players()
        )
        found = player.analyse(position, limits=Limits(deadline=math.inf, stop=lambda: True))
        assert position.is_legal(found.best)
        assert found.nodes <= (1 if sampling else CLOCK_EVERY), (game.name, number)
