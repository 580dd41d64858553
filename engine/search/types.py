"""The values every search in Kiban speaks: what it may spend, and what it found.

The built-in searches (``engine.search``) and the outside engines
(``firmware_host.opponents``) answer the same way, so the controller, the coach
and ``kiban match`` need not know which one thought.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from engine.search.style import SearchStyle

if TYPE_CHECKING:
    from engine.game import Position

__all__ = [
    "WIN",
    "Analysis",
    "Limits",
    "Player",
    "Quality",
    "SearchStyle",
]

M = TypeVar("M")

WIN = 1.0
"""A won position's value for the seat it is valued for; a loss is ``-WIN``."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What one search may spend; it stops at the first limit reached.

    ``deadline`` is a ``time.monotonic()`` instant; ``stop`` is asked now and then
    and ends the search when it says so (the player asked the computer to move
    now); None everywhere means the search's own default for its level.
    """

    max_depth: int | None = None
    max_nodes: int | None = None
    deadline: float | None = None
    stop: Callable[[], bool] | None = None
    selective: bool = False
    """Late quiet moves searched a ply or two shallower first (late-move reductions):
    deeper in the same nodes, at the price of the plain alpha-beta value's promise
    (engine.search.alphabeta). Only a player's own move asks for it, never the coach."""

    def out_of_time(self, now: float) -> bool:
        """Whether the search must stop now (``now`` from ``time.monotonic()``)."""
        return self.stopped_by(now) is not None

    def stopped_by(self, now: float) -> str | None:
        """Why the search must stop now, in the words its note gives: its deadline, or
        the player's "move now"; None while it may go on."""
        if self.deadline is not None and now >= self.deadline:
            return "deadline reached"
        if self.stop is not None and self.stop():
            return "asked to move now"
        return None


class Quality(Enum):
    """How a move compares with the best one, as the coach colours it."""

    BEST = "best"
    GOOD = "good"
    DOUBTFUL = "doubtful"
    LOSING = "losing"


@dataclass(frozen=True, slots=True)
class Analysis(Generic[M]):
    """What a search found in one position, for the seat to move.

    ``value`` is the best move's value in [-WIN, WIN] for the mover (0 an even
    game); ``values`` the value of every root move it judged (all legal moves
    when asked to judge them all, as the coach does); ``mate_in`` the plies to a
    forced end when the search proved one (positive: the mover wins, negative:
    loses); ``note`` says what fell back or why it stopped, for the player.
    """

    best: M
    value: float
    depth: int
    nodes: int
    values: Mapping[M, float] = field(default_factory=dict)
    mate_in: int | None = None
    note: str = ""


class Player(Protocol):
    """A computer seat: the built-in search at a level, a random mover, or an
    outside engine. It is never asked while a roll is due (the session rolls)."""

    @property
    def name(self) -> str:
        """How the seat is named to people: ``level 3 (novice)``, ``random``, ``usi:PATH``."""
        ...

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        """The move to play in ``position`` (not changed); with ``judge_all``, a value
        for every legal move too. Raises ``GameOverError`` when there is none."""
        ...

    def close(self) -> None:
        """Stop any process the player runs; it is not asked again."""
        ...
