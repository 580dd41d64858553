"""kiban bench --levels: the positions each level moves in, and how a row reads its goal."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from engine.registry import games
from firmware_host.tools.bench.levels import POSITIONS, LevelTimes, _line, positions


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_every_position_awaits_a_player_move(game: Game[Any]) -> None:
    """A dice game's start awaits its first roll: the bench rolls it, so that a level has
    a move to find there (before, Chaturaji's stopped at its start)."""
    found = positions(game)
    assert len(found) == POSITIONS
    for position in found:
        assert position.outcome() is None
        assert position.chance_moves() is None
        assert list(position.legal_moves())


def test_a_row_says_whether_its_level_meets_the_pi_goal() -> None:
    ratio = {"pi4": 5.0, "zero2w": 12.0}
    quick = LevelTimes("shogi", 5, (0.1, 0.19), (1000, 1200))
    slow = LevelTimes("shogi", 10, (1.0, 2.5), (80_000, 80_000))
    unset = LevelTimes("shogi", 7, (1.0, 2.5), (20_000, 20_000))
    assert _line(quick, ratio).endswith("met (1 s)")  # 0.95 s on a Pi 4 at most
    assert _line(slow, ratio).endswith("missed (10 s)")  # 12.5 s
    assert "met" not in _line(unset, ratio) and "missed" not in _line(unset, ratio)
