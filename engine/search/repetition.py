"""What a search makes of a position met again: the game's repetition rule, played out.

A search cannot afford to walk a cycle round four times to see the rule end it,
so a position that already stands in the game's history or in the line being
searched is valued at once as the end the cycle leads to: a draw, unless the
game says otherwise (shogi: the player who gave check with every move of the
cycle loses). This is what keeps a search from shuffling a king to and fro
when it stands better, and lets it reach for the draw when it stands worse.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from engine.outcome import Outcome, Termination

if TYPE_CHECKING:
    from engine.game import Position

DRAWN_CYCLE = Outcome.draw(Termination.REPETITION)
"""How a cycle ends in a game with no rule of its own (Abalone has none; playing on
round a cycle is a draw in all but name)."""


@runtime_checkable
class JudgesCycles(Protocol):
    """A position whose game has its own repetition rule (shogi's perpetual check)."""

    def cycle_outcome(self) -> Outcome:
        """The end the rules give if the current position, met before, came round
        until they end the game."""
        ...


def history_keys(position: Position[Any]) -> dict[Hashable, int]:
    """How often each position of the game so far occurred (the current one
    included), by ``search_key``. The position is unwound and replayed."""
    counts: dict[Hashable, int] = {}
    taken = []
    while True:
        key = position.search_key()
        counts[key] = counts.get(key, 0) + 1
        if not position.move_stack:
            break
        taken.append(position.pop())
    for move in reversed(taken):
        position.push(move)
    return counts


def cycle_outcome(position: Position[Any]) -> Outcome:
    """The end a repeated position leads to under its game's rules."""
    if isinstance(position, JudgesCycles):
        return position.cycle_outcome()
    return DRAWN_CYCLE
