"""The fake lishogi served on a thread of its own, for tests whose board runs on the
test's thread (a ``Simulation``): the test plays the opponent through ``call``, which
runs on the server's loop, where the fake's queues live."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from aiohttp.test_utils import TestServer

from tests.firmware_host.online.fake_lishogi import FakeLishogi

T = TypeVar("T")


class ServedFake:
    def __init__(self, fake: FakeLishogi, loop: asyncio.AbstractEventLoop, url: str) -> None:
        self.fake, self.loop, self.url = fake, loop, url

    def call(self, work: Callable[[], T]) -> T:
        """``work`` run on the server's loop; its result."""

        async def run() -> T:
            return work()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)


@contextmanager
def served_on_a_thread(fake: FakeLishogi) -> Iterator[ServedFake]:
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    holder: list[TestServer] = []

    def serve() -> None:
        asyncio.set_event_loop(loop)
        server = TestServer(fake.app)
        loop.run_until_complete(server.start_server())
        holder.append(server)
        ready.set()
        loop.run_forever()
        loop.run_until_complete(server.close())
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield ServedFake(fake, loop, str(holder[0].make_url("")))
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
