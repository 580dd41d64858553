"""The room's pages served beside the room's loop: ``kiban room open`` follows the
broker on its main thread (``organiser.follow``) and serves the spectator's and the
organiser's pages on an asyncio loop of their own, on a thread of its own."""

from __future__ import annotations

import asyncio
import socket
import threading

from aiohttp import web

from firmware_host.club.live_server import serve_live

START = 30.0  # seconds to wait for the server to listen (it binds a socket, no more)


class PageServer:
    """``app`` listening on ``host``:``port`` (0: any free port) until ``stop``."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="room-pages", daemon=True)
        self.thread.start()
        try:
            self.runner = asyncio.run_coroutine_threadsafe(
                serve_live(app, host, port), self.loop
            ).result(START)
        except BaseException:
            self._end()
            raise
        self.host = host
        self.port: int = self.runner.addresses[0][1]

    def base(self) -> str:
        """``http://host:port`` as a person types it: this computer's name when the
        server listens on every address (the club's phones and tablets reach it so)."""
        host = socket.gethostname() if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.port}"

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(START)
        self._end()

    def _end(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(START)
        self.loop.close()
