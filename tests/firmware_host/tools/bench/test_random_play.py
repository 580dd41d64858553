"""The bench's random positions: a game that ends before the plies drawn still gives one."""

from __future__ import annotations

import random
from typing import Any

from engine.registry import find_game
from firmware_host.tools.bench.random_play import awaiting_a_move


def _every(position: Any, moves: list[Any]) -> list[Any]:
    return moves


def test_a_game_over_before_the_plies_drawn_gives_the_last_position_with_a_move() -> None:
    """Before, the bench drew lines again until one lasted (Hexapawn's never do, and
    ``make test`` hung with it installed): a random Dobutsu game never lasts 5,000
    plies, so each position here is taken from before its end."""
    game = find_game("dobutsu")
    ended = 0
    for seed in range(8):
        rng = random.Random(seed)
        position = awaiting_a_move(game, rng, 5_000, _every)
        assert position.outcome() is None
        assert list(position.legal_moves())
        played = len(position.move_stack)
        ended += played < 5_000
    assert ended == 8


def test_a_line_that_lasts_stops_at_the_plies_drawn() -> None:
    game = find_game("shogi")
    position = awaiting_a_move(game, random.Random(3), 12, _every)
    assert len(position.move_stack) == 12
    assert position.outcome() is None
