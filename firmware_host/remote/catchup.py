"""When a board asks again for what the broker may have dropped on its way to it.

A broker drops messages for a board that stops reading: Mosquitto queues at most
``max_queued_messages`` (1000 by default) QoS 1 messages per client, and past that a
message to it is lost (issue 66: a board stalled 3-8 s while the room was flooded
never lit the opponent's move). Every state is retained and whole, but the broker
sends what it retained only to a new subscription, so a board still connected is
never told again. Each playing board therefore says, every ``heartbeat`` seconds,
the number of its latest state (``Presence.state``); a board that holds an older one
of it missed it (a gap), and a board that hears nothing at all from a board that beats
for ``silence`` seconds may be missing everything it says. Either way it asks again:
it subscribes anew (the broker sends what it retained, MQTT 3.1.1 section 3.8.4) and
asks the other boards (``Ask``) to say their states again, at growing intervals while
nothing comes; nothing of the game is given up meanwhile.

Pure: told what the room knows and the time, it answers whether to beat or to ask.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from firmware_host.remote.link import KEEPALIVE


@dataclass(frozen=True, slots=True)
class Pace:
    """The catch-up's times, in seconds.

    ``heartbeat``: a state dropped is known at most this long after the board reads
    again; one heartbeat is one retained message of 355 bytes (measured: a signed
    ``Presence`` with its state, ``tests/firmware_host/remote/test_catchup.py`` holds
    it under 400), so six a minute per board cost nothing a Pi notices.
    ``silence``: three heartbeats missed, and longer than the 1.5 x ``KEEPALIVE`` after
    which the broker says a vanished board offline (MQTT 3.1.1 section 3.1.2.10): a
    board silent this long while said online is being dropped, not gone.
    ``grace``: a state announced may arrive just after its announcement when both are
    read from what a new subscription is sent (in topic order, not in the order said);
    that burst (a two-board game's five retained messages, 30 KB) took 96 ms median,
    120 ms at most, over 20 subscriptions to Mosquitto 2.0.11 on loopback on a busy
    laptop (measured): a second is eight times the slowest.
    ``first``, ``most``: the interval between two asks doubles from ``first`` up to
    ``most`` while nothing comes, so a board that cannot be caught up asks at most
    twice a minute (each ask: one subscription, a few retained messages back)."""

    heartbeat: float = 10.0
    silence: float = max(30.0, 1.5 * KEEPALIVE)
    grace: float = 1.0
    first: float = 2.0
    most: float = 30.0


@dataclass(slots=True)
class CatchUp:
    """One board's heartbeat and its asking again, for one remote game."""

    pace: Pace = field(default_factory=Pace)
    _beat_at: float | None = None  # when this board last said its state's number
    _missing_since: float | None = None  # when a state known to exist was first missed
    _asked_at: float | None = None
    _interval: float = 0.0  # before the next ask, while still missing
    asks: int = 0  # asks for what is missing now
    _heard: dict[str, tuple[int, float]] = field(default_factory=dict)  # count, since

    def beat(self, now: float) -> bool:
        """Whether this board says its state's number now (and it is taken as said)."""
        if self._beat_at is not None and now - self._beat_at < self.pace.heartbeat:
            return False
        self._beat_at = now
        return True

    def silent(self, heard: Mapping[str, int], beating: frozenset[str], now: float) -> bool:
        """Whether a board that beats (and is online) has said nothing for ``silence``
        seconds (``heard``: how many messages were read from each board so far). A
        board heard from again (an answer to an ask) starts its silence anew."""
        quiet = False
        for board in beating:
            count = heard.get(board, 0)
            last = self._heard.get(board)
            if last is None or last[0] != count:
                self._heard[board] = (count, now)
            elif now - last[1] >= self.pace.silence:
                self._heard[board] = (count, now)  # asked once per silence
                quiet = True
        return quiet

    def ask(self, missing: bool, now: float) -> bool:
        """Whether to ask again now for a state known to be missing (``missing``): after
        ``grace``, then at intervals doubling up to ``most``; all forgotten once
        nothing is missing."""
        if not missing:
            self._missing_since = self._asked_at = None
            self.asks = 0
            return False
        if self._missing_since is None:
            self._missing_since = now
        if now - self._missing_since < self.pace.grace:
            return False
        if self._asked_at is not None and now - self._asked_at < self._interval:
            return False
        self._interval = (
            self.pace.first if self._asked_at is None else min(self._interval * 2, self.pace.most)
        )
        self._asked_at = now
        self.asks += 1
        return True

    def waiting(self, now: float) -> bool:
        """Whether a state known to exist has been missing past ``grace``: the board
        says it waits for it."""
        since = self._missing_since
        return since is not None and now - since >= self.pace.grace
