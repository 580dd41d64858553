"""How a piece moves, as drawings show it: the dots and lines printed on a piece.

Robot Duel's stickers carry a dot for each direction the robot steps in, and the
international shogi pieces drawn for beginners show their steps and their lines
the same way; a drawing reads them here instead of knowing the rules itself.
"""

from __future__ import annotations

from dataclasses import dataclass

Direction = tuple[int, int]
"""(dx, dy) as the piece's owner sees it: right is dx +1, forward is dy -1."""


@dataclass(frozen=True, slots=True)
class PieceMoves:
    """A piece's single steps (a knight's jump is one step of (±1, -2)) and the
    directions it slides along any number of free cells; both empty when the game
    draws no moves on its pieces."""

    steps: tuple[Direction, ...] = ()
    lines: tuple[Direction, ...] = ()
