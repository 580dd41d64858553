"""The values every search in Kiban speaks: what it may spend, and what it found.

The built-in searches (``engine.search``) and the outside engines
(``firmware_host.opponents``) answer the same way, so the controller, the coach
and ``kiban match`` need not know which one thought.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

M = TypeVar("M")

WIN = 1.0
"""A won position's value for the seat it is valued for; a loss is ``-WIN``."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What one search may spend; it stops at the first limit reached.

    ``deadline`` is a ``time.monotonic()`` instant; None everywhere means the
    search's own default depth for its level.
    """

    max_depth: int | None = None
    max_nodes: int | None = None
    deadline: float | None = None


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
