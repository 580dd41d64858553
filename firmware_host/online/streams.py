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

A stream that ends (or breaks) soon after it opened, having said nothing new, is a
failure in a row like any other, so its pauses grow: lishogi closing a stream after
every update (or at once) is not opened again every second. Only a stream that said
something not heard before (a move, a status, a draw offer, a chat line, an event not
told at an earlier opening: each opening tells the game, the games and challenges
in progress again) or that stayed open as long as the longest pause (``Backoff.cap_s``:
reopened then, it is never opened oftener than the capped pauses allow) starts the
pauses again from the first. Each end is told (``LinkLost``, ``ended``), and one that
keeps coming in its own words (``words``): never a silent reconnection.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, Callable
from contextlib import aclosing
from dataclasses import dataclass

from engine.said import Said
from firmware_host.online.client import LishogiClient, Sleep
from firmware_host.online.errors import (
    LinkDownError,
    MalformedMessageError,
    NotAuthorizedError,
    OnlineError,
    RateLimitedError,
    TokenError,
)
from firmware_host.online.messages import (
    ChatLine,
    Event,
    GameFull,
    GameMessage,
    GameState,
    GameStatus,
    Listening,
    Side,
)
from firmware_host.online.trouble import TOKEN_REFUSED, link_down, stream_keeps_ending

Clock = Callable[[], float]
"""Seconds, monotonic: how long a stream stayed open."""


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
            return f"lishogi asks Kiban to wait {error.wait_s:.0f} s (429)"
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
    """The stream broke off (``ended``: lishogi closed it, the game going on); it is
    opened again in ``retry_in_s`` seconds, after ``failures`` in a row."""

    reason: str
    retry_in_s: float
    failures: int
    ended: bool = False

    def words(self, waiting: int = 0) -> Said:
        """What the person is told: a stream that lishogi keeps closing in its own
        words (it is opened again, ever more slowly), else the link down and why."""
        if self.ended and self.failures > 1:
            return stream_keeps_ending(self.retry_in_s)
        return link_down(self.reason, self.retry_in_s, waiting)


_Fact = tuple[tuple[str, ...], GameStatus, Side | None, bool, bool]


def _fact(state: GameState) -> _Fact:
    """What of a game state is news when it changes (its clocks move on by themselves)."""
    return (
        state.moves,
        state.status,
        state.winner,
        state.sente_offers_draw,
        state.gote_offers_draw,
    )


class _Pace:
    """The failures in a row, and whether a stream just closed earned a fresh start:
    something new said, or open as long as the longest pause."""

    def __init__(self, backoff: Backoff, clock: Clock) -> None:
        self._backoff = backoff
        self._clock = clock
        self.failures = 0
        self._opened = 0.0
        self._news = False

    def opened(self) -> None:
        self._opened = self._clock()
        self._news = False

    def news(self) -> None:
        self._news = True

    def closed(self) -> float:
        """The stream closed: the pause before it is opened again."""
        if self._news or self._clock() - self._opened >= self._backoff.cap_s:
            self.failures = 0
        self.failures += 1
        return self._backoff.delay(self.failures)


async def follow_game(
    client: LishogiClient,
    game_id: str,
    *,
    backoff: Backoff = Backoff(),
    sleep: Sleep = asyncio.sleep,
    clock: Clock = time.monotonic,
) -> AsyncGenerator[GameMessage | LinkLost, None]:
    """A game's messages until it is over, reconnecting as often as it takes, ever
    more slowly while the streams say nothing new."""
    pace = _Pace(backoff, clock)
    known: _Fact | None = None  # the game as last told
    while True:
        over = ended = False
        pace.opened()
        try:
            async with aclosing(client.game(game_id)) as messages:
                async for message in messages:
                    if isinstance(message, ChatLine):
                        pace.news()  # a stream tells a chat line once, live
                    else:
                        state = message.state if isinstance(message, GameFull) else message
                        over = state.status.is_over
                        if _fact(state) != known:
                            known = _fact(state)
                            pace.news()
                    yield message
            if over:
                return
            reason, ended = "the game stream ended while the game goes on", True
        except OnlineError as error:
            said = passing(error)
            if said is None:
                raise
            reason = said
        delay = pace.closed()
        yield LinkLost(reason, delay, pace.failures, ended)
        await sleep(delay)


async def follow_events(
    client: LishogiClient,
    *,
    backoff: Backoff = Backoff(),
    sleep: Sleep = asyncio.sleep,
    clock: Clock = time.monotonic,
) -> AsyncGenerator[Event | Listening | LinkLost, None]:
    """The account's events, forever, each connection's opening told (``Listening``):
    what happened while the stream was down is told by nobody, so a reader waiting on
    something asks lishogi then. After each reconnection lishogi tells every game in
    progress and every open challenge again: readers must take repeats (and the
    pauses grow while an opening tells nothing else)."""
    pace = _Pace(backoff, clock)
    told: set[Event] = set()
    while True:
        ended = False
        pace.opened()
        try:
            async with aclosing(client.events()) as events:
                async for event in events:
                    if not isinstance(event, Listening) and event not in told:
                        told.add(event)
                        pace.news()
                    yield event
            reason, ended = "the event stream ended", True
        except OnlineError as error:
            said = passing(error)
            if said is None:
                raise
            reason = said
        delay = pace.closed()
        yield LinkLost(reason, delay, pace.failures, ended)
        await sleep(delay)
