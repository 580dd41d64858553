"""The room's tables followed live by the watch codes of the boards' births: the live
files, the spectator page and the organiser's round read them (``live_server.Tables``).

A bound board names its game's watch code in its birth, and says it again when a
pairing starts a new game (new codes), so each table is watched through the code its
bound board says now: a watch opened when a code is first heard, replaced when it
changes, closed when the table is unbound. Everything is done on the room's loop
(``organiser.follow``'s ``seen``), woken by the watches' links as by its own; the web
server's thread only reads the mapping, taken anew after each change, and each live
record's ``view`` (a value built of tuples: one list copied whole under the GIL).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping

from firmware_host.club.desk import Glance
from firmware_host.club.live import LiveRecord, Table
from firmware_host.club.live_watch import LiveWatch
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode, GameCodeError
from firmware_host.remote.link import Link
from firmware_host.remote.setting import LinkFactory


class LiveTables:
    """Every bound table's game, watched through its board's latest watch code."""

    def __init__(
        self,
        address: BrokerAddress,
        *,
        event: str = "",
        link_factory: LinkFactory = Link,
        wake: Callable[[], None] = lambda: None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """``wake``: wakes the room's loop when a watched game has news."""
        self._address = address
        self._event = event
        self._link_factory = link_factory
        self._wake = wake
        self._clock = clock
        self._watches: dict[int, tuple[str, LiveWatch]] = {}  # table: (its code, its watch)
        self._lock = threading.Lock()
        self._shown: Mapping[int, LiveRecord] = {}

    def see(self, glance: Glance) -> None:
        """Follow what the room says now: each bound board's watch code at its table."""
        wanted: dict[int, str] = {}
        bound = {} if glance.state is None else {t: b for t, b, _key in glance.state.bound}
        for entry in glance.entries:
            birth = entry.birth
            if birth is None or birth.watch is None or birth.table is None:
                continue
            if bound.get(birth.table) == entry.board:
                wanted[birth.table] = birth.watch
        for table in [t for t, (code, _w) in self._watches.items() if wanted.get(t) != code]:
            self._watches.pop(table)[1].close()
        for table, code in wanted.items():
            if table not in self._watches:
                self._open(glance, table, code)
        with self._lock:
            self._shown = {t: watch.record for t, (_c, watch) in self._watches.items()}

    def _open(self, glance: Glance, table: int, code: str) -> None:
        try:
            parsed = GameCode.parse(code)
        except GameCodeError:
            return  # the roster checked it already: a birth naming no watch code
        pairing = glance.round.at(table)
        players = () if pairing is None else pairing.players
        watch = LiveWatch(
            Table(table, players, self._event),
            parsed,
            self._address,
            link_factory=self._link_factory,
            wake=self._wake,
            clock=self._clock,
        )
        self._watches[table] = (code, watch)

    def poll(self) -> bool:
        """Read what the watched games' links delivered; whether any game changed."""
        changed = False
        for _code, watch in self._watches.values():
            changed |= watch.poll()
        return changed

    def tables(self) -> Mapping[int, LiveRecord]:
        """The tables as they stand (``live_server.Tables``), from any thread."""
        with self._lock:
            return self._shown

    def close(self) -> None:
        for _code, watch in self._watches.values():
            watch.close()
        self._watches.clear()
        with self._lock:
            self._shown = {}
