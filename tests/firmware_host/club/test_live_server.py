"""The live files over HTTP: the hall live, the outside delayed; Last-Modified, ETag
and no-cache so that a reader reloading the file gets the new moves (and a 304 when
there are none)."""

from __future__ import annotations

import asyncio
import json

import cshogi.KIF
from aiohttp.test_utils import TestClient, TestServer

from firmware_host.club.live import LiveRecord, Table
from firmware_host.club.live_delay import Delay
from firmware_host.club.live_server import live_app
from firmware_host.remote.messages import BoardState
from tests.firmware_host.club.livekit import OPENING, fed


def test_the_hall_live_the_outside_behind_and_reloads_see_new_moves() -> None:
    record = fed(4)
    tables: dict[int, LiveRecord] = {3: record}
    now = [1045.0]

    async def scenario() -> None:
        app = live_app(lambda: tables, Delay(moves=2), clock=lambda: now[0])
        async with TestClient(TestServer(app)) as client:
            hall = await client.get("/tables/3.json")
            assert hall.status == 200
            assert hall.headers["Cache-Control"] == "no-cache"
            assert hall.headers["Access-Control-Allow-Origin"] == "*"
            assert len((await hall.json())["moves"]) == 4
            outside = await client.get("/outside/tables/3.json")
            assert len(json.loads(await outside.text())["moves"]) == 2
            kif = await client.get("/tables/3.kif")
            assert kif.headers["Content-Type"] == "text/plain; charset=Shift_JIS"
            text = (await kif.read()).decode("cp932")
            assert "encoding=Shift_JIS" in text and "７六歩" in text
            tag, modified = kif.headers["ETag"], kif.headers["Last-Modified"]
            again = await client.get("/tables/3.kif", headers={"If-None-Match": tag})
            assert again.status == 304
            since = await client.get("/tables/3.kif", headers={"If-Modified-Since": modified})
            assert since.status == 304
            record.feed("host", 50, BoardState("g1", (0,), 0, OPENING[:5]), 1050.0)
            now[0] = 1051.0
            moved = await client.get("/tables/3.kif", headers={"If-None-Match": tag})
            assert moved.status == 200 and moved.headers["ETag"] != tag
            assert "２五歩" in (await moved.read()).decode("cp932")
            csa = await client.get("/tables/3.csa")
            assert "+2625FU" in await csa.text()
            utf8 = await client.get("/tables/3.kifu")
            assert "encoding=UTF-8" in await utf8.text()
            assert (await client.get("/tables/4.kif")).status == 404
            assert (await client.get("/tables/3.pgn")).status == 404

    asyncio.run(scenario())


def test_a_european_name_in_the_shift_jis_kif_keeps_its_letters() -> None:
    """Issue 79: the live Shift_JIS ``.kif`` wrote ``Nov?k`` for ``Novák``; its letters
    without their accents now (the ``.kifu`` has the name as typed), as cshogi reads it."""
    record = fed(2)
    record.table = Table(3, ("Jan Novák", "Anna Zielińska"))

    async def scenario() -> None:
        app = live_app(lambda: {3: record}, Delay())
        async with TestClient(TestServer(app)) as client:
            kif = (await (await client.get("/tables/3.kif")).read()).decode("cp932")
            kifu = await (await client.get("/tables/3.kifu")).text()
            assert cshogi.KIF.Parser.parse_str(kif).names == ["Jan Novak", "Anna Zielinska"]
            assert cshogi.KIF.Parser.parse_str(kifu).names == ["Jan Novák", "Anna Zielińska"]

    asyncio.run(scenario())
