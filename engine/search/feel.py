"""How a weak level chooses a move by feel, as a person does, not at random.

It looks only as far as its ``feel_depth`` (threats beyond are not seen), shakes
each value by noise (more on captures: trades are what beginners misjudge), adds
a liking for moves that look natural at a glance, and draws from a softmax at its
``temperature``: a clearly better move is almost always played, near-equal ones
share the chances. ``natural`` is generic, read from the move itself: what it
captures (``Position.capture_value``), the points it scores (``Position.scores``)
and whether it gives check (``Position.check_spots`` after it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from engine.search.levels import Level

if TYPE_CHECKING:
    from engine.game import Position

CAPTURE = 0.6
"""What a capture adds to a move's naturalness (a bigger one up to ``BIG_CAPTURE`` more)."""

BIG_CAPTURE = 0.4
CHECK = 0.4
"""What a check adds."""

POINTS = 0.5
"""What scoring adds (up to this, for five points or more)."""


def natural(position: Position[Any], move: Any) -> float:
    """How natural ``move`` looks at a glance, from 0 (a quiet move) to about 2: a
    capture (the bigger the more), points scored, a check. The position is not changed."""
    seat = position.turn
    taken = position.capture_value(move)
    before = position.scores()
    position.push(move)
    try:
        scored = position.scores()[seat] - before[seat] if before else 0
        check = bool(position.outcome() is None and position.check_spots())
    finally:
        position.pop()
    look = 0.0
    if taken > 0:
        look += CAPTURE + BIG_CAPTURE * min(1.0, math.log1p(taken) / math.log1p(1000))
    if scored > 0:
        look += POINTS * min(1.0, scored / 5)
    if check:
        look += CHECK
    return look


def feel(
    position: Position[Any], values: Mapping[Any, float], level: Level, rng: random.Random
) -> dict[Any, float]:
    """Each move's worth to the level: its value, misjudged, plus its naturalness."""
    felt: dict[Any, float] = {}
    for move, value in values.items():
        look = natural(position, move)
        spread = level.misjudge * (2.0 if position.capture_value(move) > 0 else 1.0)
        felt[move] = value + rng.gauss(0.0, spread) + level.natural * look
    return felt


def drawn(felt: Mapping[Any, float], temperature: float, rng: random.Random) -> Iterator[Any]:
    """The moves in the order the level would think of them: each next one drawn from a
    softmax of what is left (the best first when the temperature is 0)."""
    left = dict(felt)
    while left:
        top = max(left.values())
        if temperature <= 0:
            move = max(left, key=lambda m: left[m])
        else:
            moves = list(left)
            weights = [math.exp((left[m] - top) / temperature) for m in moves]
            move = rng.choices(moves, weights=weights)[0]
        del left[move]
        yield move
