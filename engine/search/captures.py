"""How a search weighs a capture: what it takes, less what it may lose in return.

Every game says what a move takes (``Position.capture_value``); a game that can
also say what the capturing piece risks on the square it lands on
(``WeighsCaptures``: shogi) lets the search try the good captures first, the
losing ones late, and leave the losing ones out of its look past the horizon.
"""

from __future__ import annotations

from collections.abc import Callable
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
