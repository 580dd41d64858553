"""Level 1 plays as a beginner does: a careful beginner beats it.

A careful beginner here looks at each of their moves and every reply to it (two
plies, no more) and plays the one that leaves them best off, by the game's own
evaluation; no feel, no mistakes. Level 1 plays by feel one ply deep and keeps to
the rails (it never hands over its king or lion, and always takes the opponent's).
"""

from __future__ import annotations

import math
import random

import pytest

from engine.registry import find_game
from engine.search import Limits
from engine.search.alphabeta import search
from engine.search.ladder import builtin_level
from engine.search.levels import level
from engine.search.play import analyse

CAREFUL = Limits(max_depth=2, deadline=math.inf)


def _game(name: str, careful_seat: int, seed: int) -> int:
    """1 when the careful beginner wins, -1 when level 1 does, 0 otherwise (a draw, or
    300 plies without an end). Two random opening moves make each seed a new game."""
    game = find_game(name)
    first_steps = builtin_level(name, level(1))
    rng = random.Random(seed)
    position = game.position()
    for ply in range(300):
        outcome = position.outcome()
        if outcome is not None:
            return 0 if outcome.is_draw else 1 if careful_seat in outcome.winners else -1
        if ply < 2:
            position.push(rng.choice(list(position.legal_moves())))
        elif position.turn == careful_seat:
            position.push(search(position, CAREFUL).best)
        else:
            limits = Limits(deadline=math.inf)
            position.push(analyse(position, first_steps, rng=rng, limits=limits).best)
    return 0


@pytest.mark.parametrize(("name", "games"), [("dobutsu", 20), ("shogi", 4)])
def test_a_careful_beginner_beats_level_one(name: str, games: int) -> None:
    results = [_game(name, seed % 2, seed) for seed in range(games)]
    wins, losses = results.count(1), results.count(-1)
    # measured: Robot Duel 13 won, 6 lost, 1 drawn; shogi 4 of 4 won
    assert wins > 1.5 * losses, results
