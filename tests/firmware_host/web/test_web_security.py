"""Who may use the page: this computer freely, the network only with the pairing code."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import WSServerHandshakeError

from drivers.led_strip import Colour
from engine.geometry import Seat
from firmware_host.session.legend import BLINK_PERIOD, BoardView, Legend
from firmware_host.session.state import Phase
from firmware_host.web.pairing import (
    COOKIE,
    MAX_FAILURES,
    PAIRING_COLOUR,
    Pairing,
    PairingLegend,
    blink_pattern,
    host_name,
    is_loopback_host,
    pairing_indicator,
)
from tests.firmware_host.web.helpers import Page, served, sim_session

CODE = "123456"


def from_the_network(code: str | None = CODE) -> Pairing:
    """A pairing whose every peer is elsewhere on the network (the test client is not)."""
    return Pairing(code, is_local_peer=lambda peer: False)


def test_a_server_for_this_computer_only_refuses_the_network() -> None:
    async def scenario() -> None:
        async with served(sim_session(), from_the_network(None)) as client:
            for path in ("/", "/state", "/record", "/static/app.js"):
                response = await client.get(path)
                assert response.status == 403, path
            response = await client.get(f"/state?token={CODE}")
            assert response.status == 403
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect("/ws")
            assert refused.value.status == 403

    asyncio.run(scenario())


def test_the_network_needs_the_code_on_every_endpoint() -> None:
    async def scenario() -> None:
        pairing = from_the_network()
        async with served(sim_session(), pairing) as client:
            page = await client.get("/")
            assert page.status == 401 and 'name="token"' in await page.text()
            state = await client.get("/state")
            assert state.status == 401 and (await state.json())["code"] == "unauthorized"
            assert (await client.get("/record")).status == 401
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect("/ws")
            assert refused.value.status == 401
            wrong = await client.get("/state?token=999999")
            assert wrong.status == 401 and pairing.failures == 1
            assert not pairing.paired and pairing.blinking
            # the right code in the address opens the page and leaves a cookie for the rest
            opened = await client.get(f"/?token={CODE}")
            assert opened.status == 200 and COOKIE in opened.cookies
            assert pairing.paired and not pairing.blinking
            assert (await client.get("/static/app.js")).status == 200  # the cookie
            bearer = await client.get("/state", headers={"Authorization": f"Bearer {CODE}"})
            assert bearer.status == 200
            ws = await client.ws_connect(f"/ws?token={CODE}")
            page_view = Page(ws)
            kinds = [(await page_view.next())["type"] for _ in range(3)]
            assert kinds == ["catalogue", "board", "state"]
            answer = await page_view.send(type="lift", spot="2c")
            assert answer["type"] == "ok"
            # a device from the network is not told the code
            assert all(m["type"] != "pairing" for m in page_view.messages)
            await ws.close()

    asyncio.run(scenario())


def test_guessing_closes_pairing_and_a_repeated_code_counts_once() -> None:
    async def scenario() -> None:
        pairing = from_the_network()
        async with served(sim_session(), pairing) as client:
            for _ in range(3):
                await client.get("/state", headers={"Authorization": "Bearer 111111"})
            assert pairing.failures == 1
            for guess in range(MAX_FAILURES - 1):
                response = await client.get(f"/state?token={200000 + guess}")
                assert response.status == 401
            assert pairing.locked
            response = await client.get(f"/state?token={CODE}")
            assert response.status == 403 and "restart" in await response.text()
            assert not pairing.paired

    asyncio.run(scenario())


def test_this_computer_needs_no_code_but_must_be_addressed_as_itself() -> None:
    async def scenario() -> None:
        async with served(sim_session(), Pairing(CODE)) as client:
            assert (await client.get("/state")).status == 200
            ws = await client.ws_connect("/ws")
            page = Page(ws)
            kinds = [(await page.next())["type"] for _ in range(4)]
            assert kinds == ["catalogue", "board", "state", "pairing"]
            assert page.latest["pairing"]["code"] == CODE
            await ws.close()
            # a page on a domain that resolves here (DNS rebinding) is not this computer
            rebound = await client.get("/state", headers={"Host": "evil.example:8080"})
            assert rebound.status == 401
        async with served(sim_session(), Pairing(None)) as client:
            rebound = await client.get("/state", headers={"Host": "evil.example"})
            assert rebound.status == 403

    asyncio.run(scenario())


def test_a_page_of_another_site_may_not_open_the_socket() -> None:
    async def scenario() -> None:
        async with served(sim_session()) as client:
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect("/ws", headers={"Origin": "http://evil.example"})
            assert refused.value.status == 403
            host = f"{client.host}:{client.port}"
            ws = await client.ws_connect("/ws", headers={"Origin": f"http://{host}"})
            assert (await ws.receive_json(timeout=20))["type"] == "catalogue"
            await ws.close()

    asyncio.run(scenario())


def test_codes_are_six_digits_one_to_nine_and_only_off_this_computer() -> None:
    assert Pairing.for_host("127.0.0.1").code is None
    assert Pairing.for_host("localhost").code is None
    assert Pairing.for_host("::1").code is None
    codes = {Pairing.for_host("0.0.0.0").code for _ in range(20)}
    assert all(c is not None and len(c) == 6 and set(c) <= set("123456789") for c in codes)
    assert len(codes) > 1
    assert is_loopback_host("127.5.0.1") and not is_loopback_host("192.168.1.4")
    assert host_name("127.0.0.1:8080") == "127.0.0.1"
    assert host_name("[::1]:8080") == "::1"
    assert host_name("localhost") == "localhost"


def test_the_code_blinks_digit_by_digit_on_the_status_led() -> None:
    assert blink_pattern("21") == (
        (True, False, True, False, False, False, False)
        + (True, False, False, False, False)
        + (False,) * 5
    )
    pairing = Pairing("21")
    legend = PairingLegend(Legend(), pairing, "status")
    view = BoardView(Phase.PLAY, (Seat("A", "b", "black"), Seat("B", "w", "white")), 0)
    shown = [
        legend.lights(view, slot * BLINK_PERIOD + 0.01).indicators.get("status")
        for slot in range(len(blink_pattern("21")))
    ]
    assert shown == [PAIRING_COLOUR if on else None for on in blink_pattern("21")]
    assert legend.lights(view, 0.01).blinking
    assert (
        legend.lights(view, 0.01).indicators["turn:0"]
        == Legend().lights(view, 0).indicators["turn:0"]
    )
    fault = BoardView(Phase.PLAY, view.seats, 0, fault="chip 0x20 does not answer")
    assert legend.lights(fault, 0.01).indicators["status"] != PAIRING_COLOUR
    pairing.paired = True
    assert legend.lights(view, 0.01) == Legend().lights(view, 0.01)
    assert pairing_indicator(frozenset({"turn:0", "status"})) == "status"
    assert pairing_indicator(frozenset({"turn:1", "turn:0"})) == "turn:0"
    assert pairing_indicator(frozenset()) is None
    assert Colour(255, 255, 255) == PAIRING_COLOUR
