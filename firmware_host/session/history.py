"""What the board looked like a few moves ago: the expected frames of the last plies.

A board put back as it stood one or two moves earlier offers a takeback; these
frames are what the recognizer compares it with, and what a takeback's prompt
lights (the spots that differ).
"""

from __future__ import annotations

from typing import Any

from engine.game import Position
from engine.physical import Reading, Sensing, Spot

TAKEBACK_DEPTH = 2  # how many plies back a board may be put to take moves back

Frame = dict[Spot, Reading]


class BoardHistory:
    """The expected frames of the current position and of up to ``TAKEBACK_DEPTH``
    earlier ones, the oldest first."""

    def __init__(self, sensing: Sensing) -> None:
        self.sensing = sensing
        self._frames: list[Frame] = []

    def restart(self, position: Position[Any]) -> None:
        """The frames of ``position`` and the plies before it (after a new game, a
        resume, or a takeback that went past what was kept)."""
        probe = position.copy()
        frames = [probe.expected_frame(self.sensing)]
        for _ in range(min(TAKEBACK_DEPTH, len(probe.move_stack))):
            probe.pop()
            frames.insert(0, probe.expected_frame(self.sensing))
        self._frames = frames

    def played(self, position: Position[Any]) -> None:
        """A move was played: ``position`` is the new current one."""
        self._frames.append(position.expected_frame(self.sensing))
        del self._frames[: -1 - TAKEBACK_DEPTH]

    def taken_back(self, position: Position[Any], plies: int) -> None:
        """``plies`` moves were taken back: ``position`` is current again."""
        del self._frames[len(self._frames) - plies :]
        if len(self._frames) < 1 + TAKEBACK_DEPTH:
            self.restart(position)

    def earlier(self) -> list[Frame]:
        """The earlier frames, the most recent first (what a takeback may go back to)."""
        return list(reversed(self._frames[-1 - TAKEBACK_DEPTH : -1]))

    def changed_since(self, plies: int) -> frozenset[Spot]:
        """The spots that read differently now than ``plies`` moves ago."""
        then, now = self._frames[-1 - plies], self._frames[-1]
        return frozenset(s for s in now.keys() | then.keys() if now.get(s) != then.get(s))
