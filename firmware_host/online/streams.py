"""The event and game streams, followed through broken connections.

A stream that breaks off (or ends while the game goes on) is opened again after a
pause that doubles up to a cap; the game stream begins again with gameFull, which
holds the whole move list, so a reader that takes gameFull as the truth misses
nothing. Each break is told to the reader as ``LinkLost`` before the pause, so the
page can say the link is down. Refusals (no such game, a revoked token) are not
retried: they end the iteration with their error.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import aclosing
from dataclasses import dataclass

from firmware_host.online.client import LishogiClient, Sleep
from firmware_host.online.errors import LinkDownError
from firmware_host.online.messages import Event, GameFull, GameMessage, GameState


@dataclass(frozen=True)
class Backoff:
    """Pauses between attempts: ``first_s``, then ``factor`` times longer, at most ``cap_s``."""

    first_s: float = 1.0
    factor: float = 2.0
    cap_s: float = 60.0

    def delay(self, failures: int) -> float:
        """The pause after the ``failures``-th failure in a row (1 for the first)."""
        return min(self.cap_s, self.first_s * self.factor ** max(0, failures - 1))


@dataclass(frozen=True)
class LinkLost:
    """The stream broke off; it is opened again in ``retry_in_s`` seconds."""

    reason: str
    retry_in_s: float
    failures: int


async def follow_game(
    client: LishogiClient,
    game_id: str,
    *,
    backoff: Backoff = Backoff(),
    sleep: Sleep = asyncio.sleep,
) -> AsyncIterator[GameMessage | LinkLost]:
    """A game's messages until it is over, reconnecting as often as it takes."""
    failures = 0
    while True:
        over = False
        try:
            async with aclosing(client.game(game_id)) as messages:
                async for message in messages:
                    failures = 0
                    if isinstance(message, GameFull | GameState):
                        state = message.state if isinstance(message, GameFull) else message
                        over = state.status.is_over
                    yield message
            if over:
                return
            reason = "the game stream ended while the game goes on"
        except LinkDownError as error:
            reason = str(error)
        failures += 1
        delay = backoff.delay(failures)
        yield LinkLost(reason, delay, failures)
        await sleep(delay)


async def follow_events(
    client: LishogiClient,
    *,
    backoff: Backoff = Backoff(),
    sleep: Sleep = asyncio.sleep,
) -> AsyncIterator[Event | LinkLost]:
    """The account's events, forever. After each reconnection lishogi tells every
    game in progress and every open challenge again: readers must take repeats."""
    failures = 0
    while True:
        try:
            async with aclosing(client.events()) as events:
                async for event in events:
                    failures = 0
                    yield event
            reason = "the event stream ended"
        except LinkDownError as error:
            reason = str(error)
        failures += 1
        delay = backoff.delay(failures)
        yield LinkLost(reason, delay, failures)
        await sleep(delay)
