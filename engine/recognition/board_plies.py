"""The plies the board plays by itself, between the moves the hands make.

In a game with dice the session rolls as soon as a move is committed. The roll shows
nothing on the board, and the next player's hand may be at work before the board has
committed the move it follows (a piece lifted as the last one landed: issue 78's
independent hands, Chaturaji). A line read from the board then passes through them: the
session tells the recognizer which roll it will make before it makes it (a
``Foresight``: the dice already fallen, kept until rolled, as a takeback keeps them), and
the next player's move is read under that roll. Players who roll by a button foresee
nothing: their next move is read only once they have rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from engine.game import Position
from engine.physical import Footprint

M = TypeVar("M", bound=Hashable)

Foresight = Callable[[Position[M]], M | None]
"""The roll the session will make in a position where one is due (None: not known
before it is made, as when the players roll by a button)."""

UNSENSED = Footprint(())
"""What a ply the board plays by itself changes on the board: nothing."""


def unforeseen(position: Position[M]) -> M | None:
    """No roll is known before it is made (every game without dice)."""
    return None


def board_plies(position: Position[M], dice: Foresight[M]) -> tuple[M, ...]:
    """Push onto ``position`` the ply the board plays by itself at once from here: the
    roll due, as ``dice`` foresee it. Returns it (none when no roll is due or it is not
    foreseen). A turn lost with the roll is no such ply: the board plays it only after
    saying so (``Timing.forced``), so no hand goes on past it unseen."""
    if dice is unforeseen or position.chance_moves() is None:
        return ()
    roll = dice(position)
    if roll is None:
        return ()
    position.push(roll)
    return (roll,)


def play_line(position: Position[M], line: Iterable[M], dice: Foresight[M]) -> tuple[M, ...]:
    """Push ``line`` onto ``position``, with the board's own plies (``board_plies``)
    where a move of it is not legal until they come: a move the hands made before the
    board rolled. Returns every ply pushed, in order (the record the line makes)."""
    played: list[M] = []
    for move in line:
        played += before(position, move, dice)
        position.push(move)
        played.append(move)
    return tuple(played)


def before(position: Position[M], move: M, dice: Foresight[M]) -> tuple[M, ...]:
    """Push the board's own plies due before ``move`` (``board_plies``) when it is not
    legal until they come; returns them."""
    if dice is unforeseen or position.is_legal(move):
        return ()
    return board_plies(position, dice)


def movers(position: Position[M], line: Iterable[M], dice: Foresight[M]) -> list[object]:
    """Whose turn each move of ``line`` (from ``position``, left as it is) is played in,
    the board's own plies played between as ``play_line`` plays them."""
    position = position.copy()
    turns: list[object] = []
    for move in line:
        before(position, move, dice)
        turns.append(position.turn)
        position.push(move)
    return turns
