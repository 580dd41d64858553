"""The event and game streams, followed through broken connections.

A stream that breaks off (or ends while the game goes on) is opened again after a
pause that doubles up to a cap; the game stream begins again with gameFull, which
holds the whole move list, so a reader that takes gameFull as the truth misses
nothing. A line Kiban cannot read (malformed, or longer than the reader takes) breaks
the stream the same way. Each break is told to the reader as ``LinkLost`` before the
pause, so the page can say the link is down. A token lishogi refuses (revoked,
expired) is waited out the same way, in its own words, since a new one may be given
meanwhile; lishogi's 429 too. Refusals that stay (no such game, not ours) are not
retried: they end the iteration with their error.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import aclosing
from dataclasses import dataclass

from firmware_host.online.client import LishogiClient, Sleep
from firmware_host.online.errors import (
    LinkDownError,
    MalformedMessageError,
    NotAuthorizedError,
    OnlineError,
    RateLimitedError,
    TokenError,
)
from firmware_host.online.messages import Event, GameFull, GameMessage, GameState, Listening
from firmware_host.online.trouble import TOKEN_REFUSED


def passing(error: OnlineError) -> str | None:
    """Why a call failed, in words, when trying again later may work (the link, a line
    that could not be read, the token, lishogi's pause); None for a refusal that stays."""
    match error:
        case LinkDownError():
            return str(error)
        case MalformedMessageError():
            return f"lishogi sent a line Kiban cannot read ({error})"
        case NotAuthorizedError() | TokenError():
            return TOKEN_REFUSED
        case RateLimitedError():
            return "lishogi asks Kiban to wait a minute (429)"
    return None


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
        except OnlineError as error:
            said = passing(error)
            if said is None:
                raise
            reason = said
        failures += 1
        delay = backoff.delay(failures)
        yield LinkLost(reason, delay, failures)
        await sleep(delay)


async def follow_events(
    client: LishogiClient,
    *,
    backoff: Backoff = Backoff(),
    sleep: Sleep = asyncio.sleep,
) -> AsyncGenerator[Event | Listening | LinkLost, None]:
    """The account's events, forever, each connection's opening told (``Listening``):
    what happened while the stream was down is told by nobody, so a reader waiting on
    something asks lishogi then. After each reconnection lishogi tells every game in
    progress and every open challenge again: readers must take repeats."""
    failures = 0
    while True:
        try:
            async with aclosing(client.events()) as events:
                async for event in events:
                    failures = 0
                    yield event
            reason = "the event stream ended"
        except OnlineError as error:
            said = passing(error)
            if said is None:
                raise
            reason = said
        failures += 1
        delay = backoff.delay(failures)
        yield LinkLost(reason, delay, failures)
        await sleep(delay)
