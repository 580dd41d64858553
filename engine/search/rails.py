"""The rails every level keeps to: take a win on the spot, and never hand one over.

A beginner overlooks threats; it does not ignore a king it can capture, nor leave
its own capturable when another move saves it. What "wins at once" means is each
game's own (a lion taken, a sixth marble pushed off, the refill that ends the game
won), so it is read from the game's outcome one move on, never from its name. The
replies looked at are the game's move source's candidates (``Game.move_source``):
every legal move for most games, never the hundred thousand chains of a crowded
Robotory board (its source lists every refill, the only moves that end it). After
a move that leaves a roll due, every face of the dice is tried.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.search.scores import outcome_value

if TYPE_CHECKING:
    from engine.game import Position


def candidates(position: Position[Any], rng: random.Random) -> list[Any]:
    """The moves the game's move source offers in ``position`` (the game goes on, no
    roll is due): all legal moves unless the game lists only the promising ones."""
    source = position.game.move_source(position.options)
    moves: list[Any] = source.candidates(position, rng)
    return moves


def wins_at_once(position: Position[Any], move: Any) -> bool:
    """Whether ``move`` ends the game won for its player (a shared win counts)."""
    seat = position.turn
    position.push(move)
    try:
        outcome = position.outcome()
    finally:
        position.pop()
    return outcome is not None and outcome_value(outcome, seat, 0) > 0


def _an_opponent_ends_it(position: Position[Any], seat: int, rng: random.Random) -> bool:
    """Whether the seat to move in ``position`` (after ``seat``'s move) can end the game
    lost for ``seat`` with one move (every roll tried first, when one is due)."""
    rolls = position.chance_moves()
    if rolls is not None:
        for roll in rolls:
            position.push(roll)
            try:
                if position.outcome() is None and _an_opponent_ends_it(position, seat, rng):
                    return True
            finally:
                position.pop()
        return False
    if position.turn == seat:
        return False  # the same seat moves again: nobody else can end it now
    for reply in candidates(position, rng):
        position.push(reply)
        ended = position.outcome()
        position.pop()
        if ended is not None and outcome_value(ended, seat, 0) < 0:
            return True
    return False


def loses_at_once(position: Position[Any], move: Any, rng: random.Random | None = None) -> bool:
    """Whether ``move`` ends the game lost for its player, or lets an opponent end it
    so with their next move. The position is not changed."""
    seat = position.turn
    position.push(move)
    try:
        outcome = position.outcome()
        if outcome is not None:
            return outcome_value(outcome, seat, 0) < 0
        return _an_opponent_ends_it(position, seat, rng or random.Random(0))
    finally:
        position.pop()


def first_safe(
    position: Position[Any], preference: Iterable[Any], rng: random.Random
) -> tuple[Any, bool]:
    """The first move of ``preference`` that does not lose at once, and True; the first
    move and False when every one does (nothing saves the game: play the favourite)."""
    first: Any = None
    seen = False
    for move in preference:
        if not seen:
            first, seen = move, True
        if not loses_at_once(position, move, rng):
            return move, True
    return first, False
