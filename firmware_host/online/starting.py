"""How an online game is found at start: continue one in progress, seek one, challenge
a named user, or accept a challenge. Each way ends with a game id and our account,
which the seat (``seat.py``) then plays.

A seek or a challenge waits for its answer as ``waiting.py`` says: asked only once the
event stream is open, its answer heard whatever order it comes in, the link's
failures told on the way (``tell``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from enum import Enum

from firmware_host.online.client import ChallengeTerms, LishogiClient, Seek
from firmware_host.online.errors import NoGameError
from firmware_host.online.rules import NotPlayableError
from firmware_host.online.streams import Backoff
from firmware_host.online.waiting import TIMING, Challenging, Tell, Timing, new_game, tell_nobody

__all__ = ["Found", "NoGameError", "OnlineRequest", "Timing", "Way", "find_game"]

WAIT_S = 600.0  # how long a seek or a challenge waits for a game, at most
BACKOFF = Backoff()
SEEK = Seek(minutes=10, byoyomi_s=10)
TERMS = ChallengeTerms(limit_s=600, byoyomi_s=10)
"""The time control unless one is asked for: 10 minutes, then 10 s byoyomi."""


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
    timing: Timing = TIMING,
    tell: Tell = tell_nobody,
) -> Found:
    """The game to play, found as ``request`` says; ``tell`` hears of the link's
    failures (and its return) while a seek or a challenge waits."""
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
    asking = request.seek if way is Way.SEEK else Challenging(request.who or "", request.terms)
    waiting = new_game(
        client, asking, variant=request.variant, backoff=backoff, timing=timing, tell=tell
    )
    game_id = await asyncio.wait_for(waiting, wait_s)
    return Found(game_id, account)
