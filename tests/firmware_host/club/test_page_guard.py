"""The room's pages against strangers on the club's network (issue 79): no cache a
request can grow, a table number of any length a 404, a request line past 8 KiB one line
of the log and never a traceback on the organiser's console, a client that dawdles over
its headers cut off, and a refusal that names what it refuses."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import time
from typing import Any

import pytest
from aiohttp import ClientSession, web

from firmware_host.cli.room_console import quiet_requests
from firmware_host.club.live_delay import Delay
from firmware_host.club.live_server import serve_live
from firmware_host.web.organiser.app import organiser_app
from tests.firmware_host.club.livekit import fed
from tests.firmware_host.web.organiser.test_organiser_app import a_desk


async def _served(app: web.Application, header_seconds: float = 10.0) -> tuple[web.AppRunner, int]:
    runner = await serve_live(app, "127.0.0.1", 0, header_seconds=header_seconds)
    port: int = runner.addresses[0][1]
    return runner, port


def _app(token: str = "t" * 32) -> web.Application:
    record = fed(2)
    return organiser_app(lambda: {3: record}, Delay(), a_desk(), token)


def test_a_board_drawing_is_kept_only_for_a_game_that_exists() -> None:
    """Issue 79: each distinct ``/boards/<name>.json`` (a name padded with spaces) was
    drawn and kept: 600 requests, +16 MB."""

    async def scenario() -> None:
        runner, port = await _served(_app())
        try:
            async with ClientSession() as client:
                base = f"http://127.0.0.1:{port}"
                assert (await client.get(f"{base}/boards/shogi.json")).status == 200
                for padding in (1, 2, 600):
                    name = "shogi" + "%20" * padding
                    assert (await client.get(f"{base}/boards/{name}.json")).status == 404
                assert (await client.get(f"{base}/boards/robot-duel.json")).status == 404
                assert (await client.get(f"{base}/boards/dobutsu.json")).status == 200
        finally:
            await runner.cleanup()

    asyncio.run(scenario())


def test_a_table_number_of_any_length_is_a_404() -> None:
    """Issue 79: a table number of 5,000 digits gave a 500."""

    async def scenario() -> None:
        runner, port = await _served(_app())
        try:
            async with ClientSession() as client:
                base = f"http://127.0.0.1:{port}"
                assert (await client.get(f"{base}/tables/3.json")).status == 200
                for number in ("9" * 5000, "0" * 7 + "3", "4"):
                    for path in (f"/tables/{number}.kif", f"/outside/tables/{number}.json"):
                        assert (await client.get(base + path)).status == 404, path[:30]
        finally:
            await runner.cleanup()

    asyncio.run(scenario())


def test_a_request_line_past_8_kib_is_one_line_of_the_log_and_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 79: any request line over 8 KiB logged a 9-line traceback into the
    organiser's terminal, burying its alerts."""
    quiet_requests()

    async def scenario() -> None:
        runner, port = await _served(_app())
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(200), 5.0)
            writer.close()
            assert answer.startswith((b"HTTP/1.0 4", b"HTTP/1.1 4")), answer[:40]
        finally:
            await runner.cleanup()

    with caplog.at_level(logging.DEBUG):
        asyncio.run(scenario())
    served = [r for r in caplog.records if r.name.startswith("aiohttp")]
    assert all(r.exc_info is None and r.levelno < logging.WARNING for r in served), [
        (r.levelname, r.getMessage()[:80]) for r in served
    ]
    assert all("\n" not in r.getMessage() for r in served)


def test_a_client_that_dawdles_over_its_headers_is_cut_off_and_others_are_served() -> None:
    """Issue 79: the pages had no timeout for a client's headers (a slow client held its
    connection for as long as it liked)."""

    async def scenario() -> None:
        runner, port = await _served(_app(), header_seconds=0.5)
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /tables/3.json HTTP/1.1\r\nHost: x\r\n")  # and then nothing
            await writer.drain()
            start = time.monotonic()
            closed = await asyncio.wait_for(reader.read(), 5.0)
            assert closed == b"" and time.monotonic() - start < 2.0
            # a kept-alive connection: a POST with its body, then a GET, both served
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            body = json.dumps({"board": "b1", "table": True}).encode()
            token = "t" * 32
            writer.write(
                f"POST /organiser/{token}/bind HTTP/1.1\r\nHost: x\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            await writer.drain()
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5.0)
            assert head.startswith(b"HTTP/1.1 400")
            length = next(
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            )
            refused: dict[str, Any] = json.loads(await reader.readexactly(length))
            assert refused["text"] == "the request names no table"  # not "True is not a table"
            await asyncio.sleep(1.0)  # idle between requests: the keep-alive's, not the headers'
            writer.write(b"GET /tables/3.json HTTP/1.1\r\nHost: x\r\n\r\n")
            await writer.drain()
            again = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5.0)
            assert again.startswith(b"HTTP/1.1 200")
            writer.close()
        finally:
            await runner.cleanup()

    asyncio.run(scenario())


def test_the_server_listens_where_asked() -> None:
    async def scenario() -> None:
        runner, port = await _served(_app())
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2.0):
                pass
        finally:
            await runner.cleanup()

    asyncio.run(scenario())
