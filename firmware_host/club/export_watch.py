"""The round's games gathered for its export: each table followed by its watch code, as
any spectator follows it (``live_watch.py``), until the broker has said what it keeps.

The boards' states are retained on the broker (docs/remote.md), so a watcher that
connects is told every game at once; ``wait`` is how long it listens for them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping

from firmware_host.club.live import LiveGame, Table
from firmware_host.club.live_watch import LiveWatch
from firmware_host.club.pairings import Round
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.remote.link import Link
from firmware_host.remote.setting import LinkFactory


def watched_round(
    round: Round,
    codes: Mapping[int, GameCode],
    address: BrokerAddress,
    wait: float,
    *,
    event: str = "",
    link_factory: LinkFactory = Link,
    clock: Callable[[], float] = time.monotonic,
) -> dict[int, LiveGame | None]:
    """Each table of ``codes`` followed for ``wait`` seconds: its game as it stands (None
    for a table whose game was not heard)."""
    woken = threading.Event()
    watches = {}
    for table, code in sorted(codes.items()):
        pairing = round.at(table)
        players = pairing.players if pairing is not None else ()
        watches[table] = LiveWatch(
            Table(table, players, event), code, address, link_factory=link_factory, wake=woken.set
        )
    try:
        end = clock() + wait
        while True:
            for watch in watches.values():
                watch.poll()
            left = end - clock()
            if left <= 0:
                break
            woken.wait(min(left, 0.2))
            woken.clear()
        return {table: watch.record.view() for table, watch in watches.items()}
    finally:
        for watch in watches.values():
            watch.close()
