"""Waiting for the game a seek or a challenge brings, so that its answer is heard
whatever order things happen in, on lishogi and on the way to it.

lishogi tells a new game on the event stream (``gameStart``), and only to a stream
open at that moment; each time a stream opens it tells the games in progress again.
What happened while no stream was open is told to nobody. So:

- nothing is asked (the seek, the challenge) before the event stream is open
  (``Listening``), and the games in progress are read then: a pairing or an
  acceptance is told, live or at the next opening, while its game goes on;
- a decline is told (``challengeDeclined``) by lishogi's spec, but not by the server
  source Kiban read, and never to a stream that was down: the challenge's own state is
  asked each time the stream opens again and every ``poll_s`` while Kiban waits.
  Declined, canceled, or left to lapse (``offline``: unanswered for 20 s) ends the
  wait, said so;
- a seek ends when lishogi closes its connection: paired, or dropped from its lobby
  without a game (after 15 minutes, or when the lobby is full). Then, and when a
  challenge reads ``accepted``, the game's ``gameStart`` is waited for ``grace_s``;
  after that the games in progress are asked: the game there is taken, a seek without
  one is made again, an accepted challenge whose game is gone is said;
- a stream that breaks, a state that cannot be read, is told (``tell``) and tried
  again; the stream's next opening tells that the link is back (``tell(None)``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from contextlib import aclosing
from dataclasses import dataclass
from enum import Enum

from firmware_host.online.client import ChallengeTerms, LishogiClient, Seek
from firmware_host.online.errors import LishogiRefusedError, NoGameError, OnlineError
from firmware_host.online.messages import (
    ChallengeEvent,
    ChallengeNews,
    ChallengeStatus,
    Event,
    GameStarted,
    Listening,
)
from firmware_host.online.rules import NotPlayableError
from firmware_host.online.streams import Backoff, LinkLost, follow_events, passing


@dataclass(frozen=True)
class Timing:
    """How often a challenge's state is asked, and how long a game lishogi has named
    another way (a seek closed, a challenge accepted) is waited for on the stream."""

    poll_s: float = 5.0
    grace_s: float = 10.0


TIMING = Timing()

Tell = Callable[[LinkLost | None], None]
"""Told when the link to lishogi fails (what failed, when it is tried again) and
when it is back (None)."""


def tell_nobody(_: LinkLost | None) -> None:
    """For a caller with nobody to tell (a test that reads the outcome only)."""


@dataclass(frozen=True)
class Challenging:
    """A challenge to ``who`` on ``terms``."""

    who: str
    terms: ChallengeTerms


Asking = Seek | Challenging


class _Turn(Enum):
    POLL = "poll"  # ask the challenge's state
    GRACE = "grace"  # the gameStart waited for did not come: ask the games in progress


@dataclass(frozen=True)
class _Due:
    turn: _Turn
    round: int  # a grace started again makes the earlier timers stale


@dataclass(frozen=True)
class _SeekClosed:
    """lishogi closed the seek's connection (paired, or not), or it broke (``why``)."""

    why: str | None = None


_Item = Event | Listening | LinkLost | _Due | _SeekClosed | Exception


async def new_game(
    client: LishogiClient,
    asking: Asking,
    *,
    variant: str,
    backoff: Backoff,
    timing: Timing = TIMING,
    tell: Tell = tell_nobody,
) -> str:
    """The id of the game ``asking`` brings; ``NoGameError`` when it brings none, and
    what lishogi refuses as its error."""
    return await _Waiting(client, asking, variant, timing, tell).run(backoff)


