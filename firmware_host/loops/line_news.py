"""The news of the board's GPIO lines (hardware/line_watch.py), told to the decision loop.

Lines lost together are told together: a chip that goes away takes the buttons and the
INT/ALERT lines at once, each watcher telling its own loss a moment apart, and the
person at the board should hear of it once, not once for every line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from engine.said import N_, Said, said
from firmware_host.session.events import Event, LinesWatched
from hardware.line_watch import LineUse, LineWatch, LostLines

GATHER = 0.05
"""Seconds between the first news of the lines and telling how they stand: the watchers
of one chip hear of its loss within a read of each other, well inside this."""


def lines_said(lost: tuple[LostLines, ...]) -> Said | None:
    """What the board cannot do while the kernel keeps lines from it (the first such
    lines: the buttons before an interrupt line), and the chip and lines at fault;
    None once every line is watched again."""
    if not lost:
        return None
    first = lost[0]
    error = first.error
    where = f"GPIO {', '.join(map(str, first.gpios))} on {error.chip}"
    if first.use is LineUse.BUTTONS:
        text = N_(
            "the buttons are not heard ({lines} lost): use the page or the terminal;"
            " the board claims them again by itself"
        )
    else:
        text = N_(
            "the sensors' interrupt line is lost ({lines}): the sensors are polled"
            " until the board claims it again"
        )
    return said(text, lines=where)


class LineNews:
    """Hears a ``LineWatch`` (on any thread) and tells the loop ``GATHER`` seconds
    later how the lines stand then, as a ``LinesWatched`` event, waking the scans
    (while a line is lost the sensors are polled)."""

    def __init__(
        self,
        lines: LineWatch,
        loop: asyncio.AbstractEventLoop,
        tell: Callable[[Event], None],
        wake: Callable[[], None],
    ) -> None:
        self._lines = lines
        self._loop = loop
        self._tell = tell
        self._wake = wake
        self._timer: asyncio.TimerHandle | None = None

    def heard(self) -> None:
        """News of the lines, on a watcher's thread."""
        self._loop.call_soon_threadsafe(self._gather)

    def _gather(self) -> None:
        if self._timer is None:
            self._timer = self._loop.call_later(GATHER, self._told)

    def _told(self) -> None:
        self._timer = None
        self._tell(LinesWatched(lines_said(self._lines.lost)))
        self._wake()
