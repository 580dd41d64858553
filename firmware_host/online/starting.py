"""How an online game is found at start: continue one in progress, seek one, challenge
a named user, or accept a challenge. Each way ends with a game id and our account,
which the seat (``seat.py``) then plays.

The event stream is opened before a seek or a challenge is made: lishogi tells the
new game there (``gameStart``), and a game started before the stream opened would
be missed. The games in progress when we began are told too, and are not ours to
take for the new one.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from enum import Enum
from typing import Any

from firmware_host.online.client import ChallengeTerms, LishogiClient, Seek
from firmware_host.online.errors import OnlineError
from firmware_host.online.messages import ChallengeEvent, ChallengeNews, GameStarted
from firmware_host.online.rules import NotPlayableError
from firmware_host.online.streams import Backoff, follow_events

WAIT_S = 600.0  # how long a seek or a challenge waits for a game, at most
BACKOFF = Backoff()
SEEK = Seek(minutes=10, byoyomi_s=10)
TERMS = ChallengeTerms(limit_s=600, byoyomi_s=10)
"""The time control unless one is asked for: 10 minutes, then 10 s byoyomi."""


class NoGameError(OnlineError, LookupError):
    """No game came of the way asked for (none in progress, a challenge declined)."""


class Way(Enum):
    CONTINUE = "continue"  # a game in progress (the one named, else the first)
    SEEK = "seek"
    CHALLENGE = "challenge"
    ACCEPT = "accept"
    AUTO = "auto"  # continue one in progress, else seek


@dataclass(frozen=True)
class OnlineRequest:
    """What the person asked for: ``who`` is the game to continue, the user to
    challenge or the challenge to accept; ``seek`` and ``terms`` the time control."""

    way: Way
    variant: str = "standard"
    who: str | None = None
    seek: Seek = SEEK
    terms: ChallengeTerms = TERMS


@dataclass(frozen=True)
class Found:
    game_id: str
    account: str


async def find_game(
    client: LishogiClient,
    request: OnlineRequest,
    *,
    wait_s: float = WAIT_S,
    backoff: Backoff = BACKOFF,
) -> Found:
    """The game to play, found as ``request`` says."""
    account = (await client.account()).id
    way = request.way
    if way in (Way.CONTINUE, Way.AUTO):
        playing = [g for g in await client.playing() if g.variant == request.variant]
        if request.who is not None:
            playing = [g for g in playing if g.game_id == request.who]
        if playing:
            return Found(playing[0].game_id, account)
        if way is Way.CONTINUE:
            named = f"game {request.who}" if request.who else f"{request.variant} game"
            raise NoGameError(f"no {named} is in progress on lishogi")
        way = Way.SEEK
    if way is Way.ACCEPT:
        assert request.who is not None
        await client.accept_challenge(request.who)
        return Found(request.who, account)  # the game's id is the challenge's
    refusal = request.seek.refusal() if way is Way.SEEK else request.terms.refusal()
    if refusal is not None:  # said here: lishogi is never asked for what it refuses
        raise NotPlayableError(refusal)
    game_id = await asyncio.wait_for(_new_game(client, request, way, backoff), wait_s)
    return Found(game_id, account)


async def _new_game(
    client: LishogiClient, request: OnlineRequest, way: Way, backoff: Backoff
) -> str:
    """Seek or challenge, and wait on the event stream for the game that comes of it.
    The stream tells every game in progress when it opens, so a game paired before it
    opened is told too; the games in progress before we asked are not the new one."""
    known = {g.game_id for g in await client.playing()}
    challenged: list[str] = []
    listening = asyncio.create_task(
        _listen(client, request, way=way, backoff=backoff, known=known, challenged=challenged)
    )
    asking: asyncio.Task[None] | None = None
    try:
        if way is Way.SEEK:
            asking = asyncio.create_task(client.seek(request.seek))
        else:
            assert request.who is not None
            challenged.append((await client.challenge(request.who, request.terms)).id)
        waiting: set[asyncio.Task[Any]] = {listening} if asking is None else {listening, asking}
        while True:
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            if listening in done:
                return listening.result()
            if asking is not None and asking in done:
                asking.result()  # a seek lishogi refused raises here
                waiting = {listening}
    finally:
        for task in (listening, asking):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task


async def _listen(
    client: LishogiClient,
    request: OnlineRequest,
    *,
    way: Way,
    backoff: Backoff,
    known: set[str],
    challenged: list[str],
) -> str:
    """The new game's id, from the event stream (a challenge's once its id is known)."""
    new: list[str] = []
    async for event in follow_events(client, backoff=backoff):
        if isinstance(event, GameStarted) and event.game_id not in known:
            if event.board is False and (way is Way.SEEK or challenged == [event.game_id]):
                raise NotPlayableError(
                    f"lishogi's Board API does not take game {event.game_id} (lishogi says so "
                    "of it): it cannot be played from the board"
                )
            new.append(event.game_id)
        declined = (
            isinstance(event, ChallengeEvent)
            and challenged == [event.challenge.id]
            and event.news is not ChallengeNews.RECEIVED
        )
        if declined:
            raise NoGameError(f"{request.who} did not take the challenge")
        for game_id in new:
            if way is Way.SEEK or challenged == [game_id]:
                return game_id
    raise NoGameError("the event stream ended")  # pragma: no cover - it never ends
