"""A round gathered for its export from the room alone: the room's state, retained on
the broker and signed by its organiser's key, says the round, its pairings and each
table's games (the watch codes the room recorded for it); each game is followed as any
spectator follows it (``live_watch.py``) and a table's games joined into its game
(``table_log.py``), until every one of them has been heard or ``wait`` has passed.

So ``kiban room export`` needs nothing but the broker and the room's name: no watch
codes typed, and every move with the time its board gave it (the boards publish their
moves' times, and when the game began), whenever the export is run.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.errors import KibanError
from firmware_host.club.live import LiveGame, Table
from firmware_host.club.live_watch import LiveWatch
from firmware_host.club.messages import RoomState, game_key, room_filter
from firmware_host.club.pairings import Round
from firmware_host.club.roster import Roster
from firmware_host.club.table_log import TableLog
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode, GameCodeError
from firmware_host.remote.link import Link
from firmware_host.remote.terms import LinkFactory


class RoomNotHeardError(KibanError, LookupError):
    """The room's state was not heard on the broker (not open there, or another room)."""


@dataclass(frozen=True, slots=True)
class Gathered:
    """The round as the room's state says it: each table's game as it stands (None for
    a table with none recorded), and each table's earlier games (the organiser's
    ``new`` ended them)."""

    round: Round
    games: dict[int, LiveGame | None]
    earlier: dict[int, tuple[LiveGame | None, ...]] = field(default_factory=dict)


def gathered_round(
    address: BrokerAddress,
    room: str,
    wait: float,
    *,
    event: str = "",
    link_factory: LinkFactory = Link,
    clock: Callable[[], float] = time.monotonic,
) -> Gathered:
    """The round the room ``room`` plays on ``address``, and each table's games."""
    gathering = _Gathering(address, room, event, link_factory)
    try:
        end = clock() + wait
        while True:
            gathering.read()
            left = end - clock()
            if gathering.heard() or left <= 0:
                break
            gathering.woken.wait(min(left, 0.2))
            gathering.woken.clear()
        return gathering.gathered(address, room, wait)
    finally:
        gathering.close()


class _Gathering:
    """The room's state and its tables' games, as they are heard."""

    def __init__(
        self, address: BrokerAddress, room: str, event: str, link_factory: LinkFactory
    ) -> None:
        self.address, self.room, self.event, self.link_factory = address, room, event, link_factory
        self.woken = threading.Event()
        self.link = link_factory(address, room_filter(room), None, self.woken.set)
        self.link.start()
        self.roster = Roster(room)
        self.watches: dict[str, LiveWatch] = {}
        self.logs: dict[int, TableLog] = {}
        self.before: dict[int, list[TableLog]] = {}
        self.state: RoomState | None = None

    def read(self) -> None:
        for topic, payload in self.link.received():
            self.roster.receive(topic, payload)
        if self.state is None and self.roster.state is not None:
            self.state = self.roster.state
            self._tables(self.state)
        for watch in self.watches.values():
            watch.poll()

    def heard(self) -> bool:
        """The state, and every game it names (its host's game and a board's state)."""
        return self.state is not None and all(
            w.record.heard and w.record.view() for w in self.watches.values()
        )

    def _follow(self, code: str, table: int) -> LiveWatch | None:
        """The game of watch code ``code`` followed (once, however many tables name it)."""
        if code not in self.watches:
            try:
                parsed = GameCode.parse(code)
            except GameCodeError:
                return None  # read and checked with the state: not reached
            self.watches[code] = LiveWatch(
                Table(table), parsed, self.address, link_factory=self.link_factory,
                wake=self.woken.set,
            )  # fmt: skip
        return self.watches[code]

    def _log(self, key: str, table: Table, codes: tuple[str, ...]) -> TableLog:
        log = TableLog(key, table)
        for code in codes:
            watch = self._follow(code, table.number)
            if watch is not None:
                log.add(code, watch.record)
        return log

    def _tables(self, state: RoomState) -> None:
        """Each table's record, its games followed; its earlier games too."""
        for pairing in state.pairings:
            entry = state.table(pairing.table)
            table = Table(pairing.table, pairing.players, self.event)
            key = game_key(self.room, state.round, pairing.table, entry.game)
            log = self._log(key, table, entry.records)
            log.abandoned = entry.abandoned
            self.logs[pairing.table] = log
            for codes in entry.earlier:
                old = self._log("", table, codes)
                old.abandoned = True
                self.before.setdefault(pairing.table, []).append(old)

    def gathered(self, address: BrokerAddress, room: str, wait: float) -> Gathered:
        state = self.state
        if state is None:
            raise RoomNotHeardError(
                f"room {room} said nothing on {address} within {wait:g} s: is it open there"
                " (kiban room name prints the room of this computer's organiser key)?"
            )
        return Gathered(
            Round(state.round, state.pairings),
            {number: log.view() for number, log in self.logs.items()},
            {number: tuple(log.view() for log in old) for number, old in self.before.items()},
        )

    def close(self) -> None:
        for watch in self.watches.values():
            watch.close()
        self.link.close()
