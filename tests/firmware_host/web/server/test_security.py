"""Who may use the page: this computer freely, the network only with the pairing code."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from aiohttp import WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient

from drivers.led_strip import Colour
from engine.geometry import Seat
from engine.said import said
from firmware_host.session.state import Phase
from firmware_host.telling.legend import BLINK_PERIOD, BoardView, Legend
from firmware_host.web.gate.pairing import (
    COOKIE,
    MAX_DEVICES,
    MAX_FAILURES,
    PAIRING_COLOUR,
    Device,
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
            # the right code in the address pairs the device: a cookie of its own for the
            # rest, and the page again without the code in its address
            opened = await client.get(f"/?token={CODE}")
            assert opened.status == 200 and opened.url.path == "/" and not opened.url.query
            assert [r.status for r in opened.history] == [303]
            assert COOKIE in opened.history[0].cookies
            paired: bool = pairing.paired  # read afresh after pairing
            blinking: bool = pairing.blinking
            assert paired and not blinking and len(pairing.devices) == 1
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
    fault = BoardView(
        Phase.PLAY, view.seats, 0, fault=said("{chip} does not answer", chip="chip 0x20")
    )
    assert legend.lights(fault, 0.01).indicators["status"] != PAIRING_COLOUR
    pairing.paired = True
    assert legend.lights(view, 0.01) == Legend().lights(view, 0.01)
    assert pairing_indicator(frozenset({"turn:0", "status"})) == "status"
    assert pairing_indicator(frozenset({"turn:1", "turn:0"})) == "turn:0"
    assert pairing_indicator(frozenset()) is None
    assert Colour(255, 255, 255) == PAIRING_COLOUR


async def pair_device(client: TestClient[Any, Any]) -> str:
    """Pair as a new device with the code; its token (the client keeps no cookie)."""
    client.session.cookie_jar.clear()
    answer = await client.get(f"/?token={CODE}", allow_redirects=False)
    assert answer.status == 303 and answer.headers["Location"] == "/"
    token = answer.cookies[COOKIE].value
    client.session.cookie_jar.clear()
    return token


def as_device(token: str) -> dict[str, str]:
    return {"Cookie": f"{COOKIE}={token}"}


def test_a_paired_device_keeps_a_token_of_its_own_not_the_code() -> None:
    async def scenario() -> None:
        pairing = from_the_network()
        async with served(sim_session(), pairing) as client:
            token = await pair_device(client)
            assert token != CODE and CODE not in token and len(token) >= 40
            device = pairing.device(token)
            assert device is not None
            assert [d.id for d in pairing.devices] == [device.id]
            page = await client.get("/", headers=as_device(token))
            assert page.status == 200 and "<title>Kiban</title>" in await page.text()
            assert (await client.get("/state", headers=as_device(token))).status == 200
            bearer = await client.get("/state", headers={"Authorization": f"Bearer {token}"})
            assert bearer.status == 200
            ws = await client.ws_connect("/ws", headers=as_device(token))
            assert (await ws.receive_json(timeout=20))["type"] == "catalogue"
            await ws.close()
            listed = await (await client.get("/devices", headers=as_device(token))).json()
            assert listed["this"] == pairing.devices[0].id and not listed["local"]
            assert [d["id"] for d in listed["devices"]] == [pairing.devices[0].id]
            assert (await client.get("/devices")).status == 401  # pairing still guards it
            second = await pair_device(client)
            assert second != token and len(pairing.devices) == 2

    asyncio.run(scenario())


def test_guessing_locks_out_the_code_but_not_the_paired_devices() -> None:
    async def scenario() -> None:
        pairing = from_the_network()
        async with served(sim_session(), pairing) as client:
            token = await pair_device(client)
            ws = await client.ws_connect("/ws", headers=as_device(token))
            for guess in range(MAX_FAILURES):
                assert (await client.get(f"/state?token={200000 + guess}")).status == 401
            assert pairing.locked
            # the paired device carries on: page, state, its open socket and a new one
            assert (await client.get("/", headers=as_device(token))).status == 200
            assert (await client.get("/state", headers=as_device(token))).status == 200
            assert (await ws.receive_json(timeout=20))["type"] == "catalogue"
            again = await client.ws_connect("/ws", headers=as_device(token))
            assert (await again.receive_json(timeout=20))["type"] == "catalogue"
            await again.close()
            await ws.close()
            # the code opens nothing more, and no new device pairs
            closed = await client.get(f"/?token={CODE}", allow_redirects=False)
            assert closed.status == 403 and "still work" in await closed.text()
            assert len(pairing.devices) == 1

    asyncio.run(scenario())


def test_tokens_and_junk_that_could_never_be_a_code_are_not_counted_as_guesses() -> None:
    async def scenario() -> None:
        pairing = from_the_network()
        async with served(sim_session(), pairing) as client:
            for junk in ("x" * 43, "12345", "1234567", "forgotten-device-token", "１２３４５６"):
                assert (await client.get("/state", headers=as_device(junk))).status == 401
            assert pairing.failures == 0

    asyncio.run(scenario())


def test_a_device_unpairs_itself_and_its_socket_closes() -> None:
    async def scenario() -> None:
        pairing = from_the_network()
        async with served(sim_session(), pairing) as client:
            token = await pair_device(client)
            other = await pair_device(client)
            ws = await client.ws_connect("/ws", headers=as_device(token))
            assert (await ws.receive_json(timeout=20))["type"] == "catalogue"
            answer = await client.post("/unpair", headers=as_device(token))
            assert answer.status == 200
            body = await answer.json()
            assert body["type"] == "devices" and body["this"] is None
            kept = pairing.device(other)
            assert kept is not None
            assert [d["id"] for d in body["devices"]] == [kept.id]
            assert answer.cookies[COOKIE].value == ""  # the browser forgets it too
            while (message := await ws.receive(timeout=20)).type is WSMsgType.TEXT:
                pass
            assert message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
            state = await client.get("/state", headers=as_device(token))
            assert state.status == 401 and "unpaired" in (await state.json())["message"]
            page = await client.get("/", headers=as_device(token))
            assert page.status == 401 and "was unpaired" in await page.text()
            assert pairing.failures == 0
            assert (await client.get("/state", headers=as_device(other))).status == 200
            # the code pairs it again, with a new token
            again = await pair_device(client)
            assert again != token
            assert (await client.get("/state", headers=as_device(again))).status == 200
            # a request that is no device (the code itself) has nothing to unpair
            code = await client.post("/unpair", headers={"Authorization": f"Bearer {CODE}"})
            assert code.status == 400 and (await code.json())["code"] == "invalid"

    asyncio.run(scenario())


def test_a_device_forgets_the_others_and_this_computer_forgets_all() -> None:
    async def scenario() -> None:
        pairing = Pairing(CODE)  # the test client is this computer, unless it says otherwise
        async with served(sim_session(), pairing) as client:
            pairing.is_local_peer = lambda peer: False
            tokens = [await pair_device(client) for _ in range(3)]
            ws = await client.ws_connect("/ws", headers=as_device(tokens[1]))
            assert (await ws.receive_json(timeout=20))["type"] == "catalogue"
            answer = await client.post("/unpair/others", headers=as_device(tokens[0]))
            assert answer.status == 200 and (await answer.json())["forgotten"] == 2
            assert [await _status(client, t) for t in tokens] == [200, 401, 401]
            while (message := await ws.receive(timeout=20)).type is WSMsgType.TEXT:
                pass
            assert message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
            fourth = await pair_device(client)
            pairing.is_local_peer = lambda peer: True  # the board's own computer
            listed = await (await client.get("/devices")).json()
            assert listed["local"] and listed["this"] is None and len(listed["devices"]) == 2
            everyone = await client.post("/unpair/others")
            assert (await everyone.json())["forgotten"] == 2 and pairing.devices == ()
            pairing.is_local_peer = lambda peer: False
            assert [await _status(client, t) for t in (tokens[0], fourth)] == [401, 401]

    asyncio.run(scenario())


async def _status(client: TestClient[Any, Any], token: str) -> int:
    return (await client.get("/state", headers=as_device(token))).status


def test_pages_of_other_sites_may_not_unpair() -> None:
    async def scenario() -> None:
        pairing = Pairing(CODE)
        async with served(sim_session(), pairing) as client:
            pairing.is_local_peer = lambda peer: False
            token = await pair_device(client)
            evil = {"Origin": "http://evil.example"}
            refused = await client.post("/unpair", headers={**as_device(token), **evil})
            assert refused.status == 403
            pairing.is_local_peer = lambda peer: True
            refused = await client.post("/unpair/others", headers=evil)
            assert refused.status == 403 and len(pairing.devices) == 1
            host = f"{client.host}:{client.port}"
            ours = await client.post("/unpair/others", headers={"Origin": f"http://{host}"})
            devices: tuple[Device, ...] = pairing.devices  # read afresh after unpairing
            assert ours.status == 200 and devices == ()
            assert (await client.get("/unpair")).status == 405

    asyncio.run(scenario())


def test_devices_beyond_the_limit_push_out_the_oldest() -> None:
    pairing = Pairing(CODE)
    tokens = [pairing.pair("192.168.1.9") for _ in range(MAX_DEVICES + 2)]
    assert len(pairing.devices) == MAX_DEVICES
    assert pairing.device(tokens[0]) is None and pairing.was_unpaired(tokens[0])
    assert pairing.device(tokens[-1]) is not None
    assert Pairing(None).device(tokens[-1]) is None
