"""Positions the bench measures in, reached by seeded random play.

A line is played for a drawn number of plies, but a game may end sooner than any
number drawn (Hexapawn ends within a dozen plies): the position kept is then the last
one on the line where a player had a move to make, never a search for a longer game
(which, for such a game, never ends).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.game import Game, Position

Choose = Callable[[Position[Any], list[Any]], Sequence[Any]]
"""Which of the legal moves the random play draws from (all, or the safe ones, ...)."""


def awaiting_a_move(
    game: Game[Any], rng: random.Random, plies: int, choose: Choose
) -> Position[Any]:
    """The position ``plies`` plies into a seeded random game (dice rolled as they come,
    a roll due at the end rolled too), or, where the game ends or stalls sooner, the
    last position on the way with a move to make."""
    position: Position[Any] = game.position()
    last: Position[Any] | None = None
    for _ in range(plies):
        if _roll_due(position, rng):
            continue
        moves = _moves(position)
        if not moves:
            break
        last = position.copy()
        position.push(rng.choice(choose(position, moves)))
    _roll_due(position, rng)
    if _moves(position):
        return position
    if last is None:
        raise ValueError(f"{game.name} has no move to make at its start")
    return last


def _roll_due(position: Position[Any], rng: random.Random) -> bool:
    """Roll the dice if a roll is due in a game still on."""
    rolls = position.chance_moves()
    if rolls and position.outcome() is None:
        position.push(rng.choice(rolls))
        return True
    return False


def _moves(position: Position[Any]) -> list[Any]:
    """A player's moves now, in the order of their text (so the positions do not change
    with the order a move generator hands them out in); none once the game is over or
    while a roll is due."""
    if position.outcome() is not None or position.chance_moves():
        return []
    return sorted(position.legal_moves(), key=position.move_text)
