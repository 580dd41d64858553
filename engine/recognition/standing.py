"""What the board showed while moves overlap, as the recognizer keeps it: a move that
stands (its spots unchanged since the board showed it whole), one knocked from standing
by a change its hand may be making, the lines shown and what the next position inherits
of them, what the hands did since a position, and a position after a line of moves.
Values only: ``engine.recognition.overlap`` reads the board into them.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from engine.physical import Reading, Spot
from engine.recognition.move_index import IndexedMove, MoveIndex

M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Hands:
    """What the hands did since a position: the spots they changed, when each first
    changed, and how often each came to read a piece; where known, each time a piece
    came to each spot (``landings``), when a piece first left each (``lifted_at``), and
    when each last changed (``last_at``), which order a capture of the piece just moved
    and tell a reply made whole before the move it answers (``Overlap.pairs``)."""

    touched: frozenset[Spot]
    first_at: Mapping[Spot, float]
    fills: Mapping[Spot, int]
    landings: Mapping[Spot, tuple[float, ...]] = field(default_factory=dict)
    lifted_at: Mapping[Spot, float] = field(default_factory=dict)
    last_at: Mapping[Spot, float] = field(default_factory=dict)  # each spot's last change
    # when the move that made the position began: the hands' changes before it were
    # made before the next move could be, and the move after it is its player's next
    # (``Overlap.pairs``)
    since: float = -math.inf


@dataclass(frozen=True, slots=True)
class Standing(Generic[M]):
    """What the board showed exactly since ``since``, its spots unchanged: the moves of
    ``line`` then one of ``candidates`` (several when the board cannot tell them apart:
    a promotion, which piece was dropped). ``shown``: the spots it changes. ``made_by``:
    spots it leaves alone whose change made the board show it (a cell back to the
    position: a knock, or a piece taken off for a moment). ``lined``: it stands as the
    moves every line the board showed begins with (``Overlap.line_standing``), and only
    while every line it shows still does."""

    line: tuple[M, ...]
    candidates: tuple[IndexedMove[M], ...]
    since: float
    shown: frozenset[Spot]
    spots: frozenset[Spot]
    made_by: frozenset[Spot] = frozenset()
    lined: bool = False

    @property
    def moves(self) -> tuple[M, ...]:
        return tuple(candidate.move for candidate in self.candidates)

    def begins(self, lines: Iterable[tuple[M, ...]]) -> bool:
        """Whether every one of ``lines`` longer than its line goes on with one of its
        moves."""
        step = len(self.line)
        starts = {(*self.line, move) for move in self.moves}
        return all(line[: step + 1] in starts for line in lines if len(line) > step)


@dataclass(frozen=True, slots=True)
class Carried(Generic[M]):
    """What the next position inherits from a move committed while the board shows more:
    the spots the hands touched since (the next player's move begun), and the rest of
    the lines the board showed that began with the move, as last seen."""

    spots: frozenset[Spot] = frozenset()
    lines: tuple[Shown[M], ...] = ()


@dataclass(frozen=True, slots=True)
class Shown(Generic[M]):
    """When the board showed a line whole: first, last, and when it stopped (None: it
    still does); ``done``: the players said its last move was done while the board
    showed it (``Overlap.said_done``)."""

    line: tuple[M, ...]
    first: float
    last: float
    ended: float | None = None
    done: bool = False

    def held(self) -> float:
        """How long the board showed it before going on (0 while it still does)."""
        return 0.0 if self.ended is None else self.ended - self.first


@dataclass(frozen=True, slots=True)
class Knocked(Generic[M]):
    """A standing move dropped at ``at`` for a change on ``cells`` that may be its hand
    going on with it (a neighbour it could take lifted, or a piece lifted within a scan
    of its landing): it stands again once they are put back, a knock
    (``Seeing._after_knock``)."""

    standing: Standing[M]
    cells: frozenset[Spot]
    at: float


@dataclass(frozen=True, slots=True)
class After(Generic[M]):
    """The position after a line of moves, as the next move is looked up in it: after
    the roll the board then makes by itself (``plies``: foreseen, ``board_plies``), which
    changes nothing sensed."""

    expected: dict[Spot, Reading]
    index: MoveIndex[M]
    plies: tuple[M, ...] = ()


def shared(lines: Iterable[tuple[M, ...]]) -> tuple[M, ...]:
    """The moves every one of ``lines`` begins with."""
    common: tuple[M, ...] | None = None
    for line in lines:
        if common is None:
            common = line
            continue
        length = 0
        while length < min(len(common), len(line)) and common[length] == line[length]:
            length += 1
        common = common[:length]
    return common or ()
