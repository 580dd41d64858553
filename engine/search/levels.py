"""One strength scale, 1 to 10, for every game and every engine behind it.

A level says how a seat plays: how deep or how long it looks, and how often it
makes a beginner's mistake. Each search maps these onto its own knobs; outside
engines map them onto their skill level and move time.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import KibanError


class LevelError(KibanError, ValueError):
    """A level that is not a whole number from 1 to 10."""


@dataclass(frozen=True, slots=True)
class Level:
    """``number`` 1-10; ``blunder`` the chance of picking a random legal move (a
    beginner's mistake) instead of the searched one; ``depth`` the search depth
    for the two-player searches; ``playouts`` for the sampling searches;
    ``seconds`` the most a move may take on a Raspberry Pi 4."""

    number: int
    name: str
    blunder: float
    depth: int
    playouts: int
    seconds: float


LEVELS: tuple[Level, ...] = (
    Level(1, "first steps", 0.50, 1, 20, 0.5),
    Level(2, "beginner", 0.35, 1, 40, 0.5),
    Level(3, "novice", 0.25, 2, 80, 1.0),
    Level(4, "casual", 0.15, 2, 150, 1.0),
    Level(5, "club", 0.08, 3, 300, 2.0),
    Level(6, "keen", 0.04, 3, 600, 2.0),
    Level(7, "strong", 0.02, 4, 1000, 3.0),
    Level(8, "expert", 0.0, 5, 1500, 4.0),
    Level(9, "master", 0.0, 6, 2500, 5.0),
    Level(10, "strongest", 0.0, 8, 4000, 8.0),
)


def level(number: int | str) -> Level:
    """The level with this number (text from a command line is read too)."""
    try:
        wanted = int(number)
    except ValueError:
        raise LevelError(f"level must be a number from 1 to 10, not {number!r}") from None
    if not 1 <= wanted <= len(LEVELS):
        raise LevelError(f"level must be a number from 1 to 10, not {wanted}")
    return LEVELS[wanted - 1]
