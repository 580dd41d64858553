"""A table's game followed by its watch code and kept as a live record: the spectator's
own path (a ``Room`` in the watching role over a broker connection: every message
decoded, its signature and its board's key checked there), whose accepted states are
handed to the ``LiveRecord`` with their numbers, so the broker's bytes are read once."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from firmware_host.club.live import LiveRecord, Table
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.remote.link import Link
from firmware_host.remote.messages import Topic, room_filter, topic
from firmware_host.remote.room import Role, Room
from firmware_host.remote.terms import Connection, LinkFactory


class LiveWatch:
    """One table watched: ``poll`` reads what arrived into the live record."""

    def __init__(
        self,
        table: Table,
        code: GameCode,
        address: BrokerAddress,
        *,
        link_factory: LinkFactory = Link,
        wake: Callable[[], None] = lambda: None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """``code``: the game's watch code (a play code is only read as one: a spectator
        says nothing); ``clock``: the time now, seconds since the epoch."""
        keys = replace(code.keys(), join=None)
        self.room = Room(keys, "live", Role.WATCH)
        self.record = LiveRecord(table)
        self._clock = clock
        self.link: Connection = link_factory(address, room_filter(keys.room), None, wake)
        self.link.start()

    def poll(self) -> bool:
        """Read what the broker delivered; whether the game as shown changed. The room's
        newest game and states are handed on after each batch (a state the room held
        until the host seated its board is among them; one already read is ignored)."""
        received = self.link.received()
        for topic_name, payload in received:
            self.room.receive(topic_name, payload)
        if not received:
            return False
        room, at = self.room, self._clock()
        changed = False
        spec = room.spec
        if spec is not None:
            seq = room.seq_of(topic(room.keys.room, Topic.GAME, spec.host))
            changed |= seq is not None and self.record.feed(spec.host, seq, spec, at)
        for board, state in sorted(room.states.items()):
            seq = room.seq_of(topic(room.keys.room, Topic.BOARD, board))
            changed |= seq is not None and self.record.feed(board, seq, state, at)
        return changed

    def close(self) -> None:
        self.link.close(None)
