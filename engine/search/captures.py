"""How a search weighs a capture: what it takes, less what it may lose in return.

Every game says what a move takes (``Position.capture_value``); a game that can
also say what the capturing piece risks on the square it lands on
(``WeighsCaptures``: shogi) lets the search try the good captures first, the
losing ones late, and leave the losing ones out of its look past the horizon.
A game that can pick its taking moves out of a list without asking each one
(``ListsCaptures``: shogi, whose hands make most moves drops) spares the search a
call per move at every node.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from engine.game import Position


@runtime_checkable
class WeighsCaptures(Protocol):
    """A position that knows what a capture risks."""

    def capture_risk(self, move: Any) -> int:
        """What the capturing piece is worth if the opponent can take it back where it
        lands (on the scale of ``capture_value``); 0 when it is safe."""
        ...


@runtime_checkable
class ListsCaptures(Protocol):
    """A position that picks out its taking moves (``capture_value`` not 0) at once."""

    def taking_moves(self) -> list[Any]:
        """The legal moves that take, in the order of ``legal_moves``."""
        ...

    def taking_places(self, moves: Sequence[Any]) -> list[int]:
        """Where the legal moves that take stand among ``moves``, the legal moves as
        ``legal_moves`` listed them (a position may pick them out of its own)."""
        ...


def net_gain(position: Position[Any]) -> Callable[[Any], tuple[int, int]]:
    """A function giving a move's (gain, gain less risk) in ``position``: (0, 0) for a
    move that takes nothing; the risk is 0 where the game cannot tell it."""
    capture_value = position.capture_value
    if not isinstance(position, WeighsCaptures):

        def plain(move: Any) -> tuple[int, int]:
            gain = capture_value(move)
            return gain, gain

        return plain
    capture_risk = position.capture_risk

    def weighed(move: Any) -> tuple[int, int]:
        gain = capture_value(move)
        if not gain:
            return 0, 0
        return gain, gain - capture_risk(move)

    return weighed


@dataclass(frozen=True, slots=True)
class Weighing:
    """What one search asks of its position's captures, looked up once: asking a
    position which protocols it follows costs more than a node's own work.

    ``weigh`` gives a move's (gain, gain less risk) (``net_gain``); ``taking`` the
    legal moves that take, in order; ``places`` where they stand among the legal
    moves it is given (as ``legal_moves`` listed them); each of the position as it
    stands when called."""

    weigh: Callable[[Any], tuple[int, int]]
    taking: Callable[[], list[Any]]
    places: Callable[[Sequence[Any]], list[int]]

    @classmethod
    def of(cls, position: Position[Any]) -> Weighing:
        """For the searches of ``position`` (it may be pushed and popped meanwhile)."""
        if isinstance(position, ListsCaptures):
            return cls(net_gain(position), position.taking_moves, position.taking_places)
        capture_value = position.capture_value

        def taking() -> list[Any]:
            return [move for move in position.legal_moves() if capture_value(move)]

        def places(moves: Sequence[Any]) -> list[int]:
            return [index for index, move in enumerate(moves) if capture_value(move)]

        return cls(net_gain(position), taking, places)
