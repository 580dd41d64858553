"""The computer through the page: a new game against it from the dialog's settings,
its move thought about in a worker process and lit, played by the page's hands;
a hint, and a malformed or unknown opponent refused."""

from __future__ import annotations

import asyncio

from tests.firmware_host.web.helpers import opened, sim_session

WAIT = 60.0  # a spawned worker on a loaded machine


def test_the_computer_plays_gote_through_the_page() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            levels = page.latest["catalogue"]["levels"]
            assert [level["number"] for level in levels] == list(range(1, 11))
            answer = await page.send(
                type="new_game", game="dobutsu", settings={"opponent": "w=level:2", "seed": "3"}
            )
            assert answer["type"] == "ok", answer
            state = await page.state_where(lambda s: s["phase"] == "play")
            assert state["computer"]["seats"] == {"1": "the computer (level 2, beginner)"}
            assert (await page.send(type="move", **{"from": "2c", "to": "2b"}))["type"] == "ok"
            lit = await page.state_where(lambda s: s["guide"] is not None, WAIT)
            assert lit["turn"] == 1 and lit["phase"] == "guide"
            assert lit["computer"]["thinking"] is False
            move = lit["guide"]
            assert (await page.send(type="move", **{"from": move[:2], "to": move[2:4]}))[
                "type"
            ] == "ok"
            after = await page.state_where(lambda s: len(s["moves"]) == 2, WAIT)
            assert after["moves"][1].endswith(move) or move in str(after["moves"][1])
            assert after["turn"] == 0 and after["guide"] is None
            hinted = await page.send(type="hint")
            assert hinted["type"] == "ok"
            shown = await page.state_where(lambda s: s["computer"]["hint"] is not None, WAIT)
            assert shown["guide"] is None  # a suggestion, not a move the board insists on

    asyncio.run(scenario())


def test_an_unknown_seat_or_player_is_refused_and_the_game_goes_on() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            for bad, said in [
                ("q=level:2", "no seat 'q'"),
                ("w=level:99", "from 1 to 10"),
                ("w=wizard", "is not one of"),
            ]:
                answer = await page.send(
                    type="new_game", game="dobutsu", settings={"opponent": bad}
                )
                assert answer["type"] == "error", answer
                assert said in answer["message"], answer
            assert page.state["computer"]["seats"] == {}

    asyncio.run(scenario())
