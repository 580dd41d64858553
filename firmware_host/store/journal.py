"""What the game store could not take yet: kept in memory, written in order later.

``Match`` writes through a ``Journal``. When the store refuses a write (a full
disk: SQLite says SQLITE_FULL, the store raises ``StorageError`` and keeps the
file as it was), the record waits in memory, and so does every record after it:
the game goes on. Each later write first writes what waits, in order, and
``tick`` tries again every ``retry_every`` seconds while nothing is played, so a
game played on a full disk is stored whole, in order and once each, as soon as
there is room. While anything waits the store's fault is shown (``news``: a
``FaultShown`` from the store, then its ``FaultCleared``); a bus fault is the
board's own and neither clears the other.

A new game the store cannot take yet is given a provisional number (negative)
until its row is written; ``resolve`` turns it into the stored one.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.outcome import Outcome
from engine.said import N_, NP_, Said, plural_said, said, said_of
from firmware_host.notices.declared import (
    FaultCleared,
    FaultShown,
    FaultSource,
    Notice,
    StoreReplaced,
)
from firmware_host.store.storage import GameStore, StorageError, StoredGame

log = logging.getLogger(__name__)

NOT_SAVED = NP_("{count} record not saved yet ({error})", "{count} records not saved yet ({error})")
RETRY_EVERY = 5.0  # seconds between tries while records wait and nothing is played


@dataclass(frozen=True, slots=True)
class GameBegun:
    ticket: int  # the provisional number the game goes by until it is written
    game: str
    options: Mapping[str, str]
    start: str | None
    at: float
    settings: Mapping[str, Any]
    wall: float


@dataclass(frozen=True, slots=True)
class GameFinished:
    game_id: int
    outcome: Outcome
    at: float


@dataclass(frozen=True, slots=True)
class ClockSaved:
    game_id: int
    remaining: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class SettingSaved:
    game_id: int
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class GameReopened:
    game_id: int


@dataclass(frozen=True, slots=True)
class GameAbandoned:
    game_id: int
    at: float


@dataclass(frozen=True, slots=True)
class MovePlayed:
    game_id: int
    ply: int
    move: str
    at: float
    data: Mapping[str, Any] | None
    wall: float


@dataclass(frozen=True, slots=True)
class TakebackMade:
    game_id: int
    ply: int
    plies: int
    at: float
    wall: float


Entry = (
    GameBegun
    | GameFinished
    | ClockSaved
    | SettingSaved
    | GameReopened
    | GameAbandoned
    | MovePlayed
    | TakebackMade
)
"""One write of the store, as the journal keeps it until it is written."""


class Journal:
    """The store's writes, in order; those the store cannot take yet wait here."""

    def __init__(self, store: GameStore, *, retry_every: float = RETRY_EVERY) -> None:
        self.store = store
        self.retry_every = retry_every
        self._waiting: deque[Entry] = deque()
        self._numbers: dict[int, int] = {}  # provisional game number -> stored one
        self._tickets = 0
        self._error: Said | None = None  # why the store refused the first waiting record
        self._retry_at: float | None = None
        self._shown = False
        self._replaced = store.replaced  # a damaged store kept aside: said once

    # --- what waits ------------------------------------------------------------------

    @property
    def pending(self) -> int:
        """How many records wait to be written."""
        return len(self._waiting)

    @property
    def fault(self) -> Said | None:
        """What is wrong with the store while records wait (for the status line)."""
        if not self._waiting or self._error is None:
            return None
        return plural_said(NOT_SAVED, len(self._waiting), error=self._error)

    def resolve(self, game_id: int) -> int:
        """The stored number of a game (a provisional one once its row is written)."""
        return self._numbers.get(game_id, game_id)

    def next_retry(self) -> float | None:
        """When ``tick`` will try again to write what waits."""
        return self._retry_at if self._waiting else None

    def tick(self, now: float) -> list[Notice]:
        """Try again when it is time, and say what changed: call it after every event
        and at ``next_retry``."""
        due = self._retry_at
        if self._waiting and (due is None or (now >= due and not self._flush())):
            self._retry_at = now + self.retry_every  # the first failure, or one more
        return self.news(now)

    def news(self, at: float) -> list[Notice]:
        """The store's notices since last asked: a fault begun or over, a damaged store
        replaced."""
        notices: list[Notice] = []
        if self._replaced is not None:
            notices.append(StoreReplaced(self._replaced.describe(), at))
            self._replaced = None
        if self._waiting and self._error is not None and not self._shown:
            self._shown = True
            goes_on = N_("{error}: the game goes on and is saved when the store can take it")
            notices.append(FaultShown(said(goes_on, error=self._error), at, FaultSource.STORE))
        elif not self._waiting and self._shown:
            self._shown = False
            notices.append(FaultCleared(at, FaultSource.STORE))
        return notices

    def shutdown(self) -> None:
        """The program stops: a last try; what still cannot be written goes to the log,
        so that the moves are there at least."""
        if self._waiting and not self._flush():
            log.error(
                "%d record(s) could not be saved to %s: %s",
                len(self._waiting),
                self.store.path,
                "; ".join(map(repr, self._waiting)),
            )

    # --- writing ---------------------------------------------------------------------

    def _put(self, entry: Entry) -> None:
        self._waiting.append(entry)
        self._flush()

    def _flush(self) -> bool:
        """Write what waits, oldest first, up to the first the store refuses."""
        written = 0
        while self._waiting:
            try:
                self._write(self._waiting[0])
            except StorageError as error:
                if self._error is None:
                    log.error(
                        "%s: the game goes on; the records are kept and written when the"
                        " store can take them",
                        error,
                    )
                self._error = said_of(error)
                return False
            self._waiting.popleft()
            written += 1
        if self._error is not None:
            log.info("the game store takes records again: %d waiting record(s) written", written)
        self._error = None
        self._retry_at = None
        return True

    def _write(self, entry: Entry) -> None:
        store = self.store
        match entry:
            case GameBegun():
                self._numbers[entry.ticket] = store.new_game(
                    entry.game,
                    entry.options,
                    entry.start,
                    entry.at,
                    settings=entry.settings,
                    wall=entry.wall,
                )
            case GameFinished(game_id, outcome, at):
                store.finish(self.resolve(game_id), outcome, at)
            case ClockSaved(game_id, remaining):
                store.save_clock(self.resolve(game_id), remaining)
            case SettingSaved(game_id, key, value):
                store.save_setting(self.resolve(game_id), key, value)
            case GameReopened(game_id):
                store.reopen(self.resolve(game_id))
            case GameAbandoned(game_id, at):
                store.abandon(self.resolve(game_id), at)
            case MovePlayed(game_id, ply, move, at, data, wall):
                store.add_move(self.resolve(game_id), ply, move, at, data, wall=wall)
            case TakebackMade(game_id, ply, plies, at, wall):
                store.add_takeback(self.resolve(game_id), ply, plies, at, wall=wall)

    # --- the store's writes ------------------------------------------------------------

    def new_game(
        self,
        game: str,
        options: Mapping[str, str],
        start: str | None,
        at: float,
        settings: Mapping[str, Any] | None = None,
    ) -> int:
        """A new game's number: the stored one, or a provisional one while it waits."""
        self._tickets -= 1
        ticket = self._tickets
        settings = dict(settings or {})
        self._put(GameBegun(ticket, game, dict(options), start, at, settings, time.time()))
        return self.resolve(ticket)

    def finish(self, game_id: int, outcome: Outcome, at: float) -> None:
        self._put(GameFinished(game_id, outcome, at))

    def save_clock(self, game_id: int, remaining: tuple[float, ...]) -> None:
        self._put(ClockSaved(game_id, tuple(remaining)))

    def save_setting(self, game_id: int, key: str, value: str) -> None:
        self._put(SettingSaved(game_id, key, value))

    def reopen(self, game_id: int) -> None:
        self._put(GameReopened(game_id))

    def abandon(self, game_id: int, at: float) -> None:
        self._put(GameAbandoned(game_id, at))

    def add_move(
        self, game_id: int, ply: int, move: str, at: float, data: Mapping[str, Any] | None = None
    ) -> None:
        self._put(MovePlayed(game_id, ply, move, at, data, time.time()))

    def add_takeback(self, game_id: int, ply: int, plies: int, at: float) -> None:
        self._put(TakebackMade(game_id, ply, plies, at, time.time()))

    # --- reading -----------------------------------------------------------------------

    def unfinished(self, game: str) -> StoredGame | None:
        """The game's stored session that was not finished; None when the store cannot
        be read (a new game starts; the log says why)."""
        try:
            return self.store.unfinished(game)
        except StorageError as error:
            log.error("cannot read the unfinished game: %s", error)
            return None


def journal_of(store: GameStore | Journal) -> Journal:
    """The journal to write ``store`` through (a store given bare gets its own)."""
    return store if isinstance(store, Journal) else Journal(store)
