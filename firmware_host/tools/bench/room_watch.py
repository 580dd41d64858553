"""The viewers of the room load run (``room_load.py``): every table followed as the
live server follows it (``club.live_watch.LiveWatch``: a spectator's room over its own
connection, every message checked, fed to the table's ``LiveRecord``), on the hall's
broker or the outside one; on the hall's, also the spectator page's application
(``web.spectator.app``) serving ``/tables.json``, read as the page reads it (with its
ETag, asked again as each answer comes: the server holds a question until the index
changes).

One process of its own (``python -m firmware_host.tools.bench.room_watch``), so the
boards, the hall's viewers and the outside's share the two cores as separate
programs would. It says when each move first reached each table's record and the
index, and how many messages each record ignored as repeated (a bridge's replay, the
retained messages sent again on reconnecting)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import aiohttp

from firmware_host.broker.local import free_port
from firmware_host.club.live import LiveRecord, Table
from firmware_host.club.live_delay import Delay
from firmware_host.club.live_server import serve_live
from firmware_host.club.live_watch import LiveWatch
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import RoomKeys
from firmware_host.remote.link import Link
from firmware_host.remote.messages import room_filter
from firmware_host.remote.room import Role, Room
from firmware_host.tls import asyncio_with_ssl
from firmware_host.tools.bench.room_boards import Seat
from firmware_host.web.spectator.app import spectator_app

PAGE_WAIT = 20
"""Seconds the page lets the server hold its question (``WAIT`` in
``web/static/spectator.js``)."""
PAGE_AGAIN = 0.05  # seconds the page waits before asking again (``AGAIN``)
QUIET = 0.2  # seconds the loop sleeps when nothing arrives (a stop is seen within it)


class KeyedWatch(LiveWatch):
    """``LiveWatch`` opened with its game room's keys instead of the watch code they
    are derived from (``room_boards.new_seat`` says why); ``poll`` is LiveWatch's."""

    def __init__(
        self, table: Table, keys: RoomKeys, address: BrokerAddress, wake: Callable[[], None]
    ) -> None:
        self.room = Room(replace(keys, join=None), "live", Role.WATCH)
        self.record = LiveRecord(table)
        self._clock = time.time
        self.link = Link(address, room_filter(keys.room), None, wake)
        self.link.start()


async def _page(port: int, seen: dict[int, dict[int, float]], stop: asyncio.Event) -> None:
    """Read the index as the page does (told in its language, English unless chosen);
    note when each table first showed each ply."""
    url = f"http://127.0.0.1:{port}/tables.json?language=en"
    tag = ""
    timeout = aiohttp.ClientTimeout(total=PAGE_WAIT + 10)
    asyncio_with_ssl()  # an aiohttp session may open TLS: asyncio is given ssl first
    async with aiohttp.ClientSession() as session:
        while not stop.is_set():
            headers = {"If-None-Match": tag} if tag else {}
            asked = f"{url}&wait={PAGE_WAIT}" if tag else url
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                async with session.get(asked, headers=headers, timeout=timeout) as answer:
                    if answer.status == 200:
                        tag = answer.headers.get("ETag", "")
                        body = await answer.json()
                        now = time.time()
                        for entry in body["tables"]:
                            plies = seen.setdefault(int(entry["table"]), {})
                            for ply in range(1, len(entry["moves"]) + 1):
                                plies.setdefault(ply, now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), PAGE_AGAIN)


async def follow(plan: dict[str, object], url: str, out: Path, page: bool) -> None:
    """Follow every table of ``plan`` on the broker at ``url`` until a file ``stop``
    appears beside ``out``; then write what arrived when into ``out`` (JSON)."""
    loop = asyncio.get_running_loop()
    news = asyncio.Event()
    address = BrokerAddress.parse(url)
    seats = [Seat(**s) for s in plan["seats"]]  # type: ignore[attr-defined]

    def wake() -> None:
        loop.call_soon_threadsafe(news.set)

    watches = {s.table: KeyedWatch(Table(s.table), s.keys(), address, wake) for s in seats}
    records = {number: watch.record for number, watch in watches.items()}
    seen: dict[int, dict[int, float]] = {}
    done = asyncio.Event()
    runner, reader = None, None
    if page:
        port = free_port()
        runner = await serve_live(spectator_app(lambda: records, Delay()), "127.0.0.1", port)
        reader = asyncio.create_task(_page(port, seen, done))
    while not all(watch.link.connected for watch in watches.values()):
        await asyncio.sleep(0.1)
    (out.parent / f"{out.stem}-ready").write_text(str(time.time()))
    stop = out.parent / "stop"
    while not stop.exists():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(news.wait(), QUIET)
        news.clear()
        for watch in watches.values():
            watch.poll()
    done.set()
    if runner is not None:
        await runner.cleanup()  # answers the page's question held open, at once
    if reader is not None:
        await reader  # its failure, if any, is this run's
    out.write_text(json.dumps({"tables": _arrived(watches, seen), "cpu": time.process_time()}))
    for watch in watches.values():
        watch.close()


def _arrived(watches: dict[int, KeyedWatch], seen: dict[int, dict[int, float]]) -> object:
    tables = {}
    for number, watch in watches.items():
        view = watch.record.view()
        moves = [] if view is None else [[m.text, m.at] for m in view.moves]
        tables[number] = {
            "moves": moves,
            "ignored": watch.record.ignored,
            "index": seen.get(number, {}),
        }
    return tables


def main(argv: list[str] | None = None) -> None:
    """``python -m firmware_host.tools.bench.room_watch PLAN URL OUT [page]``."""
    args = sys.argv[1:] if argv is None else argv
    plan = json.loads(Path(args[0]).read_text())
    asyncio.run(follow(plan, args[1], Path(args[2]), page=args[3:] == ["page"]))


if __name__ == "__main__":
    main()
