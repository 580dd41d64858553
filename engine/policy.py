"""What the referee does with an illegal move the board shows: a rule option of some
games, asked of the game so that no one outside it reads its option names."""

from __future__ import annotations

from enum import Enum


class IllegalMovePolicy(Enum):
    REFUSE = "refuse"  # named, and the board must be put back (the friendly default)
    LOSES = "loses"  # the mover loses at once (professional shogi)
