"""The recent past of a simulated device (bus calls, SPI transfers, LED frames).

Tests read what a device did as a list; a simulated board that runs for days
(``kiban sim``, the service on a simulated board) must not keep every call it
ever made, so the oldest half is let go once ``2 * keep`` items are held. A
bound of thousands is far beyond what any test inspects.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

KEEP = 256


class History(list[T]):
    """A list that keeps between ``keep`` and ``2 * keep`` of the latest items appended."""

    __slots__ = ("_full", "dropped", "keep")

    def __init__(self, keep: int = KEEP) -> None:
        if keep < 1:
            raise ValueError(f"a history keeps at least one item, not {keep}")
        super().__init__()
        self.keep = keep
        self._full = 2 * keep
        self.dropped = 0  # items let go: a reader that keeps its place counts from here

    @property
    def appended(self) -> int:
        """Items ever appended: a place that stays true when the oldest are let go."""
        return self.dropped + len(self)

    def append(self, item: T) -> None:
        # list.append, not super().append: a simulated scan appends a hundred times.
        list.append(self, item)
        if len(self) >= self._full:
            del self[: self.keep]  # amortised: once every ``keep`` appends
            self.dropped += self.keep