class _Waiting:
    """One wait: the event stream, the seek, the timers all feed one inbox, read in turn."""

    def __init__(
        self,
        client: LishogiClient,
        asking: Asking,
        variant: str,
        timing: Timing,
        tell: Tell,
    ) -> None:
        self._client = client
        self._asking = asking
        self._variant = variant
        self._timing = timing
        self._told = tell
        self._down = False  # the link's failure is told, its return not yet
        self._inbox: asyncio.Queue[_Item] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._timers: list[asyncio.TimerHandle] = []
        self._known: set[str] | None = None  # the games in progress when we asked
        self._challenge: str | None = None  # the challenge's id, once made
        self._grace = 0  # which grace is running (0: none)
        self._gone = False  # lishogi no longer keeps the challenge
        self._failures = 0  # state reads failed in a row

    async def run(self, backoff: Backoff) -> str:
        self._start(self._pump_events(backoff))
        try:
            while True:
                item = await self._inbox.get()
                if isinstance(item, Exception):
                    raise item
                found = await self._take(item)
                if found is not None:
                    return found
        finally:
            for timer in self._timers:
                timer.cancel()
            for task in self._tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    # --- what comes in ------------------------------------------------------------

    async def _take(self, item: _Item) -> str | None:
        match item:
            case Listening():
                self._tell(None)
                if self._known is None:
                    await self._ask()
                elif self._challenge is not None and not self._grace:
                    await self._check()  # a decline while the stream was down is told nowhere
            case LinkLost():
                self._tell(item)
            case GameStarted(game_id=game_id, board=board) if self._ours(game_id):
                if board is False:
                    raise NotPlayableError(
                        f"lishogi's Board API does not take game {game_id} (lishogi says so "
                        "of it): it cannot be played from the board"
                    )
                return game_id
            case ChallengeEvent(news=news, challenge=challenge):
                if challenge.id == self._challenge and news is not ChallengeNews.RECEIVED:
                    raise self._ended(
                        ChallengeStatus.DECLINED
                        if news is ChallengeNews.DECLINED
                        else ChallengeStatus.CANCELED
                    )
            case _SeekClosed(why=why):
                if why is not None:
                    self._tell(LinkLost(why, self._timing.grace_s, 1))
                self._begin_grace()
            case _Due(turn=_Turn.POLL):
                if not self._grace:
                    await self._check()
                    self._after(self._timing.poll_s, _Due(_Turn.POLL, 0))
            case _Due(turn=_Turn.GRACE, round=grace) if grace == self._grace:
                return await self._settle()
        return None

    def _ours(self, game_id: str) -> bool:
        """A new game that the seek brought, or the challenge's (its id is the game's)."""
        if self._known is None or game_id in self._known:
            return False
        return isinstance(self._asking, Seek) or game_id == self._challenge

    # --- asking ---------------------------------------------------------------------

    async def _ask(self) -> None:
        """The stream is open: the games in progress now are not the new one; ask."""
        self._known = {game.game_id for game in await self._client.playing()}
        if isinstance(self._asking, Seek):
            self._start(self._seek(self._asking))
            return
        self._challenge = (await self._client.challenge(self._asking.who, self._asking.terms)).id
        self._after(self._timing.poll_s, _Due(_Turn.POLL, 0))

    async def _seek(self, seek: Seek) -> None:
        """The seek, open until lishogi closes it; a broken one is said and settled
        as a closed one is (lishogi withdraws a seek whose connection closes)."""
        try:
            await self._client.seek(seek)
        except OnlineError as error:
            why = passing(error)
            if why is None:
                raise
            self._inbox.put_nowait(_SeekClosed(why))
            return
        self._inbox.put_nowait(_SeekClosed())

    async def _check(self) -> None:
        """Ask lishogi how the challenge stands; one it no longer keeps is settled
        on the games in progress."""
        assert self._challenge is not None
        try:
            state = await self._client.challenge_state(self._challenge)
        except OnlineError as error:
            if isinstance(error, LishogiRefusedError) and error.status == 404:
                self._gone = True  # its game is in progress, or there is none
                self._begin_grace(now=True)
                return
            why = passing(error)
            if why is None:
                raise
            self._failures += 1
            self._tell(LinkLost(why, self._timing.poll_s, self._failures))
            return
        if self._failures:
            self._failures = 0
            self._tell(None)
        if state.status is ChallengeStatus.ACCEPTED:
            self._begin_grace()
        elif state.status is not ChallengeStatus.CREATED:
            raise self._ended(state.status)

    # --- settling on the games in progress -------------------------------------------

    def _begin_grace(self, *, now: bool = False) -> None:
        """lishogi has named the game another way: its gameStart is waited for a while
        (``now``: not at all), then the games in progress are asked."""
        self._grace += 1
        self._after(0.0 if now else self._timing.grace_s, _Due(_Turn.GRACE, self._grace))

    async def _settle(self) -> str | None:
        """No gameStart came: the game in progress is taken; a seek without one is
        made again, a challenge without one has ended."""
        assert self._known is not None
        playing = [
            game.game_id
            for game in await self._client.playing()
            if game.game_id not in self._known and game.variant == self._variant
        ]
        if isinstance(self._asking, Seek):
            if playing:
                return playing[0]
            self._grace = 0
            self._start(self._seek(self._asking))  # lishogi dropped it: seek again
            return None
        if self._challenge in playing:
            return self._challenge
        who = self._asking.who
        if self._gone:
            raise NoGameError(f"lishogi no longer keeps the challenge to {who}")
        raise NoGameError(f"{who} accepted the challenge, but game {self._challenge} is over")

    def _ended(self, status: ChallengeStatus) -> NoGameError:
        assert isinstance(self._asking, Challenging)
        who = self._asking.who
        match status:
            case ChallengeStatus.DECLINED:
                return NoGameError(f"{who} declined the challenge")
            case ChallengeStatus.OFFLINE:
                return NoGameError(
                    f"{who} did not answer the challenge: lishogi lets an unanswered "
                    "challenge lapse after about 20 s"
                )
            case ChallengeStatus.CANCELED:
                return NoGameError(f"lishogi canceled the challenge to {who}")
        return NoGameError(f"lishogi gives the challenge to {who} a state Kiban does not know")

    def _tell(self, lost: LinkLost | None) -> None:
        """Tell a failure each time, the link's return once after one."""
        if lost is not None or self._down:
            self._down = lost is not None
            self._told(lost)

    # --- the inbox's feeders ------------------------------------------------------------

    async def _pump_events(self, backoff: Backoff) -> None:
        async with aclosing(follow_events(self._client, backoff=backoff)) as events:
            async for item in events:
                self._inbox.put_nowait(item)

    def _start(self, work: Coroutine[object, object, None]) -> None:
        """Run a feeder; whatever it raises ends the wait with that error, never silently."""

        async def fed() -> None:
            try:
                await work
            except Exception as error:  # handed to the wait, which raises it
                self._inbox.put_nowait(error)

        self._tasks.append(asyncio.create_task(fed()))

    def _after(self, delay: float, due: _Due) -> None:
        loop = asyncio.get_running_loop()
        self._timers.append(loop.call_later(delay, self._inbox.put_nowait, due))
