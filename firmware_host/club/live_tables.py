"""The room's tables followed live: each table's game recorded from its bound board's
broadcasts, read by the live files, the spectator page, the organiser's round and the
round's export (``live_server.Tables``).

A bound board names in its birth the watch code of the game it plays and the table's
game it plays it as (``Birth.playing``, ``messages.game_key``). The room follows that
code, and records it for the table (``see`` returns it, the organiser's state says it
from then on) only when the game's own settings name the table's game and it goes on
from what the table recorded before: a board bound to another table, or one still
playing the game of the table it came from, is never recorded here, so no bind can put
one table's game under another table's names. The codes recorded are followed for as
long as the table's game lasts (``table_log.TableLog`` joins them), so a board
restarted, replaced or rebound loses nothing of it.

Everything is done on the room's loop (``organiser.follow``), woken by the watches'
links as by its own; the web server's thread only reads the mapping, taken anew after
each change, and each table's ``view`` (a value built of tuples).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from firmware_host.club.live import Table, Viewed
from firmware_host.club.live_watch import LiveWatch
from firmware_host.club.messages import RoomState, game_key
from firmware_host.club.roster import Alert, AlertKind, Entry
from firmware_host.club.table_log import TableLog, continued_at
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode, GameCodeError
from firmware_host.remote.link import Link
from firmware_host.remote.terms import LinkFactory

STALL_MINUTES = 10.0
"""Minutes with no move at a table after which the organiser is told, unless the room
is told otherwise for a game (``kiban room open --stall GAME=MINUTES``): a table whose
players wait for something (a Robotory refill nobody pressed, a question the board
asked and nobody saw) or have left. A club's move rarely takes ten minutes outside a
long time control; a quick game's room says less (``--stall dobutsu=5``). A choice of
this project, not a measurement; a clocked game's fallen flag is told by its board
besides."""


@dataclass(frozen=True, slots=True)
class StallTimes:
    """The minutes without a move after which each game's table is told: ``default``,
    or the game's own (by its registered name)."""

    default: float = STALL_MINUTES
    by_game: tuple[tuple[str, float], ...] = ()

    def minutes(self, game: str) -> float:
        return dict(self.by_game).get(game, self.default)

    @classmethod
    def given(cls, stated: list[tuple[str | None, float]]) -> StallTimes:
        """As the organiser states them (``--stall``): (None, minutes) for every game,
        (a game's name, minutes) for that game; the last said of each wins."""
        default = next((m for g, m in reversed(stated) if g is None), STALL_MINUTES)
        games = {g: m for g, m in stated if g is not None}
        return cls(default, tuple(sorted(games.items())))


