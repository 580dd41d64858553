"""How good a Robotory position is for each seat: who holds the robots when the lid runs out.

The game ends when a refill takes the last token of a colour from the lid, and the
seat with two or three robots in its own camp then wins (rules/robotory.md). So
the guess weighs the robots' camps, more as the lid empties; a robot that can
cross to the other camp in one move (it has a chain of tokens it eats leading
there) counts for less than a stuck one; and the end itself: a seat that is
winning and can empty a colour with its next refill (its stock has room for the
smaller colour left on the lid) is close to a win when it is its turn, and a
threat the other must answer when it is not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.robotory.board import CAMP_MASKS, STOCK_SIZE
from engine.robotory.rules import edible, reachable

LOOSE = 0.5
"""What a robot that can cross to the other camp in one move counts, against 1 for a stuck one."""

CALM, URGENT = 0.25, 0.75
"""The weight of the robots' camps with the lid full, and added as it empties."""

TEMPO = 0.35
"""The seat to move may carry a loose robot home first."""

FINISH = 2.0
"""The seat to move is winning and can end the game with its refill now."""

THREAT = 0.8
"""The seat not to move is winning and can end the game with its next refill."""

CEILING = 0.95
"""A static guess never claims a certain result: that is the outcome's to say."""

FULL_LID = 10


def refill_room(stock: Sequence[int]) -> int:
    """How many tokens a seat's next refill may take (0 with a full stock)."""
    return max(0, STOCK_SIZE - stock[0] - stock[1])


def can_finish(stock: Sequence[int], lid: Sequence[int]) -> bool:
    """Whether a refill by this seat can take the last token of a colour from the lid."""
    room = refill_room(stock)
    return room > 0 and min(lid[0], lid[1]) <= room


def evaluate(
    tokens: Sequence[int],
    robots: Sequence[int],
    stocks: Sequence[Sequence[int]],
    lid: Sequence[int],
    turn: int,
) -> tuple[float, float]:
    """(light's value, dark's value) of a game still going on; they add up to zero."""
    home = CAMP_MASKS[0]
    held = 0.0  # the robots' count for light: + in light's camp, - in dark's
    in_light = 0
    homeward = [False, False]  # some robot in the other camp can reach this seat's camp now
    for robot, cell in enumerate(robots):
        seat = 0 if home >> cell & 1 else 1
        crosses = reachable(cell, edible(tokens, robot)) & CAMP_MASKS[1 - seat] != 0
        weight = LOOSE if crosses else 1.0
        if seat == 0:
            in_light += 1
            held += weight
        else:
            held -= weight
        if crosses:
            homeward[1 - seat] = True
    fewest = min(lid[0], lid[1])
    urgency = max(0.0, min(1.0, (FULL_LID - fewest) / (FULL_LID - 1)))
    score = (CALM + URGENT * urgency) * held
    sign = 1.0 if turn == 0 else -1.0
    if homeward[turn]:
        score += sign * TEMPO * urgency
    winner = 0 if in_light >= 2 else 1
    if can_finish(stocks[turn], lid) and winner == turn:
        score += sign * FINISH
    elif can_finish(stocks[1 - turn], lid) and winner != turn:
        score -= sign * THREAT
    light = CEILING * math.tanh(score / 2.0)
    return light, -light
