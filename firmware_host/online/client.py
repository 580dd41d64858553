"""lishogi's Board API over aiohttp: one call at a time, each answer typed.

The API asks for one request at a time and a pause after a 429 (``pausing.py``: the
429's ``Retry-After``, else lishogi's full minute); the lock and ``_call`` do both:
after a 429 no call is made until the pause is over, whoever makes it. Each 429 is
told at once (``on_pause``: a ``Paused`` value, None again once lishogi answers), so
that the person at the board never waits in silence. A move is tried once: its 429
is raised at once, so that the outbox can say so while the pause passes. Streams
(events, a game, a seek) stay open beside the calls: only their opening takes the lock.
A 4xx answer becomes an error carrying lishogi's own ``error`` text; a failed
connection, a 5xx or a broken stream is a ``LinkDownError``, which the reconnecting
streams and the outbox wait out. The token goes into the Authorization header and
nowhere else.

A challenge's state is read where lishogi's app reads it, from the challenge's page
(``GET /challenge/{id}``, asking for JSON as the app does): lishogi has no API call
for it (lichess's ``/api/challenge/{id}/show`` is not in lishogi's routes).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Mapping
from contextlib import aclosing, asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypedDict, Unpack
from urllib.parse import quote

import aiohttp
from aiohttp.http_exceptions import HttpProcessingError
from yarl import URL

from engine.said import N_, said
from firmware_host.online.credentials import ApiToken, TokenSource
from firmware_host.online.errors import (
    LinkDownError,
    LishogiRefusedError,
    MalformedMessageError,
    MoveRefused,
    NotAuthorizedError,
    RateLimitedError,
    SeekLimitError,
)
from firmware_host.online.messages import (
    Account,
    Challenge,
    ChatLine,
    ChatRoom,
    Event,
    GameFull,
    GameMessage,
    Listening,
    OngoingGame,
    Side,
)
from firmware_host.online.pausing import LISHOGI_PAUSE_S, Paused, retry_after
from firmware_host.online.reading import (
    read_account,
    read_challenge,
    read_chat_history,
    read_event_line,
    read_game_line,
    read_object,
    read_playing,
)
from firmware_host.online.rules import SEEKS_PER_MINUTE, board_api_refusal

LISHOGI = "https://lishogi.org"
APP_JSON = "application/vnd.lishogi.v5+json"
"""The Accept header of lishogi's app: its pages then answer JSON (``HTTPRequest.apiVersion``)."""

Sleep = Callable[[float], Awaitable[None]]
OnPause = Callable[[Paused | None], None]
"""Told of each 429 (how long lishogi asks to wait) and, with None, that it answers again."""


def _nobody(_: Paused | None) -> None:
    """For a client whose pauses nobody shows (the tests that read the outcome only)."""


class Asking(TypedDict, total=False):
    """How a call asks (``LishogiClient._call``'s options)."""

    params: Mapping[str, str] | None
    data: Mapping[str, str] | None
    tries: int | None
    accept: str | None


@dataclass(frozen=True)
class Seek:
    """A real-time seek (lishogi's board seek has no correspondence): ``minutes`` of
    main time, then ``periods`` of ``byoyomi_s`` seconds; ``side`` None is random."""

    minutes: float
    increment_s: int = 0
    byoyomi_s: int = 0
    periods: int = 1
    rated: bool = False
    variant: str = "standard"
    side: Side | None = None
    rating_range: str | None = None
    sfen: str | None = None  # a handicap's position (rules.HANDICAPS); None: the usual start

    def refusal(self) -> str | None:
        """Why lishogi's Board API would not take this seek (``rules.py``), or None."""
        return board_api_refusal(
            self.minutes * 60, self.increment_s, self.byoyomi_s, self.periods, rated=self.rated
        )

    def form(self) -> dict[str, str]:
        form = {
            "time": f"{self.minutes:g}",
            "increment": str(self.increment_s),
            "byoyomi": str(self.byoyomi_s),
            "periods": str(self.periods),
            "rated": _boolean(self.rated),
            "variant": self.variant,
            "color": "random" if self.side is None else self.side.value,
        }
        if self.rating_range is not None:
            form["ratingRange"] = self.rating_range
        if self.sfen is not None:
            form["sfen"] = self.sfen
        return form


