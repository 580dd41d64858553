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
from firmware_host.remote.setting import LinkFactory


class RoomNotHeardError(KibanError, LookupError):
    """The room's state was not heard on the broker (not open there, or another room)."""


def gathered_round(
    address: BrokerAddress,
    room: str,
    wait: float,
    *,
    event: str = "",
    link_factory: LinkFactory = Link,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[Round, dict[int, LiveGame | None]]:
    """The round the room ``room`` plays on ``address``, and each table's game as it
    stands (None for a table with no game recorded)."""
    woken = threading.Event()
    link = link_factory(address, room_filter(room), None, woken.set)
    link.start()
    roster = Roster(room)
    watches: dict[str, LiveWatch] = {}
    logs: dict[int, TableLog] = {}
    state: RoomState | None = None

    def follow(code: str, table: int) -> LiveWatch | None:
        """The game of watch code ``code`` followed (once, however many tables name it)."""
        if code not in watches:
            try:
                parsed = GameCode.parse(code)
            except GameCodeError:
                return None  # read and checked with the state: not reached
            watches[code] = LiveWatch(
                Table(table), parsed, address, link_factory=link_factory, wake=woken.set
            )
        return watches[code]

    def tables(state: RoomState) -> dict[int, TableLog]:
        """Each table's record, its games followed."""
        logs: dict[int, TableLog] = {}
        for pairing in state.pairings:
            entry = state.table(pairing.table)
            key = game_key(room, state.round, pairing.table, entry.game)
            log = TableLog(key, Table(pairing.table, pairing.players, event))
            log.abandoned = entry.abandoned
            for code in entry.records:
                watch = follow(code, pairing.table)
                if watch is not None:
                    log.add(code, watch.record)
            logs[pairing.table] = log
        return logs

    try:
        end = clock() + wait
        while True:
            for topic, payload in link.received():
                roster.receive(topic, payload)
            if state is None and roster.state is not None:
                state = roster.state
                logs = tables(state)
            for watch in watches.values():
                watch.poll()
            heard = all(w.record.heard and w.record.view() for w in watches.values())
            left = end - clock()
            if (state is not None and heard) or left <= 0:
                break
            woken.wait(min(left, 0.2))
            woken.clear()
        if state is None:
            raise RoomNotHeardError(
                f"room {room} said nothing on {address} within {wait:g} s: is it open there"
                " (kiban room name prints the room of this computer's organiser key)?"
            )
        round = Round(state.round, state.pairings)
        return round, {number: log.view() for number, log in logs.items()}
    finally:
        for watch in watches.values():
            watch.close()
        link.close()
