"""Whether what the sensors last said may decide anything.

A fault (a silent chip, a bus error) makes the last frame stale: the pieces may have
moved meanwhile. Until a whole frame has been read again nothing is decided, and
after a longer silence that frame must rest again before it decides anything, even
where it reads as before. A late ok for the move just played is not a confirm of
the next one.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.said import Said
from firmware_host.notices.declared import FaultCleared, FaultShown, FaultSource, Notice

RECENT_COMMIT = 1.0  # seconds after a commit in which ok confirms nothing new
LONG_SILENCE = 0.1  # seconds of silent sensors after which the board must rest anew


@dataclass
class BoardTrust:
    """The controller's view of its sensors' health, changed only through its methods."""

    fault: Said | None = None  # what the board shows as wrong, while it is wrong
    lines_lost: Said | None = None  # what the board cannot do while GPIO lines are lost
    silent_since: float | None = None  # a fault began; no whole frame seen since
    committed_at: float = -RECENT_COMMIT

    @property
    def trusted(self) -> bool:
        """A whole frame has been read since the last fault, and none is open now."""
        return self.fault is None and self.silent_since is None

    def failed(self, message: Said | None, at: float) -> None:
        """A fault (``message``, shown) or readings lost and asked for again (None)."""
        self.fault = message or self.fault
        if self.silent_since is None:  # what the board showed may change meanwhile
            self.silent_since = at

    def recovered(self) -> None:
        self.fault = None

    def lines_watched(self, lost: Said | None, at: float) -> list[Notice]:
        """The board's GPIO lines as they stand now, shown when that changes. The sensors
        stay trusted: lost lines only slow their reading down."""
        if lost == self.lines_lost:
            return []
        self.lines_lost = lost
        if lost is None:
            return [FaultCleared(at, FaultSource.LINES)]
        return [FaultShown(lost, at, FaultSource.LINES)]

    def frame_read(self, at: float) -> tuple[bool, bool]:
        """A whole frame arrived: (it follows a silence, it must rest anew)."""
        silent, self.silent_since = self.silent_since, None
        return silent is not None, silent is not None and at - silent > LONG_SILENCE

    def committed(self, at: float) -> None:
        self.committed_at = at

    def just_committed(self, at: float) -> bool:
        return at - self.committed_at < RECENT_COMMIT
