"""The page's "Play online" dialog starting a game on lishogi: a seek (a time control
with byoyomi and periods, rated or casual), a challenge to a named user, or a
challenge accepted. Finding the game can take minutes (a seek waits for an opponent),
so it runs as a task of its own on the page's event loop: the page stays live, shows
what is being looked for, and can cancel it (closing the seek's connection withdraws
the seek). While it looks, a link to lishogi that fails is shown (``trouble``) until it
is back. Once lishogi names the game, the session plays it (``on_found``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from engine.game import Game
from engine.said import N_, Said, said, said_of, verbatim
from firmware_host.online.client import LISHOGI, ChallengeTerms, Seek
from firmware_host.online.credentials import ApiToken, TokenSource, read_token, token_source
from firmware_host.online.errors import OnlineError, TokenError
from firmware_host.online.link import ClientFactory, client_factory
from firmware_host.online.notation import VariantError, variant_of
from firmware_host.online.pausing import Paused
from firmware_host.online.starting import BACKOFF, WAIT_S, Found, OnlineRequest, Way, find_game
from firmware_host.online.streams import Backoff, LinkLost
from firmware_host.online.trouble import paused
from firmware_host.session.actions import OnlineStart
from firmware_host.session.clock import TimeControl, TimeControlError
from firmware_host.tls import asyncio_with_ssl
from firmware_host.web.gate.commands import CommandError
from firmware_host.wire.actions import Problem

log = logging.getLogger(__name__)

Json = dict[str, Any]
OnFound = Callable[[Found, ClientFactory], Awaitable[None]]

WAYS = {"seek": Way.SEEK, "challenge": Way.CHALLENGE, "accept": Way.ACCEPT}


def kept_token(state_dir: Path | None) -> TokenSource:
    """The token kept on this board, read again for each call (a token given again
    after lishogi refused one is used at once); ``CommandError`` when there is none to
    use now."""
    if state_dir is None:
        raise CommandError(Problem.NOT_ALLOWED, "this page keeps no state directory")
    try:
        token = read_token(state_dir)
    except TokenError as problem:
        raise CommandError(Problem.NOT_ALLOWED, str(problem)) from None
    if token is None:
        raise CommandError(Problem.NOT_ALLOWED, "keep a lishogi token first (scope board:play)")
    return token_source(state_dir)


def request_of(action: OnlineStart, game: Game[Any]) -> OnlineRequest:
    """What the dialog asks for, checked: raises ``CommandError`` naming the field."""
    way = WAYS.get(action.way)
    if way is None:
        raise CommandError(Problem.INVALID, "way is seek, challenge or accept", "way")
    who = (action.who or "").strip() or None
    if way is not Way.SEEK and who is None:
        said = "the user to challenge" if way is Way.CHALLENGE else "the challenge's id"
        raise CommandError(Problem.INVALID, f"say {said}", "who")
    if action.rated not in ("rated", "casual"):
        raise CommandError(Problem.INVALID, "rated or casual", "rated")
    try:
        control = TimeControl.parse(action.clock)
        variant = variant_of(game).key
    except TimeControlError as problem:
        raise CommandError(Problem.INVALID, str(problem), "clock") from None
    except VariantError as problem:
        raise CommandError(Problem.NOT_ALLOWED, str(problem)) from None
    rated = action.rated == "rated"
    byoyomi, periods = round(control.byoyomi), control.periods
    seek = Seek(
        minutes=control.initial / 60,
        increment_s=round(control.increment),
        byoyomi_s=byoyomi,
        periods=periods,
        rated=rated,
        variant=variant,
    )
    terms = ChallengeTerms(
        limit_s=round(control.initial),
        increment_s=round(control.increment),
        byoyomi_s=byoyomi,
        periods=periods,
        rated=rated,
        variant=variant,
    )
    refusal = seek.refusal() if way is Way.SEEK else terms.refusal()
    if way is not Way.ACCEPT and refusal is not None:  # lishogi's rule, said before asking
        raise CommandError(Problem.INVALID, refusal, "clock")
    return OnlineRequest(way, variant, who, seek, terms)


@dataclass(frozen=True)
class Looking:
    """What is being looked for, in words for the dialog."""

    way: Way
    said: Said


def _words(request: OnlineRequest) -> Said:
    if request.way is Way.SEEK:
        seek = request.seek
        control = TimeControl(
            seek.minutes * 60, seek.increment_s, seek.byoyomi_s, seek.periods
        ).text()
        if seek.rated:
            return said(N_("seeking a rated {control} game on lishogi"), control=control)
        return said(N_("seeking a casual {control} game on lishogi"), control=control)
    if request.way is Way.CHALLENGE:
        return said(
            N_("challenging {who} on lishogi (waiting for an answer)"), who=request.who or ""
        )
    return said(N_("accepting lishogi challenge {who}"), who=request.who or "")


class OnlineStarter:
    """At most one search for an online game at a time, on the running event loop."""

    def __init__(
        self, base_url: str = LISHOGI, *, backoff: Backoff = BACKOFF, wait_s: float = WAIT_S
    ) -> None:
        self.base_url = base_url
        self._backoff = backoff
        self._wait_s = wait_s
        self._task: asyncio.Task[None] | None = None
        self.looking: Looking | None = None
        self.failed: Said | None = None
        self.trouble: Said | None = None  # the link is down while looking

    def said(self) -> tuple[Said | None, Said | None]:
        """What is being looked for, and why the last search failed."""
        return (None if self.looking is None else self.looking.said), self.failed

    def begin(
        self,
        request: OnlineRequest,
        token: ApiToken | TokenSource,
        on_found: OnFound,
        changed: Callable[[], None],
    ) -> str:
        """Start looking; what is being done, in words. ``changed`` is called when the
        search ends (found, failed or cancelled), so the page is told."""
        if self._task is not None:
            raise CommandError(Problem.NOT_ALLOWED, f"already {self.looking_text()}")
        make = client_factory(token, self.base_url)
        self.looking = Looking(request.way, _words(request))
        self.failed = None
        self._task = asyncio.create_task(
            self._run(request, make, on_found, changed), name="kiban-online-start"
        )
        return str(self.looking.said)

    def looking_text(self) -> str:
        return "looking for a game" if self.looking is None else str(self.looking.said)

    def cancel(self) -> str:
        """Stop looking (a seek is withdrawn as its connection closes)."""
        task = self._task
        if task is None:
            raise CommandError(Problem.INVALID, "no online game is being looked for")
        task.cancel()
        return "stopped looking for an online game"

    async def close(self) -> None:
        task = self._task
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(
        self,
        request: OnlineRequest,
        make: ClientFactory,
        on_found: OnFound,
        changed: Callable[[], None],
    ) -> None:
        def show(trouble: Said | None) -> None:
            if trouble != self.trouble:
                self.trouble = trouble
                changed()

        def told(lost: LinkLost | None) -> None:
            show(None if lost is None else lost.words())

        def pausing(pause: Paused | None) -> None:
            show(None if pause is None else paused(pause))

        try:
            asyncio_with_ssl()  # lishogi is https: asyncio was imported without ssl (tls.py)
            async with aiohttp.ClientSession() as http:
                client = make(http)
                client.on_pause = pausing  # a 429 is said at once, not after its minute
                found = await find_game(
                    client, request, wait_s=self._wait_s, backoff=self._backoff, tell=told
                )
            await on_found(found, make)
        except asyncio.CancelledError:
            self.failed = None
            raise
        except TimeoutError:
            self.failed = said(N_("lishogi: no game came of it in time"))
        except OnlineError as problem:
            self.failed = said(N_("lishogi: {why}"), why=said_of(problem))
        except Exception as problem:  # the page must outlive a bug here
            log.exception("starting an online game failed")
            self.failed = said(
                N_("starting the online game failed: {error}"), error=verbatim(str(problem))
            )
        finally:
            self._task = None
            self.looking = None
            self.trouble = None
            changed()
