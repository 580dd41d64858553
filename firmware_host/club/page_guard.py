"""The room's pages against strangers on the club's network: a request's headers must
arrive within ``HEADER_SECONDS`` (aiohttp waits for them as long as a client likes: a
client that opens connections and sends a byte a minute holds each one open for ever,
the "slowloris" attack), and a request's body is small (the organiser's buttons send a
few dozen bytes of JSON).

aiohttp's server protocol is fronted by a thin one that only watches the bytes go by:
it times each request from its first byte (or the connection's opening) to the blank
line that ends its headers, skips the body its ``Content-Length`` announces, and closes
the connection when the time is up; it changes nothing of what aiohttp reads. Between
two requests of a kept-alive connection aiohttp's own keep-alive timeout closes it. A
chunked body (no browser sends one to these pages) leaves the connection to aiohttp.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

from aiohttp import web

log = logging.getLogger(__name__)

HEADER_SECONDS = 10.0
"""Seconds a client has to send a request's headers: a phone on a hall's Wi-Fi sends
them in one packet, a few hundred milliseconds at worst; Apache's mod_reqtimeout gives
20 to 40 s in all, nginx's ``client_header_timeout`` 60 s for a server on the Internet."""
BODY_LARGEST = 16 * 1024
"""Bytes a request's body may hold (aiohttp's default is a mebibyte): a button's JSON
is under a hundred."""
KEEP_ALIVE = 15.0
"""Seconds an idle kept-alive connection stays open (aiohttp's default is 75): a page
asks again at once (the spectator's long poll) or every quarter second (the
organiser's)."""
HEAD_LARGEST = 64 * 1024  # bytes of headers scanned for their end (aiohttp refuses sooner)


class _HeaderDeadline(asyncio.Protocol):
    """aiohttp's protocol for one connection, with a deadline on each request's headers."""

    def __init__(self, inner: asyncio.Protocol, seconds: float) -> None:
        self._inner = inner
        self._seconds = seconds
        self._transport: asyncio.Transport | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._head = b""
        self._body_left = 0
        self._watching = True

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)
        self._inner.connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._timer = asyncio.get_running_loop().call_later(self._seconds, self._expired)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self) -> None:
        self._timer = None
        if self._transport is not None and not self._transport.is_closing():
            peer = self._transport.get_extra_info("peername")
            log.info(
                "a request's headers not sent within %.0f s by %s: closed", self._seconds, peer
            )
            self._transport.close()

    def data_received(self, data: bytes) -> None:
        if self._watching:
            self._watch(data)
        self._inner.data_received(data)

    def _watch(self, data: bytes) -> None:
        while data:
            if self._body_left:
                taken = min(len(data), self._body_left)
                self._body_left -= taken
                data = data[taken:]
                continue
            if self._timer is None:
                self._arm()  # the next request's first byte
            self._head += data
            end = self._head.find(b"\r\n\r\n")
            if end < 0:
                self._head = self._head[-HEAD_LARGEST:]
                return
            head, data = self._head[:end], self._head[end + 4 :]
            self._head = b""
            self._disarm()
            self._body_left = _body_length(head)
            if self._body_left < 0:
                self._watching = False  # chunked: aiohttp's own
                return

    def eof_received(self) -> bool | None:
        return self._inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        self._inner.resume_writing()


def _body_length(head: bytes) -> int:
    """The body's bytes a request's headers announce (-1: chunked, not counted here)."""
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"transfer-encoding":
            return -1
        if name == b"content-length" and value.strip().isdigit():
            length = int(value.strip()[:12])
    return length


class GuardedSite(web.TCPSite):
    """``web.TCPSite`` whose connections are held to ``header_seconds`` for headers."""

    __slots__ = ("header_seconds",)

    def __init__(
        self,
        runner: web.BaseRunner,
        host: str,
        port: int,
        *,
        header_seconds: float = HEADER_SECONDS,
        **kwargs: Any,
    ) -> None:
        super().__init__(runner, host, port, **kwargs)
        self.header_seconds = header_seconds

    async def start(self) -> None:
        await web.BaseSite.start(self)  # registered with the runner, as TCPSite does
        loop = asyncio.get_running_loop()
        server = self._runner.server
        assert server is not None
        seconds = self.header_seconds

        def guarded() -> asyncio.Protocol:
            return _HeaderDeadline(cast(asyncio.Protocol, server()), seconds)

        self._server = await loop.create_server(
            guarded,
            self._host,
            self._port,
            ssl=self._ssl_context,
            backlog=self._backlog,
            reuse_address=self._reuse_address,
            reuse_port=self._reuse_port,
        )
        if self._server.sockets:
            self._bound_port = self._server.sockets[0].getsockname()[1]