@dataclass(frozen=True)
class ChallengeTerms:
    """A challenge to a named user: ``limit_s`` seconds of main time, then byoyomi."""

    limit_s: int
    increment_s: int = 0
    byoyomi_s: int = 0
    periods: int = 1
    rated: bool = False
    variant: str = "standard"
    side: Side | None = None
    sfen: str | None = None  # a handicap's position (rules.HANDICAPS); None: the usual start

    def refusal(self) -> str | None:
        """Why lishogi's Board API would not take this challenge's game, or None."""
        return board_api_refusal(
            self.limit_s, self.increment_s, self.byoyomi_s, self.periods, rated=self.rated
        )

    def form(self) -> dict[str, str]:
        form = {
            "clock.limit": str(self.limit_s),
            "clock.increment": str(self.increment_s),
            "clock.byoyomi": str(self.byoyomi_s),
            "clock.periods": str(self.periods),
            "rated": _boolean(self.rated),  # lishogi reads a missing rated as false
            "variant": self.variant,
            "color": "random" if self.side is None else self.side.value,
        }
        if self.sfen is not None:
            form["sfen"] = self.sfen
        return form


class LishogiClient:
    """The calls Kiban makes; ``base_url`` is lishogi.org except in tests."""

    def __init__(
        self,
        session: aiohttp.ClientSession,
        token: ApiToken | TokenSource,
        *,
        base_url: str = LISHOGI,
        sleep: Sleep = asyncio.sleep,
        rate_limit_pause_s: float = LISHOGI_PAUSE_S,
        rate_limit_tries: int = 3,
        call_timeout_s: float = 30.0,
        stream_idle_s: float = 30.0,
        wall: Callable[[], float] = time.time,
    ) -> None:
        """``rate_limit_pause_s`` is the wait after a 429 that names none (lishogi's
        minute); ``wall`` the clock a ``Retry-After`` date is read against; ``sleep``
        how the pauses are waited (a test's fake clock)."""
        self._session = session
        self._token = token
        self._base = base_url.rstrip("/")
        self._sleep = sleep
        self._pause = rate_limit_pause_s
        self._wall = wall
        self.on_pause: OnPause = _nobody  # who shows lishogi's pauses (the seat, the dialog)
        self._paused = False  # a 429 was told and lishogi has not answered since
        self._tries = rate_limit_tries
        self._call_timeout = aiohttp.ClientTimeout(total=call_timeout_s)
        # lishogi sends an empty line every 6 s (3 s on a seek): silence means a dead link
        self._stream_timeout = aiohttp.ClientTimeout(total=None, sock_read=stream_idle_s)
        self._lock = asyncio.Lock()
        self._quiet_until = 0.0  # no call before this time (the loop's clock): a 429's pause
        self._seeks: deque[float] = deque(maxlen=SEEKS_PER_MINUTE)  # when the last began
        self._seeking = False  # a seek is open (lishogi takes one at a time)

    @property
    def rate_limit_pause_s(self) -> float:
        """How long lishogi is left alone after a 429 that names no wait."""
        return self._pause

    def __repr__(self) -> str:
        return f"LishogiClient({self._base!r})"

    # --- the account --------------------------------------------------------

    async def account(self) -> Account:
        return read_account(await self._json("GET", "/api/account"))

    async def playing(self, count: int = 9) -> tuple[OngoingGame, ...]:
        """The games in progress, to continue one at start."""
        params = {"nb": str(count)}
        return read_playing(await self._json("GET", "/api/account/playing", params=params))

    # --- streams: one connection each; streams.py reconnects them ------------

    async def events(self) -> AsyncGenerator[Event | Listening, None]:
        """The account's events until the connection ends (games, challenges), after
        ``Listening`` once lishogi has answered and the stream is open."""
        async with self._stream("GET", "/api/stream/event") as lines:
            yield Listening()
            async for line in lines:
                event = read_event_line(line)
                if event is not None:
                    yield event

    async def game(self, game_id: str) -> AsyncGenerator[GameMessage, None]:
        """A game's messages, gameFull first, until lishogi closes the stream."""
        async with self._stream("GET", f"/api/board/game/stream/{_part(game_id)}") as lines:
            async for line in lines:
                message = read_game_line(line)
                if message is not None:
                    yield message

    async def game_full(self, game_id: str) -> GameFull:
        """The game as lishogi has it now: the first line of its stream."""
        async with aclosing(self.game(game_id)) as messages:
            async for message in messages:
                if isinstance(message, GameFull):
                    return message
                break
        raise MalformedMessageError(f"the stream of game {game_id} did not begin with gameFull")

    # --- playing --------------------------------------------------------------

    async def move(self, game_id: str, usi: str, *, offering_draw: bool | None = None) -> None:
        """Play a move; ``MoveRefused`` with lishogi's reason if it will not."""
        params = None if offering_draw is None else {"offeringDraw": _boolean(offering_draw)}
        path = f"/api/board/game/{_part(game_id)}/move/{_part(usi)}"
        try:
            await self._json("POST", path, params=params, tries=1)
        except (NotAuthorizedError, RateLimitedError):
            raise
        except LishogiRefusedError as error:
            raise MoveRefused(usi, error.reason, error.status) from None

    async def resign(self, game_id: str) -> None:
        """Resign (lishogi aborts instead while the game can still be aborted)."""
        await self._command(game_id, "resign")

    async def abort(self, game_id: str) -> None:
        await self._command(game_id, "abort")

    async def draw(self, game_id: str, *, yes: bool) -> None:
        """Offer or accept a draw (yes), or decline the opponent's offer (no)."""
        await self._command(game_id, f"draw/{'yes' if yes else 'no'}")

    async def chat(self, game_id: str, text: str, room: ChatRoom = ChatRoom.PLAYER) -> None:
        path = f"/api/board/game/{_part(game_id)}/chat"
        await self._json("POST", path, data={"room": room.value, "text": text})

    async def chat_history(self, game_id: str) -> tuple[ChatLine, ...]:
        """The players' room as lishogi keeps it, oldest first (the stream tells a line
        only while it is open)."""
        path = f"/api/board/game/{_part(game_id)}/chat"
        return read_chat_history(await self._call("GET", path))

    # --- finding a game ---------------------------------------------------------

    async def seek(self, seek: Seek) -> None:
        """Seek until paired: returns when lishogi closes the seek (the game then
        arrives as gameStart on the event stream); cancel the task to withdraw it.
        lishogi takes one open seek at a time and 5 a minute: one more is
        ``SeekLimitError``, said before asking."""
        now = asyncio.get_running_loop().time()
        if self._seeking:
            raise SeekLimitError("a seek is open already: lishogi takes one at a time")
        if len(self._seeks) == SEEKS_PER_MINUTE and now - self._seeks[0] < 60.0:
            wait = 60.0 - (now - self._seeks[0])
            raise SeekLimitError(
                f"lishogi takes {SEEKS_PER_MINUTE} seeks a minute: the next in {wait:.0f} s"
            )
        self._seeks.append(now)
        self._seeking = True
        try:
            async with self._stream("POST", "/api/board/seek", data=seek.form()) as lines:
                async for _ in lines:
                    pass  # only keep-alive lines: the open connection is the seek
        finally:
            self._seeking = False

    async def challenge(self, username: str, terms: ChallengeTerms) -> Challenge:
        """Challenge a named user; their acceptance arrives as gameStart."""
        answer = await self._json("POST", f"/api/challenge/{_part(username)}", data=terms.form())
        wrapped = answer.get("challenge", answer)  # the source wraps it, the spec does not
        if not isinstance(wrapped, dict):
            raise MalformedMessageError("the challenge answer holds no challenge")
        return read_challenge(wrapped)

    async def challenge_state(self, challenge_id: str) -> Challenge:
        """The challenge as lishogi has it now (its ``status`` above all); 404 once
        lishogi no longer keeps it."""
        answer = await self._json("GET", f"/challenge/{_part(challenge_id)}", accept=APP_JSON)
        wrapped = answer.get("challenge")
        if not isinstance(wrapped, dict):
            raise MalformedMessageError(f"the page of challenge {challenge_id} holds no challenge")
        return read_challenge(wrapped)

    async def accept_challenge(self, challenge_id: str) -> None:
        await self._json("POST", f"/api/challenge/{_part(challenge_id)}/accept")

    async def decline_challenge(self, challenge_id: str) -> None:
        await self._json("POST", f"/api/challenge/{_part(challenge_id)}/decline")

    # --- the wire -----------------------------------------------------------------

    async def _command(self, game_id: str, command: str) -> None:
        await self._json("POST", f"/api/board/game/{_part(game_id)}/{command}")

    def _url(self, path: str) -> URL:
        return URL(self._base + path, encoded=True)

    def _header(self) -> dict[str, str]:
        """The Authorization header with the token as it is now (``TokenError`` when
        none can be used)."""
        token = self._token if isinstance(self._token, ApiToken) else self._token()
        return token.header()

    async def _quiet(self) -> None:
        """Wait out what is left of a 429's pause."""
        left = self._quiet_until - asyncio.get_running_loop().time()
        if left > 0:
            await self._sleep(left)
        self._quiet_until = 0.0

    async def _wait_after_429(self, response: aiohttp.ClientResponse, *, last: bool) -> float:
        """lishogi answered 429: told at once, and nothing is asked of it for the wait
        it names (``pausing.retry_after``), waited here before the next try, or
        (``last``) by whichever call comes next; the wait, in seconds."""
        wait = retry_after(response.headers.get("Retry-After"), self._wall(), self._pause)
        self._paused = True
        self.on_pause(Paused(wait))
        if last:
            self._quiet_until = asyncio.get_running_loop().time() + wait
        else:
            await self._sleep(wait)
        return wait

    def _answered(self) -> None:
        """lishogi answered something other than 429: a pause told is over."""
        if self._paused:
            self._paused = False
            self.on_pause(None)

    async def _json(self, method: str, path: str, **asking: Unpack[Asking]) -> Mapping[str, Any]:
        """One call, its JSON object (an empty one for an empty body)."""
        body = await self._call(method, path, **asking)
        return read_object(body, f"answer to {method} {path}") or {}

    async def _call(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        data: Mapping[str, str] | None = None,
        tries: int | None = None,
        accept: str | None = None,
    ) -> bytes:
        """One call, its answer's body; after a 429 it waits the minute and tries
        again, ``tries`` times in all. ``accept`` is the Accept header, for a page that
        answers JSON only when asked so."""
        tries = self._tries if tries is None else tries
        headers = {} if accept is None else {"Accept": accept}
        wait = self._pause
        async with self._lock:
            for attempt in range(tries):
                await self._quiet()
                try:
                    async with self._session.request(
                        method,
                        self._url(path),
                        headers={**headers, **self._header()},
                        params=params,
                        data=data,
                        timeout=self._call_timeout,
                    ) as response:
                        if response.status == 429:
                            wait = await self._wait_after_429(response, last=attempt + 1 == tries)
                            continue
                        body = await response.read()
                except (aiohttp.ClientError, TimeoutError) as error:
                    raise _link_down(f"{method} {path}", error, self._url(path)) from None
                self._answered()
                _check(response.status, body, f"{method} {path}")
                return body
        raise RateLimitedError(429, _rate_limited(tries), wait)

    @asynccontextmanager
    async def _stream(
        self, method: str, path: str, *, data: Mapping[str, str] | None = None
    ) -> AsyncIterator[AsyncIterator[bytes]]:
        """An open NDJSON stream's lines; a broken connection is ``LinkDownError``."""
        where = f"{method} {path}"
        wait = self._pause
        async with self._lock:
            for attempt in range(self._tries):
                await self._quiet()
                try:
                    response = await self._session.request(
                        method,
                        self._url(path),
                        headers=self._header(),
                        data=data,
                        timeout=self._stream_timeout,
                    )
                except (aiohttp.ClientError, TimeoutError) as error:
                    raise _link_down(where, error, self._url(path)) from None
                if response.status != 429:
                    self._answered()
                    break
                response.close()
                wait = await self._wait_after_429(response, last=attempt + 1 == self._tries)
            else:
                raise RateLimitedError(429, _rate_limited(self._tries), wait)
        try:
            if response.status >= 300:
                try:
                    body = await response.read()
                except (aiohttp.ClientError, TimeoutError) as error:
                    raise LinkDownError(f"{where}: {_describe(error)}") from None
                _check(response.status, body, where)
            yield _lines(response, where)
        finally:
            response.close()  # a stream left open is a seek or a game still followed


