"""What the rule explainers (``illegal.py``, ``impasse.py``) read of a position.

A protocol, so that they need not import the position that calls them: the
position imports them, and the dependency runs one way.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from engine.outcome import Outcome
from engine.shogi.moves import ShogiMove


class PositionFacts(Protocol):
    @property
    def turn(self) -> int: ...

    @property
    def board(self) -> tuple[int, ...]: ...

    def legal_moves(self) -> Iterator[ShogiMove]: ...

    def outcome(self) -> Outcome | None: ...

    def is_check(self) -> bool: ...

    def piece_at(self, square: int) -> int: ...

    def in_hand(self, seat: int, kind: int) -> int: ...

    def king_square(self, seat: int) -> int: ...