class LiveTables:
    """Every table's game, recorded from its bound board's broadcasts."""

    def __init__(
        self,
        address: BrokerAddress,
        room: str,
        *,
        event: str = "",
        link_factory: LinkFactory = Link,
        wake: Callable[[], None] = lambda: None,
        clock: Callable[[], float] = time.time,
        stall: StallTimes = StallTimes(),
    ) -> None:
        """``room``: the room's name (the tables' games are named in it); ``wake``:
        wakes the room's loop when a watched game has news; ``stall``: the minutes
        without a move after which a table is told."""
        self._stall = stall
        self._address = address
        self._room = room
        self._event = event
        self._link_factory = link_factory
        self._wake = wake
        self._clock = clock
        self._watches: dict[str, LiveWatch] = {}  # every game followed, by watch code
        self._logs: dict[int, TableLog] = {}
        self._earlier: dict[int, tuple[TableLog, ...]] = {}  # games the organiser ended
        self._state: RoomState | None = None
        self._lock = threading.Lock()
        self._shown: Mapping[int, Viewed] = {}
        self._shown_earlier: Mapping[int, tuple[Viewed, ...]] = {}

    def see(
        self, state: RoomState | None, entries: tuple[Entry, ...]
    ) -> tuple[tuple[int, str], ...]:
        """Follow what the room says now: each table's recorded games, and its bound
        board's game; the games to record for their tables now (table, watch code)."""
        if state is None:
            return ()
        self._state = state
        births = {entry.board: entry.birth for entry in entries}
        wanted: set[str] = set()
        candidates: dict[int, str] = {}
        logs: dict[int, TableLog] = {}
        for pairing in state.pairings:
            number = pairing.table
            entry = state.table(number)
            key = game_key(self._room, state.round, number, entry.game)
            table = Table(number, pairing.players, self._event)
            log = self._logs.get(number)
            if log is None or log.key != key:
                log = TableLog(key, table)
            log.table, log.abandoned = table, entry.abandoned
            logs[number] = log
            wanted.update(entry.records)
            birth = None if entry.board is None else births.get(entry.board)
            if (
                birth is not None
                and birth.table == number
                and birth.playing == key
                and birth.watch is not None
                and birth.watch not in entry.records
            ):
                candidates[number] = birth.watch
                wanted.add(birth.watch)
        for pairing in state.pairings:
            for codes in state.table(pairing.table).earlier:
                wanted.update(codes)
        for code in [c for c in self._watches if c not in wanted]:
            self._watches.pop(code).close()
        for code in wanted - set(self._watches):
            self._open(code)
        for number, log in logs.items():
            for code in state.table(number).records:
                watch = self._watches.get(code)
                if watch is not None:
                    log.add(code, watch.record)
        self._logs = logs
        self._earlier = self._earlier_logs(state)
        self.poll()
        with self._lock:
            self._shown = {n: log for n, log in logs.items() if log.codes}
            self._shown_earlier = dict(self._earlier)
        return tuple(
            (number, code)
            for number, code in sorted(candidates.items())
            if self._goes_on(logs[number], code)
        )

    def _earlier_logs(self, state: RoomState) -> dict[int, tuple[TableLog, ...]]:
        """Each table's earlier games (ended by the organiser's ``new``), joined as its
        game is, abandoned unless they ended by themselves."""
        found: dict[int, tuple[TableLog, ...]] = {}
        for pairing in state.pairings:
            chains = state.table(pairing.table).earlier
            kept = self._earlier.get(pairing.table, ())
            if len(kept) == len(chains) and all(
                log.codes == codes for log, codes in zip(kept, chains, strict=True)
            ):
                found[pairing.table] = kept
                continue
            logs = []
            for codes in chains:
                log = TableLog("", Table(pairing.table, pairing.players, self._event))
                log.abandoned = True
                for code in codes:
                    watch = self._watches.get(code)
                    if watch is not None:
                        log.add(code, watch.record)
                logs.append(log)
            if logs:
                found[pairing.table] = tuple(logs)
        return found

    def earlier(self) -> Mapping[int, tuple[Viewed, ...]]:
        """Each table's earlier games (the organiser's ``new`` ended them), from any
        thread: kept for the round's export, not its table."""
        with self._lock:
            return self._shown_earlier

    def _goes_on(self, log: TableLog, code: str) -> bool:
        """Whether the game of ``code`` is the table's: it names the table's game, and
        takes up the game recorded so far where it stood (a first game: from anywhere)."""
        watch = self._watches.get(code)
        view = None if watch is None else watch.record.view()
        if view is None or view.key != log.key:
            return False
        before = log.view()
        if before is None:
            return True
        return before.game == view.game and continued_at(before, view.start) is not None

    def _open(self, code: str) -> None:
        try:
            parsed = GameCode.parse(code)
        except GameCodeError:
            return  # the roster checked it already: a birth naming no watch code
        self._watches[code] = LiveWatch(
            Table(0),
            parsed,
            self._address,
            link_factory=self._link_factory,
            wake=self._wake,
            clock=self._clock,
        )

    def poll(self) -> bool:
        """Read what the watched games' links delivered; whether any game changed."""
        changed = False
        for watch in self._watches.values():
            changed |= watch.poll()
        return changed

    def alerts(self) -> tuple[Alert, ...]:
        """The tables with no move for longer than their game allows (``StallTimes``), a
        game under way only (not one waiting for its first move, ended or abandoned)."""
        now = self._clock()
        state = self._state
        found = []
        for number, log in sorted(self._logs.items()):
            view = log.view()
            if view is None or view.ending is not None or view.abandoned or not view.moves:
                continue
            minutes = self._stall.minutes(view.game)
            if now - view.moves[-1].at >= minutes * 60:
                board = None if state is None else state.board_at(number)
                told = max(1, round(minutes))
                found.append(Alert(AlertKind.STALLED, board or "", number, minutes=told))
        return tuple(found)

    def tables(self) -> Mapping[int, Viewed]:
        """The tables as they stand (``live_server.Tables``), from any thread."""
        with self._lock:
            return self._shown

    def close(self) -> None:
        for watch in self._watches.values():
            watch.close()
        self._watches.clear()
        with self._lock:
            self._shown = {}