async def _lines(response: aiohttp.ClientResponse, where: str) -> AsyncIterator[bytes]:
    """The stream's lines; a broken connection, or a line longer than the reader takes
    (aiohttp's ``LineTooLong``, which is no ``ClientError``), is ``LinkDownError``."""
    try:
        async for line in response.content:
            yield line
    except (aiohttp.ClientError, TimeoutError) as error:
        raise LinkDownError(f"{where}: the stream broke off ({_describe(error)})") from None
    except HttpProcessingError as error:
        raise LinkDownError(f"{where}: a line Kiban cannot take ({_describe(error)})") from None


def _rate_limited(tries: int) -> str:
    pauses = "its pause" if tries == 1 else f"{tries} of its pauses"
    return f"lishogi asks Kiban to slow down (429), still after {pauses}"


def _check(status: int, body: bytes, where: str) -> None:
    """Raise the error an answer's status means; nothing for a success."""
    if status < 300:
        return
    if status >= 500:
        raise LinkDownError(f"{where}: lishogi answered {status}")
    reason = _reason(body) or f"HTTP {status}"
    if status in (401, 403):
        raise NotAuthorizedError(status, reason)
    raise LishogiRefusedError(status, reason)


def _reason(body: bytes) -> str | None:
    """lishogi's ``{"error": ...}`` text, if the body is one."""
    try:
        data = read_object(body, "error answer")
    except MalformedMessageError:
        return None
    error = None if data is None else data.get("error")
    if isinstance(error, str):
        return error
    if isinstance(error, dict):  # form errors: {"error": {"field": ["message"]}}
        return "; ".join(f"{key}: {value}" for key, value in error.items())
    return None


def _link_down(where: str, error: BaseException, url: URL) -> LinkDownError:
    """lishogi not reached. A name that does not resolve is said as a person
    understands it (the board is off the internet, or its DNS is), not as aiohttp's
    ``ClientConnectorDNSError``; the rest keep the error's own words."""
    if isinstance(error, aiohttp.ClientConnectorDNSError):
        msgid = N_("cannot find {host}: is the board on the internet?")
        return LinkDownError(said(msgid, host=url.host or str(url)))
    return LinkDownError(f"{where}: {_describe(error)}")


def _describe(error: BaseException) -> str:
    """An exception's class and text; aiohttp's texts hold the URL, never the headers."""
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _part(text: str) -> str:
    """One path segment, escaped whole (``+`` and ``*`` of USI included)."""
    return quote(text, safe="")


def _boolean(value: bool) -> str:
    return "true" if value else "false"
