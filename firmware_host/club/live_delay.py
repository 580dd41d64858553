"""A delay per audience: the hall sees each game live, an audience outside the hall
sees it some moves or some seconds behind (both may be set; the later wins), so that
nobody in the hall is helped by a friend watching outside. Pure: the view and the
time are given.

Once the game has ended nobody can be helped any more, so the moves held back by
count are shown with the result (the seconds still hold, as for every move).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from engine.errors import KibanError
from firmware_host.club.live import LiveGame


class DelayError(KibanError, ValueError):
    """A delay that cannot be (a negative count or time)."""


class Audience(Enum):
    HALL = "hall"  # in the room: live
    OUTSIDE = "outside"  # beyond the hall (the bridged broker): delayed


@dataclass(frozen=True, slots=True)
class Delay:
    """How far an audience is held behind: ``moves`` moves and ``seconds`` seconds."""

    moves: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        if self.moves < 0 or self.seconds < 0:
            raise DelayError(f"a delay of {self.moves} moves and {self.seconds} s is not one")


def delayed(view: LiveGame, delay: Delay, now: float) -> LiveGame:
    """What an audience held back by ``delay`` sees of ``view`` at ``now``: the moves
    that arrived ``delay.seconds`` ago or earlier, less the last ``delay.moves`` of the
    game while it goes on; the result once it is ``delay.seconds`` old."""
    if delay == Delay():
        return view
    seen_by = now - delay.seconds
    ending = view.ending
    ended = ending is not None and ending.at <= seen_by
    by_time = sum(1 for move in view.moves if move.at <= seen_by)
    shown = by_time if ended else min(by_time, max(0, len(view.moves) - delay.moves))
    reveals = [_reveal(view, ply, delay) for ply in range(shown)]
    if ended and ending is not None:
        reveals.append(ending.at + delay.seconds)
    changed = max([view.started + delay.seconds, *reveals])
    return replace(
        view,
        moves=view.moves[:shown],
        ending=ending if ended else None,
        changed=min(changed, now),
    )


def _reveal(view: LiveGame, ply: int, delay: Delay) -> float:
    """When the move at ``ply`` is first shown to the audience: ``delay.seconds`` after
    it arrived, or after the move that lets it out by count (or the ending) did."""
    moves = view.moves
    behind = ply + delay.moves
    if delay.moves == 0:
        freed = moves[ply].at
    elif behind < len(moves):
        freed = moves[behind].at
    elif view.ending is not None:
        freed = view.ending.at
    else:  # pragma: no cover - only moves already let out are asked about
        freed = moves[-1].at
    return max(moves[ply].at, freed) + delay.seconds
