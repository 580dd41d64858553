"""A Robotory refill named on the page, which no sensor of the simulated board sees."""

from __future__ import annotations

import asyncio

from engine.robotory import ROBOTORY
from firmware_host.store.storage import GameStore
from firmware_host.web.sessions.simulated import SimSession
from tests.engine.robotory.helpers import text
from tests.firmware_host.web.helpers import PATIENT, opened

# light holds one white token; the lid five of each: light may refill three of its choice
SHORT = text({"C4": "B", "D3": "W", "B3": "R"}, light="1w0b")


def session() -> SimSession:
    return SimSession(ROBOTORY, GameStore(":memory:"), position=SHORT, resume=False, timing=PATIENT)


def test_refill_pressed_then_chosen_on_the_page() -> None:
    async def scenario() -> None:
        async with opened(session()) as (_, page):
            answer = await page.send(type="press", button="refill")
            assert answer["type"] == "ok"
            state = await page.state_where(lambda s: s["prompt"] is not None)
            assert state["prompt"]["choices"] == [
                "refill 1w2b",
                "refill 2w1b",
                "refill 3b",
                "refill 3w",
            ]
            answer = await page.send(type="select", choice="refill 2w1b")
            assert answer["type"] == "ok"
            state = await page.state_where(lambda s: s["moves"] == ["refill 2w1b"])
            assert state["position"].endswith(" 3w1b 2w2b 3w4b d")

    asyncio.run(scenario())


def test_the_simulated_hands_bring_the_refilled_tokens_into_the_stock() -> None:
    async def scenario() -> None:
        async with opened(session()) as (_, page):
            await page.send(type="select", choice="refill 2w1b")
            await page.state_where(lambda s: s["moves"] == ["refill 2w1b"])
            await asyncio.sleep(0.5)
            state = await page.state_where(lambda s: True)
            stock = {spot for spot in state["pieces"] if spot.startswith("stock:l:")}
            assert stock == {"stock:l:1", "stock:l:2", "stock:l:3", "stock:l:4"}

    asyncio.run(scenario())
