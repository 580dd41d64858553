"""The round kept on the room's own disk as it is played: ``kiban room open`` writes the
round's export (``export.export_round``: every table's record, the round's table, the
crosstable) into its state folder whenever a table's game changed, at most every
``KEEP_EVERY`` seconds and once more as it stops, so a round is never only in the
room's memory or on the broker: a room killed mid-round has its round on disk, and an
earlier round's results stay there for the crosstable when the next round opens.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.said import N_, Said, said
from firmware_host.club.export import ExportError, export_round
from firmware_host.club.live import LiveGame, Viewed
from firmware_host.club.pairings import Round

KEEP_EVERY = 10.0
"""Seconds between two writes of the round, at most: a round of 200 tables takes about
a second of the room's time to write (every record written anew), and a room killed
loses nothing the boards keep (their records stay on the broker and in their stores)."""

ROUNDS = "club-rounds"  # under the state folder, a folder per room


def rounds_folder(state_dir: Path, room: str) -> Path:
    """Where the room ``room`` keeps its rounds."""
    return state_dir / ROUNDS / room


class RoundKeeper:
    """Writes ``round``'s export into ``folder`` as the tables' games change."""

    def __init__(
        self,
        folder: Path,
        round: Round,
        tables: Callable[[], Mapping[int, Viewed]],
        event: str = "",
        *,
        earlier: Callable[[], Mapping[int, tuple[Viewed, ...]]] = dict,
        every: float = KEEP_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.folder = folder
        self.round = round
        self._tables = tables
        self._earlier = earlier
        self._event = event
        self._every = every
        self._clock = clock
        self._written: tuple[Any, ...] | None = None
        self._at = -every
        self._failed = False

    def keep(self, *, now: bool = False) -> Said | None:
        """Write the round if a game changed since it was last written (and ``every``
        has passed, unless ``now``); what to tell the organiser when it cannot be
        written (once, until it can again)."""
        at = self._clock()
        if not now and at - self._at < self._every:
            return None
        views = {number: shown.view() for number, shown in self._tables().items()}
        before = {n: tuple(old.view() for old in g) for n, g in self._earlier().items()}
        key = tuple(sorted((n, _key(v)) for n, v in views.items())) + tuple(
            sorted((n, tuple(_key(v) for v in old)) for n, old in before.items())
        )
        if key == self._written:
            return None
        self._at = at
        try:
            export_round(self.folder, self.round, views, self._event, before)
        except ExportError as error:
            if self._failed:
                return None
            self._failed = True
            return said(N_("the round cannot be kept on this computer: {error}"), error=str(error))
        self._written, self._failed = key, False
        return None


def _key(view: LiveGame | None) -> tuple[Any, ...]:
    if view is None:
        return ()
    ending = None if view.ending is None else view.ending.at
    return (view.game, view.started, len(view.moves), view.changed, ending, view.abandoned)
